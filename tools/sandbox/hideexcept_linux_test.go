package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestSplitHidden(t *testing.T) {
	t.Parallel()
	holes := []keptPath{
		{"/home/u/proj", false}, {"", false}, {"/s/agent/cache/p", false},
		{"/s/agent/output/1", true}, {"/s/agent/cache/p/sub", true},
	}
	whole, except := splitHidden([]string{
		"/home/u/.ssh", "/s/agent", "/s", "/home/u/proj", "/home/u/proj/.env", "/s/agent/output/1x",
	}, holes)
	if want := []string{"/home/u/.ssh", "/home/u/proj/.env", "/s/agent/output/1x"}; !reflect.DeepEqual(whole, want) {
		t.Errorf("hidden whole = %q, want %q (the root itself is never hidden; what is in it or beside a hole is)", whole, want)
	}
	want := []hiddenExcept{
		{"/s", []keptPath{{"/s/agent/cache/p", false}, {"/s/agent/output/1", true}}},
		{"/s/agent", []keptPath{{"/s/agent/cache/p", false}, {"/s/agent/output/1", true}}},
	}
	if !reflect.DeepEqual(except, want) {
		t.Errorf("hidden but for their holes = %+v, want %+v (outer first, a hole in another hole left to it)", except, want)
	}
}

// stateFixture is the agent's state directory as the agent leaves it:
// other sessions' records and saved output, other projects' caches and
// isolated copies, this session's saved output and this project's cache.
type stateFixture struct {
	dir, output, cache string
}

const stateCanary = "CANARY-state-5e21"

func newStateFixture(t *testing.T, dir string) stateFixture {
	t.Helper()
	s := stateFixture{dir: dir, output: filepath.Join(dir, "output", "this-session"), cache: filepath.Join(dir, "cache", "proj-1")}
	for _, p := range []string{
		"sessions/other-session.jsonl", "output/other-session/shell-1.log", "cache/other-proj-2/go-build/x",
		"checkpoints/other-proj-2/HEAD", "worktrees/other-proj-2/secret.txt", "history", "something-added-later/x",
	} {
		writeFile(t, filepath.Join(dir, p), stateCanary+" "+p+"\n")
	}
	writeFile(t, filepath.Join(s.output, "shell-2.log"), "this session's output\n")
	if err := os.MkdirAll(s.cache, 0o755); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestTheAgentsStateIsHiddenButTheCommandsOwn: with the state directory
// hidden and the session's saved output visible, a command reads its own
// saved output (never writes it), writes its project's cache, and sees
// nothing else of the state directory, wherever that lives: in the home
// directory (visible to commands) or in the shared temp directory (which
// commands do not see, so what they need is put back).
func TestTheAgentsStateIsHiddenButTheCommandsOwn(t *testing.T) {
	t.Parallel()
	for name, where := range map[string]func(f fixture) string{
		"in the home directory":          func(f fixture) string { return filepath.Join(f.home, ".local", "state", "agent") },
		"in the shared temp directory":   func(fixture) string { return filepath.Join(t.TempDir(), "agent") },
		"through a symbolic link's name": func(f fixture) string { return filepath.Join(f.home, "linked", "agent") },
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			dir := where(f)
			hidden := dir
			if strings.Contains(name, "symbolic") {
				real := filepath.Join(t.TempDir(), "real")
				if err := os.MkdirAll(real, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(real, filepath.Dir(dir)); err != nil {
					t.Fatal(err)
				}
			}
			st := newStateFixture(t, dir)
			cfg := DefaultConfig()
			cfg.Hide = []string{hidden}
			cfg.Visible = []string{st.output}
			sb := isolatedSandbox(t, cfg)
			opts := f.opts()
			opts.CacheDir = st.cache
			env := f.env("STATE="+dir, "OUTPUT="+st.output, "CACHE="+st.cache)
			for _, script := range []string{
				`grep -r . "$STATE" "$HOME" 2>/dev/null`,
				`cat "$STATE"/output/other-session/* "$STATE"/sessions/* "$STATE"/history`,
				`cd "$STATE/output" && cat ../cache/*/go-build/x`,
				`grep -rs CANARY /tmp /var/tmp /dev/shm "$HOME" "$STATE" | head -5`,
			} {
				if got := run(t, sb, opts, env, "bash", "-c", script); strings.Contains(got.stdout+got.stderr, stateCanary) {
					t.Errorf("%s: the state of other sessions and projects came out: %q", script, got.stdout)
				}
			}
			got := run(t, sb, opts, env, "bash", "-c", `cat "$OUTPUT/shell-2.log" && echo built > "$CACHE/made" && ls -A "$STATE" "$STATE/output"`)
			if got.code != 0 || !strings.Contains(got.stdout, "this session's output") {
				t.Fatalf("reading the session's own saved output and writing the cache: exit %d, %q, %s", got.code, got.stdout, got.stderr)
			}
			if data, _ := os.ReadFile(filepath.Join(st.cache, "made")); string(data) != "built\n" {
				t.Errorf("the project's cache on disk holds %q, want the command's write", data)
			}
			if listed := strings.Fields(got.stdout); !reflect.DeepEqual(listed[len(listed)-4:], []string{"cache", "output", filepath.Join(dir, "output") + ":", "this-session"}) {
				t.Errorf("the command lists the state directory as %q, want only cache, output and this session's directory in it", got.stdout)
			}
			for _, script := range []string{
				`echo x > "$OUTPUT/new.log"`, `rm "$OUTPUT/shell-2.log"`, `echo x > "$STATE/planted"`,
				`mkdir "$STATE/output/other-session"`,
			} {
				if got := run(t, sb, opts, env, "bash", "-c", script); got.code == 0 {
					t.Errorf("%s: exit 0, want it refused", script)
				}
			}
			if _, err := os.Stat(filepath.Join(st.output, "shell-2.log")); err != nil {
				t.Errorf("the saved output after the commands: %v", err)
			}
		})
	}
}

