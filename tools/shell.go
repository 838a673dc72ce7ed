package tools

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/agentcli/agent/classify"
)

// shellArgs are the arguments of the shell tool.
type shellArgs struct {
	Command        string `json:"command"`
	TimeoutSeconds *int   `json:"timeout_seconds,omitempty"`
	Network        *bool  `json:"network,omitempty"`
}

var shellParams = []Param{
	{Name: "command", Type: ParamString, Required: true, Desc: "The bash source to run, exactly as it will run."},
	{Name: "timeout_seconds", Type: ParamInteger, Desc: "Stop the command after this many seconds (default set by the user's config)."},
	{Name: "network", Type: ParamBoolean, Desc: "Ask for network access inside the sandbox; the user must approve it."},
}

var shellTool = newTool("shell", shellParams, planShell,
	"Run a command with bash -c in the project root. Stdin is empty and nothing is interactive "+
		"(no pagers, editors or prompts); background processes are stopped when the command exits. "+
		"Output (stdout and stderr together) streams to the user; you get its beginning and end, "+
		"and a note of where the whole output was saved when it was long. "+
		"The network is off inside the sandbox unless you set network: true and the user approves. "+
		"In the sandbox .git is read-only (use the git tool to commit), /tmp is private to the command, "+
		"and credential files in the home directory read as empty.")

func planShell(r *Registry, name string, a shellArgs) (*Plan, error) {
	if strings.TrimSpace(a.Command) == "" {
		return nil, &ArgError{Tool: name, Field: "command", Problem: "empty command"}
	}
	if strings.IndexByte(a.Command, 0) >= 0 {
		return nil, &ArgError{Tool: name, Field: "command", Problem: "contains a NUL byte"}
	}
	timeout, err := r.timeout(name, a.TimeoutSeconds)
	if err != nil {
		return nil, err
	}
	network := a.Network != nil && *a.Network
	c := command{tool: name, argv: []string{r.shell, "-c", a.Command}, timeout: timeout, network: network}
	summary := oneLine(a.Command)
	if network {
		summary += "  [network]"
	}
	p := r.newPlan(name, a, summary, func(ctx context.Context, out func(string)) Result {
		return r.exec(ctx, c, out)
	})
	if r.effects != nil {
		p.holdable = r.Holdable
		p.hold = func(ctx context.Context, opts HoldOptions, out func(string)) (Result, *Held) {
			var held *Held
			res := r.tracked(ctx, name, func(ctx context.Context) Result {
				var res Result
				res, held = r.runHeld(ctx, c, opts, out)
				return res
			})
			return res, held
		}
	}
	p.Action = classify.Action{Kind: classify.Shell, Command: a.Command, Root: r.root, Home: r.home}
	p.Network = network
	return p, nil
}

// timeout checks a call's timeout_seconds against the config.
func (r *Registry) timeout(tool string, secs *int) (time.Duration, error) {
	if secs == nil {
		return time.Duration(r.cfg.ShellTimeoutSeconds) * time.Second, nil
	}
	if *secs < 1 || *secs > r.cfg.MaxShellTimeoutSeconds {
		return 0, &ArgError{Tool: tool, Field: "timeout_seconds",
			Problem: fmt.Sprintf("%d is out of range: want 1 to %d", *secs, r.cfg.MaxShellTimeoutSeconds)}
	}
	return time.Duration(*secs) * time.Second, nil
}

// oneLine shortens multi-line source to its first line for a summary.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	first, rest, ok := strings.Cut(s, "\n")
	if !ok {
		return s
	}
	return fmt.Sprintf("%s  (+%d more lines)", strings.TrimSpace(first), strings.Count(rest, "\n")+1)
}
