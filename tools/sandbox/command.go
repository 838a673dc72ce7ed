package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// New returns the Sandbox for cfg: on Linux the helper's, on macOS
// Seatbelt's. exe is the binary to re-execute as the helper
// (os.Executable() of the agent, whose main calls HelperMain); an empty exe
// means commands cannot be confined on Linux. New probes the OS once per
// process (see Probe) and never fails: what cannot be confined shows in
// Status, and in ModeRequired makes Command return ErrUnavailable.
func New(cfg Config, exe string) Sandbox {
	if useSeatbelt {
		return newSeatbelt(cfg, Probe(), homeDirs(os.Getenv("HOME"), accountHome()))
	}
	return newSandbox(cfg, exe, Probe())
}

// NewOnFirstUse is New, made when one of its methods is first called
// rather than now: New waits for the probe of the OS, which a caller
// that only starts things on the side (the screen's MCP servers, whose
// start its first frame does not wait for) need not wait for. It runs
// every command through a helper of its own: NewSessions gives no
// sessions for it.
func NewOnFirstUse(cfg Config, exe string) Sandbox {
	return &onFirstUse{sandbox: sync.OnceValue(func() Sandbox { return New(cfg, exe) })}
}

// onFirstUse is the Sandbox of NewOnFirstUse; a pointer, so that it can
// be a map key like the others (sessions are kept per sandbox).
type onFirstUse struct{ sandbox func() Sandbox }

func (s *onFirstUse) Command(ctx context.Context, opts Options, argv []string) (*Cmd, error) {
	return s.sandbox().Command(ctx, opts, argv)
}

func (s *onFirstUse) Status() Status { return s.sandbox().Status() }

// sandbox is the Sandbox behind New. It is immutable after newSandbox, so
// it is safe for concurrent use.
type sandbox struct {
	cfg Config
	exe string
	// What Command applies, decided once from the report.
	landlock bool
	userns   bool
	netns    bool
	// mountns and pidns: a mount namespace (private temp dirs, read-only
	// git dirs, hidden credentials) and a PID namespace (the command's
	// processes die with it) for each command.
	mountns   bool
	pidns     bool
	procLimit bool
	// The agent's own namespaces, which the helper must not be in.
	outerUserNS, outerNetNS uint64
	// confined is true when every command gets the filesystem wall and
	// (unless allowed) no network.
	confined bool
	// missing says what keeps the sandbox from confining; empty when
	// confined.
	missing string
	status  Status
}

// newSandbox is New with the OS report given, so that tests can simulate a
// kernel without Landlock or namespaces.
func newSandbox(cfg Config, exe string, rep Report) *sandbox {
	s := &sandbox{cfg: cfg.withDefaults(), exe: exe}
	var missing []string
	if !helperSupported {
		missing = append(missing, "no sandbox on this OS")
	} else if exe == "" {
		missing = append(missing, "no helper executable to re-execute")
	} else {
		s.landlock = rep.LandlockABI > 0
		s.userns = rep.UserNamespaces
		s.netns = rep.NetworkNamespace
		if !s.landlock {
			missing = append(missing, "landlock unavailable: "+rep.LandlockReason)
		}
		if !s.netns {
			missing = append(missing, "no network namespace: "+rep.NamespaceReason)
		}
		missing = append(missing, s.lookUpNamespaces()...)
		s.mountns = rep.MountNamespace && s.userns
		s.pidns = rep.PIDNamespace && s.mountns
		if !s.mountns {
			missing = append(missing, "no mount namespace, so .git is writable, credentials are readable and /tmp is shared: "+rep.IsolationReason)
		}
		if !s.pidns {
			missing = append(missing, "no PID namespace, so processes a command starts in a new session can outlive it: "+rep.IsolationReason)
		} else if !socketWallSupported() {
			missing = append(missing, "no socket filter for this architecture, so unix sockets outside /tmp and /run/user are reachable")
		}
		s.procLimit = rep.ProcessLimit && s.userns
	}
	s.missing = strings.Join(missing, "; ")
	s.confined = s.landlock && s.netns && s.mountns && s.pidns && socketWallSupported()
	s.status = s.describe(rep)
	return s
}

