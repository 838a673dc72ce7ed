package gocache

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// The protocol's messages, as cmd/go/internal/cacheprog defines them: one
// JSON object a line each way; a put's body follows its request as a
// JSON string of base64 on a line of its own.

// command is a request's Command.
type command string

const (
	cmdGet   command = "get"
	cmdPut   command = "put"
	cmdClose command = "close"
)

// request is one request of the go command.
type request struct {
	ID       int64
	Command  command
	ActionID []byte `json:",omitempty"`
	OutputID []byte `json:",omitempty"`
	BodySize int64  `json:",omitempty"`
}

// response answers the request with the same ID; the first one, ID 0,
// says which commands the program knows.
type response struct {
	ID            int64
	Err           string     `json:",omitempty"`
	KnownCommands []command  `json:",omitempty"`
	Miss          bool       `json:",omitempty"`
	OutputID      []byte     `json:",omitempty"`
	Size          int64      `json:",omitempty"`
	Time          *time.Time `json:",omitempty"`
	DiskPath      string     `json:",omitempty"`
}

// maxRequestLine bounds one request's JSON line: the go command's are
// under 300 bytes, the body travels apart.
const maxRequestLine = 64 << 10

// errProtocol marks input that is not the protocol.
var errProtocol = errors.New("gocache: bad request")

// readRequest reads the next request, skipping blank lines. It returns
// io.EOF when the input ended between requests.
func readRequest(r *bufio.Reader) (request, error) {
	for {
		line, err := readLine(r)
		if err != nil {
			if errors.Is(err, io.EOF) && len(bytes.TrimSpace(line)) == 0 {
				return request{}, io.EOF
			}
			if !errors.Is(err, io.EOF) {
				return request{}, err
			}
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var req request
		if err := json.Unmarshal(line, &req); err != nil {
			return request{}, fmt.Errorf("%w: %v", errProtocol, err)
		}
		if req.BodySize < 0 {
			return request{}, fmt.Errorf("%w: request %d: negative BodySize %d", errProtocol, req.ID, req.BodySize)
		}
		return req, nil
	}
}

// readLine reads up to and including the next newline, at most
// maxRequestLine bytes.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxRequestLine {
			return nil, fmt.Errorf("%w: a request line longer than %d bytes", errProtocol, maxRequestLine)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}

// readBody copies a put's body, which follows its request, to w: a JSON
// string of standard base64 holding exactly size bytes. It fails on
// anything else, having copied at most size bytes.
func readBody(r *bufio.Reader, size int64, w io.Writer) error {
	for {
		b, err := r.ReadByte()
		if err != nil {
			return fmt.Errorf("%w: body: %v", errProtocol, noEOF(err))
		}
		if b == '"' {
			break
		}
		if !isSpace(b) {
			return fmt.Errorf("%w: body: %q where its opening quote should be", errProtocol, b)
		}
	}
	dec := base64.NewDecoder(base64.StdEncoding, &untilQuote{r: r})
	n, err := io.CopyN(w, dec, size)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("%w: body of %d bytes, want %d", errProtocol, n, size)
		}
		return fmt.Errorf("%w: body: %v", errProtocol, err)
	}
	// Nothing may follow the size's bytes but the padding and the
	// closing quote, which the decoder reads to its end.
	extra, err := io.Copy(io.Discard, dec)
	if err != nil {
		return fmt.Errorf("%w: body: %v", errProtocol, err)
	}
	if extra > 0 {
		return fmt.Errorf("%w: body longer than its size %d", errProtocol, size)
	}
	return nil
}

// untilQuote reads r up to the next double quote, which it consumes and
// does not return: the inside of a JSON string of base64, which holds no
// escapes. The input ending first is io.ErrUnexpectedEOF.
type untilQuote struct {
	r    *bufio.Reader
	done bool
}

func (u *untilQuote) Read(p []byte) (int, error) {
	if u.done {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	if _, err := u.r.Peek(1); err != nil {
		return 0, noEOF(err)
	}
	chunk, _ := u.r.Peek(min(len(p), u.r.Buffered()))
	if i := bytes.IndexByte(chunk, '"'); i >= 0 {
		n := copy(p, chunk[:i])
		_, _ = u.r.Discard(i + 1)
		u.done = true
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	}
	n := copy(p, chunk)
	_, _ = u.r.Discard(n)
	return n, nil
}

// noEOF turns the input's end in the middle of something into
// io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
