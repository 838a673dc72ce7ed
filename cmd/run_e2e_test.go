package cmd_test

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// fake is any of the three fake servers.
type fake interface {
	URL() string
	Requests() []llmtest.Request
}

// providerCase points the built-in provider of one wire format at its
// fake, through the variables a person would set.
type providerCase struct {
	name  string
	serve func(t *testing.T, s llmtest.Script) fake
	env   func(url string) map[string]string
}

var providerCases = []providerCase{
	{
		name:  "openai",
		serve: func(t *testing.T, s llmtest.Script) fake { return openaitest.NewServer(t, s) },
		env: func(url string) map[string]string {
			return map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": url}
		},
	},
	{
		name:  "ollama",
		serve: func(t *testing.T, s llmtest.Script) fake { return ollamatest.NewServer(t, s) },
		env:   func(url string) map[string]string { return map[string]string{"OLLAMA_HOST": url} },
	},
	{
		name:  "anthropic",
		serve: func(t *testing.T, s llmtest.Script) fake { return anthropictest.NewServer(t, s) },
		env: func(url string) map[string]string {
			return map[string]string{"ANTHROPIC_API_KEY": llmtest.APIKey, "ANTHROPIC_BASE_URL": url}
		},
	},
}

// agentCmd is the binary with a hermetic environment under home: config
// in home/config, state in home/state, no terminal on stdin.
func agentCmd(t *testing.T, home string, env map[string]string, args ...string) *exec.Cmd {
	t.Helper()
	c := exec.CommandContext(t.Context(), agentBin, args...)
	c.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
	}
	for k, v := range env {
		c.Env = append(c.Env, k+"="+v)
	}
	c.Stdin = strings.NewReader("")
	return c
}

// run runs c to the end.
func run(t *testing.T, c *exec.Cmd) result {
	t.Helper()
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	code := 0
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run agent: %v", err)
	}
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

func ofType(evs []map[string]any, typ string) []map[string]any {
	var out []map[string]any
	for _, e := range evs {
		if e["type"] == typ {
			out = append(out, e)
		}
	}
	return out
}

// `agent run --provider NAME` works against each wire format's fake,
// configured only through the variables the person would set: files are
// written, commands run, the results reach the model, and no child
// process sees the key.
func TestRunThroughEachProvider(t *testing.T) {
	t.Parallel()
	for _, pc := range providerCases {
		t.Run("with --provider "+pc.name, func(t *testing.T) {
			root := t.TempDir()
			srv := pc.serve(t, llmtest.Script{
				{Text: "Writing the file.", Calls: []llmtest.Call{
					llmtest.UseTool("write_file", `{"path": "hello.txt", "content": "hello\n"}`),
				}},
				llmtest.Use(
					llmtest.UseTool("shell", `{"command": "cat hello.txt"}`),
					llmtest.UseTool("shell", `{"command": "echo key=$ANTHROPIC_API_KEY$OPENAI_API_KEY"}`),
				),
				llmtest.Say("Done."),
			})
			r := run(t, agentCmd(t, t.TempDir(), pc.env(srv.URL()),
				"run", "--provider", pc.name, "--model", llmtest.Model, "--yes", "warning", "--json", "--root", root, "write hello.txt"))
			if r.code != 0 {
				t.Fatalf("exit code = %d, want 0\nstderr: %s", r.code, r.stderr)
			}
			if got, _ := os.ReadFile(filepath.Join(root, "hello.txt")); string(got) != "hello\n" {
				t.Errorf("hello.txt = %q, want the model's content", got)
			}
			evs := events(t, r.stdout)
			for _, e := range evs {
				if e["provider"] != pc.name {
					t.Fatalf("event %v has provider %v, want %s", e["type"], e["provider"], pc.name)
				}
			}
			if fin := ofType(evs, "run_finished"); len(fin) != 1 || fin[0]["status"] != "finished" || fin[0]["exit_code"] != 0.0 {
				t.Errorf("run_finished = %v, want finished with exit code 0", fin)
			}
			reqs := srv.Requests()
			results := reqs[len(reqs)-1].ToolResults()
			if len(results) != 3 || results[1].Content != "hello\n" {
				t.Fatalf("last tool results = %+v, want the write, cat's output and the echo", results)
			}
			if results[2].Content != "key=\n" {
				t.Errorf("echo of the key variables gave %q: the key reached a command", results[2].Content)
			}
		})
	}
}

