package cmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/spf13/cobra"
)

func (a *app) configCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "config",
		Short: "Show where config is read from and the effective config",
		Long: `Config prints the files agent reads (and whether they exist), the effective
configuration after defaults, the user file, the project's .agent/config.toml,
the environment and flags are layered, and for each provider whether its key
variable is set (keys are masked, never printed).

Layers, later wins: built-in defaults < $XDG_CONFIG_HOME/agent/config.toml
(or --config FILE) < .agent/config.toml in the project, which may only make
the policy stricter < environment (OPENAI_BASE_URL, OLLAMA_HOST,
ANTHROPIC_BASE_URL, AGENT_PROVIDER, AGENT_MODEL) < flags.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			cfg, files, root, err := a.loadEffective(runFlags{})
			if err != nil {
				return err
			}
			out := a.stdout
			fmt.Fprintf(out, "# project root: %s\n", root)
			fmt.Fprintf(out, "# user config:    %s (%s)\n", files.User, foundWord(files.UserFound))
			fmt.Fprintf(out, "# project config: %s (%s)\n", files.Project, foundWord(files.ProjectFound))
			for _, n := range cfg.providerNames() {
				if env := cfg.Providers[n].APIKeyEnv; env != "" {
					fmt.Fprintf(out, "# providers.%s key: %s is %s\n", n, env, maskedKey(a.getenv(env)))
				}
			}
			writeRuleOrigins(out, cfg, files)
			fmt.Fprintln(out)
			return toml.NewEncoder(out).Encode(cfg)
		},
	}
	var force bool
	initCmd := &cobra.Command{
		Use:   "init",
		Short: "Write a commented config file for you to edit",
		Long: `Init writes the example configuration, every key commented, to
$XDG_CONFIG_HOME/agent/config.toml (or the --config path). It never
overwrites an existing file unless --force is given.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			path := a.configFile
			if path == "" {
				path = userConfigPath(a.getenv)
			}
			if _, err := os.Stat(path); err == nil && !force {
				return failure(fmt.Errorf("%s already exists; edit it, or use --force to replace it", path))
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return failure(err)
			}
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return failure(err)
			}
			if err := os.WriteFile(path, a.example, 0o600); err != nil {
				return failure(err)
			}
			fmt.Fprintf(a.stdout, "wrote %s\n", path)
			return nil
		},
	}
	initCmd.Flags().BoolVar(&force, "force", false, "replace an existing file")
	c.AddCommand(initCmd)
	return a.providerFlags(c)
}

// writeRuleOrigins lists, as comments, every rule of the config with the
// file it came from and whether it applies, then what the project file
// said that was ignored.
func writeRuleOrigins(w io.Writer, cfg Config, files configFiles) {
	fmt.Fprintln(w, "# rules: the classifier's built-in rules (docs/safety.md), then these, in order:")
	if len(cfg.Rules) == 0 && len(files.IgnoredRules) == 0 {
		fmt.Fprintln(w, "#   (none from your files)")
	}
	for i, r := range cfg.Rules {
		origin := "user file " + files.User + "; applies"
		if r.RaiseOnly {
			origin = "project file " + files.Project + "; applies where it raises the level"
		}
		fmt.Fprintf(w, "#   %d. %s -> %s  (%s)\n", i+1, rulePattern(r), r.Level, origin)
	}
	for _, r := range files.IgnoredRules {
		fmt.Fprintf(w, "#   ignored: %s -> %s  (project file %s): a project rule may only raise a level, and safe raises nothing\n",
			rulePattern(r), r.Level, files.Project)
	}
	if len(files.Ignored) > 0 {
		fmt.Fprintf(w, "# ignored in the project file %s:\n", files.Project)
		for _, s := range files.Ignored {
			if !strings.HasPrefix(s, "[[rules]]") { // listed with the rules
				fmt.Fprintf(w, "#   %s\n", s)
			}
		}
	}
}

func foundWord(found bool) string {
	if found {
		return "read"
	}
	return "not present"
}

// maskedKey says whether a key is set without revealing it: only its
// length and last four characters of a long key are shown.
func maskedKey(key string) string {
	switch {
	case key == "":
		return "not set"
	case len(key) < 12:
		return "set (****)"
	default:
		return fmt.Sprintf("set (****%s, %d characters)", key[len(key)-4:], len(key))
	}
}
