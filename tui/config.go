package tui

import (
	"fmt"
	"slices"
)

// Config is the [tui] section of the config: how the interactive screen
// behaves. The zero value is not the default; use DefaultConfig.
type Config struct {
	// Providers names the [providers.NAME] entries that each get a panel
	// when no --provider flag is given. Empty means one panel, for the
	// config's provider.
	Providers []string `toml:"providers"`
	// Mouse lets the mouse wheel scroll the panel under the pointer. The
	// terminal then leaves text selection to Shift+drag.
	Mouse bool `toml:"mouse"`
}

// DefaultConfig returns the built-in [tui] settings: one panel for the
// config's provider, and the mouse wheel scrolls.
func DefaultConfig() Config {
	return Config{Providers: []string{}, Mouse: true}
}

// Validate reports the first setting that cannot work. Whether each
// provider exists is the caller's to check: the [providers] table is not
// part of this section.
func (c Config) Validate() error {
	for i, p := range c.Providers {
		if p == "" {
			return fmt.Errorf("tui.providers[%d] is empty: name a [providers.NAME] entry", i)
		}
		if slices.Contains(c.Providers[:i], p) {
			return fmt.Errorf("tui.providers names %q twice", p)
		}
	}
	if len(c.Providers) > maxPanels {
		return fmt.Errorf("tui.providers names %d providers: at most %d panels fit", len(c.Providers), maxPanels)
	}
	return nil
}

// maxPanels is how many providers the screen shows at once: Alt+1..9
// reaches each of them.
const maxPanels = 9