// A provider with tools = "prompt" gets no tools on the wire; the model's
// fenced calls run, and a malformed one is answered with a correction.
func TestRunPromptToolsAgainstOllama(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	cfg := filepath.Join(home, "agent.toml")
	os.WriteFile(cfg, []byte("[providers.ollama]\ntools = \"prompt\"\n"), 0o644)
	srv := ollamatest.NewServer(t, llmtest.Script{
		llmtest.Say("Writing.\n```tool\n{\"tool\": \"write_file\", \"arguments\": {\"path\": \"a.txt\", \"content\": \"A\"}\n```"),
		llmtest.Say("Again.\n```tool\n{\"tool\": \"write_file\", \"arguments\": {\"path\": \"a.txt\", \"content\": \"A\"}}\n```"),
		llmtest.Say("Wrote a.txt."),
	})
	r := run(t, agentCmd(t, home, map[string]string{"OLLAMA_HOST": srv.URL()},
		"run", "--config", cfg, "--provider", "ollama", "--model", llmtest.Model, "--yes", "warning", "--root", root, "write a.txt"))
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(got) != "A" {
		t.Errorf("a.txt = %q, want A", got)
	}
	if strings.Contains(r.stdout, "```") || !strings.Contains(r.stdout, "Wrote a.txt.") {
		t.Errorf("stdout = %q, want the text without the tool blocks", r.stdout)
	}
	if !strings.Contains(r.stderr, "could not be read") || !strings.Contains(r.stderr, "[warning] write_file: create a.txt  ✓") {
		t.Errorf("stderr = %q, want the malformed call refused and the good one run", r.stderr)
	}
	reqs := srv.Requests()
	if len(reqs[0].Tools) != 0 || !strings.Contains(reqs[0].System, "## write_file") {
		t.Errorf("first request: tools %v, want none on the wire and the tools in the system prompt", reqs[0].ToolNames())
	}
}

// documentedEventTypes reads the JSON event types from the table in
// docs/headless.md, so the documentation and the output cannot drift.
func documentedEventTypes(t *testing.T) []string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "headless.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(doc), "| type | fields |")
	var types []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|").FindAllStringSubmatch(table, -1) {
		types = append(types, m[1])
	}
	if len(types) < 10 {
		t.Fatalf("found %d event types in docs/headless.md (%v), want the whole table", len(types), types)
	}
	return types
}

