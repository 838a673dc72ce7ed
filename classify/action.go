package classify

// Kind says what sort of action is being judged.
type Kind int

// The kinds of action the tools can propose.
const (
	// Shell runs Action.Command with bash -c in Action.Root.
	Shell Kind = iota
	// Read reads the file or directory at Action.Path.
	Read
	// Write creates or replaces (or edits) the file at Action.Path.
	Write
	// Delete removes Action.Path; Action.IsDir says whether it is a tree.
	Delete
	// Git runs git with Action.Args (no shell) in Action.Root.
	Git
	// Fetch sends a GET request for Action.URL over the network.
	Fetch
	// MCP calls a tool of an MCP server, described by Action.MCP.
	MCP
)

var kindNames = [...]string{"shell", "read", "write", "delete", "git", "fetch", "mcp"}

// String returns the lowercase name of the kind.
func (k Kind) String() string {
	if k < Shell || k > MCP {
		return "unknown"
	}
	return kindNames[k]
}

// Action is one thing a tool proposes to do, described well enough to judge
// it without touching the system. The tools build it when they plan a call;
// the classifier never performs I/O to complete it.
type Action struct {
	Kind Kind
	// Command is the shell source exactly as it will run (Kind Shell).
	Command string
	// Args is git's argument vector, without "git" itself (Kind Git).
	Args []string
	// Path is the absolute, cleaned path the file action touches, with
	// symlinks already resolved by the caller (Kinds Read, Write, Delete).
	Path string
	// IsDir reports that Path is a directory (a Delete of a tree).
	IsDir bool
	// URL is the address a Fetch requests, exactly as it will be sent.
	URL string
	// Root is the absolute project root. Required for every kind.
	Root string
	// Home is the user's home directory, used for "~", "$HOME" and the
	// credential stores under it. Empty means unknown.
	Home string
	// MCP is the MCP tool called (Kind MCP).
	MCP MCPTool
}

// Verdict is the classifier's judgement of one Action.
type Verdict struct {
	// Level is the worst level of any part of the action.
	Level Level `json:"level"`
	// Reasons name the parts that decided the level, worst first, in words
	// a person can check (for example "rm -rf build: recursive forced delete").
	Reasons []string `json:"reasons"`
	// Rule names the built-in, user or project rule that decided the
	// level, if any.
	Rule string `json:"rule,omitempty"`
	// Parts is every judgement that went into the verdict, in the order
	// the parts appear in the action (each simple command, redirection,
	// assignment or path with its own level), for a person who wants the
	// whole breakdown. Reasons is the short, worst-first summary of it.
	Parts []Part `json:"parts,omitempty"`
	// RunsProjectCode reports that the action runs code from the project
	// itself (tests, build scripts, Makefiles, package scripts, linters
	// that load JavaScript configuration) at whatever level: it is safe
	// only while the sandbox confines it, so a caller whose commands run
	// unconfined must ask a person for it.
	RunsProjectCode bool `json:"runs_project_code,omitempty"`
	// Writes are the absolute paths the action writes or deletes, as far
	// as they are known before it runs (a glob stays a pattern), in order
	// and without repeats; for a person to see what undo can take back.
	// A command may write more than this lists (a build, a program the
	// classifier does not know), and past 256 paths it stops listing: it
	// is never a bound. Not part of the
	// verdict's JSON, whose shape is documented.
	Writes []string `json:"-"`
}

// Part is the judgement of one part of an action.
type Part struct {
	Level  Level  `json:"level"`
	Reason string `json:"reason"`
	Rule   string `json:"rule,omitempty"`
}
