package sandbox

import (
	"testing"
)

// probeStepByStep is the probe as it was written first, one clone after
// another, each asked only when the one before says it is worth asking:
// the report the concurrent probe must match.
func probeStepByStep() Report {
	var r Report
	r.LandlockABI, r.LandlockReason = probeLandlock()
	both := tryNamespaces(nsFlags{user: true, net: true})
	if both == nil {
		r.UserNamespaces, r.NetworkNamespace = true, true
	} else {
		r.UserNamespaces, r.NetworkNamespace, r.NamespaceReason = probeNamespaces(both)
	}
	if r.UserNamespaces {
		err := tryNamespaces(nsFlags{user: true, net: r.NetworkNamespace, mount: true})
		r.MountNamespace = err == nil
		if err == nil {
			err = tryNamespaces(nsFlags{user: true, net: r.NetworkNamespace, mount: true, pid: true})
			r.PIDNamespace = err == nil
		}
		if err != nil {
			r.IsolationReason = namespaceHint(err)
		}
	} else {
		r.IsolationReason = "they need a user namespace"
	}
	return r
}

// The probe tries its clones at once; what it reports of the namespaces
// is what asking one at a time finds on this kernel.
func TestProbeFindsWhatAskingStepByStepFinds(t *testing.T) {
	got, want := probe(), probeStepByStep()
	got.ProcessLimit, got.ProcessLimitReason, got.SeatbeltReason, got.Summary = false, "", "", ""
	if got != want {
		t.Errorf("probe() = %+v\nasked step by step: %+v", got, want)
	}
	if !want.UserNamespaces {
		t.Logf("this kernel gives no user namespace: only the step-by-step path was compared (%s)", want.NamespaceReason)
	}
}

// BenchmarkProbeStepByStep is the probe asking one clone at a time, to
// set beside BenchmarkProbe (which tries them at once) in the same run.
func BenchmarkProbeStepByStep(b *testing.B) {
	for b.Loop() {
		probeStepByStep()
	}
}
