package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// Simulated kernels, so that the modes can be tested on any machine.
var (
	fullReport = Report{LandlockABI: 7, UserNamespaces: true, NetworkNamespace: true, MountNamespace: true,
		PIDNamespace: true, ProcessLimit: true}
	// noIsolationReport is a kernel (or a policy) that allows user and
	// network namespaces but no mount or PID namespace.
	noIsolationReport = Report{LandlockABI: 7, UserNamespaces: true, NetworkNamespace: true, ProcessLimit: true,
		IsolationReason: "operation not permitted"}
	bareReport = Report{
		LandlockReason:     "the kernel has no Landlock",
		NamespaceReason:    "user namespace: operation not permitted",
		ProcessLimitReason: "no user namespace",
	}
	landlockOnlyReport = Report{
		LandlockABI:        7,
		NamespaceReason:    "user namespace: operation not permitted",
		ProcessLimitReason: "no user namespace",
	}
	rootReport = Report{LandlockABI: 7, UserNamespaces: true, NetworkNamespace: true, MountNamespace: true, PIDNamespace: true,
		ProcessLimitReason: "the kernel exempts root from RLIMIT_NPROC"}
)

func TestModes(t *testing.T) {
	t.Parallel()
	const exe = "/usr/libexec/agent-under-test"
	tests := []struct {
		name     string
		mode     Mode
		rep      Report
		exe      string
		network  bool
		wantErr  error
		confined bool
		// helper: the command goes through the helper, with these flags
		// among its arguments.
		helper    bool
		wantFlags []string
		noFlags   []string
		// The namespaces asked for.
		wantClone uintptr
		inSummary string
	}{
		{name: "auto on a capable kernel confines everything",
			mode: ModeAuto, rep: fullReport, exe: exe, confined: true, helper: true,
			wantFlags: []string{"landlock", "outer_user_ns", "outer_net_ns", "max_processes=2048", "max_file_size=2147483648", "mount_ns", "pid_ns", "status_fd=3"},
			noFlags:   []string{"network"},
			wantClone: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWPID, inSummary: "confined: landlock ABI 7"},
		{name: "a call allowed the network keeps it but stays confined otherwise",
			mode: ModeAuto, rep: fullReport, exe: exe, network: true, confined: true, helper: true,
			wantFlags: []string{"landlock", "network", "outer_user_ns", "max_processes=2048"},
			noFlags:   []string{"outer_net_ns"},
			wantClone: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWPID},
		{name: "required on a capable kernel confines everything",
			mode: ModeRequired, rep: fullReport, exe: exe, confined: true, helper: true,
			wantFlags: []string{"landlock", "outer_net_ns"}, wantClone: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWPID},
		{name: "as root there is no process limit and the summary says why",
			mode: ModeAuto, rep: rootReport, exe: exe, confined: true, helper: true,
			noFlags: []string{"max_processes"}, wantClone: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWPID,
			inSummary: "no process limit (the kernel exempts root"},
		{name: "off never confines, even where it could",
			mode: ModeOff, rep: fullReport, exe: exe, inSummary: "off"},
		{name: "auto without Landlock or namespaces runs unconfined and says so",
			mode: ModeAuto, rep: bareReport, exe: exe, helper: true, noFlags: []string{"landlock", "outer_net_ns", "max_processes"},
			inSummary: "unconfined, so every command that is not safe needs approval: landlock unavailable: the kernel has no Landlock"},
		{name: "auto with Landlock alone applies it but does not count as confined",
			mode: ModeAuto, rep: landlockOnlyReport, exe: exe, helper: true,
			wantFlags: []string{"landlock", "max_file_size=2147483648"}, noFlags: []string{"outer_net_ns", "outer_user_ns", "max_processes"},
			inSummary: "no network namespace: user namespace: operation not permitted"},
		{name: "auto without mount and PID namespaces applies the rest, does not count as confined and names the missing walls",
			mode: ModeAuto, rep: noIsolationReport, exe: exe, helper: true,
			wantFlags: []string{"landlock", "outer_net_ns"}, noFlags: []string{"mount_ns", "pid_ns", "status_fd", "read_only"},
			wantClone: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET,
			inSummary: "no mount namespace, so .git is writable, credentials are readable and /tmp is shared: operation not permitted; no PID namespace, so processes a command starts in a new session can outlive it"},
		{name: "required without mount and PID namespaces refuses commands",
			mode: ModeRequired, rep: noIsolationReport, exe: exe, wantErr: ErrUnavailable},
		{name: "required without Landlock refuses commands",
			mode: ModeRequired, rep: bareReport, exe: exe, wantErr: ErrUnavailable, inSummary: "commands are refused"},
		{name: "required without a network namespace refuses commands",
			mode: ModeRequired, rep: landlockOnlyReport, exe: exe, wantErr: ErrUnavailable},
		{name: "required without a helper executable refuses commands",
			mode: ModeRequired, rep: fullReport, wantErr: ErrUnavailable, inSummary: "no helper executable"},
		{name: "auto without a helper executable runs unconfined",
			mode: ModeAuto, rep: fullReport, inSummary: "no helper executable"},
		{name: "an empty mode means auto",
			rep: fullReport, exe: exe, confined: true, helper: true, wantFlags: []string{"landlock"},
			wantClone: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET | syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWPID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Mode = tt.mode
			sb := newSandbox(cfg, tt.exe, tt.rep)
			st := sb.Status()
			if st.Confined != tt.confined {
				t.Errorf("Status().Confined = %v, want %v (summary %q)", st.Confined, tt.confined, st.Summary)
			}
			if !strings.Contains(st.Summary, tt.inSummary) {
				t.Errorf("Status().Summary = %q, want it to contain %q", st.Summary, tt.inSummary)
			}
			root := t.TempDir()
			cmd, err := sb.Command(t.Context(), Options{Root: root, TempDir: t.TempDir(), Network: tt.network}, []string{"bash", "-c", "true"})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Command() error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if cmd.SysProcAttr == nil {
				t.Fatal("Command() left SysProcAttr nil; callers set fields on it")
			}
			usesHelper := len(cmd.Args) > 1 && cmd.Args[1] == HelperArg
			if usesHelper != tt.helper {
				t.Fatalf("Command() args = %q, want helper %v", cmd.Args, tt.helper)
			}
			if !usesHelper {
				if !slices.Equal(cmd.Args, []string{"bash", "-c", "true"}) {
					t.Errorf("unconfined Command() args = %q, want the command itself", cmd.Args)
				}
				return
			}
			if cmd.Path != tt.exe {
				t.Errorf("Command() path = %q, want the helper %q", cmd.Path, tt.exe)
			}
			spec, err := decodeHelperArgs(cmd.Args[2:])
			if err != nil {
				t.Fatalf("decodeHelperArgs(%q) = %v", cmd.Args[2:], err)
			}
			if spec.Root != root || !slices.Equal(spec.Argv, []string{"bash", "-c", "true"}) {
				t.Errorf("helper spec = %+v, want root %q and the command", spec, root)
			}
			for _, f := range tt.wantFlags {
				if !hasFlag(cmd.Args, f) {
					t.Errorf("helper args %q lack %s", cmd.Args, f)
				}
			}
			for _, f := range tt.noFlags {
				if hasFlag(cmd.Args, f) {
					t.Errorf("helper args %q have %s, want it absent", cmd.Args, f)
				}
			}
			if got := cmd.SysProcAttr.Cloneflags; got != tt.wantClone {
				t.Errorf("Cloneflags = %#x, want %#x", got, tt.wantClone)
			}
		})
	}
}

