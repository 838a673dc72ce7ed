package session

import (
	"errors"
	"fmt"
)

// Config is the [sessions] section of the config: how many session files
// are kept under the state directory.
type Config struct {
	// Keep is the most sessions kept; older ones are deleted when a new
	// session starts. The session being recorded is never deleted.
	Keep int `toml:"keep"`
	// MaxMB is the most megabytes (MiB) all session files may take
	// together; the oldest are deleted first.
	MaxMB int `toml:"max_mb"`
}

// DefaultConfig returns the built-in [sessions] settings: the last 200
// sessions, at most 500 MiB.
func DefaultConfig() Config {
	return Config{Keep: 200, MaxMB: 500}
}

// Validate reports every setting that cannot work, naming its key.
func (c Config) Validate() error {
	var errs []error
	if c.Keep < 1 {
		errs = append(errs, fmt.Errorf("sessions.keep = %d: want at least 1 (the current session is always kept)", c.Keep))
	}
	if c.MaxMB < 1 {
		errs = append(errs, fmt.Errorf("sessions.max_mb = %d: want at least 1", c.MaxMB))
	}
	return errors.Join(errs...)
}
