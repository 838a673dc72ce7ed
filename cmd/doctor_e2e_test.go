package cmd_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/tools/sandbox"
)

// TestDoctorReportsSandbox runs `agent doctor` and checks that its sandbox
// section says what this OS offers, Seatbelt included: available with its
// program, or not and why.
func TestDoctorReportsSandbox(t *testing.T) {
	t.Parallel()
	r := runAgent(t, nil, "", "doctor")
	if r.code != 0 {
		t.Fatalf("doctor exited %d: %s", r.code, r.stderr)
	}
	rep := sandbox.Probe()
	want := "  seatbelt:          no: " + rep.SeatbeltReason
	if rep.Seatbelt {
		want = "  seatbelt:          yes (" + sandbox.SeatbeltExec + ")"
	}
	for _, line := range []string{want, "  summary:           " + rep.Summary} {
		if !strings.Contains(r.stdout, line+"\n") {
			t.Errorf("doctor output lacks %q:\n%s", line, r.stdout)
		}
	}
}
