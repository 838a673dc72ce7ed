package mcp_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/mcp"
	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// The test binary is also the stdio test server: a test configures
// os.Args[0] with the argument "mcptest-stdio" (or "mcptest-silent").
func TestMain(m *testing.M) {
	if len(os.Args) == 2 && strings.HasPrefix(os.Args[1], "mcptest-") {
		os.Exit(mcptest.Main(strings.TrimPrefix(os.Args[1], "mcptest-")))
	}
	os.Exit(m.Run())
}

// stdioServer is the config of a test server over stdio.
func stdioServer(mode string) mcp.ServerConfig {
	return mcp.ServerConfig{Command: os.Args[0], Args: []string{"mcptest-" + mode}, StartupTimeoutSeconds: 20}
}

// start starts the servers of cfg for root, and closes them at the end of
// the test.
func start(t *testing.T, cfg mcp.Config, env []string) (*mcp.Manager, string) {
	t.Helper()
	if err := cfg.Validate(); err != nil {
		t.Fatalf("config: %v", err)
	}
	state := t.TempDir()
	m := mcp.Start(t.Context(), cfg, mcp.Options{
		Root: t.TempDir(), Env: env, LogDir: filepath.Join(state, "logs"), StateDir: state,
		Getenv: func(string) string { return "" },
	})
	t.Cleanup(func() { m.Close() })
	return m, state
}

func status(t *testing.T, m *mcp.Manager, name string) mcp.ServerStatus {
	t.Helper()
	for _, st := range m.Status() {
		if st.Name == name {
			return st
		}
	}
	t.Fatalf("no server %s in %+v", name, m.Status())
	return mcp.ServerStatus{}
}

// call plans and runs one call, as the registry does.
func call(t *testing.T, ctx context.Context, m *mcp.Manager, name, args string) (tools.Result, []string) {
	t.Helper()
	p, ok, err := m.Plan(name, args)
	if !ok || err != nil {
		t.Fatalf("Plan(%s, %s) = ok %v, err %v", name, args, ok, err)
	}
	var chunks []string
	res := p.Run(ctx, func(s string) { chunks = append(chunks, s) })
	return res, chunks
}

func TestStdioServerOffersItsToolsWithLevels(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	st := status(t, m, "notes")
	if st.State != mcp.StateReady {
		t.Fatalf("state = %s (%s), want ready", st.State, st.Err)
	}
	want := map[string]classify.Level{
		"mcp__notes__read_note":   classify.Safe,
		"mcp__notes__search_web":  classify.Warning,
		"mcp__notes__write_note":  classify.Warning,
		"mcp__notes__delete_note": classify.Dangerous,
	}
	specs := map[string]tools.Spec{}
	for _, s := range m.Specs() {
		specs[s.Name] = s
	}
	for name, lvl := range want {
		spec, ok := specs[name]
		if !ok {
			t.Errorf("Specs() has no %s; it has %v", name, slices.Collect(func(yield func(string) bool) {
				for n := range specs {
					yield(n)
				}
			}))
			continue
		}
		if !strings.Contains(string(spec.Parameters), `"text"`) || !strings.Contains(spec.Description, "MCP server notes") {
			t.Errorf("spec of %s = %+v, want the schema and a description naming the server", name, spec)
		}
		p, ok, err := m.Plan(name, `{"text":"hello"}`)
		if !ok || err != nil {
			t.Fatalf("Plan(%s) = %v, %v", name, ok, err)
		}
		if v := classify.Classify(p.Action, classify.Policy{}); v.Level != lvl {
			t.Errorf("Classify(%s) = %v, want %v (reasons %q)", name, v.Level, lvl, v.Reasons)
		}
		for _, w := range []string{"MCP server: notes", "annotations:", `"text": "hello"`} {
			if !strings.Contains(p.Preview, w) {
				t.Errorf("details of %s = %q, want %q in them", name, p.Preview, w)
			}
		}
	}
	res, _ := call(t, t.Context(), m, "mcp__notes__read_note", `{"text":"hello"}`)
	if res.IsError || res.Output != "read_note: hello" {
		t.Errorf("read_note = %+v, want its text", res)
	}
}

func TestArgumentsAreCheckedAgainstTheSchema(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	for _, args := range []string{`{}`, `{"text": 3}`, `{"text":"a","extra":1}`, `[1]`, `not json`, `"text"`} {
		_, ok, err := m.Plan("mcp__notes__read_note", args)
		if !ok || !errors.Is(err, tools.ErrInvalidArgs) {
			t.Errorf("Plan(read_note, %s) = ok %v, err %v, want an invalid-arguments error", args, ok, err)
		}
	}
	if _, ok, err := m.Plan("mcp__notes__nothing", `{}`); ok || err != nil {
		t.Errorf("Plan(an unknown tool) = ok %v, err %v, want not ours", ok, err)
	}
	if _, ok, err := m.Plan("mcp__notes__slow", ``); !ok || err != nil {
		t.Errorf("Plan(slow, no arguments) = ok %v, err %v, want empty arguments taken as {}", ok, err)
	}
}

