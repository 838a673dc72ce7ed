package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// helperSupported says the helper can confine commands on this OS.
const helperSupported = true

// runHelper confines the calling process as spec says and execs the
// command, or, with a PID namespace, starts it and stays as the
// namespace's init. It returns only on failure.
//
// Capabilities, no_new_privs and the Landlock domain belong to a thread,
// not to the process, and execve passes on those of the thread that calls
// it, as does fork; so everything happens on one locked thread, which
// never unlocks. The order matters too: the namespace checks, the
// loopback and the mounts need the capabilities the helper starts with;
// the mounts come before Landlock, which forbids mounting; the command is
// looked up before the mounts and Landlock so that an error names the
// command, not a denial; the rlimits come last because a low process
// limit could stop the Go runtime from starting a thread it needs.
func runHelper(spec helperSpec) error {
	if spec.Session {
		return runSession(spec)
	}
	runtime.LockOSThread()
	// The command gets its three streams: not a file the agent
	// inherited from whoever started it and passed on unknowingly.
	if err := closeOnExecFrom(3); err != nil {
		return err
	}
	var sigs chan os.Signal
	if spec.PIDNS {
		// The init of a namespace gets only the signals it handles, so
		// the helper handles the usual ones and passes them on.
		sigs = make(chan os.Signal, 8)
		signal.Notify(sigs, forwardedSignals...)
		if os.Getpid() != 1 {
			return errors.New("not the first process of a private PID namespace (was the command's SysProcAttr replaced?); refusing to run unconfined")
		}
		if spec.StatusFD != 0 {
			// The command must not write a status of its choosing.
			unix.CloseOnExec(int(spec.StatusFD))
		}
	}
	if err := checkPrivateNamespaces(spec); err != nil {
		return err
	}
	if err := newSessionKeyring(); err != nil {
		return err
	}
	// The command must not inherit CAP_NET_ADMIN or CAP_SYS_ADMIN. EINVAL
	// means a kernel without ambient capabilities, so there are none to
	// clear.
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("clear ambient capabilities: %w", err)
	}
	tempDir := spec.TempDir
	if spec.MountNS && tempDir != "" {
		tempDir = privateTempDir()
	}
	if tempDir != "" {
		// Only the private temp directory is writable, so temp files go
		// there whatever the caller's environment said.
		for _, name := range []string{"TMPDIR", "TMP", "TEMP"} {
			if err := os.Setenv(name, tempDir); err != nil {
				return fmt.Errorf("set %s: %w", name, err)
			}
		}
	}
	var shared []sharedFile
	if spec.CacheDir != "" && spec.MountNS {
		// The person's own values, before the caches replace them.
		shared = sharedConfigFiles(spec.CacheDir, os.Getenv, HiddenPaths(homeDirs(os.Getenv("HOME"), spec.AccountHome), spec.Hide, nil))
	}
	// The person's environment, before the caches replace their values:
	// the mounts and the Go cache program read the person's GOCACHE.
	personEnv := envGetter(os.Environ())
	goCache := personGoCache(personEnv)
	if spec.CacheDir != "" {
		if err := useCaches(spec.CacheDir); err != nil {
			return err
		}
	}
	path, err := lookPath(spec.Argv[0])
	if err != nil {
		return err
	}
	writable := []string{spec.Root, spec.CacheDir}
	if spec.MountNS {
		cwd, err := os.Getwd()
		if err != nil {
			return fmt.Errorf("working directory: %w", err)
		}
		plan := planMounts(spec, personEnv, path, goCache)
		plan.shared = shared
		if err := applyMounts(plan); err != nil {
			return err
		}
		// The working directory was entered before the mounts: through
		// the old one, a root put back under /tmp would reach its .git
		// without the read-only mount. Enter it again, through the new.
		if err := os.Chdir(cwd); err != nil {
			return fmt.Errorf("working directory %s after the mounts: %w", cwd, err)
		}
		writable = append(writable, writableAfterMounts(spec)...)
	} else {
		writable = append(writable, spec.TempDir)
	}
	if spec.CacheDir != "" {
		if err := useGoCacheProg(spec, goCache); err != nil {
			return err
		}
	}
	if spec.Landlock {
		if err := restrictFS(spec, writable); err != nil {
			return err
		}
	}
	if spec.MountNS {
		if err := dropRoot(); err != nil {
			return err
		}
	}
	if spec.UnixWall {
		if err := raiseUnixWall(spec, writable); err != nil {
			return err
		}
	}
	if err := limit(unix.RLIMIT_FSIZE, "RLIMIT_FSIZE", spec.MaxFileSize); err != nil {
		return err
	}
	if err := limit(unix.RLIMIT_NPROC, "RLIMIT_NPROC", spec.MaxProcesses); err != nil {
		return err
	}
	if spec.PIDNS {
		return runInit(spec, path, sigs)
	}
	err = syscall.Exec(path, spec.Argv, os.Environ())
	return fmt.Errorf("exec %s: %w", path, err)
}

