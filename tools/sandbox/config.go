package sandbox

import (
	"fmt"
	"slices"
)

// Defaults of the limits in Config.
const (
	// DefaultMaxProcesses leaves room for parallel builds (the limit counts
	// threads too) while a fork bomb stops long before it hurts the machine.
	DefaultMaxProcesses = 2048
	// DefaultMaxFileMiB lets real artifacts through and stops a runaway
	// `yes > file` at 2 GiB.
	DefaultMaxFileMiB = 2048

	// maxFileMiBLimit (1 PiB) keeps the limit in bytes far from overflow.
	maxFileMiBLimit = 1 << 30

	// maxHide bounds [sandbox] hide, user's and project's together.
	maxHide = 256
)

// Validate reports the first bad value, wrapping ErrInvalidConfig. An empty
// Mode counts as ModeAuto and zero limits as their defaults.
func (c Config) Validate() error {
	switch c.Mode {
	case "", ModeAuto, ModeRequired, ModeOff:
	default:
		return fmt.Errorf("%w: mode = %q: want auto, required or off", ErrInvalidConfig, c.Mode)
	}
	if c.MaxProcesses < 0 {
		return fmt.Errorf("%w: max_processes = %d: want 0 (default) or more", ErrInvalidConfig, c.MaxProcesses)
	}
	if c.MaxFileMiB < 0 || c.MaxFileMiB > maxFileMiBLimit {
		return fmt.Errorf("%w: max_file_mib = %d: want 0 (default) to %d", ErrInvalidConfig, c.MaxFileMiB, maxFileMiBLimit)
	}
	if len(c.Hide) > maxHide {
		return fmt.Errorf("%w: hide has %d paths: at most %d (each costs every command a mount)", ErrInvalidConfig, len(c.Hide), maxHide)
	}
	for _, h := range c.Hide {
		if err := checkHidePath("hide", h); err != nil {
			return fmt.Errorf("%w: hide = %q: want an absolute clean path or ~/ and a clean path", ErrInvalidConfig, h)
		}
		if h == "/" {
			return fmt.Errorf("%w: hide = %q would hide everything", ErrInvalidConfig, h)
		}
	}
	return nil
}

// withDefaults fills the zero values Validate accepts.
func (c Config) withDefaults() Config {
	if c.Mode == "" {
		c.Mode = ModeAuto
	}
	if c.MaxProcesses == 0 {
		c.MaxProcesses = DefaultMaxProcesses
	}
	if c.MaxFileMiB == 0 {
		c.MaxFileMiB = DefaultMaxFileMiB
	}
	if c.Hide == nil {
		c.Hide = []string{}
	}
	return c
}

// ProjectConfig is what a project's own .agent/config.toml may say in
// [sandbox]: settings that can only confine commands more. A nil field
// says nothing.
type ProjectConfig struct {
	Mode    *Mode `toml:"mode"`
	Network *bool `toml:"network"`
	// Hide adds to the paths no command may read: hiding more only
	// tightens.
	Hide []string `toml:"hide"`
}

// Tighten returns c with what p says that is stricter (a stricter mode,
// no network, more hidden paths), and a note for each setting of p that
// would have loosened c and was ignored. A Hide entry that is not a path
// is an error, and then c is returned as it was.
func (c Config) Tighten(p ProjectConfig) (Config, []string, error) {
	const looser = "a project may only make the policy stricter"
	var ignored []string
	if len(p.Hide) > 0 {
		if err := (Config{Hide: p.Hide}).Validate(); err != nil {
			return c, nil, err
		}
		c.Hide = append(slices.Clone(c.Hide), p.Hide...)
	}
	if v := p.Mode; v != nil {
		if v.strictness() > c.Mode.strictness() {
			c.Mode = *v
		} else if v.strictness() < c.Mode.strictness() {
			ignored = append(ignored, fmt.Sprintf("[sandbox] mode = %q: weaker than the %q in force; %s", *v, c.Mode, looser))
		}
	}
	if v := p.Network; v != nil {
		if !*v {
			c.Network = false
		} else if !c.Network {
			ignored = append(ignored, "[sandbox] network = true: only your own config may give every command the network; "+looser)
		}
	}
	return c, ignored, nil
}

// strictness orders the modes; an unknown mode counts as strictest so
// that validation, not merging, reports it.
func (m Mode) strictness() int {
	switch m {
	case ModeOff:
		return 0
	case ModeAuto:
		return 1
	default:
		return 2
	}
}