func TestAFailingToolIsAnError(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	res, _ := call(t, t.Context(), m, "mcp__notes__fail", `{}`)
	if !res.IsError || res.Output != "the note store is on fire" {
		t.Errorf("fail = %+v, want an error result with the server's text", res)
	}
}

func TestSlowToolShowsProgressAndCanBeCancelled(t *testing.T) {
	logFile := filepath.Join(t.TempDir(), "calls.log")
	cfg := stdioServer("stdio")
	cfg.EnvVars = []string{mcptest.LogEnv}
	m, _ := start(t, mcp.Config{"notes": cfg}, append(os.Environ(), mcptest.LogEnv+"="+logFile))
	p, _, err := m.Plan("mcp__notes__slow", `{}`)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	var chunks []string
	res := p.Run(ctx, func(s string) {
		chunks = append(chunks, s)
		if len(chunks) == 3 {
			cancel()
		}
	})
	if !res.IsError || !strings.Contains(res.Output, "cancelled") {
		t.Errorf("slow after cancel = %+v, want a cancelled error", res)
	}
	if len(chunks) < 3 || !strings.HasPrefix(chunks[0], "progress 1/1500: step 1") {
		t.Errorf("progress chunks = %q, want progress lines", chunks)
	}
	waitFor(t, func() bool {
		b, _ := os.ReadFile(logFile)
		return strings.Contains(string(b), "cancelled slow")
	}, "the server to see notifications/cancelled")
}

func TestToolTimeoutCancelsTheCall(t *testing.T) {
	cfg := stdioServer("stdio")
	cfg.ToolTimeoutSeconds = 1
	m, _ := start(t, mcp.Config{"notes": cfg}, nil)
	res, _ := call(t, t.Context(), m, "mcp__notes__slow", `{}`)
	if !res.IsError || !strings.Contains(res.Output, "timed out after 1s") {
		t.Errorf("slow with a 1s timeout = %+v, want a timeout error", res)
	}
}

func TestAServerThatDiesMidCallIsReported(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	res, _ := call(t, t.Context(), m, "mcp__notes__die", `{}`)
	if !res.IsError || !strings.Contains(res.Output, "notes") {
		t.Fatalf("die = %+v, want an error naming the server", res)
	}
	waitFor(t, func() bool { return status(t, m, "notes").State == mcp.StateStopped }, "the server to be marked stopped")
	if specs := m.Specs(); len(specs) != 0 {
		t.Errorf("a stopped server still offers %d tools", len(specs))
	}
	if _, ok, _ := m.Plan("mcp__notes__read_note", `{"text":"x"}`); ok {
		t.Errorf("a stopped server's tool is still planned")
	}
}

func TestAServerThatNeverAnswersFailsAloneWithinItsTimeout(t *testing.T) {
	silent := stdioServer("silent")
	silent.StartupTimeoutSeconds = 1
	missing := mcp.ServerConfig{Command: "no-such-mcp-server-here"}
	begin := time.Now()
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio"), "silent": silent, "missing": missing}, nil)
	if d := time.Since(begin); d > 15*time.Second {
		t.Errorf("Start took %s with a 1s startup timeout", d)
	}
	if st := status(t, m, "silent"); st.State != mcp.StateFailed || !strings.Contains(st.Err, "did not start within 1s") {
		t.Errorf("silent = %s (%s), want failed within its timeout", st.State, st.Err)
	}
	if st := status(t, m, "missing"); st.State != mcp.StateFailed || !strings.Contains(st.Err, "no-such-mcp-server-here") {
		t.Errorf("missing = %s (%s), want failed naming the command", st.State, st.Err)
	}
	if st := status(t, m, "notes"); st.State != mcp.StateReady {
		t.Errorf("notes = %s (%s), want ready despite the others", st.State, st.Err)
	}
	problems := strings.Join(m.Problems(), "\n")
	if !strings.Contains(problems, "MCP server silent failed") || !strings.Contains(problems, "MCP server missing failed") {
		t.Errorf("Problems() = %q, want both failures", problems)
	}
}

