package sandbox

import (
	"sync/atomic"
	"syscall"
	"testing"
)

// probeStepByStep is the probe as it was written first, one clone after
// another, each asked only when the one before says it is worth asking:
// the report the probe must match. try makes the clones.
func probeStepByStep(try func(nsFlags) error) Report {
	var r Report
	r.LandlockABI, r.LandlockReason = probeLandlock()
	both := try(nsFlags{user: true, net: true})
	if both == nil {
		r.UserNamespaces, r.NetworkNamespace = true, true
	} else {
		r.UserNamespaces, r.NetworkNamespace, r.NamespaceReason = probeNamespaces(both, try)
	}
	if r.UserNamespaces {
		err := try(nsFlags{user: true, net: r.NetworkNamespace, mount: true})
		r.MountNamespace = err == nil
		if err == nil {
			err = try(nsFlags{user: true, net: r.NetworkNamespace, mount: true, pid: true})
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

// namespaceReport is the part of a report the namespace clones decide.
func namespaceReport(r Report) Report {
	r.ProcessLimit, r.ProcessLimitReason, r.SeatbeltReason, r.Summary = false, "", "", ""
	return r
}

// The probe asks fewer clones; what it reports of the namespaces is what
// asking one at a time finds on this kernel.
func TestProbeFindsWhatAskingStepByStepFinds(t *testing.T) {
	got, want := namespaceReport(probe()), probeStepByStep(tryNamespaces)
	if got != want {
		t.Errorf("probe() = %+v\nasked step by step: %+v", got, want)
	}
	if !want.UserNamespaces {
		t.Logf("this kernel gives no user namespace: only the step-by-step path was compared (%s)", want.NamespaceReason)
	}
}

// On simulated kernels that refuse one namespace or another, the probe
// reports what asking step by step finds; where the kernel allows them
// all, one clone is enough.
func TestProbeOnKernelsThatRefuseNamespaces(t *testing.T) {
	cases := []struct {
		name   string
		refuse func(nsFlags) error // nil: the clone works
		clones int32               // the probe's clones; 0: not checked
	}{
		{name: "all allowed", refuse: func(nsFlags) error { return nil }, clones: 1},
		{name: "no PID namespace", refuse: func(ns nsFlags) error {
			if ns.pid {
				return syscall.EINVAL
			}
			return nil
		}, clones: 3},
		{name: "no mount namespace", refuse: func(ns nsFlags) error {
			if ns.mount {
				return syscall.EPERM
			}
			return nil
		}, clones: 3},
		{name: "no network namespace", refuse: func(ns nsFlags) error {
			if ns.net && ns.user {
				return syscall.EPERM
			}
			return nil
		}},
		{name: "no user namespace", refuse: func(ns nsFlags) error {
			if ns.user {
				return syscall.ENOSPC
			}
			return nil
		}},
		{name: "nothing allowed", refuse: func(nsFlags) error { return syscall.EPERM }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var n atomic.Int32
			counted := func(ns nsFlags) error { n.Add(1); return c.refuse(ns) }
			got := namespaceReport(probeWith(counted))
			if want := probeStepByStep(c.refuse); got != want {
				t.Errorf("probe = %+v\nasked step by step: %+v", got, want)
			}
			if c.clones != 0 && n.Load() != c.clones {
				t.Errorf("the probe made %d clones, want %d", n.Load(), c.clones)
			}
		})
	}
}

// BenchmarkProbeStepByStep is the probe asking one clone at a time, to
// set beside BenchmarkProbe in the same run.
func BenchmarkProbeStepByStep(b *testing.B) {
	for b.Loop() {
		probeStepByStep(tryNamespaces)
	}
}
