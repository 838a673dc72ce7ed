package agent

import (
	"fmt"
	"runtime"
	"strings"
	"time"
)

// Environment is what the system prompt tells the model about where it
// works, beyond what the agent knows itself (the project root, whether
// commands are confined, the tools). The caller gathers it once, when the
// agent is built (the git state possibly later, see GitLater); the zero
// value says only what the agent knows.
type Environment struct {
	// Date is today's date in the person's time zone; the zero time
	// leaves the date out.
	Date time.Time
	// OS is "GOOS/GOARCH"; empty means the one the agent runs on.
	OS string
	// Shell is the shell commands run with ("/bin/bash"); empty means
	// bash.
	Shell string
	// Git is the project's git state in a few words (see
	// tools.Registry.Workspace); nil says the project is not a git
	// repository or its state is unknown.
	Git *GitState
	// GitLater, when not nil and Git is nil, gives the git state the
	// first time the system prompt is needed (the first turn, or
	// Compact) instead of when the agent is built, so that whoever builds
	// it can ask git on the side without waiting: the screen's first
	// frame does not wait for git. It is called once and may block.
	GitLater func() *GitState
	// JudgedByEffects says a confined command runs first against a copy
	// of the project and the person approves the files it actually
	// changed. False (the default) describes approval before a command
	// runs.
	JudgedByEffects bool
	// NetworkOpen says commands may use the network without asking (the
	// [sandbox] network setting); false says a call that needs it waits
	// for a person.
	NetworkOpen bool
}

// GitState is the project's git branch and a short status.
type GitState struct {
	// Branch is the current branch, or "(detached at abc1234)".
	Branch string
	// Status says what is uncommitted in a few words ("clean",
	// "3 changed, 1 untracked").
	Status string
}

// promptParts is the system prompt, assembled: each part is one section
// the model reads, in order. It is a value so that a test can build the
// prompt of any environment without an agent.
type promptParts struct {
	root       string
	unconfined bool
	env        Environment
	// tools are the names of the tools offered, in the catalog's order.
	tools []string
	// context is the text of the AGENTS.md files (see LoadContext).
	context string
}

// systemPrompt returns the system prompt: who the model is working for,
// its environment, how to work, what never to do unasked, how to read a
// denial, the project's instructions and a short guide per tool.
func systemPrompt(p promptParts) string {
	var b strings.Builder
	b.WriteString("You are a coding assistant working in a person's project through the tools below. " +
		"You act only through tool calls; the person sees every call and may approve, deny or change it.\n")
	for _, part := range []func(*strings.Builder, promptParts){
		environmentPart, howToWorkPart, neverPart, denialPart, instructionsPart, toolsPart,
	} {
		b.WriteString("\n")
		part(&b, p)
	}
	if p.context != "" {
		b.WriteString("\n")
		b.WriteString(strings.TrimRight(p.context, "\n"))
		b.WriteString("\n")
	}
	return b.String()
}

func environmentPart(b *strings.Builder, p promptParts) {
	e := p.env
	b.WriteString("# Environment\n")
	if !e.Date.IsZero() {
		fmt.Fprintf(b, "- Today is %s.\n", e.Date.Format("Monday, 2 January 2006"))
	}
	osName := e.OS
	if osName == "" {
		osName = runtime.GOOS + "/" + runtime.GOARCH
	}
	shell := e.Shell
	if shell == "" {
		shell = "bash"
	}
	fmt.Fprintf(b, "- OS: %s. Commands run with %s -c, non-interactively (no prompts, no editors), in the project root, with a timeout.\n", osName, shell)
	fmt.Fprintf(b, "- Project root: %s. Paths are relative to it; the file tools cannot reach outside it.\n", p.root)
	if g := e.Git; g != nil {
		fmt.Fprintf(b, "- Git: on branch %s; %s.\n", g.Branch, g.Status)
	} else {
		b.WriteString("- Git: the project is not a git repository (or its state is unknown).\n")
	}
	if p.unconfined {
		b.WriteString("- Commands are NOT confined: there is no sandbox, so every command that is not read-only waits for the person.\n")
	} else {
		b.WriteString("- Commands are confined: a sandbox lets them write only inside the project (never .git) and a private temp directory.\n")
	}
	if e.JudgedByEffects && !p.unconfined {
		b.WriteString("- Changes are judged by their effects: a command runs first against a copy of the project, and the person approves the files it actually changed.\n")
	}
	if e.NetworkOpen {
		b.WriteString("- Commands may use the network.\n")
	} else {
		b.WriteString("- Commands have no network: a call that needs it (installing packages, downloading) must ask for it and waits for the person.\n")
	}
	b.WriteString("- Every call is classified safe, warning, dangerous or blocked. Safe calls may run at once; the others wait for approval and may be denied.\n")
}

