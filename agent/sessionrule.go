package agent

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/internal/termsafe"
)

// SessionRule is an approval a person gave for the rest of the session
// ("s" in the screen's modal or at the headless question): later calls it
// matches are approved without asking, by every agent of the session, until
// it ends. Nothing is written to disk. Make one with ProposeRule.
//
// A rule is narrow on purpose. It covers one command prefix (the program
// and its subcommand: "go test", "npm install"), one exact command when
// no prefix is safe to generalise (a shell, a wrapper, an interpreter,
// anything with pipes, lists, redirections or substitutions), or one path
// of the file tools; and never more than the level the person saw. There
// is no rule for "all shell".
type SessionRule struct {
	tools []string // the tools it covers
	// words is the command prefix of a shell or git rule; exact, when set,
	// is the whole command (shell) or the raw arguments (other tools) a
	// call must have instead.
	words []string
	exact string
	path  string // the path of a file tool's rule
	// max is the highest level the rule approves: the level of the call
	// it was made from.
	max classify.Level
	// network is whether the rule also covers calls that ask for the
	// network; only when the call it was made from did.
	network bool
}

// Programs after which the next word is not a subcommand but the command
// itself: a rule for them would approve anything, so only the exact
// command is allowed.
var wrappers = map[string]bool{
	"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "busybox": true,
	"env": true, "sudo": true, "doas": true, "su": true, "xargs": true, "eval": true, "exec": true,
	"command": true, "builtin": true, "nohup": true, "timeout": true, "nice": true, "ionice": true,
	"time": true, "watch": true, "chroot": true, "unshare": true, "nsenter": true, "setsid": true,
	"stdbuf": true, "script": true, "ssh": true, "strace": true, "flock": true, "parallel": true,
}

// Interpreters run whatever code follows; a prefix rule needs their
// subcommand too ("bun install"), else only the exact command is allowed.
var interpreters = map[string]bool{
	"python": true, "python3": true, "python2": true, "node": true, "deno": true, "bun": true,
	"ruby": true, "perl": true, "php": true, "lua": true, "Rscript": true, "awk": true, "gawk": true,
	"osascript": true, "pwsh": true, "powershell": true, "java": true, "npx": true, "pnpx": true,
}

// ProposeRule proposes the rule that would allow calls like the one req
// asks about. It reports false when the call cannot be described (arguments
// that do not decode). A dangerous call gets a rule for exactly that call:
// "rm up to dangerous" would approve any deletion for the rest of the
// session.
func ProposeRule(req ApprovalRequest) (*SessionRule, bool) {
	r, ok := proposeRule(req)
	if ok && r.words != nil && req.Verdict.Level >= classify.Dangerous {
		r.words = nil
		r.exact = strings.TrimSpace(req.Call.Args)
		if cmd, isShell := ShellCommand(req.Call.Args); isShell && req.Call.Tool == "shell" {
			r.exact = cmd
		}
	}
	return r, ok
}

// proposeRule is the rule for calls like req at any level.
func proposeRule(req ApprovalRequest) (*SessionRule, bool) {
	r := &SessionRule{tools: []string{req.Call.Tool}, max: req.Verdict.Level, network: req.Network}
	switch req.Call.Tool {
	case "shell":
		cmd, ok := ShellCommand(req.Call.Args)
		if !ok || cmd == "" {
			return nil, false
		}
		r.words, r.exact = commandPrefix(cmd)
	case "git":
		var a struct {
			Args []string `json:"args"`
		}
		if json.Unmarshal([]byte(req.Call.Args), &a) != nil || len(a.Args) == 0 {
			return nil, false
		}
		if subcommandLike(a.Args[0]) {
			r.words = []string{a.Args[0]}
		} else {
			r.exact = strings.TrimSpace(req.Call.Args)
		}
	default:
		var a struct {
			Path *string `json:"path"`
		}
		if json.Unmarshal([]byte(req.Call.Args), &a) != nil {
			return nil, false
		}
		if a.Path != nil && *a.Path != "" {
			r.path = filepath.Clean(*a.Path)
			if req.Call.Tool == "write_file" || req.Call.Tool == "edit_file" {
				r.tools = []string{"write_file", "edit_file"}
			}
		} else {
			r.exact = strings.TrimSpace(req.Call.Args)
		}
	}
	return r, true
}

