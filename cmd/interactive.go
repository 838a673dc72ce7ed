package cmd

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/tui"
)

// runInteractive opens the screen. When no provider can be built (no key,
// unknown type) the screen still opens and says how to set one up.
func (a *app) runInteractive(c *cobra.Command, _ []string) error {
	if !a.hasTerminal() {
		return usageError("the interactive screen needs a terminal; for scripts use: agent run --yes-safe \"task\"")
	}
	cfg, files, root, err := a.loadEffective(runFlags{})
	if err != nil {
		return err
	}
	bridge := tui.NewBridge()
	opts := tui.Options{
		Provider:    cfg.Provider,
		Model:       cfg.Providers[cfg.Provider].Model,
		Root:        root,
		AutoApprove: cfg.Agent.AutoApprove,
	}
	w, err := a.wire(cfg, root, bridge, bridge)
	if err != nil {
		opts.Setup = setupHelp(cfg, files, err)
		return tui.Run(c.Context(), nil, bridge, opts)
	}
	defer w.Close()
	if err := probe(c.Context(), w.provider); err != nil {
		opts.Setup = setupHelp(cfg, files, err)
		return tui.Run(c.Context(), nil, bridge, opts)
	}
	opts.Sandbox = w.sandbox.Status().Summary
	return tui.Run(c.Context(), w.agent, bridge, opts)
}

// probe asks the provider for its models, briefly, so that a server that
// is not running or a wrong key shows the setup screen at once instead of
// failing on the first prompt. Providers that cannot list models pass.
func probe(ctx context.Context, p llm.Provider) error {
	lister, ok := p.(llm.ModelLister)
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_, err := lister.Models(ctx)
	switch llm.KindOf(err) {
	case llm.KindUnreachable, llm.KindAuth:
		return err
	}
	return nil
}

func (a *app) hasTerminal() bool {
	in, ok := a.stdin.(*os.File)
	return ok && term.IsTerminal(int(in.Fd()))
}

// setupHelp explains, on the setup screen, why no provider is usable and
// how to make one usable.
func setupHelp(cfg Config, files configFiles, cause error) string {
	var b strings.Builder
	fmt.Fprintf(&b, "No provider is usable: %v\n\n", cause)
	b.WriteString("To set one up, either:\n")
	b.WriteString("  • run Ollama locally (ollama serve; ollama pull " + cfg.Providers["ollama"].Model + "), the default provider;\n")
	b.WriteString("  • or export OPENAI_API_KEY and start with: agent --provider openai\n")
	b.WriteString("  • or export ANTHROPIC_API_KEY / DEEPSEEK_API_KEY and use --provider anthropic / deepseek;\n")
	b.WriteString("  • or add your own OpenAI-compatible server as [providers.NAME] with type, base_url, api_key_env and model.\n\n")
	fmt.Fprintf(&b, "Your config file is %s (%s). Write a commented one with: agent config init\n", files.User, foundWord(files.UserFound))
	b.WriteString("See the effective settings with: agent config")
	return b.String()
}
