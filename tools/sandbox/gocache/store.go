package gocache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A store is a build cache directory in Go's own layout
// (cmd/go/internal/cache): the index entry of action ID a is
// <dir>/<a[0] in hex>/<a in hex>-a, one line
// "v1 <action> <output> <size> <time>\n" (size and time in nanoseconds
// space-padded to 20 bytes), and the output o is <dir>/<o[0]>/<o>-d, a
// file, or for an executable a directory holding one file.
type store struct{ dir string }

// hashSize is the size of action and output IDs (SHA-256).
const hashSize = sha256.Size

// entryLen is the length of an index entry's line.
const entryLen = 2 + 1 + 2*hashSize + 1 + 2*hashSize + 1 + 20 + 1 + 20 + 1

// entry is what an index entry says.
type entry struct {
	output [hashSize]byte
	size   int64
	time   time.Time
}

// Times Go's cache keeps: an entry's modification time is its last use,
// updated at most once an hour; entries unused for five days go, in a
// trim at most once a day.
const (
	mtimeInterval = time.Hour
	trimInterval  = 24 * time.Hour
	trimLimit     = 5 * 24 * time.Hour
)

// fileName is the file of id with suffix ("a" or "d").
func (s store) fileName(id []byte, suffix string) string {
	return filepath.Join(s.dir, fmt.Sprintf("%02x", id[0]), fmt.Sprintf("%x-%s", id, suffix))
}

// parseEntry decodes an index entry's line for action id.
func parseEntry(line []byte, id []byte) (entry, error) {
	if len(line) != entryLen {
		return entry{}, fmt.Errorf("index entry of %d bytes, want %d", len(line), entryLen)
	}
	// The numbers are space-padded: fields are at fixed offsets.
	if line[entryLen-1] != '\n' || !bytes.HasPrefix(line, []byte("v1 ")) ||
		line[3+2*hashSize] != ' ' || line[4+4*hashSize] != ' ' || line[5+4*hashSize+20] != ' ' {
		return entry{}, errors.New("index entry: bad header")
	}
	var e entry
	var got [hashSize]byte
	if _, err := hex.Decode(got[:], line[3:3+2*hashSize]); err != nil || !bytes.Equal(got[:], id) {
		return entry{}, errors.New("index entry: another action's")
	}
	if _, err := hex.Decode(e.output[:], line[4+2*hashSize:4+4*hashSize]); err != nil {
		return entry{}, fmt.Errorf("index entry: output ID: %w", err)
	}
	size, err := strconv.ParseInt(strings.TrimLeft(string(line[5+4*hashSize:5+4*hashSize+20]), " "), 10, 64)
	if err != nil || size < 0 {
		return entry{}, fmt.Errorf("index entry: size %q", line[5+4*hashSize:5+4*hashSize+20])
	}
	nanos, err := strconv.ParseInt(strings.TrimLeft(string(line[6+4*hashSize+20:entryLen-1]), " "), 10, 64)
	if err != nil || nanos < 0 {
		return entry{}, fmt.Errorf("index entry: time %q", line[6+4*hashSize+20:entryLen-1])
	}
	e.size, e.time = size, time.Unix(0, nanos)
	return e, nil
}

// formatEntry is the index entry's line for action id.
func formatEntry(id []byte, e entry) []byte {
	return fmt.Appendf(nil, "v1 %x %x %20d %20d\n", id, e.output, e.size, e.time.UnixNano())
}

