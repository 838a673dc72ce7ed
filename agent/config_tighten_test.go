package agent

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/classify"
)

func TestConfigTightenTakesOnlyWhatIsStricter(t *testing.T) {
	t.Parallel()
	ptr := func(n int) *int { return &n }
	lvl := func(l classify.Level) *classify.Level { return &l }
	user := Config{MaxTurns: 25, AutoApprove: classify.Warning, MaxTokensPerRun: 1000}
	tests := []struct {
		name    string
		project ProjectConfig
		want    Config
		ignored string // part of the one note, "" for none
	}{
		{"nothing said changes nothing", ProjectConfig{}, user, ""},
		{"fewer turns are taken", ProjectConfig{MaxTurns: ptr(5)}, Config{MaxTurns: 5, AutoApprove: classify.Warning, MaxTokensPerRun: 1000}, ""},
		{"more turns are ignored", ProjectConfig{MaxTurns: ptr(50)}, user, "max_turns = 50: more than the 25 in force"},
		{"a smaller budget is taken", ProjectConfig{MaxTokensPerRun: ptr(10)}, Config{MaxTurns: 25, AutoApprove: classify.Warning, MaxTokensPerRun: 10}, ""},
		{"no budget would lift the user's and is ignored", ProjectConfig{MaxTokensPerRun: ptr(0)}, user, "would lift the budget of 1000"},
		{"a bigger budget is ignored", ProjectConfig{MaxTokensPerRun: ptr(5000)}, user, "max_tokens_per_run = 5000"},
		{"a lower auto-approve level is taken", ProjectConfig{AutoApprove: lvl(classify.Safe)}, Config{MaxTurns: 25, AutoApprove: classify.Safe, MaxTokensPerRun: 1000}, ""},
		{"a higher auto-approve level is ignored", ProjectConfig{AutoApprove: lvl(classify.Dangerous)}, user, `auto_approve = "dangerous": above the "warning" in force`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ignored := user.Tighten(tt.project)
			if got != tt.want {
				t.Errorf("Tighten(%+v) = %+v, want %+v", tt.project, got, tt.want)
			}
			if tt.ignored == "" && len(ignored) > 0 || tt.ignored != "" && (len(ignored) != 1 || !strings.Contains(ignored[0], tt.ignored)) {
				t.Errorf("Tighten(%+v) ignored %q, want a note with %q", tt.project, ignored, tt.ignored)
			}
		})
	}
	if budget, _ := (Config{}).Tighten(ProjectConfig{MaxTokensPerRun: ptr(10)}); budget.MaxTokensPerRun != 10 {
		t.Errorf("a budget where the user has none = %d, want 10", budget.MaxTokensPerRun)
	}
}
