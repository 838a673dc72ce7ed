package tools

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/agentcli/agent/tools/redact"
)

// capture keeps what the model will read of a command's output in bounded
// memory: the first headMax bytes, the last tailMax bytes, and a count.
// Once the output outgrows them, the output goes to a spill file in the
// state directory, up to saveMax bytes (a command can print gigabytes;
// the file keeps its beginning and says where it was cut). It is written
// by one goroutine only.
type capture struct {
	headMax int
	head    []byte
	tail    ring
	total   int64

	stateDir string
	prefix   string
	spill    *os.File
	spillErr error
	// redact scrubs secrets from what goes to the spill file; nil still
	// redacts strings shaped like keys and tokens.
	redact *redact.Redactor
	spillW *redact.Writer
	// saveMax is the most of the output the spill file holds; saved is
	// how much it holds, and capped that there was more.
	saveMax int64
	saved   int64
	capped  bool
}

// newCapture is a capture of one call's output with the registry's
// limits, spilling to a file named for prefix, redacted.
func (r *Registry) newCapture(prefix string) *capture {
	return r.captureKeeping(r.cfg.OutputHeadBytes, r.cfg.OutputTailBytes, prefix)
}

// captureKeeping is newCapture keeping head and tail bytes in the text.
func (r *Registry) captureKeeping(head, tail int, prefix string) *capture {
	c := newCapture(head, tail, int64(r.cfg.MaxSavedOutputMiB)<<20, r.state, prefix)
	c.redact = r.redact
	return c
}

func newCapture(headMax, tailMax int, saveMax int64, stateDir, prefix string) *capture {
	return &capture{
		saveMax:  saveMax,
		headMax:  headMax,
		head:     make([]byte, 0, headMax),
		tail:     ring{buf: make([]byte, tailMax)},
		stateDir: stateDir,
		prefix:   prefix,
	}
}

// Write keeps p's head and tail parts and spills it. It never fails: a
// spill file that cannot be written is reported in the note instead.
func (c *capture) Write(p []byte) (int, error) {
	n := len(p)
	if c.spill == nil && c.spillErr == nil && c.total+int64(n) > int64(c.headMax+len(c.tail.buf)) {
		c.startSpill()
	}
	if c.spill != nil {
		if err := c.save(p); err != nil {
			c.spillErr = err
			c.spill.Close()
			c.spill = nil
		}
	}
	c.total += int64(n)
	if room := c.headMax - len(c.head); room > 0 {
		k := min(room, len(p))
		c.head = append(c.head, p[:k]...)
		p = p[k:]
	}
	c.tail.write(p)
	return n, nil
}

// startSpill creates the spill file and writes what was kept so far, which
// until now is the whole output.
func (c *capture) startSpill() {
	if c.stateDir == "" {
		c.spillErr = fmt.Errorf("no state directory")
		return
	}
	if err := os.MkdirAll(c.stateDir, 0o700); err != nil {
		c.spillErr = err
		return
	}
	name := c.prefix + "-" + time.Now().Format("20060102-150405") + "-*.log"
	f, err := os.CreateTemp(c.stateDir, name)
	if err != nil {
		c.spillErr = err
		return
	}
	c.spill, c.spillW = f, c.redact.NewWriter(f)
	err = c.save(c.head)
	if err == nil {
		err = c.save(c.tail.bytes())
	}
	if err != nil {
		c.spillErr = err
		f.Close()
		os.Remove(f.Name())
		c.spill, c.spillW = nil, nil
	}
}

// save writes p to the spill file up to saveMax bytes in all, and notes
// when some of it did not fit.
func (c *capture) save(p []byte) error {
	room := c.saveMax - c.saved
	if int64(len(p)) > room {
		p, c.capped = p[:max(room, 0)], true
	}
	if len(p) == 0 {
		return nil
	}
	_, err := c.spillW.Write(p)
	c.saved += int64(len(p))
	return err
}

// finish closes the spill file and returns the text for the model and the
// spill file's path ("" when nothing was cut or it could not be saved).
func (c *capture) finish() (text, file string) {
	if c.spill != nil {
		file = c.spill.Name()
		var err error
		if c.capped {
			_, err = fmt.Fprintf(c.spillW, "\n[... the output is cut here: only its first %s are saved ([tools] max_saved_output_mib); the command printed %d bytes in all ...]\n",
				mib(c.saveMax), c.total)
		}
		if cerr := c.spillW.Close(); err == nil {
			err = cerr
		}
		if cerr := c.spill.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			c.spillErr, file = err, ""
		}
		c.spill = nil
	}
	tail := c.tail.bytes()
	if c.total <= int64(c.headMax+len(c.tail.buf)) {
		return strings.ToValidUTF8(string(c.head)+string(tail), "\uFFFD"), ""
	}
	head := cutHead(c.head)
	tail = cutTail(tail)
	cut := c.total - int64(len(head)) - int64(len(tail))
	var where string
	switch {
	case file != "" && c.capped:
		where = fmt.Sprintf("the output's first %s of %d bytes are saved in %s; the rest was not saved ([tools] max_saved_output_mib)", mib(c.saveMax), c.total, file)
	case file != "":
		where = fmt.Sprintf("the whole output (%d bytes) is in %s", c.total, file)
	case c.spillErr != nil:
		where = fmt.Sprintf("the whole output (%d bytes) could not be saved: %v", c.total, c.spillErr)
	}
	note := fmt.Sprintf("\n[... %d bytes cut here; %s ...]\n", cut, where)
	return strings.ToValidUTF8(string(head), "\uFFFD") + note + strings.ToValidUTF8(string(tail), "\uFFFD"), file
}

