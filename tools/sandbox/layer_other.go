//go:build !linux

package sandbox

// layerFull: layers exist only on Linux.
func layerFull(upper string) bool { return false }