func TestToolListChangesAreFollowed(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	if _, ok, _ := m.Plan("mcp__notes__added_later", `{}`); ok {
		t.Fatal("added_later is offered before grow ran")
	}
	call(t, t.Context(), m, "mcp__notes__grow", `{}`)
	waitFor(t, func() bool {
		_, ok, _ := m.Plan("mcp__notes__added_later", `{}`)
		return ok
	}, "added_later to be offered after notifications/tools/list_changed")
	res, _ := call(t, t.Context(), m, "mcp__notes__added_later", `{}`)
	if res.Output != "added_later ran" {
		t.Errorf("added_later = %+v", res)
	}
}

func TestImagesAreSavedAndDescribed(t *testing.T) {
	m, state := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	res, _ := call(t, t.Context(), m, "mcp__notes__picture", `{}`)
	if res.IsError {
		t.Fatalf("picture = %+v", res)
	}
	if strings.Contains(res.Output, "PNG") || strings.Contains(res.Output, "iVBOR") {
		t.Errorf("the image's bytes reached the model: %q", res.Output)
	}
	for _, w := range []string{"a red dot", "[image image/png, 67 bytes, saved to " + filepath.Join(state, "mcp"), `structured content:` + "\n" + `{"height":1,"width":1}`} {
		if !strings.Contains(res.Output, w) {
			t.Errorf("picture output = %q, want %q in it", res.Output, w)
		}
	}
	files, _ := filepath.Glob(filepath.Join(state, "mcp", "notes-image-*.png"))
	if len(files) != 1 {
		t.Fatalf("saved images = %v, want one", files)
	}
	if b, _ := os.ReadFile(files[0]); string(b) != string(mcptest.PNG) {
		t.Errorf("the saved image is not the server's")
	}
}

func TestServerEnvironmentIsScrubbed(t *testing.T) {
	cfg := stdioServer("stdio")
	cfg.EnvVars = []string{"NOTES_TOKEN"}
	env := append(os.Environ(), "NOTES_TOKEN=passed", "OTHER_TOKEN=kept-secret", "PLAIN_SETTING=plain")
	m, _ := start(t, mcp.Config{"notes": cfg}, env)
	for name, want := range map[string]string{
		"NOTES_TOKEN":   "NOTES_TOKEN=passed",
		"OTHER_TOKEN":   "OTHER_TOKEN is not set",
		"PLAIN_SETTING": "PLAIN_SETTING=plain",
	} {
		res, _ := call(t, t.Context(), m, "mcp__notes__getenv", `{"name":"`+name+`"}`)
		if res.Output != want {
			t.Errorf("getenv %s = %q, want %q", name, res.Output, want)
		}
	}
}

func TestEnabledAndDisabledTools(t *testing.T) {
	cfg := stdioServer("stdio")
	cfg.EnabledTools = []string{"read_note", "delete_note"}
	cfg.DisabledTools = []string{"delete_note"}
	off := stdioServer("stdio")
	no := false
	off.Enabled = &no
	m, _ := start(t, mcp.Config{"notes": cfg, "off": off}, nil)
	var names []string
	for _, s := range m.Specs() {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"mcp__notes__read_note"}) {
		t.Errorf("Specs() = %v, want only read_note", names)
	}
	if st := status(t, m, "off"); st.State != mcp.StateDisabled {
		t.Errorf("off = %s, want disabled", st.State)
	}
}

func TestStreamableHTTPServerWithBearerToken(t *testing.T) {
	srv := mcptest.New(nil)
	var mu sync.Mutex
	var auths []string
	h := srv.Handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization"))
		mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer s3cret" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	cfg := mcp.Config{"docs": {URL: hs.URL, BearerTokenEnv: "DOCS_TOKEN"}, "nokey": {URL: hs.URL, BearerTokenEnv: "UNSET_TOKEN"}}
	state := t.TempDir()
	m := mcp.Start(t.Context(), cfg, mcp.Options{Root: t.TempDir(), StateDir: state, Getenv: func(k string) string {
		if k == "DOCS_TOKEN" {
			return "s3cret"
		}
		return ""
	}})
	t.Cleanup(func() { m.Close() })
	if st := status(t, m, "docs"); st.State != mcp.StateReady || st.Transport != "http" {
		t.Fatalf("docs = %+v, want a ready http server", st)
	}
	if st := status(t, m, "nokey"); st.State != mcp.StateFailed || !strings.Contains(st.Err, "UNSET_TOKEN is not set") {
		t.Errorf("nokey = %s (%s), want failed naming the variable", st.State, st.Err)
	}
	res, _ := call(t, t.Context(), m, "mcp__docs__read_note", `{"text":"over http"}`)
	if res.Output != "read_note: over http" {
		t.Errorf("read_note over HTTP = %+v", res)
	}
	ctx, cancel := context.WithCancel(t.Context())
	p, _, _ := m.Plan("mcp__docs__slow", `{}`)
	var chunks []string
	res = p.Run(ctx, func(s string) {
		if chunks = append(chunks, s); len(chunks) == 2 {
			cancel()
		}
	})
	if !res.IsError || len(chunks) < 2 {
		t.Errorf("slow over HTTP = %+v after %d progress lines, want cancelled after 2", res, len(chunks))
	}
	waitFor(t, func() bool { return srv.Cancelled() == 1 }, "the HTTP server to see the cancellation")
	mu.Lock()
	defer mu.Unlock()
	for _, a := range auths {
		if a != "Bearer s3cret" {
			t.Errorf("a request carried Authorization %q", a)
		}
	}
}

