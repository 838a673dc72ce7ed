package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tools"
)

// app holds what every command shares: the process's streams and
// environment (replaced in tests) and the example config.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	example        []byte

	// common flags
	configFile string
	rootDir    string
	provider   string
	model      string
	// resume is --resume: a session id, resumeLatest, or "" for a new
	// session.
	resume string
	// showVersion is --version: print the version and end.
	showVersion bool
	// isolated is the screen's --isolate: each panel's provider works in
	// its own copy of the project.
	isolated bool
	// screenFlags are the screen's --yes and --yes-safe, as agent run
	// takes them.
	screenFlags runFlags

	// session is the session being recorded, set by openSession.
	session *sessionRun
	// rules are the session's allow rules, given to every agent wired:
	// the screen's, or those the headless question adds to when a person
	// is at the terminal; nil when nobody can make one.
	rules *agent.SessionRules
	// mcpEnv are variables, as KEY=value, that MCP servers get on top of
	// the agent's environment: the values an editor gave the servers it
	// passed (agent acp); nil for none.
	mcpEnv []string
	// buffers is the editor read_file reads through (agent acp, when the
	// editor offers fs/read_text_file); nil reads files on disk only.
	buffers tools.Buffers
	// limits are the session's [tools.rate_limits], made by the first
	// agent wired and shared by every panel after it.
	limitsOnce sync.Once
	limits     *tools.RateLimits
}

// rateLimits returns the session's rate limits, shared by all its agents.
func (a *app) rateLimits(cfg tools.Config) *tools.RateLimits {
	a.limitsOnce.Do(func() { a.limits = tools.NewRateLimits(cfg) })
	return a.limits
}

// Execute runs the command line and returns the process exit code.
// exampleConfig is config.example.toml, written by `agent config init`.
func Execute(exampleConfig []byte) int {
	a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, example: exampleConfig}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// After the first signal, restore the default handling so that a
		// second Ctrl+C kills a run that does not stop quickly enough.
		<-ctx.Done()
		stop()
	}()
	return a.execute(ctx, os.Args[1:])
}

// execute runs args and maps the outcome to an exit code, printing any
// error as one line.
func (a *app) execute(ctx context.Context, args []string) int {
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var e *exitError
	if errors.As(err, &e) && e.err == nil {
		return e.code
	}
	code := exitCode(err)
	if !errors.As(err, &e) {
		// cobra's own errors (unknown flag, bad argument count) are usage errors.
		code = exitUsage
	}
	fmt.Fprintf(a.stderr, "agent: %v\n", err)
	if code == exitUsage {
		fmt.Fprintln(a.stderr, "Run 'agent --help' for usage.")
	}
	return code
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "agent",
		Short: "A terminal coding assistant that asks before it acts",
		Long: `agent works on a task in your repository with an LLM provider. It reads and
writes files and runs commands through tools, and classifies every action as
safe, warning, dangerous or blocked. Safe actions run at once; anything else
waits for your approval; blocked actions never run. Everything is confined to
the project root.

Run without a command to open the interactive screen. Use 'agent run' for a
headless one-shot task, and 'agent classify' to see how a command is judged.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          a.rootArgs,
		RunE:          a.runInteractive,
	}
	// --version is the agent's own flag, not cobra's: cobra prints its
	// version through a text/template, and a program that links
	// text/template's method calls keeps every exported method of every
	// type (the provider SDKs' thousands): 28 MB more binary, mapped at
	// start (see docs/screen.md).
	root.Flags().BoolVarP(&a.showVersion, "version", "v", false, "version for agent")
	root.Flags().StringVar(&a.resume, "resume", "", "continue a recorded session: its id, or, with no value, the latest session of the project root (see agent sessions)")
	root.Flags().Lookup("resume").NoOptDefVal = resumeLatest
	root.Flags().StringVar(&a.screenFlags.yes, "yes", "", "auto-approve actions up to and including LEVEL in every panel: safe, warning or dangerous (blocked never runs; /yes changes it)")
	root.Flags().BoolVar(&a.screenFlags.yesSafe, "yes-safe", false, "short for --yes safe")
	root.Flags().BoolVar(&a.isolated, "isolate", false, "with several providers, give each panel its own clone of the project (HEAD plus the uncommitted changes); /compare and /apply NAME take one's changes")
	pf := root.PersistentFlags()
	pf.StringVar(&a.configFile, "config", "", "read this config file instead of $XDG_CONFIG_HOME/agent/config.toml")
	pf.StringVar(&a.rootDir, "root", "", "project root (default: the git top level of the current directory, else the current directory)")
	a.providerFlags(root)
	root.AddCommand(a.runCommand(), a.classifyCommand(), a.configCommand(), a.doctorCommand(), a.versionCommand(),
		a.sessionsCommand(), a.logCommand(), a.undoCommand(), a.applyCommand(), a.worktreesCommand(),
		a.mcpCommand(), a.acpCommand())
	root.AddCommand(a.summaryCommand())
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError("%v", err) })
	return root
}

// providerFlags gives c --provider and --model. They are not global:
// only the commands that talk to a provider or show which one is in force
// (the screen, run, config, doctor) list them in their help.
func (a *app) providerFlags(c *cobra.Command) *cobra.Command {
	c.Flags().StringVar(&a.provider, "provider", "", "provider to use, a [providers.NAME] entry, or several as a,b to run them at once (default: the config's provider)")
	c.Flags().StringVar(&a.model, "model", "", "model to ask for (default: the provider's configured model)")
	return c
}

// projectRoot resolves --root, or finds the git top level of the current
// directory, or falls back to the current directory.
func (a *app) projectRoot() (string, error) {
	if a.rootDir != "" {
		st, err := os.Stat(a.rootDir)
		if err != nil {
			return "", usageError("--root %s: %v", a.rootDir, errors.Unwrap(err))
		}
		if !st.IsDir() {
			return "", usageError("--root %s: not a directory", a.rootDir)
		}
		return absPath(a.rootDir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", failure(fmt.Errorf("current directory: %w", err))
	}
	return tools.ProjectRoot(context.Background(), wd, os.Environ()), nil
}

func absPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", failure(fmt.Errorf("path %s: %w", p, err))
	}
	return abs, nil
}
