package sandbox

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/tools/sandbox/gocache"
	"github.com/agentcli/agent/tools/sandbox/gocache/gocachetest"
)

// goEnvFor is the environment of the person's go and of the commands:
// the same but for what the sandbox sets, so that action IDs match.
func goEnvFor(home, gocache string, extra ...string) []string {
	return gocachetest.Env(home, gocache, append([]string{quickRaceExit}, extra...)...)
}

// primeGoCache builds (and vets, and tests) the module in root outside
// the sandbox with GOCACHE=gocache, as the person's own go would.
func primeGoCache(t testing.TB, root, home, gocache string, commands ...string) {
	t.Helper()
	for _, c := range commands {
		cmd := exec.Command("sh", "-c", c)
		cmd.Dir = root
		cmd.Env = goEnvFor(home, gocache, "GOPATH="+filepath.Join(home, "go"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("priming the person's cache: %s: %v\n%s", c, err, out)
		}
	}
}

// TestConfinedGoReadsThePersonsBuildCache: a confined go build, with the
// person's build cache primed from outside, compiles nothing (it reads
// the person's entries through GOCACHEPROG), writes nothing there (no
// file made, changed or touched), and a hostile command, or the cache
// program started by hand with the person's cache as its private one,
// cannot write it either: the sandbox holds the cache read-only, not the
// program's good behaviour. Both ways of running a command, a helper of
// its own and a session's.
func TestConfinedGoReadsThePersonsBuildCache(t *testing.T) {
	t.Parallel()
	gocachetest.NeedGo(t)
	sb := confinedSandbox(t, Config{})
	home := t.TempDir()
	person := filepath.Join(t.TempDir(), "go-build")
	root := t.TempDir()
	gocachetest.WriteModule(t, root)
	primeGoCache(t, root, home, person, "go build ./...")
	before := gocachetest.TreeState(t, person)

	// A put the go command would send, of a body whose ID is right.
	body := []byte("planted")
	sum := sha256.Sum256(body)
	put := fmt.Sprintf("{\"ID\":1,\"Command\":\"put\",\"ActionID\":%q,\"OutputID\":%q,\"BodySize\":%d}\n\n%q\n{\"ID\":2,\"Command\":\"close\"}\n",
		base64.StdEncoding.EncodeToString(sum[:]), base64.StdEncoding.EncodeToString(sum[:]), len(body), base64.StdEncoding.EncodeToString(body))
	if err := os.WriteFile(filepath.Join(root, "put.txt"), []byte(put), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, way := range []string{"own helper", "session"} {
		t.Run(way, func(t *testing.T) {
			opts := Options{Root: root, TempDir: t.TempDir(), CacheDir: t.TempDir(), Git: GitReadOnly}
			env := goEnvFor(home, person, "PERSON="+person, "EXE="+testExe(t))
			runIt := func(script string) outcome {
				if way == "session" {
					return runInSession(t, sb, opts, env, "sh", "-c", script)
				}
				cmd, err := sb.Command(t.Context(), opts, []string{"sh", "-c", script})
				if err != nil {
					t.Fatal(err)
				}
				var stdout, stderr bytes.Buffer
				cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = root, env, &stdout, &stderr
				_ = cmd.Run()
				ws, _ := cmd.WaitStatus()
				return outcome{code: ws.ExitStatus(), stdout: stdout.String(), stderr: stderr.String()}
			}

			got := runIt(`echo "$GOCACHEPROG" && go build -x ./... 2>&1 && go env GOCACHE`)
			if got.code != 0 {
				t.Fatalf("confined go build: exit %d\n%s%s", got.code, got.stdout, got.stderr)
			}
			if !strings.Contains(got.stdout, gocache.Arg) {
				t.Errorf("GOCACHEPROG of a confined command is not the agent's cache program:\n%.300s", got.stdout)
			}
			if pkgs := gocachetest.Compiled(got.stdout); len(pkgs) != 0 {
				t.Errorf("with the person's cache primed, the confined go build compiled %q", pkgs)
			}
			if !strings.Contains(got.stdout, opts.CacheDir) {
				t.Errorf("go env GOCACHE is not the private cache:\n%s", got.stdout)
			}

			// Each in a subshell: a failed redirection of a special
			// builtin ends sh.
			hostile := `for d in "$PERSON" "$PERSON"/00; do (: > "$d/planted") && echo wrote "$d/planted"; done
(touch "$PERSON"/README) && echo touched README
(echo 0 >> "$PERSON"/trim.txt) && echo appended trim.txt
for f in "$PERSON"/*/*-a; do rm -f "$f"; [ ! -e "$f" ] && echo removed "$f"; break; done
"$EXE" ` + gocache.Arg + ` /nonexistent "$PERSON" < put.txt`
			got = runIt(hostile)
			if strings.Contains(got.stdout, "wrote") || strings.Contains(got.stdout, "touched") ||
				strings.Contains(got.stdout, "appended") || strings.Contains(got.stdout, "removed") {
				t.Errorf("a confined command wrote the person's cache:\n%s", got.stdout)
			}
			if !strings.Contains(got.stdout, `"ID":1,"Err":`) {
				t.Errorf("the cache program, started with the person's cache as its private one, stored a put: %s%s", got.stdout, got.stderr)
			}
			gocachetest.CheckUnchanged(t, person, before)
		})
	}
}

// TestConfinedGoFindsACacheSetInAHiddenGoEnvFile: a person's GOCACHE set
// with `go env -w` lives in Go's environment file, under ~/.config; with
// that directory hidden ([sandbox] hide), the command still reads the
// person's cache through the cache program: the cache is found once,
// before the mounts hide the file, not again after them (which found
// none, and left the command with its private cache alone). Both ways of
// running a command.
func TestConfinedGoFindsACacheSetInAHiddenGoEnvFile(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	config := filepath.Join(home, ".config")
	person := filepath.Join(t.TempDir(), "go-build")
	for _, dir := range []string{filepath.Join(config, "go"), person} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(config, "go", "env"), []byte("GOCACHE="+person+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sb := confinedSandbox(t, Config{Hide: []string{config}})
	root := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, quickRaceExit}
	script := `echo "GOCACHEPROG=$GOCACHEPROG"; if [ -e "$HOME/.config/go/env" ]; then echo "env file visible"; fi`
	for _, way := range []string{"own helper", "session"} {
		t.Run(way, func(t *testing.T) {
			opts := Options{Root: root, TempDir: t.TempDir(), CacheDir: t.TempDir(), Git: GitReadOnly}
			var got outcome
			if way == "session" {
				got = runInSession(t, sb, opts, env, "sh", "-c", script)
			} else {
				got = run(t, sb, opts, env, "sh", "-c", script)
			}
			want, _ := gocache.Command(testExe(t), person, filepath.Join(opts.CacheDir, "go-build"))
			if got.code != 0 || !strings.Contains(got.stdout, "GOCACHEPROG="+want+"\n") {
				t.Errorf("with Go's environment file hidden, the command's GOCACHEPROG is not the cache program over %s (exit %d):\n%s%s", person, got.code, got.stdout, got.stderr)
			}
			if strings.Contains(got.stdout, "env file visible") {
				t.Errorf("the hidden Go environment file is visible to the command:\n%s", got.stdout)
			}
		})
	}
}

// TestGoCacheProgEnv: when a command gets the cache program, and when
// the private cache alone (GOCACHEPROG empty, which also keeps a
// person's own program from running confined).
func TestGoCacheProgEnv(t *testing.T) {
	t.Parallel()
	exe := testExe(t)
	root, caches, person := t.TempDir(), t.TempDir(), t.TempDir()
	inRoot := filepath.Join(root, ".cache", "go-build")
	if err := os.MkdirAll(inRoot, 0o755); err != nil {
		t.Fatal(err)
	}
	notExe := filepath.Join(t.TempDir(), "agent")
	if err := os.WriteFile(notExe, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		exe     string
		env     map[string]string
		wantOn  bool
		wantArg string
	}{
		{"the person's cache", exe, map[string]string{"GOCACHE": person}, true, person},
		{"the person's own GOCACHEPROG", exe, map[string]string{"GOCACHE": person, "GOCACHEPROG": "/usr/bin/remote-cache"}, true, person},
		{"no person's cache", exe, map[string]string{"GOCACHE": filepath.Join(person, "missing")}, false, ""},
		{"GOCACHE=off", exe, map[string]string{"GOCACHE": "off"}, false, ""},
		{"a cache in the root", exe, map[string]string{"GOCACHE": inRoot}, false, ""},
		{"a cache holding the private caches", exe, map[string]string{"GOCACHE": filepath.Dir(caches)}, false, ""},
		{"no agent binary", filepath.Join(t.TempDir(), "gone"), map[string]string{"GOCACHE": person}, false, ""},
		{"an agent binary that cannot run", notExe, map[string]string{"GOCACHE": person}, false, ""},
	} {
		got := goCacheProgEnv(tt.exe, root, caches, personGoCache(func(k string) string { return tt.env[k] }))
		name, value, _ := strings.Cut(got, "=")
		if name != "GOCACHEPROG" {
			t.Fatalf("%s: goCacheProgEnv = %q, want GOCACHEPROG=...", tt.name, got)
		}
		if on := value != ""; on != tt.wantOn {
			t.Errorf("%s: GOCACHEPROG=%q, want the cache program: %v", tt.name, value, tt.wantOn)
			continue
		}
		if tt.wantOn {
			want, _ := gocache.Command(tt.exe, tt.wantArg, filepath.Join(caches, "go-build"))
			if value != want {
				t.Errorf("%s: GOCACHEPROG=%q, want %q", tt.name, value, want)
			}
		}
	}
}

// BenchmarkFirstConfinedGoTest measures the first confined `go test ./...`
// of a small project (a fresh private cache each time) whose person has
// built and tested it before: with the private cache alone (the person's
// GOCACHE missing, so no cache program: how every confined go ran before)
// and reading the person's cache through the cache program. Each reports
// its median as median-ms; give `uptime` with the figures.
//
//	go test -run '^$' -bench BenchmarkFirstConfinedGoTest -benchtime 3x ./tools/sandbox/
func BenchmarkFirstConfinedGoTest(b *testing.B) {
	gocachetest.NeedGo(b)
	sb := New(DefaultConfig(), testExe(b))
	if !sb.Status().Confined {
		b.Skipf("this kernel cannot confine commands: %s", sb.Status().Summary)
	}
	home, root := b.TempDir(), b.TempDir()
	person := filepath.Join(b.TempDir(), "go-build")
	gocachetest.WriteModule(b, root)
	primeGoCache(b, root, home, person, "go build ./...", "go test ./...")
	for _, bm := range []struct{ name, gocache string }{
		{"private cache alone", filepath.Join(home, "no-such-cache")},
		{"reading the person's cache", person},
	} {
		b.Run(bm.name, func(b *testing.B) {
			env := goEnvFor(home, bm.gocache)
			measure(b, func() (*exec.Cmd, error) {
				opts := Options{Root: root, TempDir: b.TempDir(), CacheDir: b.TempDir()}
				c, err := sb.Command(b.Context(), opts, []string{"go", "test", "./..."})
				if err != nil {
					return nil, err
				}
				c.Dir, c.Env = root, env
				return c.Cmd, nil
			})
		})
	}
}
