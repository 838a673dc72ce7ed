package cmd_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// These tests run the built binary in a tmux session of its own (its own
// server socket), type into it with send-keys and read it with
// capture-pane. They wait for text to appear, never for a fixed time.

// waitLimit bounds every wait, so that a bug fails the test instead of
// hanging it; passing never depends on it.
const waitLimit = 20 * time.Second

// screenSession is the binary running in tmux.
type screenSession struct {
	t    *testing.T
	tmux string
	sock string
	// home is the screen's home directory: its config and state.
	home string
}

// screenRun says how to start the screen.
type screenRun struct {
	env    map[string]string
	config string // the user config file's content; "" for none
	root   string
	w, h   int
	args   []string
}

// startScreen runs agent --root root args... in a w×h tmux window, in a
// hermetic environment: an empty home with only the given config, the
// variables in env, nothing else from this process.
func startScreen(t *testing.T, r screenRun) *screenSession {
	t.Helper()
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the screen's end-to-end tests need it (CI installs it)")
	}
	// A short directory: a socket path must fit in about 100 bytes.
	dir, err := os.MkdirTemp("", "agt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	s := &screenSession{t: t, tmux: tmux, sock: filepath.Join(dir, "s")}
	home := t.TempDir()
	s.home = home
	if r.config != "" {
		path := filepath.Join(home, "config", "agent", "config.toml")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(r.config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	argv := []string{"env", "-i",
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
	}
	for k, v := range r.env {
		argv = append(argv, k+"="+v)
	}
	argv = append(argv, agentBin, "--root", r.root)
	argv = append(argv, r.args...)
	// The shell tmux runs the command with says how it ended, on the
	// screen, once the screen's own alternate screen is gone.
	command := strings.Join(quoteAll(argv), " ") + `; echo "agent exited with status $?"; sleep 600`
	s.run("-f", "/dev/null", "new-session", "-d", "-s", "agent", "-x", fmt.Sprint(r.w), "-y", fmt.Sprint(r.h), command)
	t.Cleanup(s.end)
	return s
}

// end ends the tmux server and waits for the agent it ran to exit, so
// that nothing of it (a checkpoint store being made on the side) still
// writes in the test's directories when they are removed. The agent is
// the child of the pane's shell.
func (s *screenSession) end() {
	out, _ := exec.Command(s.tmux, "-S", s.sock, "list-panes", "-a", "-F", "#{pane_pid}").Output()
	var children []int
	for _, shell := range strings.Fields(string(out)) {
		list, _ := os.ReadFile(fmt.Sprintf("/proc/%s/task/%s/children", shell, shell))
		for _, c := range strings.Fields(string(list)) {
			if pid, err := strconv.Atoi(c); err == nil {
				children = append(children, pid)
			}
		}
	}
	exec.Command(s.tmux, "-S", s.sock, "kill-server").Run()
	deadline := time.Now().Add(waitLimit)
	for _, pid := range children {
		for syscall.Kill(pid, 0) == nil && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func quoteAll(argv []string) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return out
}

// run runs a tmux command against the session's server.
func (s *screenSession) run(args ...string) string {
	s.t.Helper()
	out, err := exec.Command(s.tmux, append([]string{"-u", "-S", s.sock}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// capture is the screen's text now.
func (s *screenSession) capture() string {
	return s.run("capture-pane", "-p", "-t", "agent")
}

// waitFor polls the screen until it shows every one of texts, and returns
// it.
func (s *screenSession) waitFor(texts ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(waitLimit)
	var screen string
	for time.Now().Before(deadline) {
		screen = s.capture()
		if containsAll(screen, texts) {
			return screen
		}
		time.Sleep(10 * time.Millisecond) // a polling interval, not a wait for something
	}
	s.t.Fatalf("the screen never showed %q; it shows:\n%s", texts, screen)
	return ""
}

func containsAll(s string, texts []string) bool {
	for _, t := range texts {
		if !strings.Contains(s, t) {
			return false
		}
	}
	return true
}

// keys sends tmux key names ("Enter", "C-c", "Escape", "a").
func (s *screenSession) keys(keys ...string) {
	s.t.Helper()
	s.run(append([]string{"send-keys", "-t", "agent"}, keys...)...)
}

// typeText types text literally.
func (s *screenSession) typeText(text string) {
	s.t.Helper()
	s.run("send-keys", "-t", "agent", "-l", text)
}

// ask types a prompt and sends it, once the screen is ready for one.
func (s *screenSession) ask(prompt string) {
	s.t.Helper()
	s.waitFor("Ask for a change")
	s.typeText(prompt)
	s.keys("Enter")
}

// approval waits for the approval modal to take keys: its key guard
// keeps them off for a moment after it opens.
func (s *screenSession) approval(texts ...string) string {
	s.t.Helper()
	return s.waitFor(append(texts, "a approve")...)
}

// exited waits for the program to end and returns its exit status.
func (s *screenSession) exited() string {
	s.t.Helper()
	screen := s.waitFor("agent exited with status ")
	_, after, _ := strings.Cut(screen, "agent exited with status ")
	status, _, _ := strings.Cut(after, "\n")
	return strings.TrimSpace(status)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestScreenApproveRunsTheCommand(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch approved.txt"}`)),
		llmtest.Say("Created approved.txt."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30})
	s.ask("make a file")
	s.approval("touch approved.txt", "[warning]")
	s.keys("a")
	s.waitFor("Created approved.txt.", "approved by you")
	if !exists(filepath.Join(root, "approved.txt")) {
		t.Error("approved.txt was not created after a")
	}
}

func TestScreenDenyWithAReasonTellsTheModel(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "build", "out.bin"), []byte("built\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "rm -rf build"}`)),
		llmtest.Say("Kept build."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30})
	s.ask("clean up")
	s.approval("rm -rf build", "[dangerous]")
	s.keys("d")
	s.waitFor("Reason, sent to the model")
	s.typeText("keep build, it is cached")
	s.keys("Enter")
	s.waitFor("Kept build.", "denied: keep build, it is cached")
	if !exists(filepath.Join(root, "build")) {
		t.Error("build/ is gone after a denial")
	}
	results := srv.Requests()[1].ToolResults()
	if len(results) != 1 || !strings.Contains(results[0].Content, "keep build, it is cached") {
		t.Errorf("the model read %+v, want the denial with its reason", results)
	}
}

func TestScreenModifyRunsTheChangedCommand(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch one.txt"}`)),
		llmtest.Say("Done."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30})
	s.ask("make a file")
	s.approval("touch one.txt")
	s.keys("m")
	s.waitFor("Modify the command", "enter submit")
	for range len("one.txt") {
		s.keys("BSpace")
	}
	s.typeText("two.txt")
	s.waitFor("touch two.txt")
	s.keys("Enter")
	// The changed call is classified again and asks again.
	s.approval("as you changed it", "touch two.txt", "[warning]")
	s.keys("a")
	s.waitFor("Done.", "changed and approved by you")
	if !exists(filepath.Join(root, "two.txt")) || exists(filepath.Join(root, "one.txt")) {
		t.Errorf("two.txt exists: %v, one.txt exists: %v; want only the changed command to have run",
			exists(filepath.Join(root, "two.txt")), exists(filepath.Join(root, "one.txt")))
	}
	results := srv.Requests()[1].ToolResults()
	if len(results) != 1 || !strings.Contains(results[0].Content, "changed this call") || !strings.Contains(results[0].Content, "two.txt") {
		t.Errorf("the model read %+v, want a note that the person changed the call to touch two.txt", results)
	}
}

func TestScreenViewDiffThenApproveWritesTheFile(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("alpha\nbeta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "alpha\ngamma\n"}`)),
		llmtest.Say("Rewrote notes.txt."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30})
	s.ask("change the notes")
	s.approval("notes.txt")
	s.keys("v")
	screen := s.waitFor("+++ b/notes.txt", "esc back to the approval")
	if !strings.Contains(screen, "-beta") || !strings.Contains(screen, "+gamma") {
		t.Errorf("the diff view does not show the change:\n%s", screen)
	}
	s.keys("Escape")
	s.approval("notes.txt")
	s.keys("a")
	s.waitFor("Rewrote notes.txt.")
	if got, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(got) != "alpha\ngamma\n" {
		t.Errorf("notes.txt = %q after approval, want the new content", got)
	}
}

func TestScreenSessionRuleApprovesTheNextMatchingCall(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch a.txt"}`)),
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch b.txt"}`)),
		llmtest.Say("Both made."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 140, h: 30})
	s.ask("make two files")
	s.approval("touch a.txt")
	s.keys("s")
	// The rule shown has a key guard of its own.
	s.waitFor("Allow for the rest of this session?", "shell commands starting with `touch`, up to warning", "enter save and approve")
	s.keys("Enter")
	screen := s.waitFor("Both made.", "approved by session rule: shell commands starting with `touch`")
	if strings.Contains(screen, "Approve this action?") {
		t.Errorf("the modal is still open:\n%s", screen)
	}
	for _, f := range []string{"a.txt", "b.txt"} {
		if !exists(filepath.Join(root, f)) {
			t.Errorf("%s was not created", f)
		}
	}
}

// typeLikeAPerson types text one key at a time with a pause between keys,
// as a person types; "\n" is Enter. The pauses are the point: they are
// what the modal's key guard must tell from a deliberate answer.
func (s *screenSession) typeLikeAPerson(text string, gap time.Duration) {
	s.t.Helper()
	for _, r := range text {
		time.Sleep(gap)
		if r == '\n' {
			s.keys("Enter")
			continue
		}
		s.typeText(string(r))
	}
}

func TestScreenTypingNeverAnswersTheModal(t *testing.T) {
	root := t.TempDir()
	for name, content := range map[string]string{".gitignore": "build/\n", "build/cache.bin": "x"} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "rm -rf build"}`)),
		llmtest.Say("Kept build."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30})
	s.ask("clean up")
	s.approval("rm -rf build", "[dangerous]", "build/ is ignored by git: not covered by undo")
	// The person does not see the modal and, a second later, goes on
	// typing messages and slash commands, with Enter, at about 100 ms a
	// key and a pause before each line. Every line holds keys the modal
	// knows (s, Enter, m, a, d, v, n).
	time.Sleep(time.Second)
	for _, line := range []string{"/rules\n", "/model other-model\n", "add tests for the parser\n", "sandbox\n", "a\n", "yes do it\n"} {
		time.Sleep(700 * time.Millisecond)
		s.typeLikeAPerson(line, 90*time.Millisecond)
	}
	// Once the keyboard is quiet the modal's keys are live again: it is
	// still the same request, unanswered.
	screen := s.approval("Approve this action?", "rm -rf build")
	for _, gone := range []string{"Allow for the rest of this session?", "Modify the command", "Reason, sent to the model", "Deny this action"} {
		if strings.Contains(screen, gone) {
			t.Errorf("typing opened %q:\n%s", gone, screen)
		}
	}
	if !exists(filepath.Join(root, "build", "cache.bin")) {
		t.Fatal("build/ is gone: typing approved rm -rf build")
	}
	if n := len(srv.Requests()); n != 1 {
		t.Fatalf("the model got %d requests, want 1: typing answered the call", n)
	}
	// A deliberate d, after a pause, and Enter deny; the run goes on.
	s.keys("d")
	s.waitFor("Reason, sent to the model")
	s.keys("Enter")
	s.waitFor("Kept build.", "denied")
	if !exists(filepath.Join(root, "build", "cache.bin")) {
		t.Error("build/ is gone after a denial")
	}
	results := srv.Requests()[1].ToolResults()
	if len(results) != 1 || !strings.Contains(results[0].Content, "denied") {
		t.Errorf("the model read %+v, want the denial", results)
	}
}

func TestScreenCtrlCCancelsARunningCommand(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "sleep 30"}`)),
		llmtest.Say("Slept."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30})
	s.ask("wait a while")
	s.waitFor("shell: sleep 30", "running")
	start := time.Now()
	s.keys("C-c")
	screen := s.waitFor("cancelled", "Ask for a change")
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("cancelling took %v: the sleep was not killed", took)
	}
	if strings.Contains(screen, "Slept.") || len(srv.Requests()) != 1 {
		t.Errorf("the turn went on after Ctrl+C (%d requests):\n%s", len(srv.Requests()), screen)
	}
	// Idle now: Ctrl+C says a second one quits, and it does.
	s.keys("C-c")
	s.waitFor("Ctrl+C again quits")
	s.keys("C-c")
	if status := s.exited(); status != "0" {
		t.Errorf("exit status after Ctrl+C when idle = %s, want 0", status)
	}
}

