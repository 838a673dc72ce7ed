package gocache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// encodeRequest writes req as the go command does
// (cmd/go/internal/cache/prog.go writeToChild): the JSON object, a
// newline, and for a body a base64 JSON string on a line of its own.
func encodeRequest(t testing.TB, w io.Writer, req request, body []byte) {
	t.Helper()
	bw := bufio.NewWriter(w)
	if err := json.NewEncoder(bw).Encode(req); err != nil {
		t.Fatal(err)
	}
	bw.WriteByte('\n')
	if len(body) > 0 {
		bw.WriteByte('"')
		e := base64.NewEncoder(base64.StdEncoding, bw)
		e.Write(body)
		e.Close()
		bw.WriteString("\"\n")
	}
	bw.Flush()
}

func TestReadRequest(t *testing.T) {
	t.Parallel()
	id := bytes.Repeat([]byte{0xab}, hashSize)
	for _, tt := range []struct {
		name, input string
		want        request
		wantErr     error
	}{
		{"a get", `{"ID":1,"Command":"get","ActionID":"` + base64.StdEncoding.EncodeToString(id) + `"}` + "\n",
			request{ID: 1, Command: cmdGet, ActionID: id}, nil},
		{"blank lines before it", "\n\n  \n" + `{"ID":2,"Command":"close"}` + "\n", request{ID: 2, Command: cmdClose}, nil},
		{"the last line without its newline", `{"ID":3,"Command":"close"}`, request{ID: 3, Command: cmdClose}, nil},
		{"the end between requests", "\n", request{}, io.EOF},
		{"nothing", "", request{}, io.EOF},
		{"not JSON", "get 1\n", request{}, errProtocol},
		{"a negative body size", `{"ID":4,"Command":"put","BodySize":-1}` + "\n", request{}, errProtocol},
		{"a line too long", `{"ID":5,"Command":"` + strings.Repeat("x", maxRequestLine) + `"}` + "\n", request{}, errProtocol},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readRequest(bufio.NewReaderSize(strings.NewReader(tt.input), 16))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("readRequest(%.40q) error %v, want %v", tt.input, err, tt.wantErr)
			}
			if err == nil && fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("readRequest(%.40q) = %+v, want %+v", tt.input, got, tt.want)
			}
		})
	}
}

func TestReadBody(t *testing.T) {
	t.Parallel()
	body := []byte("hello, cache")
	enc := base64.StdEncoding.EncodeToString(body)
	for _, tt := range []struct {
		name, input string
		size        int64
		wantErr     bool
	}{
		{"as go sends it", `"` + enc + "\"\n", int64(len(body)), false},
		{"after blank space", "\n \"" + enc + `"`, int64(len(body)), false},
		{"split over lines", `"` + enc[:4] + "\n" + enc[4:] + `"`, int64(len(body)), false},
		{"shorter than its size", `"` + enc + `"`, int64(len(body)) + 1, true},
		{"longer than its size", `"` + enc + `"`, int64(len(body)) - 1, true},
		{"no opening quote", enc + `"`, int64(len(body)), true},
		{"no closing quote", `"` + enc, int64(len(body)), true},
		{"not base64", `"!!!!"`, 3, true},
		{"an escape", `"aGVsbG8\u003d"`, 5, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got bytes.Buffer
			err := readBody(bufio.NewReaderSize(strings.NewReader(tt.input), 16), tt.size, &got)
			if (err != nil) != tt.wantErr {
				t.Fatalf("readBody(%q, %d) error %v, want error %v", tt.input, tt.size, err, tt.wantErr)
			}
			if int64(got.Len()) > tt.size {
				t.Errorf("readBody(%q, %d) wrote %d bytes, past the size", tt.input, tt.size, got.Len())
			}
			if err == nil && !bytes.Equal(got.Bytes(), body) {
				t.Errorf("readBody(%q) = %q, want %q", tt.input, got.Bytes(), body)
			}
		})
	}
}