// TestARootInTheHiddenStateStaysWritable: an isolated copy lives in the
// agent's hidden state directory: the command works in it, its .git stays
// read-only, and the other copies beside it stay hidden.
func TestARootInTheHiddenStateStaysWritable(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	dir := filepath.Join(f.home, ".local", "state", "agent")
	newStateFixture(t, dir)
	root := filepath.Join(dir, "worktrees", "proj-1-claude")
	makeGitDir(t, filepath.Join(root, ".git"))
	cfg := DefaultConfig()
	cfg.Hide = []string{dir}
	sb := isolatedSandbox(t, cfg)
	opts := f.opts()
	opts.Root = root
	env := f.env("ROOT="+root, "STATE="+dir)
	got := run(t, sb, opts, env, "bash", "-c", `echo work > "$ROOT/file" && cat "$ROOT/file" && ls -A "$STATE/worktrees"`)
	if got.code != 0 || strings.Fields(got.stdout)[1] != "proj-1-claude" || len(strings.Fields(got.stdout)) != 2 {
		t.Errorf("working in a root inside the hidden state: exit %d, %q, %s; want the write and only this copy listed", got.code, got.stdout, got.stderr)
	}
	if got := run(t, sb, opts, env, "bash", "-c", `echo x >> "$ROOT/.git/config"`); got.code == 0 {
		t.Errorf("writing the .git of a root inside the hidden state: exit 0, want it refused")
	}
	if got := run(t, sb, opts, env, "bash", "-c", `cat "$STATE"/worktrees/other-proj-2/secret.txt`); strings.Contains(got.stdout, stateCanary) {
		t.Errorf("another isolated copy came out: %q", got.stdout)
	}
}

// TestTheHelperTakesTheAccountsHomeFromTheAgent: the helper hides the
// credential stores of the command's HOME and of the account's home that
// the agent looked up and passed (it reads no user database itself), and
// with HOME unset still those of the account's home.
func TestTheHelperTakesTheAccountsHomeFromTheAgent(t *testing.T) {
	t.Parallel()
	spec := helperSpec{Root: "/work/p", AccountHome: "/home/acct", MountNS: true, Argv: []string{"true"}}
	for _, tt := range []struct {
		home      string
		want, not []string
	}{
		{"", []string{"/home/acct/.ssh"}, []string{"/.ssh"}},
		{"/home/other", []string{"/home/acct/.ssh", "/home/other/.ssh"}, nil},
		{"relative", []string{"/home/acct/.ssh"}, []string{"relative/.ssh"}},
	} {
		env := map[string]string{"HOME": tt.home}
		getenv := func(k string) string { return env[k] }
		p := planMounts(spec, getenv, "/usr/bin/true", personGoCache(getenv))
		for _, w := range tt.want {
			if !slices.Contains(p.hide, w) {
				t.Errorf("HOME=%q: hidden %q, want %s in it", tt.home, p.hide, w)
			}
		}
		for _, n := range tt.not {
			if slices.Contains(p.hide, n) {
				t.Errorf("HOME=%q: hidden %q, want no %s", tt.home, p.hide, n)
			}
		}
	}
	// The agent passes what it looked up, once.
	sb := newSandbox(Config{}, testExe(t), Report{LandlockABI: 1, UserNamespaces: true, NetworkNamespace: true, MountNamespace: true, PIDNamespace: true})
	cmd, err := sb.Command(t.Context(), Options{Root: t.TempDir()}, []string{"true"})
	if err != nil {
		t.Fatal(err)
	}
	passed, err := decodeHelperArgs(cmd.Args[2:])
	if err != nil {
		t.Fatalf("decodeHelperArgs(%q) = %v", cmd.Args[2:], err)
	}
	if h := accountHome(); h != "" && passed.AccountHome != h {
		t.Errorf("helper arguments %q pass the account home %q, want %q", cmd.Args, passed.AccountHome, h)
	}
}

