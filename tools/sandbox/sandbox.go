package sandbox

import "context"

// Mode is what to do when the OS cannot confine commands.
type Mode string

// The sandbox modes of the config.
const (
	// ModeAuto confines where possible; otherwise commands run unconfined and
	// the caller makes every non-safe command need approval.
	ModeAuto Mode = "auto"
	// ModeRequired refuses to run commands when confinement is unavailable.
	ModeRequired Mode = "required"
	// ModeOff never confines (for debugging; says so in the status line).
	ModeOff Mode = "off"
)

// Config is the [sandbox] section of the config.
type Config struct {
	// Mode: "auto" (default), "required" or "off".
	Mode Mode `toml:"mode"`
	// Network allows network access to every command; by default a command
	// gets the network only when its call asked for it and was approved.
	Network bool `toml:"network"`
	// MaxProcesses caps the processes and threads of one command
	// (RLIMIT_NPROC), so that a fork bomb stays contained. Each helper has
	// its own user namespace, so the count is per helper, not per user:
	// per command, or per session for the commands of Sessions.
	// The kernel exempts root from this limit. 0 means DefaultMaxProcesses.
	MaxProcesses int `toml:"max_processes"`
	// MaxFileMiB caps the size of any one file a command writes, in MiB
	// (RLIMIT_FSIZE): a write past it fails and the writer gets SIGXFSZ.
	// 0 means DefaultMaxFileMiB.
	MaxFileMiB int `toml:"max_file_mib"`
	// Hide lists more files and directories no command may read, besides
	// the built-in credential stores (HiddenHomePaths, HiddenSystemPaths):
	// absolute paths, or "~/" and a path under the home directory. Each
	// is replaced by an empty read-only one. A path that is the project
	// root, or a command's temp or cache directory, is not hidden; one
	// that holds them is hidden but for them. Empty by default.
	Hide []string `toml:"hide"`
	// Visible are paths inside hidden ones that commands may still read,
	// read-only: the agent hides its whole state directory but for the
	// session's saved output. Set by the agent, never by a config file. A
	// hidden path that holds the project root or a command's temp or
	// cache directory is hidden all but those, the same way.
	Visible []string `toml:"-"`
}

// DefaultConfig returns the built-in [sandbox] settings.
func DefaultConfig() Config {
	return Config{Mode: ModeAuto, MaxProcesses: DefaultMaxProcesses, MaxFileMiB: DefaultMaxFileMiB, Hide: []string{}}
}

// Options describe one command's confinement.
type Options struct {
	// Root is the absolute project root: the only tree the command may write.
	Root string
	// TempDir is a private writable temp directory for the command; it must
	// exist. Inside the sandbox TMPDIR points to it. Empty means no writable
	// temp directory besides the root.
	TempDir string
	// Network allows network access.
	Network bool
	// CacheDir is the project's private, persistent cache directory (see
	// CacheVars); it must exist. Empty leaves the toolchains' caches where
	// the environment says, which are then read-only.
	CacheDir string
	// Git is how much of the root's git directories the command may
	// change: GitReadOnly (the zero value) for shell commands.
	Git GitAccess
	// Hold, when set, runs the command held: over an overlay of the
	// root, so that nothing in the real root changes and what the
	// command wrote, created or deleted there waits in its Layer
	// (Cmd.Layer) for the caller to apply or discard. Only Sessions hold
	// commands, where Sessions.CanHold says so; Sandbox.Command ignores
	// it.
	Hold *Hold
}

// Hold is what a held command's layer may hold, and what it must not see.
type Hold struct {
	// MaxBytes bounds the layer: writes past it fail (ENOSPC) and the
	// layer reports itself full. 0 means DefaultHoldBytes.
	MaxBytes int64
	// Hide are absolute paths inside the root that the command sees as
	// empty read-only files or directories (the project's secret files).
	Hide []string
}

// DefaultHoldBytes is a held command's layer size when Hold.MaxBytes is 0.
const DefaultHoldBytes = 1 << 30

// Status reports what confinement is in force.
type Status struct {
	// Confined is true when commands run inside the sandbox.
	Confined bool
	// Summary is one line for the status bar and `agent doctor`
	// ("confined: landlock ABI 7, no network unless allowed, ...",
	// "unconfined, so every command that is not safe needs approval: ...").
	Summary string
}

// Sandbox builds confined commands. Implementations are safe for concurrent
// use.
type Sandbox interface {
	// Command returns a command that runs argv confined by opts. The caller
	// sets Dir, Env, Stdin/Stdout/Stderr and SysProcAttr.Setpgid as usual and
	// starts it; cancelling ctx is the caller's business (process group).
	// After Wait, the caller learns how the command ended from
	// Cmd.WaitStatus, not from ProcessState: the process it waited for may
	// be the helper that ran the command as its child.
	//
	// The command is made with exec.CommandContext(ctx, ...), so the caller
	// may set Cancel and WaitDelay. SysProcAttr is never nil and carries the
	// namespaces: set fields on it, never replace it (the helper refuses to
	// run a command whose namespaces went missing); ExtraFiles belong to
	// the sandbox. Bad options or an empty argv give an error wrapping
	// ErrInvalidOptions; in ModeRequired, a sandbox that cannot confine
	// gives one wrapping ErrUnavailable.
	Command(ctx context.Context, opts Options, argv []string) (*Cmd, error)
	// Status reports what confinement Command applies.
	Status() Status
}
