package tools

import (
	"errors"
	"fmt"
	"strings"
)

// Config is the [tools] section of the config. The zero value is not valid:
// start from DefaultConfig and decode over it.
type Config struct {
	// ShellTimeoutSeconds is how long a shell or git command may run when the
	// call does not say.
	ShellTimeoutSeconds int `toml:"shell_timeout_seconds"`
	// MaxShellTimeoutSeconds is the most a call's timeout_seconds may ask for.
	MaxShellTimeoutSeconds int `toml:"max_shell_timeout_seconds"`
	// KillGraceSeconds is how long a command's process group has between
	// SIGTERM (at the timeout, on cancel or on exit) and SIGKILL.
	KillGraceSeconds int `toml:"kill_grace_seconds"`
	// OutputHeadBytes and OutputTailBytes are how much of a command's output
	// is kept for the model: its beginning and its end. Longer output is cut
	// in the middle and saved whole in a file under the state directory.
	OutputHeadBytes int `toml:"output_head_bytes"`
	OutputTailBytes int `toml:"output_tail_bytes"`
	// MaxSavedOutputMiB is the most of one command's output saved in that
	// file; beyond it the file ends with a note saying where it was cut
	// (the model still gets the output's end).
	MaxSavedOutputMiB int `toml:"max_saved_output_mib"`
	// MaxReadBytes is the most read_file returns in one call; the model is
	// told how to read further with offset and limit.
	MaxReadBytes int `toml:"max_read_bytes"`
	// ReadLines is how many lines read_file returns when the call gives no
	// limit.
	ReadLines int `toml:"read_lines"`
	// MaxEntries is the most lines list_dir, glob and grep return.
	MaxEntries int `toml:"max_entries"`
	// FetchTimeoutSeconds bounds one web_fetch, redirects and body included.
	FetchTimeoutSeconds int `toml:"fetch_timeout_seconds"`
	// FetchMaxBytes is the most of a response web_fetch reads (a call's
	// max_bytes may ask for less); the rest is cut with a note.
	FetchMaxBytes int `toml:"fetch_max_bytes"`
	// WebSearch is the backend of the web_search tool, which is offered
	// only when it names a provider.
	WebSearch WebSearchConfig `toml:"web_search"`
	// Retries is how often a call whose failure was transient (see
	// Result.Transient) runs again, with backoff, before the model sees
	// the failure.
	Retries int `toml:"retries"`
	// RateLimits limits how often a tool may be called in one session,
	// across every panel: a tool name or a glob over names
	// ("mcp__github__*") to "N/s", "N/min" or "N/h". An exact name wins
	// over a glob, a longer glob over a shorter. Empty: no limits.
	RateLimits map[string]string `toml:"rate_limits"`
	// RateLimitWaitSeconds is the longest a call waits (queued) for its
	// rate limit; a call that would wait longer fails at once.
	RateLimitWaitSeconds int `toml:"rate_limit_wait_seconds"`
	// PassEnv names environment variables that commands get although they
	// look like secrets (by name or by value) or lead to a program of the
	// person's (TMUX, SSH_AUTH_SOCK...); see agent doctor for what is
	// withheld. GIT_ variables are never passed. Only the user's config
	// may say this: a project's config may not.
	PassEnv []string `toml:"pass_env"`
}

// DefaultConfig returns the built-in [tools] settings.
func DefaultConfig() Config {
	return Config{
		ShellTimeoutSeconds:    120,
		MaxShellTimeoutSeconds: 600,
		KillGraceSeconds:       3,
		OutputHeadBytes:        32 << 10,
		OutputTailBytes:        32 << 10,
		MaxSavedOutputMiB:      64,
		MaxReadBytes:           256 << 10,
		ReadLines:              2000,
		MaxEntries:             1000,
		FetchTimeoutSeconds:    30,
		FetchMaxBytes:          5 << 20,
		Retries:                2,
		WebSearch:              WebSearchConfig{MaxResults: 10},
		RateLimitWaitSeconds:   60,
		RateLimits:             map[string]string{},
	}
}

