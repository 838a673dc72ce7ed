package sandbox

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden Seatbelt profiles in testdata/seatbelt")

// TestSeatbeltProfileGolden renders representative policies and compares
// them with the reviewed profiles in testdata/seatbelt; run with -update
// after a deliberate change and review the diff.
func TestSeatbeltProfileGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		policy seatbeltPolicy
	}{
		{"plain", seatbeltPolicy{
			Writable:   []string{"/Users/ada/src/app", "/private/var/folders/xy/T/agent-cmd-1"},
			ReadOnly:   []string{"/Users/ada/src/app/.git"},
			SocketDirs: []string{"/Users/ada/src/app", "/private/var/folders/xy/T/agent-cmd-1"},
		}},
		{"hidden-and-escaped", seatbeltPolicy{
			Writable:   []string{`/Users/ada/My Projects/say "hi"\app`, "/private/tmp/agent cmd"},
			ReadOnly:   []string{`/Users/ada/My Projects/say "hi"\app/.git`},
			Hidden:     []string{"/Users/ada/.ssh", "/Users/ada/Library/Application Support/Google/Chrome", `/Users/ada/odd"name\`},
			SocketDirs: []string{`/Users/ada/My Projects/say "hi"\app`},
		}},
		{"agent-state", seatbeltPolicy{
			Writable:   []string{"/Users/ada/src/app", "/Users/ada/.local/state/agent/cache/app-0123456789ab"},
			ReadOnly:   []string{"/Users/ada/src/app/.git"},
			Hidden:     []string{"/Users/ada/.ssh", "/Users/ada/.local/state/agent"},
			Visible:    []string{"/Users/ada/.local/state/agent/output/20250101-000000-ab12"},
			SocketDirs: []string{"/Users/ada/src/app"},
		}},
		{"network", seatbeltPolicy{
			Writable: []string{"/Users/ada/src/app"},
			ReadOnly: []string{"/Users/ada/src/app/.git"},
			Hidden:   []string{"/Users/ada/.aws"},
			Network:  true,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.policy.profile()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "seatbelt", tt.name+".sb")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run the test with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("profile differs from %s (run with -update and review the diff):\n%s", golden, got)
			}
			checkProfile(t, tt.policy, got)
		})
	}
}

// checkProfile fails t with the problems profileProblems finds.
func checkProfile(t *testing.T, p seatbeltPolicy, profile string) {
	t.Helper()
	for _, problem := range profileProblems(p, profile) {
		t.Error(problem)
	}
}

// profileProblems parses a profile and checks what the policy promises,
// independently of the exact text: balanced forms, every path read back
// exactly, hidden paths allowed by no file rule, read-only paths by no
// write rule, no network rule without the network.
func profileProblems(p seatbeltPolicy, profile string) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	forms, err := parseSBPL(profile)
	if err != nil {
		return []string{fmt.Sprintf("profile does not parse: %v\n%s", err, profile)}
	}
	strs := stringsIn(forms)
	for _, v := range p.Visible {
		if !slices.ContainsFunc(forms, func(f sexpr) bool {
			return f.head() == "allow" && slices.Contains(f.ops(), "file-read*") && f.allowsPath(v+"/x")
		}) {
			bad("visible path %q is not readable", v)
		}
	}
	for _, path := range slices.Concat(p.Writable, p.ReadOnly, p.Hidden, p.SocketDirs, p.Visible) {
		if !slices.Contains(strs, path) {
			bad("path %q does not read back from the profile", path)
		}
	}
	if len(forms) < 2 || forms[0].String() != "(version 1)" || forms[1].String() != "(deny default)" {
		bad("profile must start with (version 1) (deny default)")
	}
	for _, f := range forms {
		if f.head() != "allow" {
			continue
		}
		ops := f.ops()
		for _, h := range p.Hidden {
			if f.allowsPath(h) {
				bad("rule %s allows hidden path %q", f, h)
			}
		}
		if !p.Network && slices.ContainsFunc(ops, func(op string) bool {
			return strings.HasPrefix(op, "network") && op != "network-bind" && op != "network-inbound" && op != "network-outbound"
		}) {
			bad("rule %s opens the network, which the policy does not allow", f)
		}
		if !p.Network && slices.Contains(ops, "network-outbound") && !strings.Contains(f.String(), "unix-socket") {
			bad("rule %s allows outbound network beyond unix sockets", f)
		}
		if slices.Contains(ops, "file-write*") || slices.Contains(ops, "file-link") {
			for _, ro := range p.ReadOnly {
				if f.allowsPath(ro) || f.allowsPath(ro+"/config") {
					bad("rule %s allows writing read-only path %q", f, ro)
				}
			}
		}
	}
	return problems
}

// TestProfileProblemsCatchLeaks makes sure the checker above can fail: a
// profile made without the hidden and read-only paths, or with the
// network, does not pass for a policy that has them.
func TestProfileProblemsCatchLeaks(t *testing.T) {
	t.Parallel()
	strict := seatbeltPolicy{
		Writable: []string{"/r"}, ReadOnly: []string{"/r/.git"},
		Hidden: []string{"/h/.ssh"}, SocketDirs: []string{"/r"},
	}
	loose := strict
	loose.ReadOnly, loose.Hidden, loose.Network = nil, nil, true
	profile, err := loose.profile()
	if err != nil {
		t.Fatal(err)
	}
	problems := strings.Join(profileProblems(strict, profile), "\n")
	for _, want := range []string{"allows hidden path", "allows writing read-only path", "opens the network", "does not read back"} {
		if !strings.Contains(problems, want) {
			t.Errorf("checker missed %q; found:\n%s", want, problems)
		}
	}
}

func TestSeatbeltStringEscapes(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/a b":        `"/a b"`,
		`/a"b`:        `"/a\"b"`,
		`/a\b`:        `"/a\\b"`,
		`/a\"b`:       `"/a\\\"b"`,
		"/ünïcode/日本": `"/ünïcode/日本"`,
	} {
		got, err := sbplString(in)
		if err != nil || got != want {
			t.Errorf("sbplString(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"/a\nb", "/a\x00b", "/a\rb", "/a\tb", "/a\x7fb", "/a\x1bb", "/a\xc3b"} {
		if _, err := sbplString(bad); !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("sbplString(%q): err = %v, want ErrInvalidOptions", bad, err)
		}
	}
	if _, err := (seatbeltPolicy{Writable: []string{"/a\n(allow default)"}}).profile(); !errors.Is(err, ErrInvalidOptions) {
		t.Errorf("profile with a newline in a path: err = %v, want ErrInvalidOptions", err)
	}
}

// TestSeatbeltPolicyFor checks the policy a command gets from its options:
// the root and temp directory writable, the root's .git read-only even
// before it exists, the credential stores of each home hidden under both
// spellings when reached through a link, and a store that holds the root
// left visible.
func TestSeatbeltPolicyFor(t *testing.T) {
	t.Parallel()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(base, "proj")
	tmp := filepath.Join(base, "tmp")
	home := filepath.Join(base, "home")
	dotfiles := filepath.Join(base, "dotfiles", "ssh")
	for _, d := range []string{root, tmp, home, dotfiles, filepath.Join(home, ".aws", "proj")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(dotfiles, filepath.Join(home, ".ssh")); err != nil {
		t.Fatal(err)
	}
	p := seatbeltPolicyFor(helperSpec{Root: root, TempDir: tmp, Network: true}, GitReadOnly, walkGitDirs(root), []string{home, "", "relative"})
	if !slices.Equal(p.Writable, []string{root, tmp}) || !slices.Equal(p.SocketDirs, []string{root, tmp}) || !p.Network {
		t.Errorf("writable %v, sockets %v, network %v", p.Writable, p.SocketDirs, p.Network)
	}
	if !slices.Equal(p.ReadOnly, []string{filepath.Join(root, ".git")}) {
		t.Errorf("read-only = %v, want the root's .git", p.ReadOnly)
	}
	for _, want := range []string{filepath.Join(home, ".ssh"), dotfiles, filepath.Join(home, ".netrc"), filepath.Join(home, "Library/Keychains")} {
		if !slices.Contains(p.Hidden, want) {
			t.Errorf("hidden lacks %s: %v", want, p.Hidden)
		}
	}
	// A project kept inside a store stays usable; the rest of the store
	// stays hidden.
	inStore := filepath.Join(home, ".aws", "proj")
	p = seatbeltPolicyFor(helperSpec{Root: inStore}, GitReadOnly, walkGitDirs(inStore), []string{home})
	allowed := profileAllows(t, p)
	if !allowed("file-read*", filepath.Join(inStore, "main.go")) || !allowed("file-write*", filepath.Join(inStore, "main.go")) {
		t.Errorf("the root inside a store is not readable and writable:\n%s", must(p.profile()))
	}
	if allowed("file-read*", filepath.Join(home, ".aws", "credentials")) {
		t.Errorf("the store holding the root is readable beside it:\n%s", must(p.profile()))
	}
	for _, h := range p.Hidden {
		if strings.Contains(h, "\x00") || !filepath.IsAbs(h) {
			t.Errorf("bad hidden path %q", h)
		}
	}

	// The git tool may write objects and refs, never what runs programs;
	// [sandbox] hide adds paths; a cache directory is writable but no
	// place for sockets.
	for _, d := range []string{filepath.Join(root, ".git", "hooks"), filepath.Join(base, "cache")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".git", "config"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(base, "cache")
	p = seatbeltPolicyFor(helperSpec{Root: root, CacheDir: cache, Hide: []string{"~/private"}}, GitObjectsAndRefs, walkGitDirs(root), []string{home})
	if slices.Contains(p.ReadOnly, filepath.Join(root, ".git")) ||
		!slices.Contains(p.ReadOnly, filepath.Join(root, ".git", "config")) || !slices.Contains(p.ReadOnly, filepath.Join(root, ".git", "hooks")) {
		t.Errorf("git tool: read-only = %v, want config and hooks, not all of .git", p.ReadOnly)
	}
	if !slices.Contains(p.Writable, cache) || slices.Contains(p.SocketDirs, cache) {
		t.Errorf("cache dir: writable %v, sockets %v", p.Writable, p.SocketDirs)
	}
	if !slices.Contains(p.Hidden, filepath.Join(home, "private")) {
		t.Errorf("hide = ~/private not hidden: %v", p.Hidden)
	}
}

// profileAllows renders p and returns whether one of its allow rules with
// op matches a path.
func profileAllows(t *testing.T, p seatbeltPolicy) func(op, path string) bool {
	t.Helper()
	forms, err := parseSBPL(must(p.profile()))
	if err != nil {
		t.Fatal(err)
	}
	return func(op, path string) bool {
		for _, f := range forms {
			if f.head() == "allow" && slices.Contains(f.ops(), op) && f.allowsPath(path) {
				return true
			}
		}
		return false
	}
}

func must(profile string, err error) string {
	if err != nil {
		panic(err)
	}
	return profile
}

// TestSeatbeltHidesTheAgentsStateButTheCommandsOwn: as on Linux, the
// agent's state directory is hidden but for the project's cache (writable)
// and the session's saved output (read-only).
func TestSeatbeltHidesTheAgentsStateButTheCommandsOwn(t *testing.T) {
	t.Parallel()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, home := filepath.Join(base, "proj"), filepath.Join(base, "home")
	state := filepath.Join(home, ".local", "state", "agent")
	cache, output := filepath.Join(state, "cache", "proj-1"), filepath.Join(state, "output", "this-session")
	for _, d := range []string{root, cache, output} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := seatbeltPolicyFor(helperSpec{Root: root, CacheDir: cache, Hide: []string{state}, Visible: []string{output}},
		GitReadOnly, walkGitDirs(root), []string{home})
	allowed := profileAllows(t, p)
	for _, c := range []struct {
		op, path string
		want     bool
	}{
		{"file-read*", filepath.Join(output, "shell-1.log"), true},
		{"file-write*", filepath.Join(output, "shell-1.log"), false},
		{"file-read*", filepath.Join(cache, "go-build", "x"), true},
		{"file-write*", filepath.Join(cache, "go-build", "x"), true},
		{"file-read*", filepath.Join(state, "output", "other-session", "shell-1.log"), false},
		{"file-read*", filepath.Join(state, "output", "this-session-2", "x"), false},
		{"file-read*", filepath.Join(state, "cache", "other-proj-2", "x"), false},
		{"file-read*", filepath.Join(state, "sessions", "x.jsonl"), false},
		{"file-read*", state, false},
		{"file-write*", filepath.Join(state, "planted"), false},
		{"file-read*", filepath.Join(home, ".ssh", "id_ed25519"), false},
	} {
		if got := allowed(c.op, c.path); got != c.want {
			t.Errorf("%s %s: allowed %v, want %v", c.op, c.path, got, c.want)
		}
	}
	checkProfile(t, p, must(p.profile()))
}

// TestSeatbeltCommand checks the command the macOS sandbox builds in each
// mode, with and without sandbox-exec: confined commands run as
// sandbox-exec -p <profile> -- argv with the options' network; without
// sandbox-exec, auto runs them unconfined and says so, required refuses.
func TestSeatbeltCommand(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	ctx := context.Background()
	argv := []string{"go", "test", "./..."}
	available := Report{Seatbelt: true}
	missing := Report{SeatbeltReason: "/usr/bin/sandbox-exec is missing"}

	s := newSeatbelt(Config{}, available, []string{home})
	if st := s.Status(); !st.Confined || !strings.Contains(st.Summary, "seatbelt") || !strings.Contains(st.Summary, "no network unless allowed") {
		t.Errorf("status = %+v", st)
	}
	for _, network := range []bool{false, true} {
		cmd, err := s.Command(ctx, Options{Root: root, Network: network}, argv)
		if err != nil {
			t.Fatal(err)
		}
		if cmd.Path != SeatbeltExec || len(cmd.Args) != 4+len(argv) || cmd.Args[1] != "-p" || cmd.Args[3] != "--" || !slices.Equal(cmd.Args[4:], argv) {
			t.Fatalf("args = %q", cmd.Args)
		}
		if cmd.SysProcAttr == nil {
			t.Error("SysProcAttr is nil")
		}
		profile := cmd.Args[2]
		if got := strings.Contains(profile, "(allow network* system-socket)"); got != network {
			t.Errorf("network %v: profile opens the network: %v\n%s", network, got, profile)
		}
		checkProfile(t, seatbeltPolicyFor(helperSpec{Root: root, Network: network}, GitReadOnly, walkGitDirs(root), []string{home}), profile)
	}
	// With a cache directory, env points the toolchains into it.
	cache := t.TempDir()
	cmd, err := s.Command(ctx, Options{Root: root, CacheDir: cache}, argv)
	if err != nil {
		t.Fatal(err)
	}
	realCache, _ := filepath.EvalSymlinks(cache)
	i := slices.Index(cmd.Args, envProgram)
	if i != 4 || cmd.Args[i+1] != "--" || !slices.Contains(cmd.Args, "GOCACHE="+filepath.Join(realCache, "go-build")) || !slices.Equal(cmd.Args[len(cmd.Args)-len(argv):], argv) {
		t.Errorf("with a cache dir: args = %q", cmd.Args)
	}
	exe, _ := os.Executable()
	realRoot, _ := filepath.EvalSymlinks(root)
	if want := goCacheProgEnv(exe, realRoot, realCache, personGoCache(os.Getenv)); !slices.Contains(cmd.Args, want) {
		t.Errorf("with a cache dir: args = %q, want %q (go reads the person's build cache through the agent)", cmd.Args, want)
	}
	for _, a := range cmd.Args[i+2 : len(cmd.Args)-len(argv)] {
		if !strings.Contains(a, "=") {
			t.Errorf("env operand %q before the command is not an assignment", a)
		}
	}
	if _, err := s.Command(ctx, Options{Root: "relative"}, argv); !errors.Is(err, ErrInvalidOptions) {
		t.Errorf("relative root: err = %v", err)
	}
	if _, err := s.Command(ctx, Options{Root: root}, nil); !errors.Is(err, ErrInvalidOptions) {
		t.Errorf("no argv: err = %v", err)
	}
	cmd, err = newSeatbelt(Config{Network: true}, available, nil).Command(ctx, Options{Root: root}, argv)
	if err != nil || !strings.Contains(cmd.Args[2], "(allow network* system-socket)") {
		t.Errorf("network = true in config: err %v, profile lacks the network", err)
	}

	auto := newSeatbelt(Config{}, missing, nil)
	if st := auto.Status(); st.Confined || !strings.Contains(st.Summary, "needs approval") || !strings.Contains(st.Summary, "missing") {
		t.Errorf("auto without sandbox-exec: status = %+v", st)
	}
	cmd, err = auto.Command(ctx, Options{Root: root}, argv)
	if err != nil || filepath.Base(cmd.Args[0]) != "go" {
		t.Errorf("auto without sandbox-exec: %v, %v; want the command unconfined", cmd, err)
	}
	required := newSeatbelt(Config{Mode: ModeRequired}, missing, nil)
	if _, err := required.Command(ctx, Options{Root: root}, argv); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "missing") {
		t.Errorf("required without sandbox-exec: err = %v", err)
	}
	off := newSeatbelt(Config{Mode: ModeOff}, available, nil)
	if cmd, err := off.Command(ctx, Options{Root: root}, argv); err != nil || filepath.Base(cmd.Args[0]) != "go" || off.Status().Confined {
		t.Errorf("off: %v, %v, %+v", cmd, err, off.Status())
	}
}

// FuzzSeatbeltProfile feeds hostile paths (a repository's name, a HOME)
// into the profile: either they are refused, or the profile parses, reads
// every path back exactly and keeps hidden and read-only paths out of the
// allow rules.
func FuzzSeatbeltProfile(f *testing.F) {
	for _, s := range []string{"/a b", `/x") (allow default) ("`, `/a\`, `/"`, "/a\n(allow default)", "/;comment", "/#\"re\"", "/(", "/é"} {
		f.Add(s, "/home/u", true)
	}
	f.Fuzz(func(t *testing.T, root, home string, network bool) {
		// The agent's state is hidden but for a cache and a saved output.
		state := home + "/state"
		p := seatbeltPolicy{
			Writable:   []string{root, "/tmp/t", state + "/cache/p"},
			ReadOnly:   []string{root + "/.git"},
			Hidden:     []string{home + "/.ssh", state},
			Visible:    []string{state + "/output/s"},
			SocketDirs: []string{root},
			Network:    network,
		}
		profile, err := p.profile()
		if err != nil {
			if !errors.Is(err, ErrInvalidOptions) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		checkProfile(t, p, profile)
		forms, err := parseSBPL(profile)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range forms {
			if f.head() != "allow" {
				continue
			}
			for _, other := range []string{state + "/output/s2/x", state + "/cache/p2", state + "/sessions/x"} {
				if f.allowsPath(other) && !within(other, root) && !strings.HasPrefix(other, "/tmp/t/") {
					t.Fatalf("rule %s allows %q, beside the holes of the hidden state", f, other)
				}
			}
			if slices.Contains(f.ops(), "file-write*") && f.allowsPath(state+"/output/s/x") && !within(state+"/output/s/x", root) && !strings.HasPrefix(state, "/tmp/t/") {
				t.Fatalf("rule %s lets the saved output be written", f)
			}
		}
	})
}

// TestSeatbeltGitToolWithoutARepository: a profile names paths that need
// not exist, so the git tool in a root without .git cannot make one, and
// in a repository that lacks hooks/ or config cannot create them.
func TestSeatbeltGitToolWithoutARepository(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	p := seatbeltPolicyFor(helperSpec{Root: root}, GitObjectsAndRefs, walkGitDirs(root), nil)
	if !slices.Contains(p.ReadOnly, filepath.Join(root, ".git")) {
		t.Errorf("git tool in a root without .git: read-only = %v, want .git", p.ReadOnly)
	}
	if err := os.WriteFile(filepath.Join(root, ".git"), []byte("gitdir: real.git\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "real.git"), 0o755); err != nil {
		t.Fatal(err)
	}
	p = seatbeltPolicyFor(helperSpec{Root: root}, GitObjectsAndRefs, walkGitDirs(root), nil)
	for _, e := range []string{"config", "hooks", "info", "commondir", "objects/info/alternates"} {
		if !slices.Contains(p.ReadOnly, filepath.Join(root, "real.git", e)) {
			t.Errorf("git tool: read-only = %v, want the missing %s", p.ReadOnly, e)
		}
	}
}
