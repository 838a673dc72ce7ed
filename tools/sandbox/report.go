package sandbox

import (
	"fmt"
	"strings"
	"sync"
)

// Report is what the OS offers for confinement, for `agent doctor` and for
// deciding what Command applies. The zero Report offers nothing.
type Report struct {
	// LandlockABI is the kernel's Landlock ABI version, 0 when Landlock is
	// unavailable.
	LandlockABI int
	// LandlockReason says why Landlock is unavailable; empty when it is
	// available.
	LandlockReason string
	// UserNamespaces is true when a command can get its own user namespace
	// (which also makes the process limit count per command).
	UserNamespaces bool
	// NetworkNamespace is true when a command can get its own network
	// namespace, which has only a loopback interface: no network.
	NetworkNamespace bool
	// NamespaceReason says why a namespace is unavailable; empty when both
	// are available.
	NamespaceReason string
	// MountNamespace is true when a command can get a mount namespace of
	// its own (inside its user namespace): private temp directories,
	// read-only git directories, hidden credentials.
	MountNamespace bool
	// PIDNamespace is true when a command can get a PID namespace of its
	// own, so that every process it starts dies with it.
	PIDNamespace bool
	// IsolationReason says why a mount or PID namespace is unavailable;
	// empty when both are available.
	IsolationReason string
	// ProcessLimit is true when RLIMIT_NPROC contains a fork bomb: it needs
	// a user namespace (otherwise it counts every process of the user) and
	// a user other than root (the kernel exempts root).
	ProcessLimit bool
	// ProcessLimitReason says why there is no process limit; empty when
	// there is one.
	ProcessLimitReason string
	// Seatbelt is true when macOS's sandbox-exec runs commands under a
	// profile of this sandbox (checked by running one).
	Seatbelt bool
	// SeatbeltReason says why Seatbelt is unavailable ("macOS only" on
	// other systems); empty when it is available.
	SeatbeltReason string
	// Summary is one line, like "landlock ABI 7, network namespace,
	// process limit" or "landlock unavailable: ...".
	Summary string
}

// probeOnce caches the probe: the kernel's abilities do not change while
// the agent runs.
var probeOnce = sync.OnceValue(probe)

// Probe reports what the OS offers for confinement. The first call costs a
// few system calls and short-lived processes (on Linux one clone into new
// namespaces that execs nothing, a few milliseconds, and more only on a
// kernel that refuses it; on macOS one sandboxed run of /usr/bin/true);
// later calls return the cached report, and a call made while the first
// runs waits for it. Safe for concurrent use.
func Probe() Report { return probeOnce() }

// summary builds Report.Summary from the other fields.
func (r Report) summary() string {
	var parts []string
	if r.LandlockABI > 0 {
		parts = append(parts, fmt.Sprintf("landlock ABI %d", r.LandlockABI))
	} else {
		parts = append(parts, "landlock unavailable: "+r.LandlockReason)
	}
	switch {
	case r.NetworkNamespace:
		parts = append(parts, "network namespace")
	case r.UserNamespaces:
		parts = append(parts, "user namespace but no network namespace: "+r.NamespaceReason)
	default:
		parts = append(parts, "no namespaces: "+r.NamespaceReason)
	}
	switch {
	case r.MountNamespace && r.PIDNamespace:
		parts = append(parts, "mount and PID namespaces")
	default:
		parts = append(parts, "no mount or PID namespace: "+r.IsolationReason)
	}
	if r.ProcessLimit {
		parts = append(parts, "process limit")
	} else {
		parts = append(parts, "no process limit: "+r.ProcessLimitReason)
	}
	return strings.Join(parts, "; ")
}