// Limits beyond which a setting is surely a mistake (it would defeat the
// memory bound or leave commands running for days).
const (
	maxTimeoutSeconds = 24 * 60 * 60
	maxGraceSeconds   = 60
	maxKeptBytes      = 16 << 20
	maxSavedOutputMiB = 64 << 10 // 64 GiB
)

// Validate reports every invalid setting, joined, naming the TOML keys.
func (c Config) Validate() error {
	var errs []error
	check := func(ok bool, format string, args ...any) {
		if !ok {
			errs = append(errs, fmt.Errorf("tools."+format, args...))
		}
	}
	check(c.ShellTimeoutSeconds >= 1 && c.ShellTimeoutSeconds <= maxTimeoutSeconds,
		"shell_timeout_seconds = %d: want 1 to %d", c.ShellTimeoutSeconds, maxTimeoutSeconds)
	check(c.MaxShellTimeoutSeconds >= c.ShellTimeoutSeconds && c.MaxShellTimeoutSeconds <= maxTimeoutSeconds,
		"max_shell_timeout_seconds = %d: want shell_timeout_seconds (%d) to %d", c.MaxShellTimeoutSeconds, c.ShellTimeoutSeconds, maxTimeoutSeconds)
	check(c.KillGraceSeconds >= 0 && c.KillGraceSeconds <= maxGraceSeconds,
		"kill_grace_seconds = %d: want 0 to %d", c.KillGraceSeconds, maxGraceSeconds)
	check(c.OutputHeadBytes >= 0 && c.OutputHeadBytes <= maxKeptBytes,
		"output_head_bytes = %d: want 0 to %d", c.OutputHeadBytes, maxKeptBytes)
	check(c.OutputTailBytes >= 0 && c.OutputTailBytes <= maxKeptBytes,
		"output_tail_bytes = %d: want 0 to %d", c.OutputTailBytes, maxKeptBytes)
	check(c.OutputHeadBytes+c.OutputTailBytes >= 1024,
		"output_head_bytes + output_tail_bytes = %d: want at least 1024", c.OutputHeadBytes+c.OutputTailBytes)
	check(c.MaxSavedOutputMiB >= 1 && c.MaxSavedOutputMiB <= maxSavedOutputMiB,
		"max_saved_output_mib = %d: want 1 to %d", c.MaxSavedOutputMiB, maxSavedOutputMiB)
	check(c.MaxReadBytes >= 1024 && c.MaxReadBytes <= maxKeptBytes,
		"max_read_bytes = %d: want 1024 to %d", c.MaxReadBytes, maxKeptBytes)
	check(c.ReadLines >= 1, "read_lines = %d: want at least 1", c.ReadLines)
	check(c.MaxEntries >= 1 && c.MaxEntries <= 100000,
		"max_entries = %d: want 1 to 100000", c.MaxEntries)
	check(c.FetchTimeoutSeconds >= 1 && c.FetchTimeoutSeconds <= 600,
		"fetch_timeout_seconds = %d: want 1 to 600", c.FetchTimeoutSeconds)
	check(c.FetchMaxBytes >= 1024 && c.FetchMaxBytes <= 64<<20,
		"fetch_max_bytes = %d: want 1024 to %d", c.FetchMaxBytes, 64<<20)
	check(c.Retries >= 0 && c.Retries <= 10, "retries = %d: want 0 to 10", c.Retries)
	check(c.RateLimitWaitSeconds >= 0 && c.RateLimitWaitSeconds <= 3600,
		"rate_limit_wait_seconds = %d: want 0 to 3600", c.RateLimitWaitSeconds)
	errs = append(errs, validateRateLimits(c.RateLimits)...)
	errs = append(errs, c.WebSearch.validate()...)
	for _, name := range c.PassEnv {
		check(validEnvName(name), "pass_env: %q is not an environment variable name", name)
		check(!strings.HasPrefix(name, "GIT_"), "pass_env: %q: GIT_ variables are never passed to commands (they would point git elsewhere or make it run programs)", name)
	}
	return errors.Join(errs...)
}

// validEnvName reports whether s can name an environment variable that a
// shell can also read: letters, digits and underscores, not starting with a
// digit.
func validEnvName(s string) bool {
	if s == "" || strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) >= 0 {
		return false
	}
	return s[0] < '0' || s[0] > '9'
}
