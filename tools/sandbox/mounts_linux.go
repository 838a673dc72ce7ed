package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"golang.org/x/sys/unix"
)

// mountPlan is what the helper mounts, decided from the spec and the
// command's environment before anything is mounted.
type mountPlan struct {
	// tempDir replaces PrivateTempDirs; empty means an empty tmpfs does.
	tempDir string
	// keep are paths under a replaced directory that stay visible, outer
	// ones first: the root and the cache directory as they are, the home
	// directory, PATH entries, the command's own directory and what the Go
	// cache program reads (gocacheprog_linux.go) read-only.
	// (Landlock would let the command write them: its rule for the
	// private temp directory covers what is mounted below it.)
	keep []keptPath
	// readOnly are made read-only; hide are covered with empty ones.
	readOnly, hide []string
	// hideExcept are hidden directories that hold paths the command
	// needs, outer ones first: each is covered with an empty read-only
	// directory that holds only those (see splitHidden).
	hideExcept []hiddenExcept
	// proc mounts a /proc of the command's PID namespace.
	proc bool
	// shared are the person's toolchain configs, bound read-only into
	// the private caches.
	shared []sharedFile
}

// keptPath is a path put back under a replaced directory.
type keptPath struct {
	path     string
	readOnly bool
}

// planMounts decides the mounts for spec, given the command's environment
// (getenv), the resolved path of the command and the person's build cache
// (goCache, from personGoCache), which the Go cache program reads.
func planMounts(spec helperSpec, getenv func(string) string, cmdPath, goCache string) mountPlan {
	p := mountPlan{tempDir: spec.TempDir, readOnly: spec.ReadOnly, proc: spec.PIDNS}
	homes := homeDirs(getenv("HOME"), spec.AccountHome)
	readOnly := append([]string{filepath.Dir(cmdPath)}, homes...)
	readOnly = append(readOnly, filepath.SplitList(getenv("PATH"))...)
	readOnly = append(readOnly, spec.Visible...)
	if spec.CacheDir != "" {
		readOnly = append(readOnly, goCacheProgReads(goCache)...)
	}
	replaced := append(append(append([]string{}, PrivateTempDirs...), PrivateScratchDirs...), EmptyDirs...)
	seen := make(map[string]bool)
	add := func(path string, ro bool) {
		if path == "" || !filepath.IsAbs(path) {
			return
		}
		path = filepath.Clean(path)
		if seen[path] {
			return
		}
		for _, r := range replaced {
			if within(path, r) {
				seen[path] = true
				p.keep = append(p.keep, keptPath{path, ro})
				return
			}
		}
	}
	add(spec.Root, false)
	add(spec.CacheDir, false)
	for _, path := range readOnly {
		add(path, true)
	}
	// Outer paths first, so that a root inside a kept home directory is
	// mounted over it, writable.
	slices.SortStableFunc(p.keep, func(a, b keptPath) int { return len(a.path) - len(b.path) })
	holes := []keptPath{{spec.Root, false}, {spec.TempDir, false}, {spec.CacheDir, false}}
	for _, v := range spec.Visible {
		holes = append(holes, keptPath{v, true})
	}
	p.hide, p.hideExcept = splitHidden(HiddenPaths(homes, spec.Hide, nil), holes)
	return p
}

// hiddenExcept is a hidden directory and the paths in it that stay
// visible.
type hiddenExcept struct {
	path  string
	holes []keptPath
}

