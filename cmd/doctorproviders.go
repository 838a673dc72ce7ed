package cmd

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

// providerCheckTimeout bounds how long agent doctor waits for one
// provider: a server that answers at all answers a model list sooner.
const providerCheckTimeout = 3 * time.Second

// checkProviders asks every configured provider, at once, whether it
// answers and has its model, and returns one line per provider in the
// order of names. A provider whose key variable is not set is not asked.
func (a *app) checkProviders(ctx context.Context, cfg Config, names []string) []string {
	lines := make([]string, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Go(func() { lines[i] = a.checkProvider(ctx, cfg, n) })
	}
	wg.Wait()
	return lines
}

// checkProvider says in plain words whether provider name is usable, and
// what to do when it is not.
func (a *app) checkProvider(ctx context.Context, cfg Config, name string) string {
	pc := cfg.Providers[name]
	if pc.APIKeyEnv != "" && a.getenv(pc.APIKeyEnv) == "" {
		return fmt.Sprintf("not checked: %s is not set (export %s=<your key>)", pc.APIKeyEnv, pc.APIKeyEnv)
	}
	p, err := a.newProvider(name, pc, cfg.Agent.IdleTimeout())
	if err != nil {
		return "unusable: " + err.Error()
	}
	lister, ok := p.(llm.ModelLister)
	if !ok {
		return "not checked: this provider cannot list its models"
	}
	ctx, cancel := context.WithTimeout(ctx, providerCheckTimeout)
	defer cancel()
	models, err := lister.Models(ctx)
	if err != nil {
		return "problem: " + providerProblem(pc, err)
	}
	if !hasModel(pc.Type, models, pc.Model) {
		if pc.Type == "ollama" {
			return fmt.Sprintf("problem: model %s is not pulled on %s: ollama pull %s", pc.Model, pc.BaseURL, pc.Model)
		}
		return fmt.Sprintf("problem: model %s is not offered at %s (it offers: %s); set model in [providers.%s] or use --model",
			pc.Model, pc.BaseURL, someOf(models, 5), name)
	}
	return fmt.Sprintf("ok: answers at %s, and has model %s", pc.BaseURL, pc.Model)
}

// providerProblem says what a failed model list means for the person.
func providerProblem(pc ProviderConfig, err error) string {
	switch llm.KindOf(err) {
	case llm.KindUnreachable:
		if pc.Type == "ollama" {
			return fmt.Sprintf("Ollama is not running at %s: start it with 'ollama serve', or point OLLAMA_HOST at it", pc.BaseURL)
		}
		return fmt.Sprintf("nothing answers at %s: check base_url and your connection (%v)", pc.BaseURL, err)
	case llm.KindAuth:
		return fmt.Sprintf("the key in %s was refused: check it, or that it may use this API (%v)", pc.APIKeyEnv, err)
	}
	return err.Error()
}

// hasModel reports whether model is among models; for Ollama a name
// without a tag means :latest, as ollama run takes it.
func hasModel(typ string, models []string, model string) bool {
	if slices.Contains(models, model) {
		return true
	}
	return typ == "ollama" && !strings.Contains(model, ":") && slices.Contains(models, model+":latest")
}

// someOf lists the first n of names, saying how many more there are.
func someOf(names []string, n int) string {
	if len(names) == 0 {
		return "none"
	}
	s := strings.Join(names[:min(n, len(names))], ", ")
	if len(names) > n {
		s += fmt.Sprintf(" and %d more", len(names)-n)
	}
	return s
}