// A golden headless run: a request that fails with 503 and is retried, a
// command that prints, and the turn limit. Every event type the
// documentation lists appears, in an order that makes sense, and the run
// ends with the documented exit code.
func TestRunJSONEmitsEveryDocumentedEventType(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		{Reasoning: "The person wants a look: a shell echo first.", Text: "Let me look.",
			Calls: []llmtest.Call{llmtest.UseTool("shell", `{"command": "echo hello from the shell"}`)},
			Fault: llmtest.Fault{Status: 503, Times: 1}},
		llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`)),
		llmtest.Say("unreached"),
	})
	r := runAgent(t, openaiEnv(srv), "", "run", "--yes-safe", "--json", "--max-turns", "2", "--root", root, "look around")
	if r.code != 4 {
		t.Fatalf("exit code = %d, want 4 (turn limit)\nstderr: %s", r.code, r.stderr)
	}
	evs := events(t, r.stdout)
	seen := map[string]int{}
	var order []string
	for _, e := range evs {
		typ := e["type"].(string)
		if seen[typ] == 0 {
			order = append(order, typ)
		}
		seen[typ]++
		if e["provider"] != "openai" || e["time"] == nil {
			t.Errorf("event %v lacks provider or time", e)
		}
	}
	for _, typ := range documentedEventTypes(t) {
		if seen[typ] == 0 {
			t.Errorf("documented event type %q never appeared; got %v", typ, order)
		}
	}
	for typ := range seen {
		if !slices.Contains(documentedEventTypes(t), typ) {
			t.Errorf("event type %q is not documented in docs/headless.md", typ)
		}
	}
	want := []string{"run_started", "retry", "reasoning_delta", "text", "reasoning", "usage", "tool_call", "approval", "tool_output", "tool_result", "error", "run_finished"}
	if !slices.Equal(order, want) {
		t.Errorf("first appearances = %v, want %v", order, want)
	}
	var out strings.Builder
	for _, e := range ofType(evs, "tool_output") {
		out.WriteString(e["text"].(string))
	}
	if out.String() != "hello from the shell\n" {
		t.Errorf("tool_output = %q, want the command's output", out.String())
	}
	retry := ofType(evs, "retry")[0]
	if retry["attempt"] != 1.0 || !strings.Contains(retry["error"].(string), "503") {
		t.Errorf("retry event = %v, want attempt 1 after the 503", retry)
	}
	if e := ofType(evs, "error"); !strings.Contains(e[0]["error"].(string), "turn limit reached") {
		t.Errorf("error event = %v, want the turn limit", e)
	}
	fin := ofType(evs, "run_finished")[0]
	if fin["status"] != "turn_limit" || fin["exit_code"] != 4.0 || fin["turn"] != 2.0 || fin["total"] == nil {
		t.Errorf("run_finished = %v, want turn_limit, exit code 4, 2 turns and the tokens", fin)
	}
	for _, e := range ofType(evs, "tool_call") {
		id := e["call"].(map[string]any)["id"]
		n := 0
		for _, res := range ofType(evs, "tool_result") {
			if res["call"].(map[string]any)["id"] == id {
				n++
			}
		}
		if n != 1 {
			t.Errorf("tool call %v has %d results, want 1", id, n)
		}
	}
}

// The token budget stops a run like the turn limit does, and a price
// shows what the run cost, in JSON and in text.
func TestRunTokenBudgetAndCost(t *testing.T) {
	t.Parallel()
	turn := llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`))
	turn.Usage = llm.Usage{InputTokens: 1000, OutputTokens: 100}
	home := t.TempDir()
	cfg := filepath.Join(home, "agent.toml")
	os.WriteFile(cfg, []byte("[providers.openai.price]\ninput = 2.5\noutput = 10.0\n"), 0o644)
	for _, mode := range []string{"json", "text"} {
		t.Run("in "+mode, func(t *testing.T) {
			srv := openaitest.NewServer(t, llmtest.Script{turn, turn, turn, turn})
			args := []string{"run", "--config", cfg, "--yes-safe", "--max-tokens", "2500", "--root", t.TempDir(), "look"}
			if mode == "json" {
				args = append(args, "--json")
			}
			r := run(t, agentCmd(t, home, openaiEnv(srv), args...))
			if r.code != 4 {
				t.Fatalf("exit code = %d, want 4 (token budget)\nstderr: %s", r.code, r.stderr)
			}
			if n := len(srv.Requests()); n != 3 {
				t.Errorf("the fake got %d requests, want 3 (the third reaches 3300 of 2500 tokens)", n)
			}
			if mode == "text" {
				for _, want := range []string{"error: token budget reached: 3300 of 2500 tokens", "stopped at the token budget after 3 turns: 3000 input and 300 output tokens, $0.0105",
					"[skipped: token budget reached] list_dir"} {
					if !strings.Contains(r.stderr, want) {
						t.Errorf("stderr = %q, want %q", r.stderr, want)
					}
				}
				if strings.Contains(r.stderr, "[invalid]") {
					t.Errorf("stderr calls a valid call skipped at the budget invalid:\n%s", r.stderr)
				}
				return
			}
			evs := events(t, r.stdout)
			if u := ofType(evs, "usage")[0]; u["cost_usd"] != 0.0035 || u["total_cost_usd"] != 0.0035 {
				t.Errorf("first usage event = %v, want cost_usd 0.0035", u)
			}
			fin := ofType(evs, "run_finished")[0]
			if fin["status"] != "token_limit" || fin["exit_code"] != 4.0 || fin["total_cost_usd"] != 0.0105 {
				t.Errorf("run_finished = %v, want token_limit, exit code 4, $0.0105", fin)
			}
		})
	}
}

// A failing provider's message says what to do, in text mode on stderr
// and in JSON in the error event, and the run exits 1.
func TestRunProviderErrorsSayWhatToDo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		provider int // index in providerCases
		fault    llmtest.Fault
		want     string
	}{
		{"a rejected key names its variable", 0, llmtest.Fault{Status: 401}, "the API key was rejected (401 Unauthorized): check OPENAI_API_KEY"},
		{"a forbidden model names the key's variable", 0, llmtest.Fault{Status: 403}, "access denied (403 Forbidden): the key in OPENAI_API_KEY may not be allowed to use model \"test-model\""},
		{"an unknown model is named", 0, llmtest.Fault{Status: 404}, "model \"test-model\" is unknown to"},
		{"a conversation too long suggests a shorter one", 0, llmtest.Fault{ContextLength: true}, "the conversation is too long for model \"test-model\" (400 Bad Request): start a new conversation or shorten this one"},
		{"a model Ollama has not pulled says the pull command", 1, llmtest.Fault{Status: 404}, "run `ollama pull test-model`"},
		{"a rejected Anthropic key names its variable", 2, llmtest.Fault{Status: 401}, "check ANTHROPIC_API_KEY"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pc := providerCases[tt.provider]
			for _, mode := range []string{"text", "json"} {
				srv := pc.serve(t, llmtest.Script{{Text: "never", Fault: tt.fault}})
				args := []string{"run", "--provider", pc.name, "--model", llmtest.Model, "--root", t.TempDir(), "hi"}
				if mode == "json" {
					args = append(args, "--json")
				}
				r := run(t, agentCmd(t, t.TempDir(), pc.env(srv.URL()), args...))
				if r.code != 1 {
					t.Errorf("%s mode: exit code = %d, want 1\nstderr: %s", mode, r.code, r.stderr)
				}
				where := r.stderr
				if mode == "json" {
					errs := ofType(events(t, r.stdout), "error")
					if len(errs) != 1 {
						t.Fatalf("json mode: error events = %v, want one", errs)
					}
					where = errs[0]["error"].(string)
				}
				if !strings.Contains(where, tt.want) || strings.Contains(where, llmtest.APIKey) {
					t.Errorf("%s mode: the person reads %q, want %q (and never the key)", mode, where, tt.want)
				}
			}
		})
	}
}