func howToWorkPart(b *strings.Builder, _ promptParts) {
	b.WriteString(`# How to work
- Explore before changing: read the code involved, search for its callers and for how the project already does the same thing. Check that a function or library exists before you use it.
- Make small, focused changes in the project's own style. Fix the cause the task is about; mention other problems you notice instead of fixing them.
- Verify: run the project's tests or build for what you changed (find how in its Makefile, package scripts, CI config or README), and fix what you broke.
- Calls in one reply that only read or search run together: batch them.
- When done, answer without a tool call: say briefly what you changed (which files) and how you verified it, and say plainly what you did not verify or did not do.
`)
}

func neverPart(b *strings.Builder, _ promptParts) {
	b.WriteString(`# Never, unless the person asks for it
- commit, push, amend, rebase, reset, stash, or checkout/restore over uncommitted changes; delete branches or tags
- install packages globally, or change anything outside the project
- start servers, watchers or anything else that keeps running after the command
- delete or weaken tests to make them pass
`)
}

func denialPart(b *strings.Builder, _ promptParts) {
	b.WriteString(`# When a call is denied or blocked
The result says why. Never make the same call again: change your approach (a read-only command, a smaller change) or ask the person. A blocked action never runs.
`)
}

func instructionsPart(b *strings.Builder, _ promptParts) {
	b.WriteString(`# Instructions in AGENTS.md
AGENTS.md files hold instructions for agents, given below when they exist. The person's file applies to every project; the project's file (in its root) is more specific and wins where they disagree; what the person says in this conversation wins over both. An AGENTS.md in a subdirectory applies to the files under it and wins there: read it before you change files in that directory.
`)
}

// toolGuides say how to use each built-in tool well, in a line. A tool
// without a guide (an MCP server's) is described by its own spec.
var toolGuides = map[string]string{
	"shell":       "for builds, tests and commands; prefer read-only ones to explore, and the file tools over shell for reading and writing files. Set network only when the command needs it.",
	"read_file":   "read before you change a file; read large files in ranges.",
	"write_file":  "create a file, or rewrite one whole; for part of a file use the edit tool.",
	"edit_file":   "copy old_string from what read_file showed, with enough lines around it to be unique; several changes to one file go in one call as edits.",
	"apply_patch": "change, add, delete or move files with one patch; copy the context lines from what read_file showed.",
	"delete_file": "delete a file or directory; only what the task needs.",
	"list_dir":    "see a directory's entries.",
	"glob":        "find files by name pattern.",
	"grep":        "search file contents by regular expression; use it before reading whole files.",
	"git":         "status, diff, log, show and blame show the project's state and history.",
	"web_fetch":   "read a web page (documentation); it may need the person's approval.",
	"web_search":  "search the web when the project and its dependencies do not answer.",
	PlanTool:      "for a task of several steps, keep a short plan the person can follow and update it as steps are done; skip it for simple tasks.",
}

func toolsPart(b *strings.Builder, p promptParts) {
	b.WriteString("# Tools\n")
	other := false
	for _, name := range p.tools {
		if g, ok := toolGuides[name]; ok {
			fmt.Fprintf(b, "- %s: %s\n", name, g)
		} else {
			other = true
		}
	}
	if other {
		b.WriteString("- The other tools come from servers the person configured; each says what it does.\n")
	}
}