// mib writes n bytes, a whole number of MiB, for a person.
func mib(n int64) string {
	return fmt.Sprintf("%d MiB", n>>20)
}

// lineSlack is how far cutHead and cutTail look for a line break to cut at,
// so the model sees whole lines.
const lineSlack = 1024

// cutHead drops a trailing partial line (or at least a partial rune).
func cutHead(b []byte) []byte {
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 && len(b)-i <= lineSlack {
		return b[:i+1]
	}
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if isRuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// cutTail drops a leading partial line (or at least a partial rune).
func cutTail(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 && i < lineSlack {
		return b[i+1:]
	}
	for i := 0; i < len(b) && i < utf8.UTFMax; i++ {
		if isRuneStart(b[i]) {
			return b[i:]
		}
	}
	return b
}

// ring is a fixed-size buffer that keeps the last len(buf) bytes written.
type ring struct {
	buf  []byte
	pos  int // where the next byte goes
	full bool
}

func (r *ring) write(p []byte) {
	n := len(r.buf)
	if n == 0 || len(p) == 0 {
		return
	}
	if len(p) >= n {
		copy(r.buf, p[len(p)-n:])
		r.pos, r.full = 0, true
		return
	}
	k := copy(r.buf[r.pos:], p)
	if k < len(p) {
		copy(r.buf, p[k:])
		r.full = true
	}
	r.pos = (r.pos + len(p)) % n
	if r.pos == 0 {
		r.full = true
	}
}

// bytes returns the kept bytes in order, in a new slice.
func (r *ring) bytes() []byte {
	if !r.full {
		return append([]byte(nil), r.buf[:r.pos]...)
	}
	out := make([]byte, 0, len(r.buf))
	out = append(out, r.buf[r.pos:]...)
	return append(out, r.buf[:r.pos]...)
}

// liveMax is the most output waiting to be shown live; older waiting output
// is dropped, so a flood costs bounded memory and a slow screen only skips.
const liveMax = 64 << 10

// live holds output waiting to be streamed to a Run's out function. The
// reading goroutine adds to it; the Run goroutine takes from it.
type live struct {
	mu      sync.Mutex
	buf     []byte
	dropped int64
	ready   chan struct{} // signalled when buf becomes non-empty
}

func newLive() *live {
	return &live{buf: make([]byte, 0, liveMax), ready: make(chan struct{}, 1)}
}

// add appends p, dropping the oldest waiting bytes beyond liveMax.
func (l *live) add(p []byte) {
	l.mu.Lock()
	if len(p) > liveMax {
		l.dropped += int64(len(l.buf) + len(p) - liveMax)
		l.buf = append(l.buf[:0], p[len(p)-liveMax:]...)
	} else {
		if over := len(l.buf) + len(p) - liveMax; over > 0 {
			l.dropped += int64(over)
			l.buf = append(l.buf[:0], l.buf[over:]...)
		}
		l.buf = append(l.buf, p...)
	}
	l.mu.Unlock()
	select {
	case l.ready <- struct{}{}:
	default:
	}
}

// take returns the waiting output as text, with a note of what was dropped,
// keeping back a partial rune at the end unless final is set.
func (l *live) take(final bool) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buf
	keep := 0
	if !final {
		keep = partialRuneSuffix(b)
	}
	var s string
	if l.dropped > 0 {
		s = fmt.Sprintf("[... %d bytes not shown live ...]\n", l.dropped)
		l.dropped = 0
	}
	s += strings.ToValidUTF8(string(b[:len(b)-keep]), "\uFFFD")
	l.buf = append(l.buf[:0], b[len(b)-keep:]...)
	return s
}

// partialRuneSuffix returns how many bytes at the end of b begin a rune
// that is not complete yet.
func partialRuneSuffix(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if isRuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return 0
			}
			return len(b) - i
		}
	}
	return 0
}

// spillPrefix makes a file name prefix from a tool's name.
func spillPrefix(tool string) string {
	return filepath.Base(tool)
}

// Shorten cuts output, a result the model has already read, to its first
// head and last tail bytes (at line boundaries where it can) when it is
// longer, saving the whole of it, with secrets redacted, in the state
// directory as command output is saved. The text says how much was cut and
// where the whole output is, or that it could not be saved. file is the
// saved file, "" when output was short enough to keep whole. The agent
// calls it to make room in a long conversation.
func (r *Registry) Shorten(tool, output string, head, tail int) (text, file string) {
	if len(output) <= head+tail {
		return output, ""
	}
	capt := r.captureKeeping(head, tail, spillPrefix(tool))
	capt.Write([]byte(output))
	return capt.finish()
}
