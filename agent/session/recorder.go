package session

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/tools/redact"
)

// maxPending is how much text or output of one stream the recorder holds
// while it waits for the end of a line: secrets do not span lines, so
// redacting whole lines finds the ones split across events.
const maxPending = redact.MaxLine

// Recorder appends a session's events to its file. It implements
// agent.Sink and is safe for concurrent use. Every event is redacted and
// written with one write call as it arrives, except pieces of streamed text
// and command output, which are joined up to the end of their line first;
// nothing else is kept in memory. A failed write stops the recording,
// calls the OnFail functions, and is reported by Err and Close: the caller
// stops the run, since what happens next would not be in the audit log.
type Recorder struct {
	mu      sync.Mutex
	onFail  []func()
	f       *os.File
	path    string
	info    Info
	redact  *redact.Redactor
	streams []*stream
	err     error
	closed  bool
	buf     bytes.Buffer
	enc     *json.Encoder
	// argsSeen holds, per provider and call, a hash of the arguments last
	// written, so that each call's arguments are stored once, not with
	// every event about it (see dedupArgs). Cleared at each run's start,
	// since call ids are unique within a run only.
	argsSeen map[string]uint64
	seed     maphash.Seed
	// start is when a session from CreateOnFirstEvent began; its file is
	// created (f set) with the first event.
	start time.Time
}

// stream is the partial last line of one provider's text, or of one
// call's output.
type stream struct {
	provider string
	typ      agent.EventType
	callID   string
	last     agent.Event // the latest piece, whose fields the joined line gets
	text     strings.Builder
}

