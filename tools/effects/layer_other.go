//go:build !linux

package effects

import "os"

// overlayAttrs reports no overlay attributes: only Linux has overlayfs.
func overlayAttrs(f *os.File) (opaque bool, unsupported string, err error) {
	return false, "", nil
}

// hasSyncFS says whether syncFS flushes every staged file at once: there
// is no syncfs here, so each is synced on its own.
const hasSyncFS = false

// syncFS flushes what was written below f; without syncfs, the staged
// files are synced one by one (see stage).
func syncFS(f *os.File) error { return f.Sync() }