// splitHidden sorts the hidden paths into those covered whole and those
// that hold one of holes (the command's root, temp and cache directories,
// writable, and the visible paths, read-only), which are covered all but
// the holes: the agent's state directory is hidden, but for the project's
// cache and the session's saved output in it. A hidden path that is a
// hole itself is not hidden: the command could not work. Paths are
// compared as they are spelled; the agent resolves the symbolic links of
// the roots, caches and state directories it passes.
func splitHidden(hidden []string, holes []keptPath) (whole []string, except []hiddenExcept) {
	for _, h := range hidden {
		var in []keptPath
		isHole := false
		for _, k := range holes {
			switch {
			case k.path == "":
			case k.path == h:
				isHole = true
			case within(k.path, h):
				in = append(in, k)
			}
		}
		// A hole inside another comes with the outer one's bind.
		in = slices.DeleteFunc(in, func(k keptPath) bool {
			return slices.ContainsFunc(in, func(o keptPath) bool { return within(k.path, o.path) })
		})
		switch {
		case isHole:
		case len(in) > 0:
			except = append(except, hiddenExcept{h, in})
		default:
			whole = append(whole, h)
		}
	}
	slices.SortStableFunc(except, func(a, b hiddenExcept) int { return len(a.path) - len(b.path) })
	return whole, except
}

// applyMounts makes the helper's mount namespace what plan says. It runs
// before Landlock, which forbids mounting, and needs CAP_SYS_ADMIN in the
// helper's user namespace. The namespace's mounts, copied from the agent's
// when the user namespace was made, are locked together, so a command
// cannot take one of them apart to see what is below.
func applyMounts(plan mountPlan) error {
	// Nothing mounted here may reach the agent's namespace.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("mount: make / private: %w", err)
	}
	// Keep handles on what stays visible before it is covered.
	keepFDs := make([]int, len(plan.keep))
	for i, k := range plan.keep {
		fd, err := unix.Open(k.path, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			keepFDs[i] = -1
			continue
		}
		keepFDs[i] = fd
		defer unix.Close(fd)
	}
	tempFD := -1
	if plan.tempDir != "" {
		// The temp directory is usually in one of the directories it
		// replaces, so it is bound from a handle opened before.
		fd, err := unix.Open(plan.tempDir, unix.O_PATH|unix.O_CLOEXEC|unix.O_DIRECTORY, 0)
		if err != nil {
			return fmt.Errorf("mount: temp dir: %w", err)
		}
		defer unix.Close(fd)
		tempFD = fd
	}
	var stage hideStage
	if len(plan.hide) > 0 {
		var err error
		if stage, err = makeHideStage(); err != nil {
			return err
		}
		defer stage.close()
	}
	for _, dir := range PrivateTempDirs {
		if !isDir(dir) {
			continue
		}
		var err error
		if tempFD >= 0 {
			err = bind(fdPath(tempFD), dir, false)
		} else {
			err = unix.Mount("tmpfs", dir, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777")
		}
		if err != nil {
			return fmt.Errorf("mount: private %s: %w", dir, err)
		}
	}
	if err := privateDev(); err != nil {
		return err
	}
	for _, dir := range PrivateScratchDirs {
		if isDir(dir) {
			if err := unix.Mount("tmpfs", dir, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777"); err != nil {
				return fmt.Errorf("mount: private %s: %w", dir, err)
			}
		}
	}
	for _, dir := range EmptyDirs {
		if isDir(dir) {
			if err := unix.Mount("tmpfs", dir, "tmpfs", unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "mode=755"); err != nil {
				return fmt.Errorf("mount: empty %s: %w", dir, err)
			}
		}
	}
	// Put back what must stay visible under the replaced directories. A
	// path below an empty, read-only directory cannot be put back, and
	// stays hidden.
	for i, k := range plan.keep {
		if keepFDs[i] < 0 {
			continue
		}
		if err := os.MkdirAll(k.path, 0o700); err != nil {
			continue
		}
		if err := bind(fdPath(keepFDs[i]), k.path, true); err != nil {
			return fmt.Errorf("mount: keep %s visible: %w", k.path, err)
		}
		if k.readOnly {
			if err := remountReadOnly(k.path); err != nil {
				return err
			}
		}
	}
	// Before the read-only mounts: a root put back in a hidden directory
	// gets its .git made read-only where the command reaches it.
	for _, h := range plan.hideExcept {
		if err := hideAllBut(h); err != nil {
			return err
		}
	}
	for _, p := range plan.readOnly {
		if err := bindReadOnly(p); err != nil {
			return err
		}
	}
	if len(plan.hide) > 0 {
		if err := hideAll(plan.hide, stage); err != nil {
			return err
		}
	}
	for _, f := range plan.shared {
		if err := bindSharedFile(f); err != nil {
			return err
		}
	}
	if plan.proc {
		// A /proc of the command's own PID namespace: the agent's
		// processes (their environment, their /proc/<pid>/root, which
		// leads past every mount here) are not in it.
		if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
			return fmt.Errorf("mount: /proc of the command's PID namespace: %w", err)
		}
	}
	return nil
}

