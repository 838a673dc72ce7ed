//go:build !linux && !darwin

package sandbox

import "runtime"

// useSeatbelt says New builds the macOS sandbox: not on this OS.
const useSeatbelt = false

// probe reports that this OS offers nothing the sandbox can use.
func probe() Report {
	why := "not supported on " + runtime.GOOS
	r := Report{LandlockReason: why, NamespaceReason: why, IsolationReason: why, ProcessLimitReason: why, SeatbeltReason: "macOS only"}
	r.Summary = r.summary()
	return r
}