func TestScreenResizeKeepsTheTranscript(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	reply := "The project has " + strings.Repeat("many words ", 20) + "and ends here."
	first := openaitest.NewServer(t, llmtest.Script{llmtest.Say(reply)})
	second := openaitest.NewServer(t, llmtest.Script{llmtest.Say("Second here.")})
	config := fmt.Sprintf("[providers.second]\ntype = \"openai\"\nbase_url = %q\napi_key_env = \"OPENAI_API_KEY\"\nmodel = %q\n",
		second.URL(), llmtest.Model)
	s := startScreen(t, screenRun{env: openaiEnv(first), config: config, root: root, w: 130, h: 30, args: []string{"--provider", "openai,second"}})
	s.waitFor("openai · test-model", "second · test-model")
	s.waitFor("Ask for a change")
	s.keys("C-b") // broadcast: both panels get the prompt
	s.waitFor("Ask every panel")
	s.typeText("describe the project")
	s.keys("Enter")
	s.waitFor("and ends here.", "Second here.")

	for _, size := range []struct{ w, h int }{{80, 24}, {50, 20}, {130, 30}} {
		s.run("resize-window", "-t", "agent", "-x", fmt.Sprint(size.w), "-y", fmt.Sprint(size.h))
		want := []string{"auto-approve"}
		if size.w < 119 {
			want = append(want, "1 openai") // tabs
		} else {
			want = append(want, "Second here.") // side by side
		}
		screen := s.waitFor(want...)
		rows := strings.Split(strings.TrimRight(screen, "\n"), "\n")
		if len(rows) > size.h {
			t.Errorf("at %dx%d the screen has %d rows", size.w, size.h, len(rows))
		}
		for i, r := range rows {
			if w := ansi.StringWidth(r); w > size.w {
				t.Errorf("at %dx%d row %d is %d cells wide: %q", size.w, size.h, i, w, r)
			}
		}
		words := strings.Join(strings.Fields(screen), " ")
		if !strings.Contains(words, "and ends here.") {
			t.Errorf("at %dx%d the reply is gone:\n%s", size.w, size.h, screen)
		}
	}
}

