package sandbox

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// A held command (Options.Hold) runs with an overlay file system mounted
// over its root, in the mount namespace of its own thread: it reads the
// real tree, and everything it writes, creates or deletes there lands in
// the overlay's upper layer instead. The upper layer lives on a tmpfs of
// its own that is never attached to any directory tree (fsopen and
// fsmount give a mount that only a file descriptor reaches), so no
// command can see or change it, and it holds at most the layer's
// MaxBytes. When the command has ended, the helper hands that descriptor
// to the agent with the command's status; the agent reads the layer
// through it (/proc/self/fd/N/upper) and applies or discards what it
// holds. The real root is untouched until then.

// Names inside a layer's tmpfs (layerUpper is in layer.go).
const (
	layerWork = "work"
	// layerHidden holds an empty read-only file and directory, bound over
	// the secret files the command must not read.
	layerHidden = "hidden"
)

// layerInodes bounds the files a held command may create: each costs
// kernel memory, not counted in the size.
const layerInodes = 1 << 18

// holdSpec is what a held command asks of its layer, in its request.
type holdSpec struct {
	// MaxBytes is the size of the layer's tmpfs: past it, writes fail
	// with ENOSPC and the layer reports itself full.
	MaxBytes int64
	// Hide are paths under the root, absolute, that the command sees as
	// empty read-only files or directories (secret files).
	Hide []string `json:",omitempty"`
}

// mountHeldRoot makes root, in the calling thread's mount namespace, an
// overlay whose upper layer is a new detached tmpfs, makes readOnly (the
// git directories) read-only again in it, as they were below, and covers
// spec.Hide in it. It returns the tmpfs's descriptor, which the caller passes on
// and closes. The thread must have a mount namespace of its own and
// CAP_SYS_ADMIN in its user namespace; it runs before Landlock, which
// forbids mounting.
func mountHeldRoot(root string, spec holdSpec, readOnly []string) (fd int, err error) {
	fd, err = newLayerFS(spec.MaxBytes)
	if err != nil {
		return -1, err
	}
	fail := func(err error) (int, error) {
		unix.Close(fd)
		return -1, err
	}
	for _, d := range []string{layerUpper, layerWork, layerHidden, layerHidden + "/d"} {
		if err := unix.Mkdirat(fd, d, 0o755); err != nil {
			return fail(fmt.Errorf("held root: make %s: %w", d, err))
		}
	}
	empty, err := unix.Openat(fd, layerHidden+"/f", unix.O_CREAT|unix.O_WRONLY|unix.O_CLOEXEC|unix.O_EXCL, 0o444)
	if err != nil {
		return fail(fmt.Errorf("held root: %w", err))
	}
	unix.Close(empty)
	if err := unix.Fchmodat(fd, layerHidden+"/d", 0o555, 0); err != nil {
		return fail(fmt.Errorf("held root: %w", err))
	}
	layer := fdPath(fd)
	// A comma or colon in the root's path would be read as another
	// option or another layer; the kernel takes them escaped.
	opts := "lowerdir=" + escapeOverlayPath(root) +
		",upperdir=" + layer + "/" + layerUpper +
		",workdir=" + layer + "/" + layerWork + ",userxattr"
	if err := unix.Mount("overlay", root, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
		return fail(fmt.Errorf("held root: mount an overlay on %s: %w", root, err))
	}
	// The overlay shows the root's own files, not the mounts below it:
	// .git would be writable there (its changes refused later), where a
	// command must meet it read-only, as without the overlay.
	for _, p := range readOnly {
		if within(p, root) {
			if err := bindReadOnly(p); err != nil {
				return fail(err)
			}
		}
	}
	for _, p := range spec.Hide {
		if err := coverWithEmpty(p, layer); err != nil {
			return fail(err)
		}
	}
	return fd, nil
}

// newLayerFS returns the root of a new tmpfs of at most maxBytes and
// layerInodes files, attached nowhere.
func newLayerFS(maxBytes int64) (int, error) {
	fsfd, err := unix.Fsopen("tmpfs", unix.FSOPEN_CLOEXEC)
	if err != nil {
		return -1, fmt.Errorf("held root: fsopen tmpfs: %w", err)
	}
	defer unix.Close(fsfd)
	for k, v := range map[string]string{
		"size":      strconv.FormatInt(max(maxBytes, 1<<20), 10),
		"nr_inodes": strconv.Itoa(layerInodes),
		"mode":      "0700",
	} {
		if err := unix.FsconfigSetString(fsfd, k, v); err != nil {
			return -1, fmt.Errorf("held root: tmpfs %s=%s: %w", k, v, err)
		}
	}
	if err := unix.FsconfigCreate(fsfd); err != nil {
		return -1, fmt.Errorf("held root: make the tmpfs: %w", err)
	}
	fd, err := unix.Fsmount(fsfd, unix.FSMOUNT_CLOEXEC, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NODEV|unix.MOUNT_ATTR_NOEXEC)
	if err != nil {
		return -1, fmt.Errorf("held root: fsmount: %w", err)
	}
	return fd, nil
}

// coverWithEmpty binds the layer's empty file or directory, read-only,
// over p, if it exists. A symbolic link is covered where it leads, since
// that is what reading it reads (in the command's mount namespace only);
// one that leads nowhere has nothing to hide.
func coverWithEmpty(p, layer string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return nil
	}
	src := layer + "/" + layerHidden + "/f"
	if fi.IsDir() {
		src = layer + "/" + layerHidden + "/d"
	}
	if err := bind(src, p, false); err != nil {
		return fmt.Errorf("held root: hide %s: %w", p, err)
	}
	return remountReadOnly(p)
}

// escapeOverlayPath escapes what overlayfs's options would split on.
func escapeOverlayPath(p string) string {
	r := strings.NewReplacer(`\`, `\\`, ",", `\,`, ":", `\:`)
	return r.Replace(p)
}

// canHold says whether this kernel lets the helper hold a command: it
// mounts a held root in a throwaway mount namespace, on a locked thread
// that then ends.
func canHold(root string) (ok bool, why string) {
	type answer struct {
		ok  bool
		why string
	}
	ch := make(chan answer)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with its namespace
		if err := unix.Unshare(unix.CLONE_NEWNS); err != nil {
			ch <- answer{false, "no mount namespace for a command: " + err.Error()}
			return
		}
		fd, err := mountHeldRoot(root, holdSpec{MaxBytes: 1 << 20}, nil)
		if err != nil {
			ch <- answer{false, err.Error()}
			return
		}
		unix.Close(fd)
		ch <- answer{true, ""}
	}()
	a := <-ch
	return a.ok, a.why
}