// get looks action id up and returns its entry and the path of its
// output, checked to exist with the entry's size. It changes nothing.
func (s store) get(id []byte) (entry, string, error) {
	f, err := os.Open(s.fileName(id, "a"))
	if err != nil {
		return entry{}, "", err
	}
	defer f.Close()
	line := make([]byte, entryLen+1)
	n, err := io.ReadFull(f, line)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return entry{}, "", fmt.Errorf("index entry: %w", err)
	}
	e, err := parseEntry(line[:n], id)
	if err != nil {
		return entry{}, "", err
	}
	path := s.fileName(e.output[:], "d")
	fi, err := os.Stat(path)
	if err != nil {
		return entry{}, "", err
	}
	if fi.IsDir() {
		// An executable that go cached without GOCACHEPROG.
		names, err := os.ReadDir(path)
		if err != nil || len(names) != 1 {
			return entry{}, "", fmt.Errorf("executable entry %s: want one file", path)
		}
		path = filepath.Join(path, names[0].Name())
		if fi, err = os.Stat(path); err != nil {
			return entry{}, "", err
		}
	}
	if fi.Size() != e.size {
		return entry{}, "", fmt.Errorf("output %s: %d bytes, want %d", path, fi.Size(), e.size)
	}
	return e, path, nil
}

// markUsed sets the modification time of the files of id and its output
// to now when they are older than mtimeInterval, as Go's cache does, so
// that trim keeps what is used.
func (s store) markUsed(id []byte, output [hashSize]byte, now time.Time) {
	for _, p := range []string{s.fileName(id, "a"), s.fileName(output[:], "d")} {
		if fi, err := os.Stat(p); err == nil && now.Sub(fi.ModTime()) >= mtimeInterval {
			_ = os.Chtimes(p, now, now)
		}
	}
}

// put stores body (read from r) as the output of action id: the output
// is written to a temp file beside its place, checked against outputID
// and size, and renamed there; then the index entry. It returns the
// output's path.
func (s store) put(id, outputID []byte, size int64, now time.Time, write func(io.Writer) error) (string, error) {
	if len(id) != hashSize || len(outputID) != hashSize {
		return "", fmt.Errorf("%w: action and output IDs must be %d bytes", errProtocol, hashSize)
	}
	path := s.fileName(outputID, "d")
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		// An executable that go cached without GOCACHEPROG: its one file
		// is the output.
		if _, got, err := s.get(id); err == nil {
			path = got
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".put-*")
	if err != nil {
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			return "", err
		}
		if tmp, err = os.CreateTemp(filepath.Dir(path), ".put-*"); err != nil {
			return "", err
		}
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	counted := &countingWriter{w: io.MultiWriter(tmp, h)}
	err = write(counted)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	if counted.n != size || !bytes.Equal(h.Sum(nil), outputID) {
		return "", fmt.Errorf("%w: body does not match its output ID and size", errProtocol)
	}
	// Always replaced, never trusted because of its size: commands can
	// write the private cache.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	var e entry
	copy(e.output[:], outputID)
	e.size, e.time = size, now
	if err := writeFileAtomic(s.fileName(id, "a"), formatEntry(id, e)); err != nil {
		return "", err
	}
	return path, nil
}

// trim removes the entries unused for trimLimit, at most once per
// trimInterval, as Go's cache does; trim.txt holds the last trim's time
// in Unix seconds.
func (s store) trim(now time.Time) {
	stamp := filepath.Join(s.dir, "trim.txt")
	if data, err := os.ReadFile(stamp); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil {
			if d := now.Sub(time.Unix(t, 0)); d < trimInterval && d > -mtimeInterval {
				return
			}
		}
	}
	if err := writeFileAtomic(stamp, strconv.AppendInt(nil, now.Unix(), 10)); err != nil {
		return
	}
	cutoff := now.Add(-trimLimit - mtimeInterval)
	for i := range 256 {
		sub := filepath.Join(s.dir, fmt.Sprintf("%02x", i))
		names, _ := readDirNames(sub)
		for _, name := range names {
			if !strings.HasSuffix(name, "-a") && !strings.HasSuffix(name, "-d") {
				continue
			}
			p := filepath.Join(sub, name)
			if fi, err := os.Stat(p); err == nil && fi.ModTime().Before(cutoff) {
				_ = os.RemoveAll(p)
			}
		}
	}
}

// readDirNames lists dir's names, unsorted.
func readDirNames(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

// writeFileAtomic writes data to path through a temp file beside it, so
// a reader never sees half of it.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".put-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// countingWriter counts what it passes on.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