// hasFlag reports whether the policy in args (the helper's, after
// HelperArg) has the field flag names, with the value after "=" if any.
func hasFlag(args []string, flag string) bool {
	var policy map[string]json.RawMessage
	if len(args) < 3 || json.Unmarshal([]byte(args[2]), &policy) != nil {
		return false
	}
	name, value, hasValue := strings.Cut(flag, "=")
	got, ok := policy[name]
	return ok && (!hasValue || string(got) == value)
}

func TestCommandRejectsBadOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := dir + "/file"
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	linkToSlash := dir + "/slash"
	if err := os.Symlink("/", linkToSlash); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opts Options
		argv []string
	}{
		{"an empty command", Options{Root: dir}, nil},
		{"an empty program name", Options{Root: dir}, []string{""}},
		{"a relative root", Options{Root: "project"}, []string{"true"}},
		{"a missing root", Options{Root: dir + "/missing"}, []string{"true"}},
		{"a root that is a file", Options{Root: file}, []string{"true"}},
		{"a root of /", Options{Root: "/"}, []string{"true"}},
		{"a root that cleans to /", Options{Root: "/tmp/.."}, []string{"true"}},
		{"a root that links to /", Options{Root: linkToSlash}, []string{"true"}},
		{"a temp dir that links to /", Options{Root: dir, TempDir: linkToSlash}, []string{"true"}},
		{"a relative temp dir", Options{Root: dir, TempDir: "tmp"}, []string{"true"}},
		{"a missing temp dir", Options{Root: dir, TempDir: dir + "/missing"}, []string{"true"}},
		{"a NUL byte in an argument", Options{Root: dir}, []string{"echo", "a\x00b"}},
	}
	for _, mode := range []Mode{ModeAuto, ModeRequired, ModeOff} {
		sb := newSandbox(Config{Mode: mode}, "/usr/libexec/agent-under-test", fullReport)
		for _, tt := range tests {
			t.Run(string(mode)+" refuses "+tt.name, func(t *testing.T) {
				if _, err := sb.Command(context.Background(), tt.opts, tt.argv); !errors.Is(err, ErrInvalidOptions) {
					t.Errorf("Command(%+v, %q) error = %v, want %v", tt.opts, tt.argv, err, ErrInvalidOptions)
				}
			})
		}
	}
}

func TestCommandCanBeCancelled(t *testing.T) {
	t.Parallel()
	sb := newSandbox(DefaultConfig(), "/usr/libexec/agent-under-test", fullReport)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	cmd, err := sb.Command(ctx, Options{Root: t.TempDir()}, []string{"true"})
	if err != nil {
		t.Fatal(err)
	}
	if cmd.Cancel == nil {
		t.Error("Command() made a command without Cancel; callers rely on exec.CommandContext to set their own")
	}
}
