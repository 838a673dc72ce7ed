package tools

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/tools/sandbox"
)

// TestMain lets the test binary play the agent's part of sandbox helper:
// the sandbox re-executes the binary with sandbox.HelperArg first.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandbox.HelperArg {
		os.Exit(sandbox.HelperMain(os.Args))
	}
	os.Exit(m.Run())
}

// newSandboxedRegistry returns a registry whose commands run in the real
// sandbox, or skips the test, saying why, where the kernel cannot confine.
func newSandboxedRegistry(t testing.TB) *Registry {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sb := sandbox.New(sandbox.DefaultConfig(), exe)
	if st := sb.Status(); !st.Confined {
		t.Skipf("no sandbox on this machine: %s", st.Summary)
	}
	return newTestRegistry(t, func(_ *Config, o *Options) { o.Sandbox = sb })
}

func TestSandboxedShell(t *testing.T) {
	r := newSandboxedRegistry(t)
	outside := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	connect := fmt.Sprintf(`exec 3<>/dev/tcp/127.0.0.1/%d && echo connected`, port)
	tests := []struct {
		name, args string
		wantErr    bool
		wantOut    string
	}{
		{"writing inside the root works", `{"command":"echo in > inside.txt && cat inside.txt"}`, false, "in\n"},
		{"writing the private temp dir works", `{"command":"echo t > \"$TMPDIR/t\" && cat \"$TMPDIR/t\""}`, false, "t\n"},
		{"writing outside the root fails", fmt.Sprintf(`{"command":"echo out > %s/outside.txt"}`, outside), true, ""},
		{"a TCP connection fails without network", fmt.Sprintf(`{"command":%q}`, connect), true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runCall(t, r, "shell", tc.args)
			if res.IsError != tc.wantErr || !tc.wantErr && res.Output != tc.wantOut {
				t.Errorf("shell(%s) = %q, error %v; want error %v, output %q", tc.args, res.Output, res.IsError, tc.wantErr, tc.wantOut)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(outside, "outside.txt")); err == nil {
		t.Errorf("a sandboxed command wrote outside the root")
	}
	if data, _ := os.ReadFile(filepath.Join(r.Root(), "inside.txt")); string(data) != "in\n" {
		t.Errorf("inside.txt = %q, want the sandboxed command's write", data)
	}
	t.Run("a call that asked for the network may connect", func(t *testing.T) {
		res := runCall(t, r, "shell", fmt.Sprintf(`{"command":%q,"network":true}`, connect))
		if res.IsError || !strings.Contains(res.Output, "connected") {
			t.Errorf("shell with network = %q, error %v; want connected", res.Output, res.IsError)
		}
	})
	t.Run("the timeout still stops the whole group", func(t *testing.T) {
		start := time.Now()
		res := runCall(t, r, "shell", `{"command":"sleep 300 & sleep 300","timeout_seconds":1}`)
		if !res.TimedOut || time.Since(start) > 10*time.Second {
			t.Errorf("sandboxed timeout: %q, timed out %v after %v", res.Output, res.TimedOut, time.Since(start))
		}
	})
}

// BenchmarkSandboxedExecOverhead is BenchmarkExecOverhead with the sandbox:
// `true` through the executor and the sandbox helper, against a plain exec
// of bash -c true.
func BenchmarkSandboxedExecOverhead(b *testing.B) {
	r := newSandboxedRegistry(b)
	benchOverhead(b, r)
}
