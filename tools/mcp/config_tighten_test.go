package mcp

import (
	"slices"
	"strings"
	"testing"
)

func TestConfigTightenOnlyDisables(t *testing.T) {
	t.Parallel()
	yes, no := true, false
	user := Config{
		"github": {Command: "gh-mcp", DisabledTools: []string{"delete_repo"}},
		"off":    {Command: "off-mcp", Enabled: &no},
	}
	got, ignored := user.Tighten(ProjectConfig{
		"github":  {Enabled: &no, DisabledTools: []string{"create_issue"}},
		"off":     {Enabled: &yes},
		"unknown": {Enabled: &yes},
	})
	if got["github"].IsEnabled() || !slices.Equal(got["github"].DisabledTools, []string{"delete_repo", "create_issue"}) {
		t.Errorf("github after Tighten = %+v, want disabled, with both tools disabled", got["github"])
	}
	if got["off"].IsEnabled() {
		t.Errorf("a project enabled the server the user disabled")
	}
	if _, ok := got["unknown"]; ok {
		t.Errorf("a project added a server")
	}
	if len(ignored) != 1 || !strings.Contains(ignored[0], "[mcp_servers.off] enabled = true: you disabled it") {
		t.Errorf("ignored = %q, want one note about off", ignored)
	}
	if !user["github"].IsEnabled() || len(user["github"].DisabledTools) != 1 {
		t.Errorf("Tighten changed the user's config: %+v", user["github"])
	}
}
