package llm

// Effort is how hard a thinking model is asked to think, in neutral
// terms; each adapter maps it to its API's own knob. The zero value asks
// for nothing: the API's default.
type Effort string

// The efforts a provider may be configured with.
const (
	EffortDefault Effort = ""
	EffortOff     Effort = "off"
	EffortLow     Effort = "low"
	EffortMedium  Effort = "medium"
	EffortHigh    Effort = "high"
)

// Valid reports whether e is one of the efforts above.
func (e Effort) Valid() bool {
	switch e {
	case EffortDefault, EffortOff, EffortLow, EffortMedium, EffortHigh:
		return true
	}
	return false
}
