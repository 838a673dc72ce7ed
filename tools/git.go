package tools

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/agentcli/agent/classify"
)

type gitArgs struct {
	Args []string `json:"args"`
}

var gitParams = []param{
	{name: "args", typ: tStringList, required: true, desc: `git's arguments, without "git" itself.`},
}

var gitTool = tool{
	name: "git",
	desc: "Run git in the project root with an argument vector, never through a shell: " +
		`{"args": ["log", "--oneline", "-5"]}. Nothing is interactive (no pager, editor or prompt). ` +
		"Commands that talk to remotes (fetch, pull, push, clone, ls-remote, remote, submodule) get the network. " +
		"Options that move git out of the root (-C, --git-dir, --work-tree) are refused.",
	params: gitParams,
	plan:   planGit,
}

// gitValueOptions are git's global options that take their value as the
// next argument.
var gitValueOptions = map[string]bool{
	"-C": true, "-c": true, "--git-dir": true, "--work-tree": true,
	"--namespace": true, "--config-env": true, "--exec-path": true,
}

// gitEscapes are git's global options that would make it work outside the
// root, in any of their spellings ("-C dir", "-Cdir", "--git-dir=dir").
var gitEscapes = []string{"-C", "--git-dir", "--work-tree", "--exec-path"}

// gitNetwork are the subcommands that talk to remotes.
var gitNetwork = map[string]bool{
	"fetch": true, "pull": true, "push": true, "clone": true, "ls-remote": true,
	"remote": true, "submodule": true,
}

func planGit(r *Registry, raw string) (*Plan, error) {
	const name = "git"
	var a gitArgs
	if err := decodeArgs(name, raw, gitParams, &a); err != nil {
		return nil, err
	}
	if len(a.Args) == 0 {
		return nil, &ArgError{Tool: name, Field: "args", Problem: `empty: give at least the subcommand, like ["status"]`}
	}
	sub := ""
	for i := 0; i < len(a.Args); i++ {
		arg := a.Args[i]
		if strings.IndexByte(arg, 0) >= 0 {
			return nil, &ArgError{Tool: name, Field: "args", Problem: fmt.Sprintf("argument %d contains a NUL byte", i)}
		}
		if !strings.HasPrefix(arg, "-") {
			sub = arg
			break
		}
		for _, esc := range gitEscapes {
			if arg == esc || strings.HasPrefix(arg, esc+"=") || esc == "-C" && strings.HasPrefix(arg, "-C") {
				return nil, &ArgError{Tool: name, Field: "args", Problem: fmt.Sprintf("%s is refused: git runs only in the project root", esc)}
			}
		}
		if gitValueOptions[arg] {
			i++
		}
	}
	if sub == "" {
		return nil, &ArgError{Tool: name, Field: "args", Problem: "no subcommand"}
	}
	if r.git == "" {
		return nil, fmt.Errorf("%s: git is not installed (not on PATH)", name)
	}
	network := gitNetwork[sub]
	timeout := time.Duration(r.cfg.ShellTimeoutSeconds) * time.Second
	argv := append([]string{r.git}, a.Args...)
	c := command{tool: name, argv: argv, timeout: timeout, network: network}
	summary := "git " + quoteArgs(a.Args)
	if network {
		summary += "  [network]"
	}
	p := r.newPlan(name, a, summary, func(ctx context.Context, out func(string)) Result {
		return r.exec(ctx, c, out)
	})
	p.Action = classify.Action{Kind: classify.Git, Args: append([]string(nil), a.Args...), Root: r.root, Home: r.home}
	p.Network = network
	return p, nil
}

// quoteArgs joins arguments for a person to read, quoting those a shell
// would split or expand.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && !strings.ContainsAny(a, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
			q[i] = a
			continue
		}
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}
