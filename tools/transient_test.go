package tools

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestTransientCause(t *testing.T) {
	t.Parallel()
	failed := func(out string) Result { return Result{Output: out, IsError: true, ExitCode: 128} }
	for _, c := range []struct {
		name string
		tool string
		res  Result
		want string
	}{
		{"git's index lock", "git", failed("fatal: Unable to create '/p/.git/index.lock': File exists.\n\nAnother git process seems to be running"), "git index is locked"},
		{"a ref lock", "git", failed("error: cannot lock ref 'refs/heads/main': Unable to create '/p/.git/refs/heads/main.lock': File exists."), "git lock file"},
		{"git's config lock", "shell", failed("error: could not lock config file .git/config: File exists"), "git config is locked"},
		{"text file busy", "shell", failed("bash: ./build/tool: Text file busy"), "text file busy"},
		{"a sqlite lock", "shell", failed("Error: database is locked"), "lock timed out"},

		{"a failing test run", "shell", Result{Output: "--- FAIL: TestX\nFAIL", IsError: true, ExitCode: 1}, ""},
		{"a bad argument", "git", failed("error: pathspec 'nope' did not match any file(s) known to git"), ""},
		{"success that prints a lock message", "shell", Result{Output: "index.lock': File exists"}, ""},
		{"a timeout", "shell", Result{Output: "Text file busy", IsError: true, ExitCode: -1, TimedOut: true}, ""},
		{"a killed command", "shell", Result{Output: "Text file busy", IsError: true, ExitCode: -1, Signal: "SIGKILL"}, ""},
		{"a file tool", "write_file", failed("index.lock': File exists"), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := transientCause(c.tool, c.res)
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Errorf("transientCause(%s, %q) = %q, want %q", c.tool, c.res.Output, got, c.want)
			}
		})
	}
}

func TestWebFetchMarksNetworkFailuresTransient(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/reset":
			// Close the connection without an answer, with RST.
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.(*net.TCPConn).SetLinger(0)
			conn.Close()
		case "/busy":
			w.WriteHeader(http.StatusServiceUnavailable)
		case "/gone":
			w.WriteHeader(http.StatusGone)
		}
	}))
	t.Cleanup(srv.Close)
	r := fetchRegistry(t, nil, hostOf(srv))
	for _, c := range []struct{ path, want string }{
		{"/reset", "connection was reset"},
		{"/busy", "503 Service Unavailable"},
		{"/gone", ""},
	} {
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+c.path))
		if !res.IsError || (c.want == "") != (res.Transient == "") || !strings.Contains(res.Transient, c.want) {
			t.Errorf("fetch %s = error %v, transient %q; want an error, transient %q", c.path, res.IsError, res.Transient, c.want)
		}
	}
}
