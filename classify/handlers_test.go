package classify

// The tests read commands and tableSources directly: fill them before any
// test runs, as the first Classify would.
func init() { handlers() }
