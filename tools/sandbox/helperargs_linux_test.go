package sandbox

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A root whose name is not UTF-8 (Linux names are any bytes but NUL and
// '/') reaches the helper byte for byte, in the policy of a helper per
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

// maxPolicyBytes is what one argument holds: a policy that long reaches
// the helper (which refuses it, having a field it does not know), and
// one a byte longer is refused by exec itself.
func TestHelperPolicyLimitIsTheKernels(t *testing.T) {
	t.Parallel()
	head := `{"version":1,"root":"/p","padding":"`
	policy := head + strings.Repeat("x", maxPolicyBytes-len(head)-2) + `"}`
	if len(policy) != maxPolicyBytes {
		t.Fatalf("policy of %d bytes, want %d", len(policy), maxPolicyBytes)
	}
	cmd := exec.Command(testExe(t), HelperArg, policy, "true")
	cmd.Env = []string{quickRaceExit}
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != ExitSetup || !strings.Contains(string(out), `unknown field "padding"`) {
		t.Errorf("helper with a policy of %d bytes: %v, %q; want it to read the policy and refuse the padding", len(policy), err, out)
	}
	cmd = exec.Command(testExe(t), HelperArg, policy+" ", "true")
	if err := cmd.Run(); !errors.Is(err, syscall.E2BIG) {
		t.Errorf("helper with a policy of %d bytes: %v, want %v", len(policy)+1, err, syscall.E2BIG)
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

// A [sandbox] hide list too long for the helper's argument is Command's
// error, which names the hidden paths; no helper starts, and the root
// keeps no placeholder .git.
func TestCommandRefusesAPolicyTooLarge(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	for i := range maxHide {
		cfg.Hide = append(cfg.Hide, "/"+strings.Repeat("h", 600)+"/"+strconv.Itoa(i))
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	sb := newSandbox(cfg, testExe(t), fullReport)
	cmd, err := sb.Command(t.Context(), Options{Root: root}, []string{"true"})
	if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "256 hidden") || cmd != nil {
		t.Fatalf("Command() = %v, %v; want %v naming the 256 hidden paths", cmd, err, ErrInvalidOptions)
	}
	if _, err := os.Lstat(filepath.Join(root, ".git")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the root kept a .git after the refusal: %v", err)
	}
}

// A session request survives JSON byte for byte, and the caller's hold
// is left as it was; a request exact never makes is refused.
func TestSessionRequestExact(t *testing.T) {
	t.Parallel()
	hold := &holdSpec{MaxBytes: 1 << 20, Hide: []string{"/p\xff/key.pem", "/p\xff/.env"}}
	req := sessionRequest{Argv: []string{"bash", "-c", "printf '\xfe'"}, Env: []string{"PATH=/bin", "ODD=\xff"}, Dir: "/p\xff", Hold: hold}
	b, err := json.Marshal(req.exact())
	if err != nil {
		t.Fatal(err)
	}
	if hold.Hide[0] != "/p\xff/key.pem" {
		t.Errorf("exact changed the caller's hold to %q", hold.Hide)
	}
	var got sessionRequest
	if err := json.Unmarshal(b, &got); err != nil || !got.fromExact() || !reflect.DeepEqual(got, req) {
		t.Errorf("the request came back as %+v (%v), want %+v", got, err, req)
	}
	for _, bad := range []string{
		`{"Argv":["\u0000Kg=="],"Env":[],"Dir":"/p"}`,
		`{"Argv":["true"],"Env":["\u0000*"],"Dir":"/p"}`,
		`{"Argv":["true"],"Env":[],"Dir":"\u0000L3A="}`,
		`{"Argv":["true"],"Env":[],"Dir":"/p","Hold":{"MaxBytes":1,"Hide":["\u0000L3AvLmVudg=="]}}`,
	} {
		var r sessionRequest
		if err := json.Unmarshal([]byte(bad), &r); err != nil {
			t.Fatal(err)
		}
		if r.fromExact() {
			t.Errorf("fromExact accepted %s as %+v", bad, r)
		}
	}
}
