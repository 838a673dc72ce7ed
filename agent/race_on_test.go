//go:build race

package agent_test

// raceEnabled says the race detector is on, which slows the loop several
// times over: timing bounds are reported, not enforced.
const raceEnabled = true
