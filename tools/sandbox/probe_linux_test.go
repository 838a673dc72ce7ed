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

// simulatedKernel is a kernel that refuses sets of namespaces: refused
// has one bit per combination of user, network, mount and PID namespaces,
// and a clone is refused when it asks for a refused combination or more
// (the kernel judges each namespace on its own: its sysctl, its count,
// the LSM's hook for user namespaces).
func simulatedKernel(refused uint16) func(nsFlags) error {
	return func(ns nsFlags) error {
		asked := 0
		for i, on := range []bool{ns.user, ns.net, ns.mount, ns.pid} {
			if on {
				asked |= 1 << i
			}
		}
		for combo := range 16 {
			if refused&(1<<combo) != 0 && combo&asked == combo {
				return syscall.EPERM
			}
		}
		return nil
	}
}

// On every simulated kernel, the probe reports what asking step by step
// finds (there are 65536 of them: all are tried).
func TestProbeOnEveryKernel(t *testing.T) {
	for refused := range 1 << 16 {
		kernel := simulatedKernel(uint16(refused))
		if got, want := namespaceReport(probeWith(kernel)), probeStepByStep(kernel); got != want {
			t.Fatalf("refused %016b: probe = %+v\nasked step by step: %+v", refused, got, want)
		}
	}
}

// FuzzProbeOnAnyKernel is TestProbeOnEveryKernel for the fuzzer, which
// finds its way to the kernels that matter sooner.
func FuzzProbeOnAnyKernel(f *testing.F) {
	f.Add(uint16(0))
	f.Add(uint16(0xffff))
	f.Add(uint16(1 << 0b1000)) // PID namespaces refused
	f.Add(uint16(1 << 0b0001)) // user namespaces refused: root may still make a network one
	f.Fuzz(func(t *testing.T, refused uint16) {
		kernel := simulatedKernel(refused)
		if got, want := namespaceReport(probeWith(kernel)), probeStepByStep(kernel); got != want {
			t.Errorf("refused %016b: probe = %+v\nasked step by step: %+v", refused, got, want)
		}
	})
}

// BenchmarkProbeStepByStep is the probe asking one clone at a time, to
// set beside BenchmarkProbe in the same run.
func BenchmarkProbeStepByStep(b *testing.B) {
	for b.Loop() {
		probeStepByStep(tryNamespaces)
	}
}
