package agent

import (
	"fmt"
	"time"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
)

// Config is the [agent] section of the config: the loop's limits and how
// much may run without asking.
type Config struct {
	// MaxTurns is how many requests one task may send to the provider
	// before the run stops with StatusTurnLimit.
	MaxTurns int `toml:"max_turns"`
	// AutoApprove is the highest level that runs without asking.
	// Blocked never runs, whatever this says.
	AutoApprove classify.Level `toml:"auto_approve"`
	// Retries is how often a request that failed before any text streamed
	// (rate limit, server error, dropped connection) is sent again, with
	// exponential backoff that honours Retry-After.
	Retries int `toml:"retries"`
	// MaxTokensPerRun is the token budget of one task: input and output
	// tokens, as the provider reports them, summed over the run's
	// requests. When a reply brings the total to the budget or beyond, the
	// run stops with StatusTokenLimit. 0 means no budget.
	MaxTokensPerRun int `toml:"max_tokens_per_run"`
	// IdleTimeoutSeconds is the longest a request to a provider may go
	// without a byte from the server: waiting for the headers, and between
	// the bytes of a streamed reply. A request cut this way counts as
	// interrupted, and is retried when no text had streamed yet.
	IdleTimeoutSeconds int `toml:"idle_timeout_seconds"`
}

// IdleTimeout returns IdleTimeoutSeconds as a duration.
func (c Config) IdleTimeout() time.Duration {
	return time.Duration(c.IdleTimeoutSeconds) * time.Second
}

// DefaultConfig returns the built-in [agent] settings: 25 turns, only safe
// actions run without asking, three retries, two minutes of silence at
// most.
func DefaultConfig() Config {
	return Config{MaxTurns: 25, AutoApprove: classify.Safe, Retries: 3, IdleTimeoutSeconds: 120}
}

// Validate reports the first setting that cannot work.
func (c Config) Validate() error {
	if c.MaxTurns < 1 {
		return fmt.Errorf("agent.max_turns = %d: must be at least 1", c.MaxTurns)
	}
	if c.Retries < 0 || c.Retries > 20 {
		return fmt.Errorf("agent.retries = %d: want 0 to 20", c.Retries)
	}
	if c.MaxTokensPerRun < 0 {
		return fmt.Errorf("agent.max_tokens_per_run = %d: want 0 (no budget) or more", c.MaxTokensPerRun)
	}
	if c.IdleTimeoutSeconds < 1 || c.IdleTimeoutSeconds > 3600 {
		return fmt.Errorf("agent.idle_timeout_seconds = %d: want 1 to 3600", c.IdleTimeoutSeconds)
	}
	if c.AutoApprove == classify.Blocked {
		return fmt.Errorf("agent.auto_approve = blocked: blocked actions never run; use safe, warning or dangerous")
	}
	return nil
}

// Price is a provider's price in US dollars per million tokens.
type Price struct {
	Input  float64 `toml:"input"`
	Output float64 `toml:"output"`
	// CachedInput is the price of input read from the provider's prompt
	// cache; 0 means the same as Input.
	CachedInput float64 `toml:"cached_input,omitempty"`
}

// Known reports whether a price was given.
func (p Price) Known() bool { return p.Input > 0 || p.Output > 0 }

// Cost returns what u costs at price p, in US dollars: cached input at
// CachedInput when it is set, the rest of the input at Input.
func (p Price) Cost(u llm.Usage) float64 {
	cached := min(u.CachedInputTokens, u.InputTokens)
	cachedPrice := p.CachedInput
	if cachedPrice <= 0 {
		cachedPrice = p.Input
	}
	return (float64(u.InputTokens-cached)*p.Input + float64(cached)*cachedPrice + float64(u.OutputTokens)*p.Output) / 1e6
}

// ProjectConfig is what a project's own .agent/config.toml may say in
// [agent]: settings that can only make a run stricter. A nil field says
// nothing.
type ProjectConfig struct {
	MaxTurns        *int            `toml:"max_turns"`
	AutoApprove     *classify.Level `toml:"auto_approve"`
	MaxTokensPerRun *int            `toml:"max_tokens_per_run"`
}

// Tighten returns c with what p says that is stricter (fewer turns, a
// smaller token budget, a lower auto-approve level), and a note for each
// setting of p that would have loosened c and was ignored.
func (c Config) Tighten(p ProjectConfig) (Config, []string) {
	const looser = "a project may only make the policy stricter"
	var ignored []string
	if v := p.MaxTurns; v != nil {
		if *v < c.MaxTurns {
			c.MaxTurns = *v
		} else if *v > c.MaxTurns {
			ignored = append(ignored, fmt.Sprintf("[agent] max_turns = %d: more than the %d in force; %s", *v, c.MaxTurns, looser))
		}
	}
	if v := p.MaxTokensPerRun; v != nil {
		switch {
		case *v > 0 && (c.MaxTokensPerRun == 0 || *v < c.MaxTokensPerRun):
			c.MaxTokensPerRun = *v
		case *v == 0 && c.MaxTokensPerRun > 0:
			ignored = append(ignored, fmt.Sprintf("[agent] max_tokens_per_run = 0: would lift the budget of %d in force; %s", c.MaxTokensPerRun, looser))
		case *v > c.MaxTokensPerRun:
			ignored = append(ignored, fmt.Sprintf("[agent] max_tokens_per_run = %d: more than the %d in force; %s", *v, c.MaxTokensPerRun, looser))
		}
	}
	if v := p.AutoApprove; v != nil {
		if *v < c.AutoApprove {
			c.AutoApprove = *v
		} else if *v > c.AutoApprove {
			ignored = append(ignored, fmt.Sprintf("[agent] auto_approve = %q: above the %q in force; %s", v.String(), c.AutoApprove.String(), looser))
		}
	}
	return c, ignored
}
