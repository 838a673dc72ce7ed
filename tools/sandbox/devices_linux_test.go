package sandbox

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func init() { extraTestTools["pty-self"] = ptySelf }

// openPty opens a new pty through /dev/ptmx and returns its master and the
// path of its slave.
func openPty() (*os.File, string, error) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, "", err
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		return nil, "", fmt.Errorf("unlock pty: %w", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		return nil, "", fmt.Errorf("pty number: %w", err)
	}
	return m, "/dev/pts/" + strconv.Itoa(n), nil
}

// ptySelf opens a pty of its own and passes a line through it: what
// `script`, `expect` or a test of a terminal program does.
func ptySelf() int {
	m, slave, err := openPty()
	if err != nil {
		fmt.Fprintln(os.Stderr, "open pty:", err)
		return 1
	}
	defer m.Close()
	s, err := os.OpenFile(slave, os.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "open slave:", err)
		return 1
	}
	defer s.Close()
	if _, err := m.WriteString("ping\n"); err != nil {
		fmt.Fprintln(os.Stderr, "write:", err)
		return 1
	}
	buf := make([]byte, 5)
	s.SetReadDeadline(time.Now().Add(2 * time.Second))
	if n, err := s.Read(buf); err != nil || string(buf[:n]) != "ping\n" {
		fmt.Fprintf(os.Stderr, "read %q: %v\n", buf[:n], err)
		return 1
	}
	return 0
}

func TestHostTerminalsAreUnreachable(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	// A terminal of the person's: a pty of the host, opened outside the
	// sandbox, as the person's shell or the agent's screen holds one.
	m, slave, err := openPty()
	if err != nil {
		t.Skipf("no host pty to test with: %v", err)
	}
	defer m.Close()
	attacks := []string{
		`exec 3<"$PTS"`,
		`echo injected > "$PTS"`,
		`exec 3<>"$PTS"`,
		`exec 3</proc/self/root"$PTS"`,
		`ls /dev/pts | grep -qx "$(basename "$PTS")"`,
		`ls /dev | grep -qE '^(tty[0-9]+|console|input|snd|kmsg|vcs.*|loop[0-9]+)$'`,
		`echo x > /dev/tty`,
	}
	for _, a := range attacks {
		if got := run(t, sb, f.opts(), f.env("PTS="+slave), "bash", "-c", a); got.code == 0 {
			t.Errorf("%s with PTS=%s: exit 0, want it refused", a, slave)
		}
	}
	// Nothing came through to the host's pty.
	m.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	buf := make([]byte, 64)
	if n, _ := m.Read(buf); n > 0 {
		t.Errorf("the host's pty received %q from the sandbox", buf[:n])
	}
	// A pty of the command's own works, and the usual devices are there.
	if got := run(t, sb, f.opts(), f.env(testToolEnv+"=pty-self"), testExe(t)); got.code != 0 {
		t.Errorf("a pty of the command's own: exit %d; %s", got.code, got.stderr)
	}
	usual := `head -c 4 /dev/urandom | wc -c && head -c 4 /dev/zero > /dev/null && echo x > /dev/full; echo ok > /dev/stdout && cat <(echo fd) && ls /dev/shm`
	if got := bash(t, sb, f, usual); got.code != 0 || !strings.Contains(got.stdout, "ok") || !strings.Contains(got.stdout, "fd") {
		t.Errorf("the usual devices: exit %d, %q; %s", got.code, got.stdout, got.stderr)
	}
}