// hideStage is an empty read-only tmpfs holding an empty directory and
// an empty file, which hideAll binds over the hidden paths; the handles
// stay valid once the stage is covered.
type hideStage struct {
	dir, file int
}

// makeHideStage mounts the stage on the first of PrivateTempDirs, where
// the private temp directory will cover it right after: so the command
// never sees it, and making its directory and file costs no inode of the
// disk's file system (an ext4 mkdir in a busy /tmp costs a fifth of a
// millisecond of CPU, and milliseconds of waiting). Nothing is unmounted
// afterwards: unmounting waits for an RCU grace period, which would cost
// every command milliseconds.
func makeHideStage() (hideStage, error) {
	stage := hideStage{dir: -1, file: -1}
	at := ""
	for _, d := range PrivateTempDirs {
		if isDir(d) {
			at = d
			break
		}
	}
	if at == "" {
		return stage, fmt.Errorf("hide: none of %v exists to make the empty stage on", PrivateTempDirs)
	}
	if err := unix.Mount("tmpfs", at, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "mode=755,size=4k"); err != nil {
		return stage, fmt.Errorf("hide: mount tmpfs: %w", err)
	}
	emptyDir, emptyFile := filepath.Join(at, "d"), filepath.Join(at, "f")
	if err := os.Mkdir(emptyDir, 0o555); err != nil {
		return stage, fmt.Errorf("hide: %w", err)
	}
	if err := os.WriteFile(emptyFile, nil, 0o444); err != nil {
		return stage, fmt.Errorf("hide: %w", err)
	}
	// Read-only for the whole file system, so every bind of it is too.
	if err := unix.Mount("", at, "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return stage, fmt.Errorf("hide: make tmpfs read-only: %w", err)
	}
	var err error
	if stage.dir, err = unix.Open(emptyDir, unix.O_PATH|unix.O_CLOEXEC|unix.O_DIRECTORY, 0); err != nil {
		return stage, fmt.Errorf("hide: %w", err)
	}
	if stage.file, err = unix.Open(emptyFile, unix.O_PATH|unix.O_CLOEXEC, 0); err != nil {
		stage.close()
		return stage, fmt.Errorf("hide: %w", err)
	}
	return stage, nil
}

// close releases the stage's handles (the mounts stay).
func (s hideStage) close() {
	for _, fd := range []int{s.dir, s.file} {
		if fd >= 0 {
			unix.Close(fd)
		}
	}
}

// hideAll covers each existing path with the stage's empty read-only
// directory or file.
func hideAll(paths []string, stage hideStage) error {
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			// Missing, or unreachable to this user anyway.
			continue
		}
		src := stage.file
		if fi.IsDir() {
			src = stage.dir
		}
		if err := bind(fdPath(src), p, false); err != nil {
			return fmt.Errorf("hide %s: %w", p, err)
		}
	}
	return nil
}

