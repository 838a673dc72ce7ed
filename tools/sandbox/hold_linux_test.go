package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// heldFixture is a session fixture whose sessions can hold commands.
func heldFixture(t *testing.T) (fixture, *Sessions) {
	t.Helper()
	f, ss := sessionFixture(t)
	ok, why, err := ss.CanHold(Options{Root: f.root}, f.env())
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Skipf("commands cannot be held here: %s", why)
	}
	return f, ss
}

// runHeld runs script held in the fixture's root and returns its outcome
// and its layer, closed at the end of the test.
func runHeld(t *testing.T, ss *Sessions, f fixture, hold Hold, script string) (outcome, *Layer) {
	t.Helper()
	s := startIn(t, ss, f, Options{Root: f.root, Hold: &hold}, script)
	o := s.wait()
	l := s.cmd.Layer()
	if l != nil {
		t.Cleanup(func() { l.Close() })
	}
	return o, l
}

func TestHeldCommandLeavesTheRootAsItWas(t *testing.T) {
	f, ss := heldFixture(t)
	write(t, filepath.Join(f.root, "keep.txt"), "old\n")
	write(t, filepath.Join(f.root, "gone.txt"), "bye\n")
	o, l := runHeld(t, ss, f, Hold{}, `echo new >> keep.txt && echo made > made.txt && rm gone.txt && mkdir -p d/e && cat keep.txt`)
	if o.code != 0 {
		t.Fatalf("held command failed: %+v", o)
	}
	if o.stdout != "old\nnew\n" {
		t.Errorf("the command saw keep.txt as %q, want its own change", o.stdout)
	}
	if l == nil {
		t.Fatal("a held command came back without its layer")
	}
	// The real root is as it was.
	if got := read(t, filepath.Join(f.root, "keep.txt")); got != "old\n" {
		t.Errorf("keep.txt = %q in the real root, want it untouched", got)
	}
	if _, err := os.Stat(filepath.Join(f.root, "made.txt")); !os.IsNotExist(err) {
		t.Errorf("made.txt exists in the real root (err %v)", err)
	}
	if _, err := os.Stat(filepath.Join(f.root, "gone.txt")); err != nil {
		t.Errorf("gone.txt was deleted from the real root: %v", err)
	}
	// The layer holds the changes, as overlayfs keeps them.
	up := l.Upper()
	if got := read(t, filepath.Join(up, "keep.txt")); got != "old\nnew\n" {
		t.Errorf("layer keep.txt = %q", got)
	}
	if got := read(t, filepath.Join(up, "made.txt")); got != "made\n" {
		t.Errorf("layer made.txt = %q", got)
	}
	var st unix.Stat_t
	if err := unix.Lstat(filepath.Join(up, "gone.txt"), &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFCHR || st.Rdev != 0 {
		t.Errorf("layer gone.txt is not a whiteout: %v %+v", err, st)
	}
	if fi, err := os.Stat(filepath.Join(up, "d", "e")); err != nil || !fi.IsDir() {
		t.Errorf("layer d/e: %v", err)
	}
	if l.Full() {
		t.Error("a layer with a few bytes reports itself full")
	}
}

func TestHeldCommandHidesTheGivenSecrets(t *testing.T) {
	f, ss := heldFixture(t)
	write(t, filepath.Join(f.root, ".env"), "TOKEN=canary-123\n")
	write(t, filepath.Join(f.root, "app.py"), "print(1)\n")
	o, _ := runHeld(t, ss, f, Hold{Hide: []string{filepath.Join(f.root, ".env")}},
		`cat .env; grep -r canary . ; echo x > .env; echo "rc=$?"; cat app.py`)
	if strings.Contains(o.stdout+o.stderr, "canary") {
		t.Errorf("a held command read the hidden .env: %+v", o)
	}
	if !strings.Contains(o.stdout, "print(1)") {
		t.Errorf("a held command could not read app.py: %+v", o)
	}
	if !strings.Contains(o.stdout, "rc=1") {
		t.Errorf("writing the hidden .env did not fail: %+v", o)
	}
	if got := read(t, filepath.Join(f.root, ".env")); got != "TOKEN=canary-123\n" {
		t.Errorf(".env = %q after the command", got)
	}
}

func TestHeldLayerIsBounded(t *testing.T) {
	f, ss := heldFixture(t)
	o, l := runHeld(t, ss, f, Hold{MaxBytes: 2 << 20}, `head -c 4000000 /dev/zero > big; echo "rc=$?"`)
	if !strings.Contains(o.stdout, "rc=1") {
		t.Errorf("writing past the layer's size did not fail: %+v", o)
	}
	if l == nil || !l.Full() {
		t.Errorf("a layer written past its size does not report itself full")
	}
	if _, err := os.Stat(filepath.Join(f.root, "big")); !os.IsNotExist(err) {
		t.Errorf("big exists in the real root")
	}
}

func TestHeldCommandCannotWriteTheRealGitDir(t *testing.T) {
	f, ss := heldFixture(t)
	if err := os.MkdirAll(filepath.Join(f.root, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(f.root, ".git", "HEAD"), "ref: refs/heads/main\n")
	o, l := runHeld(t, ss, f, Hold{}, `echo evil > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit; echo done`)
	if _, err := os.Stat(filepath.Join(f.root, ".git", "hooks", "pre-commit")); !os.IsNotExist(err) {
		t.Fatalf("a held command wrote the real .git: %+v", o)
	}
	if l == nil {
		t.Fatal("no layer")
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestHeldCommandCannotReadASecretThroughALink(t *testing.T) {
	f, ss := heldFixture(t)
	secret := filepath.Join(f.outside, "app.env")
	write(t, secret, "TOKEN=linked-canary\n")
	if err := os.Symlink(secret, filepath.Join(f.root, ".env")); err != nil {
		t.Fatal(err)
	}
	o, _ := runHeld(t, ss, f, Hold{Hide: []string{filepath.Join(f.root, ".env")}}, `cat .env; echo end`)
	if strings.Contains(o.stdout+o.stderr, "linked-canary") || !strings.Contains(o.stdout, "end") {
		t.Errorf("a held command read a secret through a link: %+v", o)
	}
}

// A program a held command makes in the root runs: builds run what they
// built (go build -o app && ./app, cargo run, make && ./bin/x).
func TestHeldCommandRunsWhatItMade(t *testing.T) {
	f, ss := heldFixture(t)
	o, _ := runHeld(t, ss, f, Hold{}, `printf '#!/bin/sh\necho made-and-ran\n' > run.sh && chmod +x run.sh && ./run.sh`)
	if o.code != 0 || !strings.Contains(o.stdout, "made-and-ran") {
		t.Errorf("a script the held command made did not run: %+v", o)
	}
}

// A root whose name holds what overlayfs's options are split on (a
// comma, a colon, a backslash) is held all the same, and nothing leaks
// into the directories those would name.
func TestHeldRootWithOptionCharacters(t *testing.T) {
	f, ss := heldFixture(t)
	odd := filepath.Join(f.root, `a,lowerdir=x:b\c`)
	if err := os.Mkdir(odd, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(odd, "keep.txt"), "old\n")
	s := startIn(t, ss, fixture{root: odd, tmp: f.tmp, home: f.home, outside: f.outside, shared: f.shared, readme: f.readme},
		Options{Root: odd, Hold: &Hold{}}, `echo new > keep.txt && cat keep.txt`)
	o := s.wait()
	if l := s.cmd.Layer(); l != nil {
		defer l.Close()
	}
	if o.code != 0 || o.stdout != "new\n" {
		t.Fatalf("held command in %q: %+v", odd, o)
	}
	if got := read(t, filepath.Join(odd, "keep.txt")); got != "old\n" {
		t.Errorf("keep.txt = %q in the real root, want it untouched", got)
	}
}