// AGENTS.md in the project and in the config directory reach the model.
func TestRunReadsAgentsMD(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("Run make test before you finish.\n"), 0o644)
	os.MkdirAll(filepath.Join(home, "config", "agent"), 0o755)
	os.WriteFile(filepath.Join(home, "config", "agent", "AGENTS.md"), []byte(strings.Repeat("Answer briefly.\n", 3000)), 0o644)
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("ok")})
	r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--root", root, "hi"))
	if r.code != 0 {
		t.Fatalf("exit code = %d\nstderr: %s", r.code, r.stderr)
	}
	sys := srv.Requests()[0].System
	for _, want := range []string{"Answer briefly.", "Run make test before you finish.", "only its first 32 KiB are in the prompt"} {
		if !strings.Contains(sys, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	if !strings.Contains(r.stderr, "AGENTS.md is 47 KiB; only its first 32 KiB are in the prompt") {
		t.Errorf("stderr = %q, want a note that the user's AGENTS.md was cut", r.stderr)
	}
}

// started is a running binary whose stdout a test reads line by line.
type started struct {
	cmd    *exec.Cmd
	lines  chan string
	stderr *bytes.Buffer
	done   chan struct{}
	out    strings.Builder
}

func start(t *testing.T, c *exec.Cmd) *started {
	t.Helper()
	s := &started{cmd: c, lines: make(chan string, 1000), stderr: &bytes.Buffer{}, done: make(chan struct{})}
	c.Stderr = s.stderr
	pr, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(s.done)
		br := bufio.NewReader(pr)
		for {
			line, err := br.ReadString('\n')
			if line != "" {
				s.out.WriteString(line)
				s.lines <- line
			}
			if err != nil {
				close(s.lines)
				return
			}
		}
	}()
	return s
}

// waitFor reads lines until one contains want.
func (s *started) waitFor(t *testing.T, want string) {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				t.Fatalf("output ended without %q; stderr: %s", want, s.stderr)
			}
			if strings.Contains(line, want) {
				return
			}
		case <-timeout:
			t.Fatalf("no %q within 20s", want)
		}
	}
}

// interrupt sends SIGINT and returns the exit code and how long the
// process took to exit.
func (s *started) interrupt(t *testing.T) (int, time.Duration) {
	t.Helper()
	sent := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range s.lines { // keep the reader going until the end
		}
	}()
	err := s.cmd.Wait()
	<-s.done
	took := time.Since(sent)
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		return ee.ExitCode(), took
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, took
}

// SIGINT while the model streams slowly stops the stream at once, says
// so, and exits 130.
func TestRunSIGINTDuringASlowStream(t *testing.T) {
	srv := openaitest.NewServer(t, llmtest.Script{
		{Text: strings.Repeat("slowly ", 100), Fault: llmtest.Fault{Delay: 200 * time.Millisecond}},
	})
	s := start(t, agentCmd(t, t.TempDir(), openaiEnv(srv), "run", "--yes-safe", "--json", "--root", t.TempDir(), "take your time"))
	s.waitFor(t, `"type":"text"`)
	code, took := s.interrupt(t)
	if code != 130 {
		t.Errorf("exit code = %d, want 130\nstderr: %s", code, s.stderr)
	}
	if took > 2*time.Second {
		t.Errorf("the process took %v to exit after SIGINT, want it prompt", took)
	}
	evs := events(t, s.out.String())
	fin := evs[len(evs)-1]
	if fin["type"] != "run_finished" || fin["status"] != "cancelled" || fin["exit_code"] != 130.0 {
		t.Errorf("last event = %v, want run_finished, cancelled, exit code 130", fin)
	}
}