// hideAllBut covers the directory h.path with an empty tmpfs that holds
// only h.holes, each bound back from a handle opened before it was
// covered (read-only if so marked), and then makes the tmpfs read-only:
// nothing else in the directory is reachable, and the command cannot add
// to it. A hole that does not exist stays hidden.
func hideAllBut(h hiddenExcept) error {
	if !isDir(h.path) {
		return nil
	}
	fds := make([]int, len(h.holes))
	for i, k := range h.holes {
		fds[i] = -1
		if fd, err := unix.Open(k.path, unix.O_PATH|unix.O_CLOEXEC, 0); err == nil {
			fds[i] = fd
			defer unix.Close(fd)
		}
	}
	const flags = unix.MS_NOSUID | unix.MS_NODEV | unix.MS_NOEXEC
	if err := unix.Mount("tmpfs", h.path, "tmpfs", flags, "mode=755,size=16k"); err != nil {
		return fmt.Errorf("hide %s: %w", h.path, err)
	}
	for i, k := range h.holes {
		if fds[i] < 0 {
			continue
		}
		var st unix.Stat_t
		if err := unix.Fstat(fds[i], &st); err != nil {
			return fmt.Errorf("hide %s but %s: %w", h.path, k.path, err)
		}
		if err := os.MkdirAll(filepath.Dir(k.path), 0o755); err != nil {
			return fmt.Errorf("hide %s but %s: %w", h.path, k.path, err)
		}
		var err error
		if st.Mode&unix.S_IFMT == unix.S_IFDIR {
			err = os.Mkdir(k.path, 0o755)
		} else {
			err = os.WriteFile(k.path, nil, 0o444)
		}
		if err != nil && !errors.Is(err, os.ErrExist) {
			return fmt.Errorf("hide %s but %s: %w", h.path, k.path, err)
		}
		if err := bind(fdPath(fds[i]), k.path, true); err != nil {
			return fmt.Errorf("hide %s but %s: %w", h.path, k.path, err)
		}
		if k.readOnly {
			if err := remountReadOnly(k.path); err != nil {
				return err
			}
		}
	}
	if err := unix.Mount("", h.path, "", unix.MS_REMOUNT|unix.MS_RDONLY|flags, ""); err != nil {
		return fmt.Errorf("hide %s: make tmpfs read-only: %w", h.path, err)
	}
	return nil
}

// bindReadOnly makes path (a directory or a file) read-only, wherever it
// is reached from: a bind mount of itself, remounted read-only with the
// flags its file system is mounted with (a user namespace may not clear
// them).
func bindReadOnly(path string) error {
	if err := bind(path, path, true); err != nil {
		if errors.Is(err, unix.ENOENT) {
			return nil
		}
		return fmt.Errorf("mount: read-only %s: %w", path, err)
	}
	return remountReadOnly(path)
}

// remountReadOnly makes the bind mount at path read-only.
func remountReadOnly(path string) error {
	var st unix.Statfs_t
	if err := unix.Statfs(path, &st); err != nil {
		return fmt.Errorf("mount: read-only %s: %w", path, err)
	}
	flags := uintptr(unix.MS_REMOUNT | unix.MS_BIND | unix.MS_RDONLY)
	for _, f := range []struct{ st, ms uintptr }{
		{unix.ST_NOSUID, unix.MS_NOSUID}, {unix.ST_NODEV, unix.MS_NODEV}, {unix.ST_NOEXEC, unix.MS_NOEXEC},
		{unix.ST_NOATIME, unix.MS_NOATIME}, {unix.ST_NODIRATIME, unix.MS_NODIRATIME}, {unix.ST_RELATIME, unix.MS_RELATIME},
	} {
		if uintptr(st.Flags)&f.st != 0 {
			flags |= f.ms
		}
	}
	if uintptr(st.Flags)&(unix.ST_NOATIME|unix.ST_RELATIME) == 0 {
		flags |= unix.MS_STRICTATIME
	}
	if err := unix.Mount("", path, "", flags, ""); err != nil {
		return fmt.Errorf("mount: read-only %s: %w", path, err)
	}
	return nil
}

// bind mounts src on dst, with the mounts below src when recursive.
func bind(src, dst string, recursive bool) error {
	flags := uintptr(unix.MS_BIND)
	if recursive {
		flags |= unix.MS_REC
	}
	return unix.Mount(src, dst, "", flags, "")
}

// fdPath names an open file descriptor as a path mount can use.
func fdPath(fd int) string { return "/proc/self/fd/" + strconv.Itoa(fd) }

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// privateTempDir is the temp directory the command sees: the first of
// PrivateTempDirs that exists.
func privateTempDir() string {
	for _, d := range PrivateTempDirs {
		if isDir(d) {
			return d
		}
	}
	return ""
}

