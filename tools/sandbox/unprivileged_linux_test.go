package sandbox

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
)

// nobody is the unprivileged user the root-run tests switch to.
const nobody = 65534

// TestUnprivileged runs the confinement tests again as an unprivileged user
// when the tests run as root. Most people are not root, and their path
// differs: the process limit only works for them (the kernel exempts
// root), and the helper brings the loopback up with an ambient capability
// rather than as root of its namespace.
//
// Not parallel: it writes a binary and executes it, which fails with
// ETXTBSY while another test's fork holds the file open for writing.
func TestUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("already unprivileged: the other tests ran as this user")
	}
	// The copy must be reachable by the other user; the test binary's own
	// directory is not.
	dir, err := os.MkdirTemp("", "sandbox-unprivileged-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "sandbox.test")
	copyFile(t, testExe(t), exe)

	cmd := exec.CommandContext(t.Context(), exe, "-test.count=1", "-test.v",
		"-test.run=^(TestConfinementOfTheFilesystem|TestNetwork|TestProcessLimit|TestFileSizeLimit|TestCommandsRunAsAsked|TestSignallingTheAgentFails|TestHelperRefusesToRunWithoutItsNamespaces)$")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, quickRaceExit}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("tests as uid %d: %v\n%s", nobody, err, out)
	}
	if m := regexp.MustCompile(`(?m)^--- SKIP: (\w+)`).FindSubmatch(out); m != nil {
		t.Skipf("as uid %d, %s was skipped:\n%s", nobody, m[1], out)
	}
	if !regexp.MustCompile(`(?m)^--- PASS: TestProcessLimit`).Match(out) {
		t.Errorf("as uid %d, TestProcessLimit did not pass:\n%s", nobody, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}
