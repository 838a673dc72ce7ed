package effects

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runOnOverlay runs script with sh in the merged view of a real overlay
// (lower = root, upper = a new directory, mounted with userxattr in a new
// user and mount namespace, as the sandbox does), then copies the merged
// view out with tar. It returns the upper layer and the copy. It skips
// where unshare, an unprivileged overlay mount or tar is not available.
func runOnOverlay(t *testing.T, root, script string) (upper, merged string) {
	t.Helper()
	for _, tool := range []string{"unshare", "mount", "tar", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: the real overlay cannot be made here", tool)
		}
	}
	base := t.TempDir()
	upper, work, mnt, merged := filepath.Join(base, "upper"), filepath.Join(base, "work"), filepath.Join(base, "mnt"), filepath.Join(base, "merged")
	for _, d := range []string{upper, work, mnt, merged} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	probe := exec.Command("unshare", "-Urm", "sh", "-c",
		`mount -t overlay overlay -o "lowerdir=$1,upperdir=$2,workdir=$3,userxattr" "$4"`, "sh", root, upper, work, mnt)
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("no unprivileged overlay mount here: %v: %s", err, out)
	}
	// The probe made nothing in upper; run the script on a fresh mount.
	full := `set -e
mount -t overlay overlay -o "lowerdir=$1,upperdir=$2,workdir=$3,userxattr" "$4"
cd "$4"
` + script + `
cd /
tar -C "$4" -cf - . | tar -C "$5" -xpf -
`
	cmd := exec.Command("unshare", "-Urm", "sh", "-c", full, "sh", root, upper, work, mnt, merged)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the script on the overlay: %v\n%s", err, out)
	}
	return upper, merged
}

// TestCollectFromARealOverlay runs commands on a real overlayfs and checks
// that applying their effects makes the real root equal to the merged view
// the commands saw, less what is refused.
func TestCollectFromARealOverlay(t *testing.T) {
	t.Parallel()
	lower := spec{
		"notes.txt":     "f:one\ntwo\n",
		"run.sh":        "f:echo run\n",
		"same.txt":      "f:same\n",
		"build/a.o":     "f:a",
		"build/sub/b.o": "f:b",
		"olddir/x.txt":  "f:x",
		"redo/keep.txt": "f:gone soon",
		"redo/drop.txt": "f:drop",
		"link":          "l:notes.txt",
		"gone.txt":      "f:bye",
		".git/HEAD":     "f:ref: refs/heads/main\n",
		"src/main.go":   "f:package main\n",
		"src/util/u.go": "f:package util\n",
	}
	base := t.TempDir()
	root := filepath.Join(base, "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	build(t, root, lower)
	script := `
sed -i s/two/TWO/ notes.txt
chmod 755 run.sh
touch same.txt
echo gen > gen.txt
rm -rf build
mv olddir newdir
rm -rf redo && mkdir redo && echo new > redo/keep.txt
ln -sf run.sh link
rm gone.txt
mkfifo pipe
echo evil > .git/HEAD
ln notes.txt hard.txt
mkdir -p deep/er && echo d > deep/er/f.txt
mkdir -p src/__pycache__ && printf 'c\000' > src/__pycache__/main.pyc
`
	upper, merged := runOnOverlay(t, root, script)
	s, err := Collect(upper, root, Options{})
	if err != nil {
		t.Fatalf("Collect: %v", err)
	}
	defer s.Close()
	lines := s.Lines()
	for _, want := range []string{
		"modify notes.txt (+1 -1)",
		"chmod run.sh (0644 -> 0755)",
		"create gen.txt",
		"delete build/ (2 files)",
		"create newdir/x.txt",
		"delete olddir/ (1 file)",
		"delete redo/drop.txt",
		"modify redo/keep.txt (+1 -1)",
		"relink link -> run.sh (was notes.txt)",
		"delete gone.txt",
		"create hard.txt",
		"create deep/er/f.txt",
		"refused: pipe (fifo)",
		"refused: .git/HEAD (git directory: modify)",
	} {
		if !contains(lines, want) {
			t.Errorf("no line %q in:\n  %s", want, strings.Join(lines, "\n  "))
		}
	}
	for _, l := range lines {
		if strings.Contains(l, "same.txt") {
			t.Errorf("a touch is an effect: %q", l)
		}
	}
	if err := Apply(root, s); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	want := snapshot(t, merged)
	delete(want, "pipe")
	want[".git/HEAD"] = "f644:ref: refs/heads/main\n"
	got := snapshot(t, root)
	if d := diffSpecs(got, want); d != "" {
		t.Errorf("the root after Apply differs from the merged view:\n%s", d)
	}
}

// contains reports whether a line of list is s, or s followed by notes.
func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s || strings.HasPrefix(l, s+"; ") {
			return true
		}
	}
	return false
}