// FuzzReadRequest: whatever the input, reading requests and their bodies
// ends with an error or io.EOF and never panics; a body read without
// error has exactly its size; and a request go would send, with any body,
// reads back as sent.
func FuzzReadRequest(f *testing.F) {
	f.Add([]byte(`{"ID":1,"Command":"put","BodySize":3}`+"\n\n\"YWJj\"\n"), []byte("abc"))
	f.Add([]byte(`{"ID":2,"Command":"get","ActionID":"AAAA"}`+"\n"), []byte{})
	f.Add([]byte("{\"ID\":3}\n\"\n"), []byte{0, 1, 2})
	f.Fuzz(func(t *testing.T, input, body []byte) {
		r := bufio.NewReaderSize(bytes.NewReader(input), 16)
		for range 100 {
			req, err := readRequest(r)
			if err != nil {
				break
			}
			if req.BodySize > 0 {
				var got countingWriter
				got.w = io.Discard
				err := readBody(r, min(req.BodySize, 1<<20), &got)
				if got.n > req.BodySize {
					t.Fatalf("body of %d bytes for BodySize %d", got.n, req.BodySize)
				}
				if err != nil {
					break
				}
			}
		}

		var buf bytes.Buffer
		sent := request{ID: 7, Command: cmdPut, ActionID: bytes.Repeat([]byte{1}, hashSize), OutputID: input, BodySize: int64(len(body))}
		encodeRequest(t, &buf, sent, body)
		r = bufio.NewReaderSize(&buf, 16)
		got, err := readRequest(r)
		if err != nil {
			t.Fatalf("readRequest of a request as go sends it: %v", err)
		}
		if got.ID != sent.ID || got.Command != sent.Command || !bytes.Equal(got.OutputID, sent.OutputID) || got.BodySize != sent.BodySize {
			t.Fatalf("read %+v, sent %+v", got, sent)
		}
		if len(body) > 0 {
			var b bytes.Buffer
			if err := readBody(r, got.BodySize, &b); err != nil || !bytes.Equal(b.Bytes(), body) {
				t.Fatalf("readBody = %q, %v; sent %q", b.Bytes(), err, body)
			}
		}
		if _, err := readRequest(r); err != io.EOF {
			t.Fatalf("after the request: %v, want io.EOF", err)
		}
	})
}

func TestParseEntry(t *testing.T) {
	t.Parallel()
	id := bytes.Repeat([]byte{0x12}, hashSize)
	e := entry{size: 42, time: time.Unix(0, 1700000000123456789)}
	copy(e.output[:], bytes.Repeat([]byte{0x34}, hashSize))
	good := formatEntry(id, e)
	got, err := parseEntry(good, id)
	if err != nil || got != e {
		t.Fatalf("parseEntry(formatEntry(e)) = %+v, %v; want %+v", got, err, e)
	}
	other := bytes.Repeat([]byte{0x13}, hashSize)
	for _, tt := range []struct {
		name string
		line []byte
		id   []byte
	}{
		{"another action's", good, other},
		{"short", good[:len(good)-1], id},
		{"long", append(append([]byte{}, good...), ' '), id},
		{"v2", append([]byte("v2"), good[2:]...), id},
		{"a negative size", bytes.Replace(good, []byte("                  42"), []byte("                 -42"), 1), id},
		{"no newline", append(append([]byte{}, good[:len(good)-1]...), ' '), id},
		{"a bad output ID", bytes.Replace(good, []byte("3434"), []byte("zz34"), 1), id},
	} {
		if _, err := parseEntry(tt.line, tt.id); err == nil {
			t.Errorf("parseEntry of %s (%q) = nil error, want one", tt.name, tt.line)
		}
	}
}

// FuzzParseEntry: whatever the line, parseEntry never panics, what it
// accepts has no negative size or time, and reads back the same from the
// line go would write for it.
func FuzzParseEntry(f *testing.F) {
	id := bytes.Repeat([]byte{0x12}, hashSize)
	f.Add(formatEntry(id, entry{size: 1, time: time.Unix(1, 0)}))
	f.Add([]byte("v1 "))
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := parseEntry(line, id)
		if err != nil {
			return
		}
		if e.size < 0 || e.time.UnixNano() < 0 {
			t.Fatalf("parseEntry(%q) = %+v", line, e)
		}
		if again, err := parseEntry(formatEntry(id, e), id); err != nil || again != e {
			t.Fatalf("parseEntry(%q) = %+v, which reads back from its own line as %+v, %v", line, e, again, err)
		}
	})
}

