package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/agentcli/agent/agent"
)

// Errors of finding a session.
var (
	// ErrNotFound: no session matches the id.
	ErrNotFound = errors.New("no such session")
	// ErrAmbiguous: more than one session starts with the id given.
	ErrAmbiguous = errors.New("more than one session matches")
)

// Status values of a session besides the agent's run statuses.
const (
	// StatusRunning: the process recording it is still alive.
	StatusRunning = "running"
	// StatusInterrupted: the process was killed before it closed the
	// session (or the machine stopped).
	StatusInterrupted = "interrupted"
	// StatusEmpty: the session was closed without any task.
	StatusEmpty = "no task"
)

// Entry is a session file found in a directory, known by its name alone.
type Entry struct {
	ID    string    `json:"id"`
	Path  string    `json:"path"`
	Start time.Time `json:"start"`
	Size  int64     `json:"size"`
	// Modified is the time of the last write.
	Modified time.Time `json:"modified"`
}

// Summary describes a session for a listing.
type Summary struct {
	Entry
	Root    string `json:"root"`
	Command string `json:"command,omitempty"`
	// Providers are the providers that ran a task, in order of first use.
	Providers []string `json:"providers"`
	// Prompt is the first task.
	Prompt string `json:"prompt"`
	// Status is the last run's status (agent.Status values), or one of
	// StatusRunning, StatusInterrupted, StatusEmpty.
	Status string `json:"status"`
	// Runs, Calls and Checkpoints count tasks, tool calls and checkpoints.
	Runs        int `json:"runs"`
	Calls       int `json:"calls"`
	Checkpoints int `json:"checkpoints"`
	// Last is the time of the last record.
	Last time.Time `json:"last"`
	// Skipped counts lines that could not be read (a torn last line).
	Skipped int `json:"skipped,omitempty"`
}

// List returns the session files in dir, newest first: by their start
// (the second in their names), then, for sessions started in the same
// second, the last written first. A missing directory holds no sessions.
func List(dir string) ([]Entry, error) {
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sessions: %w", err)
	}
	var out []Entry
	for _, de := range des {
		id, start, ok := parseName(de.Name())
		if !ok || !de.Type().IsRegular() {
			continue
		}
		e := Entry{ID: id, Path: filepath.Join(dir, de.Name()), Start: start}
		if fi, err := de.Info(); err == nil {
			e.Size, e.Modified = fi.Size(), fi.ModTime()
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if c := b.Start.Compare(a.Start); c != 0 {
			return c
		}
		if c := b.Modified.Compare(a.Modified); c != 0 {
			return c
		}
		return strings.Compare(filepath.Base(b.Path), filepath.Base(a.Path))
	})
	return out, nil
}

// parseName reads a session file name: 20060102-150405-<id>.jsonl.
func parseName(name string) (id string, start time.Time, ok bool) {
	base, found := strings.CutSuffix(name, ".jsonl")
	if !found || len(base) < len("20060102-150405-x") || base[15] != '-' {
		return "", time.Time{}, false
	}
	start, err := time.ParseInLocation("20060102-150405", base[:15], time.UTC)
	if err != nil {
		return "", time.Time{}, false
	}
	return base[16:], start, true
}

// Find returns the session in dir whose id starts with id (a whole file
// name, with or without .jsonl, works too). It fails with ErrNotFound or
// ErrAmbiguous.
func Find(dir, id string) (Entry, error) {
	id = strings.TrimSuffix(filepath.Base(strings.TrimSpace(id)), ".jsonl")
	if id == "" || id == "." {
		return Entry{}, fmt.Errorf("%w: empty id", ErrNotFound)
	}
	entries, err := List(dir)
	if err != nil {
		return Entry{}, err
	}
	var found []Entry
	for _, e := range entries {
		name := strings.TrimSuffix(filepath.Base(e.Path), ".jsonl")
		if e.ID == id || name == id {
			return e, nil
		}
		if strings.HasPrefix(e.ID, id) {
			found = append(found, e)
		}
	}
	switch len(found) {
	case 0:
		return Entry{}, fmt.Errorf("%w: %s (see agent sessions)", ErrNotFound, id)
	case 1:
		return found[0], nil
	}
	ids := make([]string, len(found))
	for i, e := range found {
		ids[i] = e.ID
	}
	return Entry{}, fmt.Errorf("%w %s: %s", ErrAmbiguous, id, strings.Join(ids, ", "))
}

