package sandbox

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// seatbeltFixture is a project root with a .git, a private temp directory,
// a home with an ssh key and a directory outside all of them, symlinks
// resolved as Seatbelt sees them.
type seatbeltFixture struct {
	root, tmp, home, outside string
	sb                       *seatbeltSandbox
}

func newSeatbeltFixture(t *testing.T, cfg Config) seatbeltFixture {
	t.Helper()
	rep := Probe()
	if !rep.Seatbelt {
		t.Skipf("seatbelt unavailable: %s", rep.SeatbeltReason)
	}
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := seatbeltFixture{
		root:    filepath.Join(base, "my project"),
		tmp:     filepath.Join(base, "tmp"),
		home:    filepath.Join(base, "home"),
		outside: filepath.Join(base, "outside"),
	}
	for _, d := range []string{filepath.Join(f.root, ".git", "hooks"), f.tmp, filepath.Join(f.home, ".ssh"), f.outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(f.root, ".git", "config"), "[core]\n")
	write(t, filepath.Join(f.home, ".ssh", "id_ed25519"), "PRIVATE KEY CANARY\n")
	f.sb = newSeatbelt(cfg, rep, []string{f.home})
	return f
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// sh runs script confined, in the root, and returns its combined output and
// whether it succeeded.
func (f seatbeltFixture) sh(t *testing.T, network bool, script string) (string, bool) {
	t.Helper()
	cmd, err := f.sb.Command(context.Background(), Options{Root: f.root, TempDir: f.tmp, Network: network}, []string{"/bin/sh", "-c", script})
	if err != nil {
		t.Fatal(err)
	}
	cmd.Dir = f.root
	cmd.Env = []string{"PATH=/usr/bin:/bin:/usr/sbin:/sbin", "HOME=" + f.home, "TMPDIR=" + f.tmp}
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// TestSeatbeltConfines runs real commands under sandbox-exec, each the way
// a hostile command would try it, and checks the effect on disk.
func TestSeatbeltConfines(t *testing.T) {
	t.Parallel()
	f := newSeatbeltFixture(t, Config{})
	if out, ok := f.sh(t, false, `echo ok > file && mkdir -p sub/dir && mv file sub/dir/ && echo tmp > "$TMPDIR/t" && cat sub/dir/file && ls / >/dev/null && echo x > /dev/null`); !ok || !strings.Contains(out, "ok") {
		t.Fatalf("ordinary work in the root failed: %s", out)
	}
	denied := []struct{ name, script, check string }{
		{"write outside the root", `echo x > "` + f.outside + `/planted"`, filepath.Join(f.outside, "planted")},
		{"write .git/config", `echo '[core] fsmonitor = evil' >> .git/config`, ""},
		{"plant a hook", `echo 'exit 0' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`, filepath.Join(f.root, ".git", "hooks", "pre-commit")},
		{"rename .git away", `mv .git old-git`, filepath.Join(f.root, "old-git")},
		{"hard link .git/config into the root and write through it", `ln .git/config cfg && echo evil >> cfg`, filepath.Join(f.root, "cfg")},
		{"read the ssh key", `cat "$HOME/.ssh/id_ed25519"`, ""},
		{"list the ssh directory", `ls "$HOME/.ssh"`, ""},
		{"write the home", `echo x > "$HOME/.profile"`, filepath.Join(f.home, ".profile")},
	}
	for _, d := range denied {
		out, ok := f.sh(t, false, d.script)
		if ok || strings.Contains(out, "CANARY") || strings.Contains(out, "id_ed25519") {
			t.Errorf("%s: succeeded (output %q)", d.name, out)
		}
		if d.check != "" {
			if _, err := os.Lstat(d.check); err == nil {
				t.Errorf("%s: %s exists", d.name, d.check)
			}
		}
	}
	if data, _ := os.ReadFile(filepath.Join(f.root, ".git", "config")); string(data) != "[core]\n" {
		t.Errorf(".git/config changed: %q", data)
	}
}

// TestSeatbeltGitInitDenied checks that a root without .git cannot get
// one from a command: the person's next git would run its config.
func TestSeatbeltGitInitDenied(t *testing.T) {
	t.Parallel()
	f := newSeatbeltFixture(t, Config{})
	if err := os.RemoveAll(filepath.Join(f.root, ".git")); err != nil {
		t.Fatal(err)
	}
	if out, ok := f.sh(t, false, `mkdir .git`); ok {
		t.Errorf("mkdir .git succeeded: %s", out)
	}
}

// TestSeatbeltNetwork checks that a command reaches neither a TCP listener
// nor a unix socket outside the root without the network, reaches a unix
// socket inside the root, and reaches the TCP listener once the network is
// allowed.
func TestSeatbeltNetwork(t *testing.T) {
	t.Parallel()
	f := newSeatbeltFixture(t, Config{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go acceptAll(ln)
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	outsideSock := filepath.Join(f.outside, "s")
	us, err := net.Listen("unix", outsideSock)
	if err != nil {
		t.Fatal(err)
	}
	defer us.Close()
	go acceptAll(us)

	if out, ok := f.sh(t, false, `nc -z -w 2 127.0.0.1 `+port); ok {
		t.Errorf("TCP to loopback without the network succeeded: %s", out)
	}
	if out, ok := f.sh(t, false, `echo hi | nc -U -w 2 "`+outsideSock+`"`); ok {
		t.Errorf("unix socket outside the root succeeded: %s", out)
	}
	if _, err := exec.LookPath("python3"); err == nil {
		script := `python3 -c 'import socket,os
s=socket.socket(socket.AF_UNIX); s.bind("in.sock"); s.listen(1)
c=socket.socket(socket.AF_UNIX); c.connect("in.sock"); print("unix ok")'`
		if out, ok := f.sh(t, false, script); !ok || !strings.Contains(out, "unix ok") {
			t.Errorf("unix socket inside the root failed: %s", out)
		}
	}
	if out, ok := f.sh(t, true, `nc -z -w 2 127.0.0.1 `+port); !ok {
		t.Errorf("TCP with the network allowed failed: %s", out)
	}
}

func acceptAll(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		c.Close()
	}
}