// serve runs Serve over input and returns its responses after the
// capabilities.
func serve(t *testing.T, input []byte, shared, private string) ([]response, error) {
	t.Helper()
	var out bytes.Buffer
	err := Serve(bytes.NewReader(input), &out, shared, private)
	dec := json.NewDecoder(&out)
	var res []response
	for {
		var r response
		if err := dec.Decode(&r); err != nil {
			break
		}
		res = append(res, r)
	}
	if len(res) == 0 || len(res[0].KnownCommands) == 0 {
		t.Fatalf("Serve did not start with its capabilities: %+v", res)
	}
	return res[1:], err
}

func TestServeAnswersBadRequestsAndGoesOn(t *testing.T) {
	t.Parallel()
	private := t.TempDir()
	body := []byte("output")
	sum := sha256.Sum256(body)
	id := bytes.Repeat([]byte{7}, hashSize)
	var in bytes.Buffer
	encodeRequest(t, &in, request{ID: 1, Command: cmdGet, ActionID: []byte{1}}, nil)
	encodeRequest(t, &in, request{ID: 2, Command: "get2", ActionID: id}, nil)
	// A body that does not match its output ID is refused, and read past.
	encodeRequest(t, &in, request{ID: 3, Command: cmdPut, ActionID: id, OutputID: bytes.Repeat([]byte{9}, hashSize), BodySize: int64(len(body))}, body)
	// IDs of the wrong size are refused before the body, which is read past.
	encodeRequest(t, &in, request{ID: 4, Command: cmdPut, ActionID: id[:3], OutputID: sum[:], BodySize: int64(len(body))}, body)
	encodeRequest(t, &in, request{ID: 5, Command: cmdGet, ActionID: id}, nil)
	encodeRequest(t, &in, request{ID: 6, Command: cmdPut, ActionID: id, OutputID: sum[:], BodySize: int64(len(body))}, body)
	encodeRequest(t, &in, request{ID: 7, Command: cmdGet, ActionID: id}, nil)
	encodeRequest(t, &in, request{ID: 8, Command: cmdClose}, nil)
	encodeRequest(t, &in, request{ID: 9, Command: cmdGet, ActionID: id}, nil)
	res, err := serve(t, in.Bytes(), filepath.Join(t.TempDir(), "missing"), private)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 8 {
		t.Fatalf("%d responses, want 8 (none after close): %+v", len(res), res)
	}
	for i, r := range res {
		if r.ID != int64(i+1) {
			t.Fatalf("response %d has ID %d", i, r.ID)
		}
	}
	for _, i := range []int{0, 1, 2, 3} {
		if res[i].Err == "" {
			t.Errorf("request %d: no error in %+v", i+1, res[i])
		}
	}
	if !res[4].Miss {
		t.Errorf("get before the put: %+v, want a miss", res[4])
	}
	if res[5].Err != "" || res[5].DiskPath == "" {
		t.Fatalf("put: %+v", res[5])
	}
	if got, err := os.ReadFile(res[5].DiskPath); err != nil || !bytes.Equal(got, body) {
		t.Errorf("the put's DiskPath holds %q, %v", got, err)
	}
	if r := res[6]; r.Miss || !bytes.Equal(r.OutputID, sum[:]) || r.Size != int64(len(body)) || r.DiskPath != res[5].DiskPath || r.Time == nil {
		t.Errorf("get after the put: %+v", r)
	}
}

func TestServeStopsOnABrokenBody(t *testing.T) {
	t.Parallel()
	var in bytes.Buffer
	encodeRequest(t, &in, request{ID: 1, Command: cmdPut, ActionID: bytes.Repeat([]byte{7}, hashSize), OutputID: bytes.Repeat([]byte{7}, hashSize), BodySize: 10}, nil)
	in.WriteString("\"YWJj")
	_, err := serve(t, in.Bytes(), "", t.TempDir())
	if !errors.Is(err, errProtocol) {
		t.Errorf("Serve over a body cut short: %v, want a protocol error", err)
	}
}

