package llmtest

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
)

// FakeServer is what the fake provider servers (openaitest, responsestest, ollamatest,
// anthropictest) share: a Player for the script, a loopback HTTP server,
// the test problems are reported to, and the model list. Each fake embeds
// it and adds its wire format's routes. Its methods are safe for
// concurrent use.
type FakeServer struct {
	player *Player
	srv    *httptest.Server
	name   string // the fake's package, prefixing what it reports

	mu     sync.Mutex
	t      testing.TB
	models []string
}

// NewFakeServer returns the shared part of the fake called name (its
// package's name) playing script and listing models; Serve starts it.
func NewFakeServer(name string, script Script, models ...string) *FakeServer {
	return &FakeServer{player: NewPlayer(script), name: name, models: slices.Clone(models)}
}

// Serve starts serving h on a loopback port. Call Close when done.
func (f *FakeServer) Serve(h http.Handler) { f.srv = httptest.NewServer(h) }

// ReportTo reports every problem (a request the script has no turn for,
// or one the real server would reject) to t with t.Errorf, besides
// answering it with 400, and closes the server when t's test ends.
func (f *FakeServer) ReportTo(t testing.TB) {
	f.mu.Lock()
	f.t = t
	f.mu.Unlock()
	t.Cleanup(f.Close)
}

// Report reports a problem to the test, if there is one.
func (f *FakeServer) Report(msg string) {
	f.mu.Lock()
	t := f.t
	f.mu.Unlock()
	if t != nil {
		t.Errorf("%s: %s", f.name, msg)
	}
}

// Player returns the player of the script.
func (f *FakeServer) Player() *Player { return f.player }

// Address returns the server's address, http://127.0.0.1:PORT.
func (f *FakeServer) Address() string { return f.srv.URL }

// Requests returns every request received so far, decoded.
func (f *FakeServer) Requests() []Request { return f.player.Requests() }

// SetContextWindow makes the fake refuse, with the API's own
// context-length error, a request larger than tokens (see
// Player.SetContextWindow).
func (f *FakeServer) SetContextWindow(tokens int) { f.player.SetContextWindow(tokens) }

// SummarizeWith answers requests that offer no tools with t, as a model
// asked for a summary (see Player.SummarizeWith).
func (f *FakeServer) SummarizeWith(t Turn) { f.player.SummarizeWith(t) }

// SetModels sets the models the fake lists.
func (f *FakeServer) SetModels(names ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.models = slices.Clone(names)
}

// Models returns the models the fake lists.
func (f *FakeServer) Models() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.models)
}

// Close hangs up on every client and stops the server.
func (f *FakeServer) Close() {
	f.srv.CloseClientConnections()
	f.srv.Close()
}