// Matches reports whether the rule approves req. It never approves a
// call undo could not take back (req.NoUndo): the rule was made when undo
// could.
func (r *SessionRule) Matches(req ApprovalRequest) bool {
	if req.NoUndo || !slices.Contains(r.tools, req.Call.Tool) || req.Verdict.Level > r.max ||
		req.Verdict.Level >= classify.Blocked || (req.Network && !r.network) {
		return false
	}
	switch {
	case req.Call.Tool == "shell":
		cmd, ok := ShellCommand(req.Call.Args)
		if !ok {
			return false
		}
		if r.exact != "" {
			return cmd == r.exact
		}
		if !plainCommand(cmd) {
			return false
		}
		words := strings.Fields(cmd)
		return len(words) >= len(r.words) && slices.Equal(words[:len(r.words)], r.words)
	case req.Call.Tool == "git" && r.exact == "":
		var a struct {
			Args []string `json:"args"`
		}
		return json.Unmarshal([]byte(req.Call.Args), &a) == nil && len(a.Args) > 0 && a.Args[0] == r.words[0]
	case r.path != "":
		var a struct {
			Path string `json:"path"`
		}
		return json.Unmarshal([]byte(req.Call.Args), &a) == nil && a.Path != "" && filepath.Clean(a.Path) == r.path
	}
	return strings.TrimSpace(req.Call.Args) == r.exact
}

// Approval is the answer the rule gives a call it matches: approved by
// the person who made the rule, naming it.
func (r *SessionRule) Approval() Answer {
	return Answer{Choice: Approve, By: ByPerson, Reason: "session rule: " + r.String()}
}

// String describes the rule in words, as the modal shows it before it is
// saved and as approvals made by it say.
func (r *SessionRule) String() string {
	var b strings.Builder
	switch {
	case r.tools[0] == "shell" && r.exact != "":
		b.WriteString("exactly the shell command `" + oneLine(r.exact) + "`")
	case r.tools[0] == "shell":
		b.WriteString("shell commands starting with `" + strings.Join(r.words, " ") + "`")
	case r.tools[0] == "git" && r.exact == "":
		b.WriteString("git " + r.words[0] + " with any arguments")
	case r.path != "":
		b.WriteString(strings.Join(r.tools, " and ") + " of " + oneLine(r.path))
	default:
		b.WriteString(r.tools[0] + " with exactly the arguments " + oneLine(r.exact))
	}
	b.WriteString(", up to " + r.max.String())
	if r.network {
		b.WriteString(", network allowed")
	}
	return b.String()
}

// commandPrefix returns the prefix words a rule for cmd allows, or, when
// no prefix can be generalised safely, the exact command.
func commandPrefix(cmd string) (words []string, exact string) {
	if !plainCommand(cmd) {
		return nil, cmd
	}
	w := strings.Fields(cmd)
	if len(w) == 0 || wrappers[filepath.Base(w[0])] || strings.Contains(w[0], "=") {
		return nil, cmd
	}
	if len(w) > 1 && subcommandLike(w[1]) {
		return w[:2], ""
	}
	if interpreters[filepath.Base(w[0])] {
		return nil, cmd
	}
	return w[:1], ""
}

// plainCommand reports whether cmd is one simple command: no lists,
// pipes, redirections, substitutions, expansions, subshells, escapes or
// line breaks, which could hide a second command behind a prefix.
func plainCommand(cmd string) bool {
	return cmd != "" && !strings.ContainsAny(cmd, ";&|<>`$(){}\\\n\r#!*?[~")
}

// subcommandLike reports whether a word reads as a subcommand ("test",
// "install", "run-script"): lowercase letters, digits and inner dashes.
func subcommandLike(w string) bool {
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ShellCommand decodes a shell call's arguments and returns its command;
// false when args is not a shell call's JSON.
func ShellCommand(args string) (string, bool) {
	var a struct {
		Command string `json:"command"`
	}
	if json.Unmarshal([]byte(args), &a) != nil {
		return "", false
	}
	return strings.TrimSpace(a.Command), true
}

// oneLine shortens s for a description: one clean line of at most 120
// cells.
func oneLine(s string) string {
	return ansi.Truncate(termsafe.Line(s), 120, "…")
}

// SessionRules are the rules a person made during one session, shared by
// every agent of the session and by whoever asks the person. It is safe for
// concurrent use; the zero value holds no rule, and so does a nil
// *SessionRules.
type SessionRules struct {
	mu    sync.Mutex
	rules []*SessionRule
}

// Add keeps r for the rest of the session.
func (s *SessionRules) Add(r *SessionRule) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = append(s.rules, r)
}

// List returns a copy of the rules, oldest first.
func (s *SessionRules) List() []*SessionRule {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.rules)
}
