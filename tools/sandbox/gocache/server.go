package gocache

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Arg is the argument (os.Args[1]) that starts the agent's binary as the
// cache program; the two arguments after it are the person's cache
// directory and the private one. It is not a command users type.
const Arg = "__gocache"

// init enters Main as soon as the package is initialised, when the binary
// was started as the cache program, before the initialisers of the
// packages that do not come before this one: go waits for it on every
// build.
func init() {
	if len(os.Args) > 1 && os.Args[1] == Arg {
		os.Exit(Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
}

// Main serves the protocol on stdin and stdout over the caches args name
// (the person's, read only, and the private one) until the go command
// says close or its input ends, and returns the exit status: 0, or 2
// with one line on stderr, prefixed "agent gocache:", when the arguments
// or the protocol were wrong.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 2 || args[1] == "" {
		fmt.Fprintf(stderr, "agent gocache: want the person's and the private cache directories, got %q\n", args)
		return 2
	}
	if err := Serve(stdin, stdout, args[0], args[1]); err != nil {
		fmt.Fprintf(stderr, "agent gocache: %v\n", err)
		return 2
	}
	return 0
}

// Serve answers the go command's requests read from in on out: gets from
// shared (the person's cache, never written; empty for none) and then
// private, puts into private. It returns nil once it answered a close
// request or in ended between requests, and an error when the input is
// not the protocol or out cannot be written. A failed get or put is an
// answer (a miss, an error for that request), not the end.
func Serve(in io.Reader, out io.Writer, shared, private string) error {
	s := &server{shared: store{shared}, private: store{private}, now: time.Now}
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	send := func(res response) error {
		if err := enc.Encode(res); err != nil {
			return err
		}
		return w.Flush()
	}
	if err := send(response{KnownCommands: []command{cmdGet, cmdPut, cmdClose}}); err != nil {
		return err
	}
	defer func() { s.private.trim(s.now()) }()
	for {
		req, err := readRequest(r)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		var res response
		switch req.Command {
		case cmdGet:
			res = s.get(req)
		case cmdPut:
			if res, err = s.put(req, r); err != nil {
				return err
			}
		case cmdClose:
			return send(response{ID: req.ID})
		default:
			// A command go added later and we did not announce: say so
			// rather than stop.
			res = response{ID: req.ID, Err: fmt.Sprintf("unknown command %q", req.Command)}
		}
		if err := send(res); err != nil {
			return err
		}
	}
}

// server holds the two caches.
type server struct {
	shared, private store
	now             func() time.Time
}

// testLogMagic starts every test log (testing/internal/testdeps).
var testLogMagic = []byte("# test log\n")

// get answers a get: the person's entry when there is one and it is not
// a test log, else the private one, else a miss.
func (s *server) get(req request) response {
	if len(req.ActionID) != hashSize {
		return response{ID: req.ID, Err: fmt.Sprintf("action ID of %d bytes, want %d", len(req.ActionID), hashSize)}
	}
	if s.shared.dir != "" {
		if e, path, err := s.shared.get(req.ActionID); err == nil && !isTestLog(path, e.size) {
			return hit(req.ID, e, path)
		}
	}
	e, path, err := s.private.get(req.ActionID)
	if err != nil {
		return response{ID: req.ID, Miss: true}
	}
	s.private.markUsed(req.ActionID, e.output, s.now())
	return hit(req.ID, e, path)
}

// hit is the response for entry e, whose output is at path.
func hit(id int64, e entry, path string) response {
	t := e.time
	return response{ID: id, OutputID: e.output[:], Size: e.size, Time: &t, DiskPath: path}
}

// isTestLog reports whether the output at path, of size bytes, is a test
// log (or cannot be read, which serves nothing either).
func isTestLog(path string, size int64) bool {
	if size < int64(len(testLogMagic)) {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return true
	}
	defer f.Close()
	head := make([]byte, len(testLogMagic))
	if _, err := io.ReadFull(f, head); err != nil {
		return true
	}
	return bytes.Equal(head, testLogMagic)
}

// put stores a put's body, read from r, in the private cache. A body that
// cannot be read whole is the end of the protocol (err); one that cannot
// be stored is an error answer.
func (s *server) put(req request, r *bufio.Reader) (response, error) {
	var bodyErr error
	read := false
	path, err := s.private.put(req.ActionID, req.OutputID, req.BodySize, s.now(), func(w io.Writer) error {
		read = true
		if req.BodySize > 0 {
			bodyErr = readBody(r, req.BodySize, w)
		}
		return bodyErr
	})
	if !read && req.BodySize > 0 {
		// Refused before its body: the body must still be read past.
		bodyErr = readBody(r, req.BodySize, io.Discard)
	}
	if bodyErr != nil {
		return response{}, bodyErr
	}
	if err != nil {
		return response{ID: req.ID, Err: strings.TrimPrefix(err.Error(), "gocache: ")}, nil
	}
	return response{ID: req.ID, DiskPath: path}, nil
}
