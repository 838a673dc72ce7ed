package tools

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools/safegit"
	"github.com/agentcli/agent/tools/sandbox"
)

type gitArgs struct {
	Args []string `json:"args"`
}

var gitParams = []Param{
	{Name: "args", Type: ParamStringList, Required: true, Desc: `git's arguments, without "git" itself.`},
}

var gitTool = newTool("git", gitParams, planGit,
	"Run git in the project root with an argument vector, never through a shell: "+
		`{"args": ["log", "--oneline", "-5"]}. Nothing is interactive (no pager, editor or prompt). `+
		"Commands that talk to remotes (fetch, pull, push, clone, ls-remote, remote, submodule) get the network. "+
		"Options that move git out of the root (-C, --git-dir, --work-tree) are refused.")

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

func planGit(r *Registry, name string, a gitArgs) (*Plan, error) {
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
		if err := checkGitConfigOption(a.Args, i); err != nil {
			return nil, err
		}
		if gitValueOptions[arg] {
			i++
		}
	}
	if sub == "" {
		return nil, &ArgError{Tool: name, Field: "args", Problem: "no subcommand"}
	}
	if r.git == nil {
		return nil, fmt.Errorf("%s: git is not installed (not on PATH)", name)
	}
	if err := r.checkGitCommand(sub); err != nil {
		return nil, err
	}
	network := gitNetwork[sub]
	timeout := time.Duration(r.cfg.ShellTimeoutSeconds) * time.Second
	summary := "git " + quoteArgs(a.Args)
	if network {
		summary += "  [network]"
	}
	p := r.newPlan(name, a, summary, func(ctx context.Context, out func(string)) Result {
		// The overrides are worked out as the command starts, from the
		// config as it is then.
		gitArgs, env, err := r.git.Prepare(ctx, r.root, safegit.Options{}, a.Args)
		if err != nil {
			return failuref("%s: %v", name, err)
		}
		argv := append([]string{r.git.Path()}, gitArgs...)
		c := command{tool: name, argv: argv, timeout: timeout, network: network, env: env}
		unguarded := sandbox.UnguardedGitEntries(r.root)
		res := r.exec(ctx, c, out)
		return removeUnguarded(res, unguarded)
	})
	p.Action = classify.Action{Kind: classify.Git, Args: append([]string(nil), a.Args...), Root: r.root, Home: r.home}
	p.Network = network
	return p, nil
}

// gitSafeSettings are the config sections, and single keys, that a call
// may set with -c: identity, colours and behaviour that runs no program.
// A -c on the command line wins over the overrides that keep the
// repository's programs from running, so anything else is refused.
var gitSafeSettings = []string{
	"user.", "author.", "committer.", "color.", "advice.", "i18n.", "column.", "status.",
	"pull.rebase", "pull.ff", "push.default", "rebase.autosquash", "rebase.autostash",
	"merge.ff", "merge.conflictstyle", "init.defaultbranch", "commit.verbose",
	"core.quotepath", "core.autocrlf", "core.safecrlf", "core.filemode", "core.ignorecase", "core.abbrev",
	"log.decorate", "log.date", "format.pretty", "diff.renames", "diff.algorithm", "diff.noprefix",
}

// checkGitConfigOption refuses a -c or --config-env at args[i] that sets
// anything but gitSafeSettings.
func checkGitConfigOption(args []string, i int) error {
	var kv string
	switch arg := args[i]; {
	case arg == "--config-env" || strings.HasPrefix(arg, "--config-env="):
		return &ArgError{Tool: "git", Field: "args", Problem: "--config-env is refused: give the setting with -c key=value"}
	case arg == "-c" && i+1 < len(args):
		kv = args[i+1]
	case strings.HasPrefix(arg, "-c") && arg != "-c":
		kv = arg[2:]
	default:
		return nil
	}
	key, _, _ := strings.Cut(kv, "=")
	key = strings.ToLower(key)
	for _, ok := range gitSafeSettings {
		if key == ok || strings.HasSuffix(ok, ".") && strings.HasPrefix(key, ok) && !strings.Contains(key[len(ok):], ".") {
			return nil
		}
	}
	return &ArgError{Tool: "git", Field: "args", Problem: fmt.Sprintf("-c %s is refused: only identity, colour and behaviour settings may be given on the command line (user.*, color.*, pull.rebase...), since others can make git run programs", key)}
}

// checkGitCommand refuses a subcommand that is neither git's own (in its
// exec path) nor a git-<name> program installed on PATH: an alias, which
// a repository's config may define to run anything ("!sh -c ...").
func (r *Registry) checkGitCommand(sub string) error {
	c, err := r.git.Command(context.Background(), r.root, safegit.Options{}, "--list-cmds=main,others")
	if err != nil {
		return fmt.Errorf("git: %w", err)
	}
	out, err := c.Output()
	if err != nil {
		return fmt.Errorf("git: list its commands: %w", err)
	}
	for line := range strings.Lines(string(out)) {
		if strings.TrimSpace(line) == sub {
			return nil
		}
	}
	return &ArgError{Tool: "git", Field: "args", Problem: fmt.Sprintf("%q is not a git command (aliases are not run): use the command it stands for", sub)}
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

// removeUnguarded removes the git entries in paths that a git tool run
// created (see sandbox.UnguardedGitEntries): a commondir would point git,
// the person's own included, at a config of the command's choosing. The
// run and its processes are gone by then, so nothing can make them again.
func removeUnguarded(res Result, paths []string) Result {
	var removed []string
	for _, p := range paths {
		if _, err := os.Lstat(p); err == nil && os.RemoveAll(p) == nil {
			removed = append(removed, p)
		}
	}
	if len(removed) > 0 {
		res.Output += fmt.Sprintf("\n[agent: removed %s, which this git created: the git tool may not write git's own settings]", strings.Join(removed, ", "))
		res.IsError = true
	}
	return res
}