// writableAfterMounts returns the directories Landlock lets the command
// write in a mount namespace: the private temp and scratch directories
// as the command sees them.
func writableAfterMounts(spec helperSpec) []string {
	candidates := PrivateScratchDirs
	if spec.TempDir != "" {
		candidates = slices.Concat(PrivateTempDirs, PrivateScratchDirs)
	}
	var dirs []string
	for _, d := range candidates {
		if isDir(d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// devNodes are the devices of a command's private /dev, bound from the
// host's: sinks and sources of bytes, and /dev/tty, which names the
// command's own terminal, if it has one.
var devNodes = []string{"null", "zero", "full", "random", "urandom", "tty"}

// privateDev replaces /dev with a read-only tmpfs that holds only
// devNodes, a devpts of the command's own (new instance: the host's
// terminals, the person's among them, are not in it, and ptys the command
// opens are its own), a shm directory for the private one, and the usual
// links. Nothing else of the host's /dev is reachable: other terminals and
// consoles, input devices, sound and video, disks.
func privateDev() error {
	fds := make([]int, len(devNodes))
	for i, n := range devNodes {
		fds[i] = -1
		if fd, err := unix.Open("/dev/"+n, unix.O_PATH|unix.O_CLOEXEC, 0); err == nil {
			fds[i] = fd
			defer unix.Close(fd)
		}
	}
	if err := unix.Mount("tmpfs", "/dev", "tmpfs", unix.MS_NOSUID|unix.MS_NOEXEC, "mode=755,size=64k"); err != nil {
		return fmt.Errorf("mount: private /dev: %w", err)
	}
	for i, n := range devNodes {
		if fds[i] < 0 {
			continue
		}
		p := "/dev/" + n
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			return fmt.Errorf("mount: private /dev: %w", err)
		}
		if err := bind(fdPath(fds[i]), p, false); err != nil {
			return fmt.Errorf("mount: private %s: %w", p, err)
		}
	}
	for _, d := range []string{"pts", "shm"} {
		if err := os.Mkdir("/dev/"+d, 0o755); err != nil {
			return fmt.Errorf("mount: private /dev: %w", err)
		}
	}
	// A kernel that cannot give a new devpts instance leaves the command
	// without ptys, which is safe.
	if err := unix.Mount("devpts", "/dev/pts", "devpts", unix.MS_NOSUID|unix.MS_NOEXEC, "newinstance,ptmxmode=0666,mode=0620"); err == nil {
		if err := os.Symlink("pts/ptmx", "/dev/ptmx"); err != nil {
			return fmt.Errorf("mount: private /dev: %w", err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, "/dev/"+name); err != nil {
			return fmt.Errorf("mount: private /dev: %w", err)
		}
	}
	if err := unix.Mount("", "/dev", "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount: make the private /dev read-only: %w", err)
	}
	return nil
}

// bindSharedFile binds the person's config file f.src, read-only, over
// f.dst in the private caches, making dst first if it is missing. Other
// commands of the project write the caches, so nothing there is
// followed: a symbolic link a command left in dst's place is removed, and
// one in place of its directory makes the file be left out. A mount point
// cannot be removed or renamed over, so the command cannot swap it.
func bindSharedFile(f sharedFile) error {
	dir, name := filepath.Split(f.dst)
	_ = os.Mkdir(dir, 0o700)
	dfd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(dfd)
	open := func() (int, error) {
		return unix.Openat(dfd, name, unix.O_RDONLY|unix.O_CREAT|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	}
	fd, err := open()
	if errors.Is(err, unix.ELOOP) {
		_ = unix.Unlinkat(dfd, name, 0)
		fd, err = open()
	}
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	if err := bind(f.src, fdPath(fd), false); err != nil {
		return fmt.Errorf("mount: shared config %s: %w", f.src, err)
	}
	return remountReadOnly(f.dst)
}
