package sandbox

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestConfigTightenTakesOnlyWhatIsStricter(t *testing.T) {
	t.Parallel()
	mode := func(m Mode) *Mode { return &m }
	yes, no := true, false
	tests := []struct {
		name    string
		user    Config
		project ProjectConfig
		want    Config
		ignored string // part of the one note, "" for none
	}{
		{"a stricter mode is taken", Config{Mode: ModeAuto}, ProjectConfig{Mode: mode(ModeRequired)}, Config{Mode: ModeRequired}, ""},
		{"a weaker mode is ignored", Config{Mode: ModeRequired}, ProjectConfig{Mode: mode(ModeOff)}, Config{Mode: ModeRequired}, `mode = "off": weaker than the "required" in force`},
		{"the same mode says nothing", Config{Mode: ModeAuto}, ProjectConfig{Mode: mode(ModeAuto)}, Config{Mode: ModeAuto}, ""},
		{"no network is taken", Config{Mode: ModeAuto, Network: true}, ProjectConfig{Network: &no}, Config{Mode: ModeAuto}, ""},
		{"the network is ignored", Config{Mode: ModeAuto}, ProjectConfig{Network: &yes}, Config{Mode: ModeAuto}, "network = true: only your own config"},
		{"more hidden paths are added", Config{Mode: ModeAuto, Hide: []string{"~/a"}}, ProjectConfig{Hide: []string{"~/b"}}, Config{Mode: ModeAuto, Hide: []string{"~/a", "~/b"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			userHide := slices.Clone(tt.user.Hide)
			got, ignored, err := tt.user.Tighten(tt.project)
			if err != nil || got.Mode != tt.want.Mode || got.Network != tt.want.Network || !slices.Equal(got.Hide, tt.want.Hide) {
				t.Errorf("Tighten(%+v) = %+v, %v; want %+v", tt.project, got, err, tt.want)
			}
			if tt.ignored == "" && len(ignored) > 0 || tt.ignored != "" && (len(ignored) != 1 || !strings.Contains(ignored[0], tt.ignored)) {
				t.Errorf("Tighten(%+v) ignored %q, want a note with %q", tt.project, ignored, tt.ignored)
			}
			if !slices.Equal(tt.user.Hide, userHide) {
				t.Errorf("Tighten changed the user's hide list to %v", tt.user.Hide)
			}
		})
	}
	user := Config{Mode: ModeAuto, Hide: []string{"~/a"}}
	if got, _, err := user.Tighten(ProjectConfig{Hide: []string{"relative"}}); !errors.Is(err, ErrInvalidConfig) || !slices.Equal(got.Hide, user.Hide) {
		t.Errorf("Tighten with a relative hide path = %v, %v; want ErrInvalidConfig and the user's list", got.Hide, err)
	}
}
