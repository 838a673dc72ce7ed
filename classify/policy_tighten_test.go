package classify

import "testing"

func TestPolicyTightenAddsProjectRulesAsRaiseOnly(t *testing.T) {
	t.Parallel()
	userRules := make([]Rule, 1, 4) // room to append: the caller's array must stay as it was
	userRules[0] = Rule{Command: "make *", Level: Safe}
	p, ignored := Policy{Rules: userRules}.Tighten([]Rule{
		{Command: "make deploy*", Level: Blocked},
		{Command: "rm *", Level: Safe},
	})
	if len(p.Rules) != 2 || !p.Rules[1].RaiseOnly || p.Rules[1].Command != "make deploy*" || p.Rules[0].RaiseOnly {
		t.Errorf("Tighten rules = %+v, want the user's, then the project's blocked rule raise-only", p.Rules)
	}
	if len(ignored) != 1 || ignored[0].Command != "rm *" {
		t.Errorf("Tighten ignored %+v, want the safe project rule", ignored)
	}
	if extra := userRules[:2][1]; extra.Command != "" {
		t.Errorf("Tighten wrote %+v into the caller's array", extra)
	}
	// A project rule lowers nothing: make deploy is blocked, make test
	// still safe by the user's rule.
	root := "/p"
	for cmd, want := range map[string]Level{"make deploy": Blocked, "make test": Safe} {
		if v := Classify(Action{Kind: Shell, Command: cmd, Root: root}, p); v.Level != want {
			t.Errorf("Classify(%q) = %v, want %v", cmd, v.Level, want)
		}
	}
}
