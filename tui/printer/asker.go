package printer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/termsafe"
	"github.com/agentcli/agent/tui/callfmt"
)

// NewAsker returns an Approver for a headless run with a person at the
// terminal: for each call it prints the provider, the tool, the full command
// or path, the level and the reasons to out, then asks
//
//	[a]pprove [d]eny [m]odify [v]iew diff:
//
// and reads one line from in. "a" approves; "d" denies, and any words after
// it are the reason sent to the model; "m" reads a replacement command (for
// shell) or a JSON object of arguments and returns Modify; "v" prints the
// preview diff and asks again. Anything else asks again.
//
// Approve blocks until a line is read. When ctx is cancelled it returns
// ctx.Err() at once; the line the person may be typing for that question is
// then thrown away rather than taken as the answer to the next one. When in
// ends (EOF or a read error), that call and every later one are denied by
// policy. Calls from several goroutines are asked one at a time.
//
// When in is a terminal, "m" opens a line editor prefilled with what the
// call would run (the command, else the arguments as JSON), so that the
// person edits it rather than typing it again: arrows, Backspace, Ctrl+A
// and Ctrl+E work, Enter sends the line, Ctrl+C or Ctrl+D goes back to the
// question. The terminal is in raw mode only while that line is edited.
func NewAsker(in io.Reader, out io.Writer) agent.Approver {
	return NewSessionAsker(in, out, nil)
}

// NewSessionAsker is NewAsker that also offers "s": allow calls like this
// one for the rest of the session. It prints the rule agent.ProposeRule
// makes and asks "save it and approve? [y/N]"; yes adds it to rules (which
// the agents were given as agent.Options.Rules, so they apply it without
// asking again) and approves the call, anything else asks again. With nil
// rules it is NewAsker.
func NewSessionAsker(in io.Reader, out io.Writer, rules *agent.SessionRules) agent.Approver {
	a := &asker{in: bufio.NewReader(in), out: out, turn: make(chan struct{}, 1), tty: -1, rules: rules, question: question}
	if rules != nil {
		a.question = sessionQuestion
	}
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		a.tty = int(f.Fd())
	}
	return a
}

// asker is the Approver NewAsker returns.
type asker struct {
	// turn is held while a question is asked: one person, one prompt at a
	// time. A channel rather than a mutex, so waiting for it can be cancelled.
	turn chan struct{}
	in   *bufio.Reader
	out  io.Writer

	// stale is a read started for a question that was cancelled: its line
	// belongs to that question and must not answer the next one.
	stale chan readResult
	// ended is set once in has no more lines.
	ended error
	// tty is in's file descriptor when in is a terminal, else -1.
	tty int
	// rules, when set, are the session's rules "s" adds to; question is
	// what is asked, offering "s" only then.
	rules    *agent.SessionRules
	question string
}

type readResult struct {
	line string
	err  error
}

const (
	question        = "[a]pprove [d]eny [m]odify [v]iew diff: "
	sessionQuestion = "[a]pprove [d]eny [m]odify [v]iew diff [s]ession rule: "
)

// Ask asks about req; see NewAsker.
func (a *asker) Ask(ctx context.Context, req agent.ApprovalRequest) (agent.Answer, error) {
	select {
	case a.turn <- struct{}{}:
		defer func() { <-a.turn }()
	case <-ctx.Done():
		return agent.Answer{}, ctx.Err()
	}
	if a.ended != nil {
		return endedDecision(a.ended), nil
	}
	for _, r := range a.rules.List() {
		// Made while this request waited for its turn.
		if r.Matches(req) {
			return r.Approval(), nil
		}
	}
	a.describe(req)
	for {
		fmt.Fprint(a.out, a.question)
		line, err := a.readLine(ctx)
		if err != nil {
			return a.noAnswer(ctx, err)
		}
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch strings.ToLower(word) {
		case "a", "approve", "y", "yes":
			return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}, nil
		case "d", "deny", "n", "no":
			return agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: strings.TrimSpace(rest)}, nil
		case "v", "view":
			a.preview(req)
		case "m", "modify":
			args, ok, err := a.modify(ctx, req, strings.TrimSpace(rest))
			if err != nil {
				return a.noAnswer(ctx, err)
			}
			if ok {
				return agent.Answer{Choice: agent.Modify, Args: args, By: agent.ByPerson}, nil
			}
		case "s", "session":
			if a.rules == nil {
				a.notAnAnswer(word)
				continue
			}
			saved, err := a.proposeRule(ctx, req)
			if err != nil {
				return a.noAnswer(ctx, err)
			}
			if saved != nil {
				return saved.Approval(), nil
			}
		case "":
		default:
			a.notAnAnswer(word)
		}
	}
}