// NewID returns a new random session id: 8 hexadecimal digits.
func NewID() string {
	var b [4]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// fileName is the name of a session file: its start time (UTC, so names
// sort in time order) and its id.
func fileName(start time.Time, id string) string {
	return start.UTC().Format("20060102-150405") + "-" + id + ".jsonl"
}

// Create starts a new session file in dir (created 0700 if needed) and
// writes its first record. info.ID is filled in when empty; info.Format
// is set. red scrubs secrets from every record; nil redacts strings shaped
// like keys and tokens only. The file is named by the current time.
func Create(dir string, info Info, red *redact.Redactor) (*Recorder, error) {
	return CreateAt(dir, time.Now(), info, red)
}

// CreateAt is Create for a session that started at start, which names
// the file and so orders it among the others (List, Prune): tests give
// their sessions distinct times without waiting for the clock.
func CreateAt(dir string, start time.Time, info Info, red *redact.Redactor) (*Recorder, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	if info.ID == "" {
		info.ID = NewID()
	}
	info.Format = Format
	path := filepath.Join(dir, fileName(start, info.ID))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	r := newRecorder(f, path, info, red)
	r.write(Record{Event: agent.Event{Type: TypeStarted, Time: time.Now()}, Session: &r.info})
	if r.err != nil {
		f.Close()
		os.Remove(path)
		return nil, r.err
	}
	return r, nil
}

// CreateOnFirstEvent is Create for a session that may end without doing
// anything, as the screen does when it is opened and closed without a
// prompt: its ID and Path are known at once, but the file (and its first
// record) is created only when the first event arrives, so such a session
// leaves nothing to list. Close before any event writes nothing. A failure
// to create the file then is a write error like any other (see OnFail).
func CreateOnFirstEvent(dir string, info Info, red *redact.Redactor) (*Recorder, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	if info.ID == "" {
		info.ID = NewID()
	}
	info.Format = Format
	start := time.Now()
	r := newRecorder(nil, filepath.Join(dir, fileName(start, info.ID)), info, red)
	r.start = start
	return r, nil
}

// create makes the file of a session from CreateOnFirstEvent and writes
// its first record. r.mu is held; it reports whether the recording can go
// on.
func (r *Recorder) create() bool {
	f, err := os.OpenFile(r.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o600)
	if err != nil {
		r.fail(fmt.Errorf("session: %w", err))
		return false
	}
	r.f = f
	r.write(Record{Event: agent.Event{Type: TypeStarted, Time: r.start}, Session: &r.info})
	return r.err == nil
}

// Append continues the session file at path, as `agent --resume` does: it
// writes a TypeResumed record with info (whose ID is taken from the file's
// name) and records after it. A torn last line left by a killed process is
// ended first, so it stays one unreadable line rather than spoiling the
// next.
func Append(path string, info Info, red *redact.Redactor) (*Recorder, error) {
	id, _, ok := parseName(filepath.Base(path))
	if !ok {
		return nil, fmt.Errorf("session: %s is not a session file name", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	info.ID, info.Format = id, Format
	r := newRecorder(f, path, info, red)
	if st, err := f.Stat(); err == nil && st.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, st.Size()-1); err == nil && last[0] != '\n' {
			if _, err := f.Write([]byte("\n")); err != nil {
				f.Close()
				return nil, fmt.Errorf("session: %w", err)
			}
		}
	}
	r.write(Record{Event: agent.Event{Type: TypeResumed, Time: time.Now()}, Session: &r.info})
	if r.err != nil {
		f.Close()
		return nil, r.err
	}
	return r, nil
}

func newRecorder(f *os.File, path string, info Info, red *redact.Redactor) *Recorder {
	r := &Recorder{f: f, path: path, info: info, redact: red, argsSeen: map[string]uint64{}, seed: maphash.MakeSeed()}
	r.enc = json.NewEncoder(&r.buf)
	// Commands are full of <, > and &: keep them readable in the file.
	r.enc.SetEscapeHTML(false)
	return r
}

// ID returns the session's id.
func (r *Recorder) ID() string { return r.info.ID }

// Path returns the session file's path.
func (r *Recorder) Path() string { return r.path }

// Err returns the write error that stopped the recording, if any.
func (r *Recorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// OnFail registers f to be called once when a write fails, after which
// nothing more is recorded (see Err). f is called by the Publish whose
// write failed, before it returns, so that a caller cancelling the run in
// f knows nothing runs after an event it could not record; f must not
// call the Recorder. When the recording has already failed, f is called
// at once.
func (r *Recorder) OnFail(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		f()
		return
	}
	r.onFail = append(r.onFail, f)
}

// Publish records e. It never blocks on anything but the file write, and
// after Close or a write error it does nothing.
func (r *Recorder) Publish(e agent.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || r.err != nil || r.f == nil && !r.create() {
		return
	}
	switch e.Type {
	case agent.EventText, agent.EventToolOutput:
		r.piece(e)
	case agent.EventReasoningDelta:
		// The reasoning event after the reply holds all of it, with what
		// the provider needs back.
	default:
		r.flush(e.Provider)
		r.write(Record{Event: e})
	}
}

// piece adds a piece of streamed text or output to its stream and writes
// the stream's complete lines.
func (r *Recorder) piece(e agent.Event) {
	callID := ""
	if e.Call != nil {
		callID = e.Call.ID
	}
	var s *stream
	for _, x := range r.streams {
		if x.provider == e.Provider && x.typ == e.Type && x.callID == callID {
			s = x
			break
		}
	}
	if s == nil {
		s = &stream{provider: e.Provider, typ: e.Type, callID: callID}
		r.streams = append(r.streams, s)
	}
	s.last = e
	s.text.WriteString(e.Text)
	if !strings.Contains(e.Text, "\n") && s.text.Len() <= maxPending {
		return // the line goes on
	}
	text := s.text.String()
	cut := strings.LastIndexByte(text, '\n') + 1
	if cut == 0 && len(text) > maxPending {
		// A line without end: write up to its last space, as the
		// redacting writer does.
		if cut = strings.LastIndexAny(text[:maxPending], " \t") + 1; cut == 0 {
			cut = maxPending
		}
	}
	if cut == 0 {
		return
	}
	r.writePiece(s, text[:cut])
	rest := text[cut:]
	s.text.Reset()
	s.text.WriteString(rest)
}

// flush writes the partial lines of provider's streams (all streams when
// provider is "*"), before an event that ends them.
func (r *Recorder) flush(provider string) {
	kept := r.streams[:0]
	for _, s := range r.streams {
		if provider != "*" && s.provider != provider {
			kept = append(kept, s)
			continue
		}
		if s.text.Len() > 0 {
			r.writePiece(s, s.text.String())
		}
	}
	clear(r.streams[len(kept):])
	r.streams = kept
}

func (r *Recorder) writePiece(s *stream, text string) {
	e := s.last
	e.Text = text
	r.write(Record{Event: e})
}

// write redacts rec and appends it as one line with one write call.
func (r *Recorder) write(rec Record) {
	if r.err != nil {
		return
	}
	r.scrub(&rec.Event)
	r.dedupArgs(&rec.Event)
	r.buf.Reset()
	if err := r.enc.Encode(rec); err != nil {
		r.fail(fmt.Errorf("session: encode %s record: %w", rec.Type, err))
		return
	}
	if _, err := r.f.Write(r.buf.Bytes()); err != nil {
		r.fail(fmt.Errorf("session %s: %w", r.path, err))
	}
	if r.buf.Cap() > 1<<20 {
		// Do not keep a buffer sized for one huge record.
		r.buf = bytes.Buffer{}
		r.enc = json.NewEncoder(&r.buf)
		r.enc.SetEscapeHTML(false)
	}
}

// fail stops the recording with err. r.mu is held.
func (r *Recorder) fail(err error) {
	if r.err != nil {
		return
	}
	r.err = err
	for _, f := range r.onFail {
		f()
	}
	r.onFail = nil
}

// scrub redacts every string of e that can hold a secret: task and
// assistant text, command lines and arguments, output, reasons, errors.
// It copies what e points to, which other sinks share.
func (r *Recorder) scrub(e *agent.Event) {
	red := r.redact.String
	e.Text = red(e.Text)
	e.Error = red(e.Error)
	e.Reason = red(e.Reason)
	if e.Call != nil {
		c := *e.Call
		c.Args, c.Summary = red(c.Args), red(c.Summary)
		if len(c.Reasons) > 0 {
			c.Reasons = append([]string(nil), c.Reasons...)
			for i, s := range c.Reasons {
				c.Reasons[i] = red(s)
			}
		}
		e.Call = &c
	}
	if len(e.Reasoning) > 0 {
		// The thinking is text like any other; signatures and redacted
		// blocks are opaque and must come back unchanged.
		rs := append([]llm.Reasoning(nil), e.Reasoning...)
		for i := range rs {
			rs[i].Text = red(rs[i].Text)
		}
		e.Reasoning = rs
	}
	if e.Result != nil {
		res := *e.Result
		res.Output = red(res.Output)
		e.Result = &res
	}
	if e.Compaction != nil {
		c := *e.Compaction
		c.Task, c.Failed = red(c.Task), red(c.Failed)
		e.Compaction = &c
	}
}

// dedupArgs leaves out a call's arguments, and the summary made from
// them, when they are the ones already written for it: a call's later
// events (approval, output, result) then carry "" for them. The first
// event of a call, and any event whose arguments differ (a person's
// modification) or that says they were modified, keep them. e.Call is
// already a copy of its own (see scrub).
func (r *Recorder) dedupArgs(e *agent.Event) {
	if e.Type == agent.EventRunStarted {
		clear(r.argsSeen)
	}
	if e.Call == nil {
		return
	}
	key := e.Provider + "\x00" + e.Call.ID
	h := maphash.String(r.seed, e.Call.Args)
	if last, ok := r.argsSeen[key]; ok && last == h && e.Decision != agent.DecisionModified {
		e.Call.Args, e.Call.Summary = "", ""
		return
	}
	r.argsSeen[key] = h
}

// Close writes what is left of streamed lines and a TypeClosed record, and
// closes the file. It returns the first write error of the recording.
// Calling it again does nothing.
func (r *Recorder) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return r.err
	}
	if r.f == nil {
		// Nothing happened (or the file could not be made): no file to
		// leave behind.
		r.closed = true
		return r.err
	}
	r.flush("*")
	r.write(Record{Event: agent.Event{Type: TypeClosed, Time: time.Now()}})
	r.closed = true
	if err := r.f.Close(); err != nil {
		r.fail(fmt.Errorf("session %s: %w", r.path, err))
	}
	return r.err
}