// lookUpNamespaces records the agent's own namespaces; a namespace that
// cannot be identified is not used, since the helper could not check it.
func (s *sandbox) lookUpNamespaces() (missing []string) {
	var err error
	if s.userns {
		if s.outerUserNS, err = nsInode("user"); err != nil {
			s.userns = false
			missing = append(missing, err.Error())
		}
	}
	if s.netns {
		if s.outerNetNS, err = nsInode("net"); err != nil {
			s.netns = false
			missing = append(missing, err.Error())
		}
	}
	return missing
}

// describe builds the Status line.
func (s *sandbox) describe(rep Report) Status {
	switch {
	case s.cfg.Mode == ModeOff:
		return Status{Summary: "off: commands run unconfined (sandbox mode = off)"}
	case !s.confined && s.cfg.Mode == ModeRequired:
		return Status{Summary: "unavailable, commands are refused (sandbox mode = required): " + s.missing}
	case !s.confined:
		return Status{Summary: "unconfined, so every command that is not safe needs approval: " + s.missing}
	}
	parts := []string{fmt.Sprintf("landlock ABI %d", rep.LandlockABI)}
	if s.cfg.Network {
		parts = append(parts, "network allowed by config")
	} else {
		parts = append(parts, "no network unless allowed")
	}
	if s.procLimit {
		parts = append(parts, fmt.Sprintf("at most %d processes", s.cfg.MaxProcesses))
	} else {
		parts = append(parts, "no process limit ("+rep.ProcessLimitReason+")")
	}
	parts = append(parts, fmt.Sprintf("files up to %d MiB", s.cfg.MaxFileMiB),
		".git read-only", "credentials hidden", "private /tmp", "host unix sockets unreachable unless allowed",
		"processes die with the command")
	return Status{Confined: true, Summary: "confined: " + strings.Join(parts, ", ")}
}

// Status reports what confinement Command applies.
func (s *sandbox) Status() Status { return s.status }

// Command implements Sandbox.
func (s *sandbox) Command(ctx context.Context, opts Options, argv []string) (*Cmd, error) {
	spec, err := checkOptions(opts, argv)
	if err != nil {
		return nil, err
	}
	if s.cfg.Mode == ModeOff {
		return newCmd(unconfined(ctx, argv), false)
	}
	if !s.confined && s.cfg.Mode == ModeRequired {
		return nil, fmt.Errorf("%w: %s", ErrUnavailable, s.missing)
	}
	if !helperSupported || s.exe == "" {
		return newCmd(unconfined(ctx, argv), false)
	}
	// One walk of the root's git directories serves the whole command.
	git := walkGitDirs(spec.Root)
	if err := refuseMissingGitDirs(git); err != nil {
		return nil, err
	}
	release := func() {}
	// Apply whatever the OS offers, even when it is not everything: in
	// ModeAuto a partial sandbox still beats none (the Status says the
	// commands are unconfined all the same).
	spec.Network = opts.Network || s.cfg.Network
	spec.Landlock = s.landlock
	useNetNS := s.netns && !spec.Network
	if s.userns {
		spec.OuterUserNS = s.outerUserNS
	}
	if useNetNS {
		spec.OuterNetNS = s.outerNetNS
	}
	if s.procLimit {
		spec.MaxProcesses = uint64(s.cfg.MaxProcesses)
	}
	spec.MaxFileSize = uint64(s.cfg.MaxFileMiB) << 20
	if s.mountns {
		spec.MountNS = true
		spec.PIDNS = s.pidns
		// Counted first, so that no held session removes the
		// placeholder between its making and its mount.
		release = useRootPlaceholder(spec.Root)
		git = makeGitPlaceholders(spec.Root, opts.Git, git)
		spec.ReadOnly = git.readOnlyPaths(spec.Root, opts.Git, false)
		spec.Hide = resolvedPaths(s.cfg.Hide)
		spec.Visible = existing(resolvedPaths(s.cfg.Visible))
		spec.AccountHome = accountHome()
	}
	if spec.PIDNS {
		spec.StatusFD = 3 // the first of ExtraFiles
		spec.UnixWall = !spec.Network && socketWallSupported()
	}
	args, err := spec.encode()
	if err != nil {
		release()
		return nil, err
	}
	cmd := exec.CommandContext(ctx, s.exe, append([]string{HelperArg}, args...)...)
	cmd.SysProcAttr = namespaceAttr(nsFlags{user: s.userns, net: useNetNS, mount: spec.MountNS, pid: spec.PIDNS})
	c, err := newCmd(cmd, spec.PIDNS)
	if err != nil {
		release()
		return nil, err
	}
	c.release = sync.OnceFunc(release)
	return c, nil
}

