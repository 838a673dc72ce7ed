package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A root whose name is not UTF-8 (Linux names are any bytes but NUL and
// '/') reaches the helper byte for byte, in the arguments of a helper per
// command and of a session's, and in a session's request: the command
// writes in that root, and its .git, a read-only path with the same
// bytes, stays as it was. So do its arguments and environment.
func TestRootNotUTF8(t *testing.T) {
	t.Parallel()
	sb := confinedSandbox(t, DefaultConfig())
	for _, how := range []struct {
		name string
		run  func(*testing.T, Sandbox, Options, []string, ...string) outcome
	}{{"a helper per command", run}, {"a session", runInSession}} {
		t.Run(how.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			f.root = filepath.Join(f.root, "project-\xff\xfe")
			if err := os.MkdirAll(filepath.Join(f.root, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(f.root, ".git", "HEAD"), "ref: refs/heads/main\n")
			o := how.run(t, sb, f.opts(), f.env("ODD=v\xff"), "bash", "-c",
				`echo new > made.txt; echo x > .git/HEAD 2>/dev/null; [ "$(pwd -P)" = "$ROOT" ] && echo "in-root $ODD $1"`, "bash", "a\xfe")
			if o.code != 0 || o.stdout != "in-root v\xff a\xfe\n" {
				t.Fatalf("command in %q: %+v", f.root, o)
			}
			if got := read(t, filepath.Join(f.root, "made.txt")); got != "new\n" {
				t.Errorf("made.txt = %q, want the command's line", got)
			}
			if got := read(t, filepath.Join(f.root, ".git", "HEAD")); got != "ref: refs/heads/main\n" {
				t.Errorf(".git/HEAD = %q, want it untouched", got)
			}
		})
	}
}

// A secret file whose name is not UTF-8 is hidden from a held command all
// the same: the session's request names it byte for byte.
func TestHeldCommandHidesASecretNotUTF8(t *testing.T) {
	f, ss := heldFixture(t)
	secret := filepath.Join(f.root, "key-\xff.pem")
	write(t, secret, "canary-456\n")
	o, _ := runHeld(t, ss, f, Hold{Hide: []string{secret}}, `cat ./key-*.pem; echo end`)
	if strings.Contains(o.stdout+o.stderr, "canary") || !strings.Contains(o.stdout, "end") {
		t.Errorf("a held command read the hidden %q: %+v", secret, o)
	}
	if got := read(t, secret); got != "canary-456\n" {
		t.Errorf("%q = %q after the command", secret, got)
	}
}
