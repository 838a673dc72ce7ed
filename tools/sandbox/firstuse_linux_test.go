package sandbox

import (
	"strings"
	"testing"
)

// A sandbox made on first use confines as New's does: the same status,
// and a command run in it meets the same walls (here, no writing outside
// the root).
func TestNewOnFirstUseConfinesAsNew(t *testing.T) {
	confinedSandbox(t, Config{}) // skips where the kernel cannot confine
	sb := NewOnFirstUse(Config{}, testExe(t))
	if got, want := sb.Status(), New(Config{}, testExe(t)).Status(); got != want {
		t.Fatalf("Status() = %+v, want New's %+v", got, want)
	}
	root, outside := t.TempDir(), t.TempDir()
	out := run(t, sb, Options{Root: root}, nil, "sh", "-c", "echo x > '"+outside+"/escaped' || echo refused")
	if !strings.Contains(out.stdout, "refused") {
		t.Errorf("a write outside the root was not refused: %+v", out)
	}
	if in := run(t, sb, Options{Root: root}, nil, "sh", "-c", "echo x > inside && cat inside"); strings.TrimSpace(in.stdout) != "x" {
		t.Errorf("a write inside the root failed: %+v", in)
	}
}