// FuzzSplitHidden: whatever the hidden paths and holes, no hole ends up
// under a path hidden whole, every hidden path is hidden whole, hidden
// but for holes inside it, or is a hole itself, and the holes put back
// are inside their hidden path and not inside one another.
func FuzzSplitHidden(f *testing.F) {
	f.Add("/s/agent\n/home/u/.ssh\n/s", "/s/agent/cache/p\n/home/u/p\n/s/agent/output/1", uint8(4))
	f.Add("/a\n/a/b\n/a/b/c", "/a/b\n/a/b/c/d\n/a/bb", uint8(1))
	f.Add("/r/x\n/r", "/r\n/r/x/y\n/", uint8(0))
	f.Fuzz(func(t *testing.T, hiddenList, holeList string, readOnly uint8) {
		var holes []keptPath
		for i, h := range strings.Split(holeList, "\n") {
			if h != "" {
				holes = append(holes, keptPath{filepath.Clean(h), readOnly&(1<<(i%8)) != 0})
			}
		}
		var hidden []string
		for _, h := range strings.Split(hiddenList, "\n") {
			if h != "" {
				hidden = append(hidden, filepath.Clean(h))
			}
		}
		whole, except := splitHidden(hidden, holes)
		for _, w := range whole {
			for _, k := range holes {
				if k.path == w || within(k.path, w) {
					t.Fatalf("hole %s is under %s, hidden whole", k.path, w)
				}
			}
		}
		for _, e := range except {
			if len(e.holes) == 0 {
				t.Fatalf("%s is hidden but for no hole", e.path)
			}
			for _, k := range e.holes {
				if !within(k.path, e.path) {
					t.Fatalf("hole %s of %s is not inside it", k.path, e.path)
				}
				for _, o := range e.holes {
					if within(k.path, o.path) {
						t.Fatalf("hole %s of %s is inside the hole %s", k.path, e.path, o.path)
					}
				}
			}
			// Every hole inside the hidden path is put back, or comes
			// with one that is.
			for _, k := range holes {
				if within(k.path, e.path) && !slices.ContainsFunc(e.holes, func(o keptPath) bool { return o.path == k.path || within(k.path, o.path) }) {
					t.Fatalf("hole %s inside %s is not put back", k.path, e.path)
				}
			}
		}
		for _, h := range hidden {
			isHole := slices.ContainsFunc(holes, func(k keptPath) bool { return k.path == h })
			listed := slices.Contains(whole, h) || slices.ContainsFunc(except, func(e hiddenExcept) bool { return e.path == h })
			if isHole == listed {
				t.Fatalf("hidden path %s: a hole %v, listed %v; want exactly one", h, isHole, listed)
			}
		}
	})
}

// BenchmarkHiddenState measures what hiding the agent's state directory
// but for the project's cache and the session's saved output adds to a
// command run with a helper of its own (a tmpfs, two binds and a remount):
// the same command with and without it, as BenchmarkTrue measures.
//
//	go test -run '^$' -bench BenchmarkHiddenState -benchtime 200x ./tools/sandbox/
func BenchmarkHiddenState(b *testing.B) {
	bashPath, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash")
	}
	root, tmp, home := b.TempDir(), b.TempDir(), b.TempDir()
	state := filepath.Join(home, ".local", "state", "agent")
	cache, output := filepath.Join(state, "cache", "p"), filepath.Join(state, "output", "s")
	for _, d := range []string{cache, output, filepath.Join(state, "sessions")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			b.Fatal(err)
		}
	}
	for name, cfg := range map[string]Config{
		"state visible": DefaultConfig(),
		"state hidden":  {Hide: []string{state}, Visible: []string{output}},
	} {
		sb := New(cfg, testExe(b))
		if !sb.Status().Confined {
			b.Skipf("this kernel cannot confine commands: %s", sb.Status().Summary)
		}
		b.Run(name, func(b *testing.B) {
			measure(b, func() (*exec.Cmd, error) {
				c, err := sb.Command(b.Context(), Options{Root: root, TempDir: tmp, CacheDir: cache}, []string{bashPath, "-c", "true"})
				if err != nil {
					return nil, err
				}
				c.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}
				return c.Cmd, nil
			})
		})
	}
}
