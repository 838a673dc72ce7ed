package agent

// Tee returns a Sink that publishes every event to each of sinks, in order,
// from the caller's goroutine. Nil sinks are skipped. Each sink gets its own
// copy of the Event value; pointers in it (Call, Result...) are shared and
// must not be changed by a sink.
func Tee(sinks ...Sink) Sink {
	var live []Sink
	for _, s := range sinks {
		if s != nil {
			live = append(live, s)
		}
	}
	if len(live) == 1 {
		return live[0]
	}
	return tee(live)
}

type tee []Sink

// Publish passes e to every sink.
func (t tee) Publish(e Event) {
	for _, s := range t {
		s.Publish(e)
	}
}
