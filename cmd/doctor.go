package cmd

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/classify/secrets"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/sandbox"
)

func (a *app) doctorCommand() *cobra.Command {
	return a.providerFlags(&cobra.Command{
		Use:   "doctor",
		Short: "Check what this machine offers agent: sandbox, shell, git, config, providers",
		Long: `Doctor prints what agent can use here: the sandbox (on Linux the
Landlock ABI version and user and network namespaces, on macOS Seatbelt),
the bash and git versions, the config files it reads, which variables of the environment commands do not get (secrets by
name or by value, handles to programs outside the sandbox, git settings;
names only, never values), which credential stores of the home directory
commands may not touch, and which providers are configured and whether
their key variables are set. For each provider whose key is set (or that
needs none) it asks the server for its models, all at once and for at most
3 seconds, and says whether it answers, accepts the key and has the
configured model, and what to do when not. Nothing else is sent anywhere.

Exit status: 0 when every check passed; 1 when one found a problem (a
provider that is unusable, refuses its key, does not answer or lacks its
model; the sandbox required but missing; git missing), said on stderr.
A provider whose key is not set is not checked and is no problem.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			cfg, files, root, err := a.loadEffective(runFlags{})
			if err != nil {
				return err
			}
			out := a.stdout
			r := sandbox.Probe()
			section(out, "sandbox")
			fmt.Fprintf(out, "  mode:              %s\n", cfg.Sandbox.Mode)
			fmt.Fprintf(out, "  summary:           %s\n", r.Summary)
			fmt.Fprintf(out, "  landlock:          %s\n", availability(r.LandlockABI > 0, fmt.Sprintf("ABI %d", r.LandlockABI), r.LandlockReason))
			fmt.Fprintf(out, "  user namespaces:   %s\n", availability(r.UserNamespaces, "yes", r.NamespaceReason))
			fmt.Fprintf(out, "  network namespace: %s\n", availability(r.NetworkNamespace, "yes", r.NamespaceReason))
			fmt.Fprintf(out, "  mount namespace:   %s\n", availability(r.MountNamespace, "yes: .git read-only, credentials hidden, private /tmp, /dev/shm and /run/user", r.IsolationReason))
			fmt.Fprintf(out, "  PID namespace:     %s\n", availability(r.PIDNamespace, "yes: every process a command starts dies with it, and the helper can filter its connect(2) calls", r.IsolationReason))
			fmt.Fprintf(out, "  process limit:     %s\n", availability(r.ProcessLimit, "yes", r.ProcessLimitReason))
			sb := sandbox.New(cfg.Sandbox, exe())
			fmt.Fprintf(out, "  in force:          %s\n", sb.Status().Summary)
			fmt.Fprintf(out, "  approvals:         %s\n", approvalMode(sb, root))
			fmt.Fprintf(out, "  seatbelt:          %s\n", availability(r.Seatbelt, "yes ("+sandbox.SeatbeltExec+")", r.SeatbeltReason))
			section(out, "programs")
			fmt.Fprintf(out, "  bash: %s\n", firstOutputLine("bash", "--version"))
			git, err := tools.GitVersion(c.Context(), os.Environ())
			if err != nil {
				git = err.Error()
			}
			fmt.Fprintf(out, "  git:  %s\n", git)
			section(out, "environment")
			printWithheld(out, tools.WithheldEnv(os.Environ(), secretEnvNames(cfg), cfg.Tools.PassEnv), cfg.Tools.PassEnv)
			section(out, "secrets")
			printSecretStores(out, a.getenv("HOME"))
			section(out, "config")
			fmt.Fprintf(out, "  project root:   %s\n", root)
			fmt.Fprintf(out, "  user config:    %s (%s)\n", files.User, foundWord(files.UserFound))
			fmt.Fprintf(out, "  project config: %s (%s)\n", files.Project, foundWord(files.ProjectFound))
			section(out, "providers")
			names := cfg.providerNames()
			checks := a.checkProviders(c.Context(), cfg, names)
			var problems []string
			if cfg.Sandbox.Mode == sandbox.ModeRequired && !sandbox.New(cfg.Sandbox, exe()).Status().Confined {
				problems = append(problems, "the sandbox is required ([sandbox] mode) but not available")
			}
			if !strings.HasPrefix(git, "git version") {
				problems = append(problems, "git: "+git)
			}
			for i, n := range names {
				if strings.HasPrefix(checks[i], "problem:") || strings.HasPrefix(checks[i], "unusable:") {
					problems = append(problems, "provider "+n)
				}
			}
			for i, n := range names {
				p := cfg.Providers[n]
				mark := " "
				if n == cfg.Provider {
					mark = "*"
				}
				key := "no key needed"
				if p.APIKeyEnv != "" {
					key = p.APIKeyEnv + " " + maskedKey(a.getenv(p.APIKeyEnv))
				}
				fmt.Fprintf(out, "%s %-10s %-9s %-28s %s, %s\n", mark, n, p.Type, p.Model, p.BaseURL, key)
				fmt.Fprintf(out, "    %s\n", checks[i])
			}
			if len(problems) > 0 {
				return failure(fmt.Errorf("doctor found a problem with: %s (see above)", strings.Join(problems, "; ")))
			}
			return nil
		},
	})
}

// printWithheld lists, by reason, the names of the variables commands do
// not get. Values are never printed.
func printWithheld(w io.Writer, withheld []tools.Withheld, pass []string) {
	if len(withheld) == 0 {
		fmt.Fprintln(w, "  withheld from commands: nothing")
	} else {
		fmt.Fprintln(w, "  withheld from commands (names only):")
		for _, why := range []string{tools.WhyProviderKey, tools.WhySecretName, tools.WhySecretValue, tools.WhyHostHandle, tools.WhyGit} {
			var names []string
			for _, v := range withheld {
				if v.Why == why {
					names = append(names, v.Name)
				}
			}
			if len(names) > 0 {
				slices.Sort(names)
				fmt.Fprintf(w, "    %-13s %s\n", why+":", strings.Join(names, " "))
			}
		}
	}
	if len(pass) > 0 {
		fmt.Fprintf(w, "  passed by [tools] pass_env: %s\n", strings.Join(pass, " "))
	}
}

// printSecretStores lists the credential stores of the one list of secret
// locations that exist under home: the classifier blocks commands that
// read or write them, and the sandbox hides them.
func printSecretStores(w io.Writer, home string) {
	var present []secrets.Entry
	if filepath.IsAbs(home) {
		for _, e := range secrets.Home {
			if _, err := os.Lstat(filepath.Join(home, filepath.FromSlash(e.Path))); err == nil {
				present = append(present, e)
			}
		}
	}
	fmt.Fprintf(w, "  credential stores: %d of the %d known are in your home directory; commands may\n", len(present), len(secrets.Home))
	fmt.Fprintln(w, "  not read or write them (blocked), and the sandbox hides them")
	for _, e := range present {
		fmt.Fprintf(w, "    ~/%-32s %s\n", e.Path, e.Reason)
	}
}

func section(w io.Writer, name string) { fmt.Fprintf(w, "%s\n", name) }

// exe is the agent's own executable, the sandbox helper; "" when unknown.
func exe() string {
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	return p
}

func availability(ok bool, yes, why string) string {
	if ok {
		return yes
	}
	if why == "" {
		why = "unavailable"
	}
	return "no: " + why
}

// firstOutputLine runs a program for its version line, or says it is missing.
func firstOutputLine(name string, args ...string) string {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		return "not found (" + err.Error() + ")"
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return line
}

// approvalMode says how commands are approved here: by what they changed,
// when the sandbox can hold them, or by the classifier's prediction.
func approvalMode(sb sandbox.Sandbox, root string) string {
	ss := sandbox.NewSessions(sb)
	if ss == nil {
		return "by prediction: the sandbox cannot run commands in sessions here (it needs Linux 6.17 or later and every wall), so each command is judged before it runs"
	}
	defer ss.Close()
	ok, why, err := ss.CanHold(sandbox.Options{Root: root}, nil)
	switch {
	case err != nil:
		return "by prediction: " + err.Error()
	case !ok:
		return "by prediction: commands cannot run held here (" + why + "), so each command is judged before it runs"
	}
	return "by effects: shell commands run held over an overlay of the project, and a person approves what they changed"
}