func TestCommandQuotesAsGoSplits(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		exe, shared, private string
		want                 string
		ok                   bool
	}{
		{"/bin/agent", "/c/go-build", "/p/go-build", "/bin/agent __gocache /c/go-build /p/go-build", true},
		{"/my bin/agent", "/c d/go-build", "/it's/p", `"/my bin/agent" __gocache "/c d/go-build" "/it's/p"`, true},
		{"/a\"b c", "/c", "/p", `'/a"b c' __gocache /c /p`, true},
		{"/a\"b'c", "/c", "/p", "", false},
	} {
		got, ok := Command(tt.exe, tt.shared, tt.private)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Command(%q, %q, %q) = %q, %v; want %q, %v", tt.exe, tt.shared, tt.private, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPersonDir(t *testing.T) {
	t.Parallel()
	envFile := filepath.Join(t.TempDir(), "env")
	if err := os.WriteFile(envFile, []byte("GOFLAGS=-mod=mod\nGOCACHE=/from/the/env/file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		env  map[string]string
		goos string
		want string
	}{
		{"GOCACHE", map[string]string{"GOCACHE": "/c/go", "HOME": "/h"}, "linux", "/c/go"},
		{"GOCACHE off", map[string]string{"GOCACHE": "off", "HOME": "/h"}, "linux", ""},
		{"GOCACHE relative", map[string]string{"GOCACHE": "c", "HOME": "/h"}, "linux", ""},
		{"the env file", map[string]string{"GOENV": envFile, "HOME": "/h"}, "linux", "/from/the/env/file"},
		{"GOENV off", map[string]string{"GOENV": "off", "HOME": "/h"}, "linux", "/h/.cache/go-build"},
		{"XDG_CACHE_HOME", map[string]string{"XDG_CACHE_HOME": "/x", "HOME": "/h", "GOENV": "off"}, "linux", "/x/go-build"},
		{"a relative XDG_CACHE_HOME", map[string]string{"XDG_CACHE_HOME": "x", "HOME": "/h", "GOENV": "off"}, "linux", "/h/.cache/go-build"},
		{"macOS", map[string]string{"XDG_CACHE_HOME": "/x", "HOME": "/Users/u", "GOENV": "off"}, "darwin", "/Users/u/Library/Caches/go-build"},
		{"no home", map[string]string{"GOENV": "off"}, "linux", ""},
	} {
		getenv := func(k string) string { return tt.env[k] }
		if got := PersonDir(getenv, tt.goos); got != tt.want {
			t.Errorf("%s: PersonDir = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestMainRefusesBadArguments(t *testing.T) {
	t.Parallel()
	var stderr strings.Builder
	if code := Main([]string{"/only/one"}, strings.NewReader(""), io.Discard, &stderr); code != 2 || !strings.HasPrefix(stderr.String(), "agent gocache: ") {
		t.Errorf("Main with one argument = %d, %q", code, stderr.String())
	}
}

// TestPutReplacesAPlantedOutput: an output file a command planted in the
// private cache, of the right size but not the right content, is
// replaced by a put, not trusted for its size.
func TestPutReplacesAPlantedOutput(t *testing.T) {
	t.Parallel()
	s := store{t.TempDir()}
	body := []byte("the real output")
	sum := sha256.Sum256(body)
	planted := s.fileName(sum[:], "d")
	if err := os.MkdirAll(filepath.Dir(planted), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(planted, bytes.Repeat([]byte("x"), len(body)), 0o644); err != nil {
		t.Fatal(err)
	}
	id := bytes.Repeat([]byte{3}, hashSize)
	path, err := s.put(id, sum[:], int64(len(body)), time.Now(), func(w io.Writer) error {
		_, err := w.Write(body)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, body) {
		t.Errorf("after the put, the output holds %q, want %q", got, body)
	}
}