// noAnswer ends a question whose answer could not be read: cancelled, or
// the input ended (then this call and every later one are denied).
func (a *asker) noAnswer(ctx context.Context, err error) (agent.Answer, error) {
	if ctx.Err() != nil {
		fmt.Fprintln(a.out, "\n(cancelled)")
		return agent.Answer{}, ctx.Err()
	}
	a.ended = err
	fmt.Fprintln(a.out, "\n(no more input: denied)")
	return endedDecision(err), nil
}

// notAnAnswer says which answers the question takes.
func (a *asker) notAnAnswer(word string) {
	letters := "a, d, m or v"
	if a.rules != nil {
		letters = "a, d, m, v or s"
	}
	fmt.Fprintf(a.out, "%q is not an answer: type %s, then Enter.\n", termsafe.Line(word), letters)
}

// proposeRule shows the session rule for calls like req and asks whether
// to save it; it returns the rule when it was saved, nil when the person
// said no or no rule can describe the call.
func (a *asker) proposeRule(ctx context.Context, req agent.ApprovalRequest) (*agent.SessionRule, error) {
	rule, ok := agent.ProposeRule(req)
	if !ok {
		fmt.Fprintln(a.out, "no session rule can describe this call")
		return nil, nil
	}
	fmt.Fprintf(a.out, "allow for the rest of this session: %s\nsave it and approve? [y/N]: ", termsafe.Line(rule.String()))
	line, err := a.readLine(ctx)
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		a.rules.Add(rule)
		return rule, nil
	}
	return nil, nil
}

// describe prints what the call will do, in full.
func (a *asker) describe(req agent.ApprovalRequest) {
	c := req.Call
	fmt.Fprintf(a.out, "\n%s wants to run %s (%s):\n", termsafe.Line(req.Provider), termsafe.Line(c.Tool), req.Verdict.Level)
	for _, l := range strings.Split(callfmt.Text(c), "\n") {
		fmt.Fprintf(a.out, "    %s\n", l)
	}
	for _, r := range req.Verdict.Reasons {
		fmt.Fprintf(a.out, "  - %s\n", termsafe.Line(r))
	}
	if req.Replanned {
		fmt.Fprintln(a.out, "  the file changed meanwhile: this is the diff against it as it is now")
	}
	if req.Undo != "" {
		fmt.Fprintf(a.out, "  undo: %s\n", termsafe.Line(req.Undo))
	}
}

// preview prints the diff of a file change, or the whole command of a shell
// call, which is all there is to see before it runs.
func (a *asker) preview(req agent.ApprovalRequest) {
	if req.Preview == "" {
		fmt.Fprintln(a.out, "No diff: this call changes no file the tools can preview. It runs:")
		for _, l := range strings.Split(callfmt.Text(req.Call), "\n") {
			fmt.Fprintf(a.out, "    %s\n", l)
		}
		return
	}
	p := termsafe.Text(req.Preview)
	fmt.Fprint(a.out, p)
	if !strings.HasSuffix(p, "\n") {
		fmt.Fprintln(a.out)
	}
}

// modify reads the replacement for the call: a command for shell, JSON
// arguments for any tool. inline is what followed "m" on the same line, if
// anything. ok is false when the person gave nothing usable, so the question
// is asked again.
func (a *asker) modify(ctx context.Context, req agent.ApprovalRequest, inline string) (args string, ok bool, err error) {
	text := inline
	if text == "" {
		prompt := "new arguments as a JSON object: "
		if req.Call.Tool == shellTool {
			prompt = "new command (or JSON arguments): "
		}
		var line string
		if initial := modifyText(req.Call); a.tty >= 0 && initial != "" {
			var edited bool
			line, edited, err = a.editLine(ctx, prompt, initial)
			if err == nil && !edited {
				fmt.Fprintln(a.out, "not changed")
				return "", false, nil
			}
		} else {
			fmt.Fprint(a.out, prompt)
			line, err = a.readLine(ctx)
		}
		if err != nil {
			return "", false, err
		}
		text = strings.TrimSpace(line)
	}
	if text == "" {
		return "", false, nil
	}
	args, err = replacementArgs(req.Call, text)
	if err != nil {
		fmt.Fprintf(a.out, "not changed: %v\n", err)
		return "", false, nil
	}
	return args, true, nil
}