// Summarize reads the session file of e and describes it.
func Summarize(e Entry) (Summary, error) {
	s := Summary{Entry: e}
	var closed bool
	pid := 0
	var err error
	s.Skipped, err = Each(e.Path, func(rec Record, _ int) error {
		if !rec.Time.IsZero() {
			s.Last = rec.Time
		}
		switch rec.Type {
		case TypeStarted, TypeResumed:
			if rec.Session != nil {
				if s.Root == "" {
					s.Root, s.Command = rec.Session.Root, rec.Session.Command
				}
				pid = rec.Session.PID
			}
			closed = false
		case TypeClosed:
			closed = true
		case agent.EventRunStarted:
			s.Runs++
			if s.Prompt == "" {
				s.Prompt = rec.Text
			}
			if rec.Provider != "" && !slices.Contains(s.Providers, rec.Provider) {
				s.Providers = append(s.Providers, rec.Provider)
			}
		case agent.EventToolResult:
			s.Calls++
		case agent.EventCheckpoint:
			if rec.Checkpoint != "" {
				s.Checkpoints++
			}
		case agent.EventRunFinished:
			s.Status = string(rec.Status)
		}
		return nil
	})
	if err != nil {
		return s, err
	}
	switch {
	case !closed && alive(pid):
		s.Status = StatusRunning
	case !closed:
		s.Status = StatusInterrupted
	case s.Status == "":
		s.Status = StatusEmpty
	}
	return s, nil
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Latest returns the newest session in dir recorded in root, ErrNotFound
// when there is none.
func Latest(dir, root string) (Entry, error) {
	entries, err := List(dir)
	if err != nil {
		return Entry{}, err
	}
	for _, e := range entries {
		info, err := header(e.Path)
		if err == nil && filepath.Clean(info.Root) == filepath.Clean(root) {
			return e, nil
		}
	}
	return Entry{}, fmt.Errorf("%w for %s", ErrNotFound, root)
}

// header returns the Info of a session file's first record.
func header(path string) (Info, error) {
	r, err := Open(path)
	if err != nil {
		return Info{}, err
	}
	defer r.Close()
	rec, err := r.Next()
	if err != nil {
		return Info{}, err
	}
	if rec.Type != TypeStarted || rec.Session == nil {
		return Info{}, fmt.Errorf("session %s: the first record is %s, not %s", path, rec.Type, TypeStarted)
	}
	return *rec.Session, nil
}

// Removed is a session file Prune deleted.
type Removed struct {
	Entry
	// Root is the session's project root ("" if its first record could
	// not be read), so its checkpoints can be dropped too.
	Root string
}

// Prune deletes the oldest session files of dir beyond cfg.Keep sessions
// or cfg.MaxMB mebibytes in all, never the session with id current, and
// returns what it deleted. attached, when not nil, names the directories
// that belong to a session besides its file (the output its commands
// saved, its MCP servers' logs): their files count towards cfg.MaxMB, and
// they are deleted with the session. It goes on past a file it cannot
// delete and returns the errors joined.
func Prune(dir string, cfg Config, current string, attached func(id string) []string) ([]Removed, error) {
	entries, err := List(dir)
	if err != nil {
		return nil, err
	}
	var (
		removed []Removed
		errs    []error
		count   int
		total   int64
		max     = int64(cfg.MaxMB) << 20
		full    bool // once one session is over a limit, every older one is
	)
	if current != "" && !slices.ContainsFunc(entries, func(e Entry) bool { return e.ID == current }) {
		// The current session's file is made with its first event: it
		// is the newest and counts as kept all the same.
		count = 1
	}
	for _, e := range entries {
		var dirs []string
		if attached != nil {
			dirs = attached(e.ID)
		}
		size := e.Size
		for _, d := range dirs {
			size += dirSize(d)
		}
		full = full || count >= cfg.Keep || total+size > max
		if e.ID == current || !full {
			count++
			total += size
			continue
		}
		info, _ := header(e.Path)
		if err := os.Remove(e.Path); err != nil {
			errs = append(errs, fmt.Errorf("sessions: %w", err))
			continue
		}
		for _, d := range dirs {
			if err := os.RemoveAll(d); err != nil {
				errs = append(errs, fmt.Errorf("sessions: %w", err))
			}
		}
		removed = append(removed, Removed{Entry: e, Root: info.Root})
	}
	return removed, errors.Join(errs...)
}

// dirSize is the size of the regular files under dir; 0 when it does not
// exist.
func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}