// TestScreenFirstFrame measures how long the screen takes to draw its first
// frame after tmux starts it. The bound is loose, for loaded machines; the
// figure is logged.
func TestScreenFirstFrame(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("hi")})
	start := time.Now()
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30})
	var took time.Duration
	for {
		if strings.Contains(s.capture(), "auto-approve") {
			took = time.Since(start)
			break
		}
		if time.Since(start) > waitLimit {
			t.Fatalf("no first frame after %v:\n%s", waitLimit, s.capture())
		}
		time.Sleep(time.Millisecond)
	}
	t.Logf("first frame %v after starting tmux", took.Round(time.Millisecond))
	if took > 3*time.Second {
		t.Errorf("the first frame took %v", took)
	}
}

// The key help opens with ?, lists the approval's keys and the full diff's
// at the real terminal's size, scrolls down to its own keys, and closes
// with Esc back to the prompt.
func TestScreenHelpListsEveryComponentsKeys(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("hi")})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: t.TempDir(), w: 100, h: 30})
	s.waitFor("Ask for a change")
	s.typeText("?")
	s.waitFor("Keys", "the prompt", "an approval", "a   approve", "scroll · rows 1-")
	s.keys("Down", "Down", "Down")
	s.waitFor("a full diff (v, /compare)", "t    side by side", "this help")
	s.keys("Escape")
	screen := s.waitFor("Ask for a change")
	if strings.Contains(screen, "this help") {
		t.Errorf("Esc left the help open:\n%s", screen)
	}
}