// modifyText is what the modify prompt starts from: a shell call's
// command when it is one line of printable text, else the call's arguments
// as one line of JSON (which escapes newlines and controls); "" when even
// that would not be printable.
func modifyText(c agent.CallInfo) string {
	if c.Tool == shellTool {
		var args struct {
			Command string `json:"command"`
		}
		if json.Unmarshal([]byte(c.Args), &args) == nil && args.Command != "" && printable(args.Command) {
			return args.Command
		}
	}
	var b bytes.Buffer
	if json.Compact(&b, []byte(c.Args)) == nil && printable(b.String()) {
		return b.String()
	}
	return ""
}

// printable reports whether s is one line the line editor shows as it is
// and takes back unchanged: no controls, no invalid UTF-8.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

// editLine lets the person edit initial on the terminal and returns the
// line when Enter is pressed. edited is false when the person went back
// with Ctrl+C or Ctrl+D. The terminal is raw only while the line is read,
// and restored whatever happens, also when ctx is cancelled meanwhile.
func (a *asker) editLine(ctx context.Context, prompt, initial string) (line string, edited bool, err error) {
	old, err := term.MakeRaw(a.tty)
	if err != nil {
		fmt.Fprint(a.out, prompt)
		line, err := a.readLine(ctx)
		return line, true, err
	}
	defer term.Restore(a.tty, old)
	// The initial text reaches the editor as if it had been typed, so it
	// is shown, the cursor is after it, and every key edits it.
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{io.MultiReader(strings.NewReader(initial), a.in), a.out}, prompt)
	if w, h, err := term.GetSize(a.tty); err == nil && w > 0 {
		t.SetSize(w, h)
	}
	reply := make(chan readResult, 1)
	go func() {
		line, err := t.ReadLine()
		reply <- readResult{line, err}
	}()
	select {
	case r := <-reply:
		if errors.Is(r.err, io.EOF) {
			// Ctrl+C and Ctrl+D end the editing as the input's end would;
			// if the input did end, the next question finds out.
			return "", false, nil
		}
		return r.line, r.err == nil, r.err
	case <-ctx.Done():
		a.stale = reply
		return "", false, ctx.Err()
	}
}

// shellTool is the name of the tool whose arguments hold a command.
const shellTool = "shell"

// replacementArgs turns what the person typed into the call's new
// arguments: a JSON object is taken as it is; for shell, anything else is the
// new command, with the call's other arguments kept.
func replacementArgs(c agent.CallInfo, text string) (string, error) {
	if strings.HasPrefix(text, "{") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(text), &obj); err != nil {
			return "", fmt.Errorf("arguments are not a JSON object: %w", err)
		}
		return text, nil
	}
	if c.Tool != shellTool {
		return "", fmt.Errorf("%s takes a JSON object of arguments", c.Tool)
	}
	obj := map[string]any{}
	// Malformed old arguments are replaced wholesale: the new command is
	// all the person asked for.
	_ = json.Unmarshal([]byte(c.Args), &obj)
	obj["command"] = text
	b, err := json.Marshal(obj)
	if err != nil {
		return "", fmt.Errorf("encode arguments: %w", err)
	}
	return string(b), nil
}

// readLine returns the next line of input, or ctx's error. The read runs
// on its own goroutine because a Read cannot be cancelled; at most one is in
// flight. A read left over from a cancelled question is awaited and its line
// discarded first. A last line without a newline is not an answer: the input
// ended before the person pressed Enter.
func (a *asker) readLine(ctx context.Context) (string, error) {
	if a.stale != nil {
		select {
		case r := <-a.stale:
			a.stale = nil
			if r.err != nil {
				return "", r.err
			}
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	reply := make(chan readResult, 1)
	go func() {
		line, err := a.in.ReadString('\n')
		reply <- readResult{line, err}
	}()
	select {
	case r := <-reply:
		return r.line, r.err
	case <-ctx.Done():
		a.stale = reply
		return "", ctx.Err()
	}
}

// endedDecision denies a call because nobody can answer any more.
func endedDecision(err error) agent.Answer {
	reason := "no person to approve it: the input ended"
	if !errors.Is(err, io.EOF) {
		reason = fmt.Sprintf("no person to approve it: reading the answer: %v", err)
	}
	return agent.Answer{Choice: agent.Deny, By: agent.ByPolicy, Reason: reason}
}
