package llmtest

import (
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
)

// errorfRecorder is a testing.TB whose Errorf is recorded, not failed.
type errorfRecorder struct {
	testing.TB
	mu  sync.Mutex
	got []string
}

func (r *errorfRecorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, fmt.Sprintf(format, args...))
}

func TestFakeServerReportsToItsTestAndListsItsModels(t *testing.T) {
	f := NewFakeServer("faketest", Script{}, "m1")
	f.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.Report("no turn 1")
		w.WriteHeader(http.StatusBadRequest)
	}))
	get := func() {
		resp, err := http.Get(f.Address() + "/chat")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	get() // before ReportTo: answered, reported to nobody
	rec := &errorfRecorder{TB: t}
	f.ReportTo(rec)
	get()
	if want := []string{"faketest: no turn 1"}; !slices.Equal(rec.got, want) {
		t.Errorf("reported %q, want %q", rec.got, want)
	}
	if got := f.Models(); !slices.Equal(got, []string{"m1"}) {
		t.Errorf("Models() = %q, want [m1]", got)
	}
	f.SetModels("a", "b")
	if got := f.Models(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Models() after SetModels(a, b) = %q", got)
	}
}