// SIGINT while a command runs stops the command at once, answers every
// call of the turn as cancelled, and exits 130; text mode says so.
func TestRunSIGINTDuringACommand(t *testing.T) {
	for _, mode := range []string{"json", "text"} {
		t.Run("in "+mode, func(t *testing.T) {
			root := t.TempDir()
			srv := openaitest.NewServer(t, llmtest.Script{
				{Text: "Waiting.\n", Calls: []llmtest.Call{
					llmtest.UseTool("shell", `{"command": "sleep 29.75"}`),
					llmtest.UseTool("write_file", `{"path": "after.txt", "content": "x"}`),
				}},
				llmtest.Say("unreached"),
			})
			args := []string{"run", "--yes", "warning", "--root", root, "wait"}
			if mode == "json" {
				args = append(args, "--json")
			}
			s := start(t, agentCmd(t, t.TempDir(), openaiEnv(srv), args...))
			if mode == "json" {
				s.waitFor(t, `"decision":"auto"`)
			} else {
				s.waitFor(t, "Waiting.")
			}
			waitUntil(t, func() bool { return len(processesRunning("29.75")) > 0 }) // sleep has started
			code, took := s.interrupt(t)
			if code != 130 {
				t.Errorf("exit code = %d, want 130\nstderr: %s", code, s.stderr)
			}
			if took > 5*time.Second {
				t.Errorf("the process took %v to exit after SIGINT, want sleep 30 stopped promptly", took)
			}
			if _, err := os.Stat(filepath.Join(root, "after.txt")); err == nil {
				t.Error("the call after the cancelled one ran")
			}
			if pids := processesRunning("29.75"); len(pids) > 0 {
				t.Errorf("sleep is still running after the agent exited: pids %v", pids)
			}
			if n := len(srv.Requests()); n != 1 {
				t.Errorf("the fake got %d requests, want 1: nothing is sent after a cancel", n)
			}
			if mode == "text" {
				for _, want := range []string{"shell: sleep 29.75  ✗", "write_file: {\"path\": \"after.txt\", \"content\": \"x\"}  ✗ error: cancelled by the user", "cancelled after 1 turn"} {
					if !strings.Contains(s.stderr.String(), want) {
						t.Errorf("stderr = %q, want %q", s.stderr, want)
					}
				}
				return
			}
			evs := events(t, s.out.String())
			results := ofType(evs, "tool_result")
			if len(results) != 2 {
				t.Fatalf("tool results = %v, want both calls answered", results)
			}
			for _, e := range results {
				res := e["result"].(map[string]any)
				if res["is_error"] != true || !strings.Contains(res["output"].(string), "cancelled by the user") {
					t.Errorf("result = %v, want an error saying cancelled by the user", res)
				}
			}
			if fin := evs[len(evs)-1]; fin["status"] != "cancelled" || fin["exit_code"] != 130.0 {
				t.Errorf("last event = %v, want cancelled with exit code 130", fin)
			}
		})
	}
}

// processesRunning returns the processes whose command line holds part
// (sleep itself, or a shell running it), or nil where there is no /proc.
// waitUntil polls cond, which watches for an event outside the test's
// reach (a process appearing), until it holds; it fails the test after 20
// seconds.
func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("the awaited condition did not come within 20s")
		}
		time.Sleep(5 * time.Millisecond) // a polling interval, not a wait for something
	}
}

func processesRunning(part string) []string {
	dirs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var pids []string
	for _, d := range dirs {
		if b, err := os.ReadFile(d); err == nil && strings.Contains(string(b), part) {
			pids = append(pids, filepath.Base(filepath.Dir(d)))
		}
	}
	return pids
}

// The budget flag's bad values are usage errors, and --help documents it.
func TestRunMaxTokensFlag(t *testing.T) {
	t.Parallel()
	r := runAgent(t, nil, "", "run", "--max-tokens", "-5", "--root", t.TempDir(), "x")
	if r.code != 2 || !strings.Contains(r.stderr, "--max-tokens -5") {
		t.Errorf("exit %d, stderr %q; want a usage error naming --max-tokens", r.code, r.stderr)
	}
	var help bytes.Buffer
	c := agentCmd(t, t.TempDir(), nil, "run", "--help")
	c.Stdout = &help
	c.Run()
	for _, want := range []string{"--max-tokens", "the token budget"} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("agent run --help lacks %q", want)
		}
	}
}
