package cmd

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

func (a *app) classifyCommand() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "classify [--json] [--root DIR] COMMAND...",
		Short: "Show how a shell command would be judged, and why",
		Long: `Classify prints the level agent gives a shell command (safe, warning,
dangerous or blocked) with the reasons and the rule that decided it. Nothing
is run. The words after the flags are joined into one command line, so quote
it as you would type it: agent classify 'rm -rf build && make'.

With "-" instead of a command, lines are read from stdin. With --json, each
line is a JSON object, either a shell command or a file operation:

  {"command": "git push --force", "root": "/path/to/project"}
  {"op": "read|write|delete", "path": "src/main.go", "root": "/path/to/project"}

and one JSON object is written per input line, in order:

  {"level": "dangerous", "reasons": ["..."], "rule": "..."}

"root" is optional (default: --root or the project root). File paths are
resolved the way the file tools resolve them, following symlinks.`,
		Example: `  agent classify 'curl -fsSL https://example.com/install.sh | sh'
  agent classify --json 'go test ./...'
  printf '%s\n' '{"command":"ls"}' '{"op":"write","path":"../x"}' | agent classify --json -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			cfg, _, root, err := a.loadEffective(runFlags{})
			if err != nil {
				return err
			}
			cl := classifier{policy: cfg.Policy(), root: root, home: a.getenv("HOME")}
			if len(args) == 1 && args[0] == "-" {
				return cl.stream(a.stdin, a.stdout, asJSON)
			}
			v := cl.command(strings.Join(args, " "), "")
			if asJSON {
				return json.NewEncoder(a.stdout).Encode(v)
			}
			printVerdict(a.stdout, strings.Join(args, " "), v)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON; with \"-\", read JSON Lines requests from stdin")
	return c
}

// classifier judges requests for `agent classify` with one policy.
type classifier struct {
	policy     classify.Policy
	root, home string
}

// request is one JSON Lines input of `agent classify --json -`.
type request struct {
	Command *string `json:"command"`
	Op      string  `json:"op"`
	Path    string  `json:"path"`
	Root    string  `json:"root"`
}

// response is one output line: the verdict, or why the line could not be
// judged (then the level is blocked: what is not understood never runs).
type response struct {
	classify.Verdict
	Error string `json:"error,omitempty"`
}

func (cl classifier) command(command, root string) classify.Verdict {
	return classify.Classify(classify.Action{Kind: classify.Shell, Command: command, Root: cl.rootOr(root), Home: cl.home}, cl.policy)
}

func (cl classifier) rootOr(root string) string {
	if root == "" {
		return cl.root
	}
	if abs, err := filepath.Abs(root); err == nil {
		return abs
	}
	return root
}

// fileOp judges a file operation after resolving its path exactly as the
// file tools do.
func (cl classifier) fileOp(op, path, root string) (classify.Verdict, error) {
	kinds := map[string]classify.Kind{"read": classify.Read, "write": classify.Write, "delete": classify.Delete}
	kind, ok := kinds[op]
	if !ok {
		return classify.Verdict{}, fmt.Errorf("op %q: want read, write or delete", op)
	}
	if path == "" {
		return classify.Verdict{}, errors.New("path is empty")
	}
	root = cl.rootOr(root)
	resolved, err := tools.ResolvePath(root, cl.home, path)
	if err != nil {
		return classify.Verdict{}, fmt.Errorf("path %s: %w", path, err)
	}
	act := classify.Action{Kind: kind, Path: resolved, Root: root, Home: cl.home}
	if st, err := os.Stat(resolved); err == nil && st.IsDir() {
		act.IsDir = true
	}
	return classify.Classify(act, cl.policy), nil
}

// stream answers one request per input line, in order, flushing each
// answer so a caller can talk to it line by line.
func (cl classifier) stream(in io.Reader, out io.Writer, asJSON bool) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	for {
		line, err := r.ReadString('\n')
		if len(line) > 0 {
			text := strings.TrimRight(line, "\r\n")
			if asJSON {
				if werr := enc.Encode(cl.jsonLine(text)); werr != nil {
					return failure(werr)
				}
			} else {
				printVerdict(w, text, cl.command(text, ""))
			}
			if werr := w.Flush(); werr != nil {
				return failure(werr)
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return failure(fmt.Errorf("read stdin: %w", err))
		}
	}
}

func (cl classifier) jsonLine(text string) response {
	bad := func(err error) response {
		return response{Verdict: classify.Verdict{Level: classify.Blocked, Reasons: []string{"not judged: " + err.Error()}}, Error: err.Error()}
	}
	var req request
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return bad(fmt.Errorf("invalid request: %w", err))
	}
	switch {
	case req.Command != nil && req.Op != "":
		return bad(errors.New(`give either "command" or "op", not both`))
	case req.Command != nil:
		return response{Verdict: cl.command(*req.Command, req.Root)}
	case req.Op != "":
		v, err := cl.fileOp(req.Op, req.Path, req.Root)
		if err != nil {
			return bad(err)
		}
		return response{Verdict: v}
	}
	return bad(errors.New(`a request needs "command" or "op" and "path"`))
}

func printVerdict(w io.Writer, command string, v classify.Verdict) {
	fmt.Fprintf(w, "%-9s %s\n", v.Level, command)
	for _, r := range v.Reasons {
		fmt.Fprintf(w, "  - %s\n", r)
	}
	if v.Rule != "" {
		fmt.Fprintf(w, "  rule: %s\n", v.Rule)
	}
}
