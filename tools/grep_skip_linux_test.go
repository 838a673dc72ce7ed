package tools

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// asUnprivileged runs f on an OS thread of its own without the
// capabilities that let root read any file (CAP_DAC_OVERRIDE and
// CAP_DAC_READ_SEARCH), so that file modes hold as they would for a person
// even when the tests run as root. Capabilities belong to a thread: the
// thread is never handed back, and dies with f's goroutine.
func asUnprivileged(t *testing.T, f func()) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
		var data [2]unix.CapUserData
		if err := unix.Capget(&hdr, &data[0]); err != nil {
			done <- err
			return
		}
		drop := uint32(1<<unix.CAP_DAC_OVERRIDE | 1<<unix.CAP_DAC_READ_SEARCH)
		data[0].Effective &^= drop
		if err := unix.Capset(&hdr, &data[0]); err != nil {
			done <- err
			return
		}
		f()
		done <- nil
	}()
	if err := <-done; err != nil {
		t.Skipf("cannot drop capabilities on this thread: %v", err)
	}
}

func TestGrepSaysWhichFilesItCouldNotRead(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	mustWrite(t, root, "main.go", "package main // needle\n")
	secret := mustWrite(t, root, "secret.txt", "needle\n")
	mustWrite(t, root, "private/notes.md", "needle\n")
	if err := os.Chmod(secret, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "private"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "private"), 0o755) })

	var res Result
	asUnprivileged(t, func() { res = mustPlan(t, r, "grep", `{"pattern":"needle"}`).Run(t.Context(), nil) })
	want := "main.go:1: package main // needle\n" +
		"[skipped 2 files it could not search: private/ (permission denied), secret.txt (permission denied)]\n"
	if res.Output != want {
		t.Errorf("grep output =\n%s\nwant\n%s", res.Output, want)
	}
}

func TestGlobSaysWhichDirectoriesItCouldNotRead(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	mustWrite(t, root, "README.md", "x\n")
	mustWrite(t, root, "private/notes.md", "x\n")
	if err := os.Chmod(filepath.Join(root, "private"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "private"), 0o755) })

	var all, none Result
	asUnprivileged(t, func() {
		all = mustPlan(t, r, "glob", `{"pattern":"**/*.md"}`).Run(t.Context(), nil)
		none = mustPlan(t, r, "glob", `{"pattern":"**/*.txt"}`).Run(t.Context(), nil)
	})
	note := "[skipped 1 directory it could not read: private/ (permission denied)]\n"
	if want := "README.md\n" + note; all.Output != want {
		t.Errorf("glob **/*.md =\n%s\nwant\n%s", all.Output, want)
	}
	if want := "no paths match\n" + note; none.Output != want {
		t.Errorf("glob **/*.txt =\n%s\nwant\n%s", none.Output, want)
	}
}
