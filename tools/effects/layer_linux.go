package effects

import (
	"errors"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// overlayAttrs reads the overlay's extended attributes of an entry of the
// upper layer, through its open file: whether a directory is opaque, and
// why the entry cannot be applied faithfully ("" when it can). Both the
// userxattr ("user.overlay.") and the privileged ("trusted.overlay.")
// spellings are read.
func overlayAttrs(f *os.File) (opaque bool, unsupported string, err error) {
	fd := int(f.Fd())
	buf := make([]byte, 1024)
	n, err := unix.Flistxattr(fd, buf)
	if errors.Is(err, unix.ERANGE) {
		if n, err = unix.Flistxattr(fd, nil); err == nil {
			buf = make([]byte, n)
			n, err = unix.Flistxattr(fd, buf)
		}
	}
	if errors.Is(err, unix.ENOTSUP) {
		return false, "", nil
	}
	if err != nil {
		return false, "", err
	}
	for name := range strings.SplitSeq(string(buf[:n]), "\x00") {
		key, ok := strings.CutPrefix(name, "user.overlay.")
		if !ok {
			key, ok = strings.CutPrefix(name, "trusted.overlay.")
		}
		if !ok {
			continue
		}
		switch key {
		case "opaque":
			var v [8]byte
			m, err := unix.Fgetxattr(fd, name, v[:])
			if err != nil {
				return false, "", err
			}
			if string(v[:m]) == "y" {
				opaque = true
			}
		case "redirect":
			unsupported = "directory renamed by the overlay (redirect)"
		case "metacopy":
			unsupported = "metadata-only copy-up"
		}
	}
	return opaque, unsupported, nil
}

// hasSyncFS says whether syncFS flushes every staged file at once.
const hasSyncFS = true

// syncFS flushes the file system that holds f, once for every file
// written to it.
func syncFS(f *os.File) error { return unix.Syncfs(int(f.Fd())) }