func TestRegistryOffersAndLimitsMCPTools(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	cfg := tools.DefaultConfig()
	cfg.OutputHeadBytes, cfg.OutputTailBytes = 600, 600
	state := t.TempDir()
	reg, err := tools.New(cfg, tools.Options{Root: t.TempDir(), StateDir: state, Sources: []tools.Source{m}})
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	names := map[string]bool{}
	for _, s := range reg.Specs() {
		names[s.Name] = true
	}
	if !names["shell"] || !names["mcp__notes__write_note"] {
		t.Errorf("registry specs = %v, want the built-in and the MCP tools", names)
	}
	long := strings.Repeat("x", 5000)
	p, err := reg.Plan("mcp__notes__write_note", `{"text":"`+long+`"}`)
	if err != nil {
		t.Fatal(err)
	}
	res := p.Run(t.Context(), nil)
	if len(res.Output) > 1400 || res.OutputFile == "" || !strings.Contains(res.Output, "bytes cut here") {
		t.Errorf("long output = %d bytes, file %q, want it cut and saved", len(res.Output), res.OutputFile)
	}
	if _, err := reg.Plan("mcp__notes__read_note", `{}`); !errors.Is(err, tools.ErrInvalidArgs) {
		t.Errorf("registry Plan with bad arguments = %v, want ErrInvalidArgs", err)
	}
	if _, err := reg.Plan("mcp__nope__x", `{}`); !errors.Is(err, tools.ErrUnknownTool) || !strings.Contains(err.Error(), "mcp__notes__read_note") {
		t.Errorf("registry Plan of an unknown tool = %v, want ErrUnknownTool listing the MCP tools", err)
	}
}

func TestCloseStopsTheServers(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	p, _, _ := m.Plan("mcp__notes__read_note", `{"text":"x"}`)
	m.Close()
	if res := p.Run(t.Context(), nil); !res.IsError {
		t.Errorf("a call after Close = %+v, want an error", res)
	}
}

// waitFor polls cond until it holds or ten seconds pass.
func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestResourcesAreDescribedAndSaved(t *testing.T) {
	m, state := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	res, _ := call(t, t.Context(), m, "mcp__notes__resources", `{}`)
	for _, w := range []string{
		"[resource link file:///notes/big.txt, text/plain, 1234 bytes, big.txt]",
		"[resource text/markdown, 8 bytes, notes://readme, saved to " + filepath.Join(state, "mcp"),
		"[resource application/octet-stream, 4 bytes, notes://blob, saved to ",
	} {
		if !strings.Contains(res.Output, w) {
			t.Errorf("resources output = %q, want %q in it", res.Output, w)
		}
	}
	if strings.Contains(res.Output, "# Notes") {
		t.Errorf("an embedded resource's content reached the model: %q", res.Output)
	}
	files, _ := filepath.Glob(filepath.Join(state, "mcp", "notes-resource-*"))
	if len(files) != 2 {
		t.Errorf("saved resources = %v, want two", files)
	}
}

func TestCloseStopsTheServersWholeProcessGroup(t *testing.T) {
	m, _ := start(t, mcp.Config{"notes": stdioServer("stdio")}, nil)
	res, _ := call(t, t.Context(), m, "mcp__notes__spawn", `{}`)
	pid, err := strconv.Atoi(res.Output)
	if err != nil {
		t.Fatalf("spawn = %+v", res)
	}
	if !alive(pid) {
		t.Fatalf("the server's child %d is not running before Close", pid)
	}
	m.Close()
	waitFor(t, func() bool { return !alive(pid) }, "the server's child to be killed with its group")
}

// alive reports whether pid is a process that has not exited (a zombie
// waiting for its parent counts as exited).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	_, after, _ := strings.Cut(string(b), ") ")
	return !strings.HasPrefix(after, "Z")
}