func TestScreenWithoutAProviderShowsHowToSetOneUp(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"no key", map[string]string{"AGENT_PROVIDER": "openai"}, "OPENAI_API_KEY is not set"},
		{"no server", map[string]string{"AGENT_PROVIDER": "openai", "OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": "http://127.0.0.1:1/v1"}, "openai is not usable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startScreen(t, screenRun{env: tt.env, root: t.TempDir(), w: 100, h: 30})
			s.waitFor(tt.want, "config init", "not set up")
			s.keys("C-d")
			if status := s.exited(); status != "0" {
				t.Errorf("exit status after Ctrl+D = %s, want 0", status)
			}
		})
	}
}

// A resumed session opens with its transcript, as it was shown live: the
// prompt, the tool card (collapsed: the file it read is not shown) and the
// reply; the next prompt goes on from there.
func TestScreenResumeShowsTheTranscript(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "README.md"), []byte("# resumed project\nTHE-FILE-ITSELF\n"), 0o644)
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("read_file", `{"path": "README.md"}`)),
		llmtest.Say("It is the resumed project."),
		llmtest.Say("Continuing where we left off."),
	})
	h := newStateHome(t, openaiEnv(srv))
	h.mustRun(0, "run", "--yes-safe", "--root", root, "read the readme")
	id := h.sessionIDs()[0]

	env := openaiEnv(srv)
	env["XDG_STATE_HOME"] = h.state()
	s := startScreen(t, screenRun{env: env, root: root, w: 100, h: 30, args: []string{"--resume", id}})
	screen := s.waitFor("› read the readme", "[safe] read_file", "It is the resumed project.", "Resumed session "+id)
	if strings.Contains(screen, "THE-FILE-ITSELF") {
		t.Errorf("the replayed tool card is expanded:\n%s", screen)
	}
	if strings.Index(screen, "› read the readme") > strings.Index(screen, "It is the resumed project.") {
		t.Errorf("the replay is out of order:\n%s", screen)
	}
	s.ask("and now?")
	s.waitFor("› and now?", "Continuing where we left off.")
}