// newSessionKeyring gives the calling thread, and what it starts, a new
// empty session keyring instead of the agent's, whose keys (the login
// session's secrets, anything `keyctl add` put there) a command could
// otherwise read: keyrings are found by number, not by path. A kernel
// without keyrings has none to leak.
func newSessionKeyring() error {
	_, _, errno := unix.Syscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0)
	if errno != 0 && errno != unix.ENOSYS {
		return fmt.Errorf("new session keyring: %w", errno)
	}
	return nil
}

// raiseUnixWall installs the socket filter on the calling thread and
// answers its connect(2) calls from then on (see sockets_linux.go).
func raiseUnixWall(spec helperSpec, writable []string) error {
	if !socketWallSupported() {
		return fmt.Errorf("seccomp: no socket filter for %s", runtime.GOARCH)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("seccomp: set no_new_privs: %w", err)
	}
	policy := newConnectPolicy(writable, spec.OuterNetNS != 0, spec.Landlock && spec.OuterNetNS == 0)
	listener, err := installSocketFilter()
	if err != nil {
		return err
	}
	go superviseConnects(listener, policy)
	return nil
}

// useCaches points the toolchains at the project's private caches.
func useCaches(cacheDir string) error {
	for _, kv := range CacheEnv(cacheDir, os.Getenv) {
		name, value, _ := strings.Cut(kv, "=")
		if err := os.Setenv(name, value); err != nil {
			return fmt.Errorf("set %s: %w", name, err)
		}
	}
	return nil
}

// useGoCacheProg sets GOCACHEPROG for the command over the person's build
// cache goCache (see gocacheprog.go), after the mounts, which decide what
// the command sees.
func useGoCacheProg(spec helperSpec, goCache string) error {
	exe, _ := os.Executable()
	name, value, _ := strings.Cut(goCacheProgEnv(exe, spec.Root, spec.CacheDir, goCache), "=")
	if err := os.Setenv(name, value); err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	return nil
}

// envGetter is getenv over a copy of env.
func envGetter(env []string) func(string) string {
	return func(name string) string { return envValue(env, name) }
}

// dropRoot makes sure a command run as root inside its user namespace
// gets no capabilities there either: without them it cannot take the
// namespace's mounts apart even where Landlock is missing. Other users
// lose theirs at exec anyway. EPERM means a user without CAP_SETPCAP,
// that is not root: nothing to do.
func dropRoot() error {
	if os.Geteuid() != 0 {
		return nil
	}
	// SECBIT_NOROOT, SECBIT_NO_SETUID_FIXUP, SECBIT_NO_CAP_AMBIENT_RAISE,
	// each with its _LOCKED bit (linux/securebits.h).
	const bits = 1<<0 | 1<<1 | 1<<2 | 1<<3 | 1<<6 | 1<<7
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, bits, 0, 0, 0); err != nil && !errors.Is(err, unix.EPERM) {
		return fmt.Errorf("drop root's capabilities: %w", err)
	}
	return nil
}

// checkPrivateNamespaces fails unless the helper is in the private user
// and network namespaces spec asks for, and brings the private network's
// loopback up.
func checkPrivateNamespaces(spec helperSpec) error {
	if spec.OuterUserNS != 0 {
		if err := checkNamespace("user", spec.OuterUserNS); err != nil {
			return err
		}
	}
	if spec.OuterNetNS != 0 {
		if err := checkNamespace("net", spec.OuterNetNS); err != nil {
			return err
		}
		return bringUpLoopback()
	}
	return nil
}

// checkNamespace fails unless the process is in a namespace of the kind
// other than the agent's (outer). It catches a caller that replaced
// SysProcAttr and so dropped the namespaces: better no command than an
// unconfined one.
func checkNamespace(kind string, outer uint64) error {
	ino, err := nsInode(kind)
	if err != nil {
		return err
	}
	if ino == outer {
		return fmt.Errorf("not in a private %s namespace (was the command's SysProcAttr replaced?); refusing to run unconfined", kind)
	}
	return nil
}

// lookPath finds the command in the command's PATH like execvp would, and
// wraps errNotFound when it does not exist.
func lookPath(name string) (string, error) {
	path, err := exec.LookPath(name)
	if errors.Is(err, exec.ErrDot) {
		// A PATH entry of "." is the user's choice; a shell honours it.
		err = nil
	}
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("%s: %w", name, errNotFound)
		}
		return "", err
	}
	return path, nil
}

// limit lowers the soft and hard limit of resource to v; 0 leaves it. It
// never raises a limit the caller already had lower.
func limit(resource int, name string, v uint64) error {
	if v == 0 {
		return nil
	}
	var old unix.Rlimit
	if err := unix.Getrlimit(resource, &old); err != nil {
		return fmt.Errorf("get %s: %w", name, err)
	}
	lim := unix.Rlimit{Cur: min(v, old.Cur), Max: min(v, old.Max)}
	if err := unix.Setrlimit(resource, &lim); err != nil {
		return fmt.Errorf("set %s to %d: %w", name, v, err)
	}
	return nil
}