// rootPlaceholders counts, per root, the commands running with the
// root's placeholder .git mounted read-only (see MakeGitPlaceholders):
// the last to end removes it, so that no run leaves it behind, and a held
// session does not remove it while one of them needs it.
var rootPlaceholders = struct {
	sync.Mutex
	users map[string]int
}{users: make(map[string]int)}

// useRootPlaceholder counts a command as a user of root's placeholder
// .git; the returned function ends that use, and the last use removes
// the placeholder (an empty .git: never a repository).
func useRootPlaceholder(root string) (release func()) {
	rootPlaceholders.Lock()
	rootPlaceholders.users[root]++
	rootPlaceholders.Unlock()
	return func() {
		rootPlaceholders.Lock()
		defer rootPlaceholders.Unlock()
		if rootPlaceholders.users[root]--; rootPlaceholders.users[root] <= 0 {
			delete(rootPlaceholders.users, root)
			removeEmptyDotGit(root)
		}
	}
}

// checkOptions validates what the caller passed and returns the spec's
// paths and command. The root, and the temp directory when given, must be
// existing directories other than "/", symlinks resolved: Landlock follows
// them, so a root that links to / would make every file writable.
func checkOptions(opts Options, argv []string) (helperSpec, error) {
	if len(argv) == 0 || argv[0] == "" {
		return helperSpec{}, fmt.Errorf("%w: no command", ErrInvalidOptions)
	}
	root, err := checkDir("root", opts.Root)
	if err != nil {
		return helperSpec{}, err
	}
	spec := helperSpec{Root: root, Argv: argv}
	if opts.TempDir != "" {
		if spec.TempDir, err = checkDir("temp dir", opts.TempDir); err != nil {
			return helperSpec{}, err
		}
	}
	if opts.CacheDir != "" {
		if spec.CacheDir, err = checkDir("cache dir", opts.CacheDir); err != nil {
			return helperSpec{}, err
		}
	}
	return spec, spec.validate()
}

// checkDir returns dir with symlinks resolved, if it is an absolute path to
// a directory other than "/".
func checkDir(what, dir string) (string, error) {
	if !filepath.IsAbs(dir) {
		return "", fmt.Errorf("%w: %s %q is not an absolute path", ErrInvalidOptions, what, dir)
	}
	resolved, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %w", ErrInvalidOptions, what, err)
	}
	fi, err := os.Stat(resolved)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %w", ErrInvalidOptions, what, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("%w: %s %q is not a directory", ErrInvalidOptions, what, dir)
	}
	if resolved == "/" {
		return "", fmt.Errorf("%w: a %s of %q (/) would make every file writable", ErrInvalidOptions, what, dir)
	}
	return resolved, nil
}

// unconfined returns argv as a plain command, with a SysProcAttr to set
// fields on as with a confined one.
func unconfined(ctx context.Context, argv []string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	return cmd
}