// Opening the screen and quitting without a prompt is no session: nothing
// is listed. The first prompt makes one, listed with that prompt.
func TestScreenWithoutAPromptLeavesNoSession(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("Hello.")})
	h := newStateHome(t, openaiEnv(srv))
	env := openaiEnv(srv)
	env["XDG_STATE_HOME"] = h.state()

	s := startScreen(t, screenRun{env: env, root: root, w: 100, h: 30})
	s.waitFor("Ask for a change")
	s.keys("C-d")
	if st := s.exited(); st != "0" {
		t.Fatalf("agent exited with status %s", st)
	}
	if ids := h.sessionIDs(); len(ids) != 0 {
		t.Errorf("a screen closed without a prompt is listed: sessions %v", ids)
	}

	s = startScreen(t, screenRun{env: env, root: root, w: 100, h: 30})
	s.ask("say hello")
	s.waitFor("Hello.")
	s.keys("C-d")
	s.exited()
	list := h.mustRun(0, "sessions", "--all")
	if ids := h.sessionIDs(); len(ids) != 1 || !strings.Contains(list.stdout, "say hello") {
		t.Errorf("after a prompt, sessions = %v:\n%s\nwant the one session, with its prompt", ids, list.stdout)
	}
}

// agent run with a person at the terminal: m opens the command to edit,
// not an empty line; the edited command is asked about again and runs.
func TestRunModifyAtATerminalEditsTheCommand(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch one.txt"}`)),
		llmtest.Say("Done."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30, args: []string{"run", "make a file"}})
	s.waitFor("    touch one.txt", "[a]pprove [d]eny [m]odify [v]iew diff")
	s.typeText("m")
	s.keys("Enter")
	s.waitFor("new command (or JSON arguments): touch one.txt")
	for range len("one.txt") {
		s.keys("BSpace")
	}
	s.typeText("two.txt")
	s.keys("Enter")
	// The changed call is classified again and asked about again.
	s.waitFor("    touch two.txt")
	s.typeText("a")
	s.keys("Enter")
	if st := s.exited(); st != "0" {
		t.Errorf("agent run exited with status %s:\n%s", st, s.capture())
	}
	if !exists(filepath.Join(root, "two.txt")) || exists(filepath.Join(root, "one.txt")) {
		t.Errorf("two.txt exists: %v, one.txt exists: %v; want only the edited command to have run",
			exists(filepath.Join(root, "two.txt")), exists(filepath.Join(root, "one.txt")))
	}
}

// agent run with a person at the terminal offers "for this session" too:
// s shows the rule, y saves it and approves, and the next call it covers
// runs without a question.
func TestRunSessionRuleAtATerminalCoversTheNextCall(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch one.txt"}`)),
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch two.txt"}`)),
		llmtest.Say("Done."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 120, h: 30, args: []string{"run", "make two files"}})
	s.waitFor("    touch one.txt", "[a]pprove [d]eny [m]odify [v]iew diff [s]ession rule")
	s.typeText("s")
	s.keys("Enter")
	s.waitFor("allow for the rest of this session: shell commands starting with `touch`, up to warning", "save it and approve? [y/N]")
	s.typeText("y")
	s.keys("Enter")
	if st := s.exited(); st != "0" {
		t.Errorf("agent run exited with status %s:\n%s", st, s.capture())
	}
	if !exists(filepath.Join(root, "one.txt")) || !exists(filepath.Join(root, "two.txt")) {
		t.Errorf("one.txt exists: %v, two.txt exists: %v; want both", exists(filepath.Join(root, "one.txt")), exists(filepath.Join(root, "two.txt")))
	}
	if out := s.capture(); strings.Contains(out, "    touch two.txt") {
		t.Errorf("the call the rule covers was asked about:\n%s", out)
	}
}
