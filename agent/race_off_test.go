//go:build !race

package agent_test

// raceEnabled says the race detector is on; see race_on_test.go.
const raceEnabled = false
