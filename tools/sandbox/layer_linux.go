package sandbox

import "golang.org/x/sys/unix"

// layerFull says whether the tmpfs holding upper has (next to) no room
// or inodes left.
func layerFull(upper string) bool {
	var st unix.Statfs_t
	if unix.Statfs(upper, &st) != nil {
		return false
	}
	return st.Bavail == 0 || st.Ffree == 0
}
