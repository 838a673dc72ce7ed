package classify

import "fmt"

// Level is how much an action needs a person's attention before it runs.
// Levels are ordered: a higher level is never less careful than a lower one.
// The zero value is Safe, so a Verdict must always be built by Classify.
type Level int

// The four levels, in increasing order of risk.
const (
	// Safe actions are read-only or build/test the project with no effect
	// outside the root; they may run without asking.
	Safe Level = iota
	// Warning actions change the project recoverably, read the network, run
	// code the classifier cannot see, or are simply unknown.
	Warning
	// Dangerous actions are destructive, irreversible, touch shared or remote
	// state, or write outside the root.
	Dangerous
	// Blocked actions never run, whatever the flags or the person says.
	Blocked
)

var levelNames = [...]string{"safe", "warning", "dangerous", "blocked"}

// String returns the lowercase name used in config, output and JSON.
func (l Level) String() string {
	if l < Safe || l > Blocked {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel parses a level name as written by String.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return Safe, fmt.Errorf("unknown level %q (want safe, warning, dangerous or blocked)", s)
}

// MarshalText writes the level's name, for JSON and TOML.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level's name, for JSON and TOML.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Max returns the more careful of two levels.
func Max(a, b Level) Level {
	if a > b {
		return a
	}
	return b
}
