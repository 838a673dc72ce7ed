//go:build unix

package tools

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// grepWithin runs grep and fails the test if it does not return within a
// few seconds: a named pipe in the tree must never block it.
func grepWithin(t *testing.T, r *Registry, args string) Result {
	t.Helper()
	done := make(chan Result, 1)
	go func() { done <- mustPlan(t, r, "grep", args).Run(t.Context(), nil) }()
	select {
	case res := <-done:
		return res
	case <-time.After(10 * time.Second):
		t.Fatalf("grep(%s) is still running after 10s: it blocked on something in the tree", args)
		return Result{}
	}
}

// Files that are not regular cannot be searched, by anyone: a unix socket
// cannot be opened, a named pipe has no content of its own (opening it
// waits for a writer). grep says it left them out instead of implying they
// were searched.
func TestGrepSaysWhichFilesItCouldNotSearch(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	mustWrite(t, root, "main.go", "package main // needle\n")
	mustWrite(t, root, "run/.keep", "")
	if err := syscall.Mkfifo(filepath.Join(root, "run", "events.fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(root, "run", "app.sock"))
	if err != nil {
		t.Skipf("cannot make a unix socket here: %v", err)
	}
	defer l.Close()

	res := grepWithin(t, r, `{"pattern":"needle"}`)
	want := "main.go:1: package main // needle\n" +
		"[skipped 2 files it could not search: run/app.sock (a socket), run/events.fifo (a named pipe)]\n"
	if res.Output != want {
		t.Errorf("grep output =\n%s\nwant\n%s", res.Output, want)
	}

	res = grepWithin(t, r, `{"pattern":"haystack"}`)
	if !strings.HasPrefix(res.Output, "no matches\n[skipped 2 files") {
		t.Errorf("with no match, grep output = %q; want no matches, then what it skipped", res.Output)
	}

	res = grepWithin(t, r, `{"pattern":"needle","include":"*.go"}`)
	if strings.Contains(res.Output, "skipped") {
		t.Errorf("include leaves the pipe and the socket out of the search, so they are not worth a word: %q", res.Output)
	}
}

func TestGrepNamesAtMostTenSkippedFiles(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	mustWrite(t, root, "a.txt", "needle\n")
	for i := range 13 {
		if err := syscall.Mkfifo(filepath.Join(root, fmt.Sprintf("p%02d", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := grepWithin(t, r, `{"pattern":"needle"}`)
	if !strings.Contains(res.Output, "[skipped 13 files it could not search: p00 (a named pipe), ") ||
		!strings.HasSuffix(res.Output, "p09 (a named pipe), and 3 more]\n") || strings.Contains(res.Output, "p10") {
		t.Errorf("grep output = %q; want 13 counted, the first ten named", res.Output)
	}
}

// A file over the size grep searches may hold exactly what the model looks
// for: "no matches" alone would tell it the text is nowhere. grep names it.
func TestGrepNamesOversizedFiles(t *testing.T) {
	r := newTestRegistry(t, nil)
	root := r.Root()
	mustWrite(t, root, "small.txt", "needle\n")
	mustWrite(t, root, "logs/big.log", "needle\n")
	if err := os.Truncate(filepath.Join(root, "logs", "big.log"), maxGrepFileBytes+1<<20); err != nil {
		t.Fatal(err)
	}
	const note = "[skipped 1 file it could not search: logs/big.log (9.0 MiB, over the 8 MiB grep searches)]\n"

	res := grepWithin(t, r, `{"pattern":"needle"}`)
	if want := "small.txt:1: needle\n" + note; res.Output != want {
		t.Errorf("grep output =\n%s\nwant\n%s", res.Output, want)
	}
	res = grepWithin(t, r, `{"pattern":"needle","path":"logs"}`)
	if want := "no matches\n" + note; res.Output != want {
		t.Errorf("grep in logs/ output = %q, want %q", res.Output, want)
	}
	res = grepWithin(t, r, `{"pattern":"needle","path":"logs/big.log"}`)
	if want := "no matches\n" + note; res.Output != want {
		t.Errorf("grep of logs/big.log output = %q, want %q", res.Output, want)
	}
}
