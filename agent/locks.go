package agent

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentcli/agent/classify"
)

// Claim is what one tool call must hold while it runs, so that agents
// sharing a root do not race: Root is the whole-root lock, shared by every
// call and held exclusively by a command that may touch anything; Write
// names the paths the call changes, held exclusively; Read the paths it
// reads, shared with other readers.
type Claim struct {
	// Owner says who holds or waits, for a person: "provider: summary".
	Owner string
	// RootExclusive holds the whole root alone.
	RootExclusive bool
	// Write and Read are absolute, cleaned paths. A path also covers what
	// lies under it, so the delete of a directory conflicts with a write
	// inside it.
	Write []string
	Read  []string
}

// ClaimFor returns what a call of action must hold once its verdict is
// known: a write or delete holds its path; a read shares its path; a shell
// or git command that is safe shares the root; anything else that runs a
// command holds the whole root, since it may touch any file.
func ClaimFor(owner string, action classify.Action, level classify.Level) Claim {
	c := Claim{Owner: owner}
	switch action.Kind {
	case classify.Write, classify.Delete:
		c.Write = []string{filepath.Clean(action.Path)}
	case classify.Read:
		c.Read = []string{filepath.Clean(action.Path)}
	case classify.Fetch:
		// A request touches no file of the project.
	default:
		c.RootExclusive = level > classify.Safe
	}
	return c
}

// describe says what c holds in a few words: "the whole root",
// "write main.go" (paths relative to root when under it).
func (c Claim) describe(root string) string {
	rel := func(p string) string {
		if r, err := filepath.Rel(root, p); err == nil && root != "" && !strings.HasPrefix(r, "..") {
			return r
		}
		return p
	}
	var parts []string
	if c.RootExclusive {
		parts = append(parts, "the whole root")
	}
	for _, p := range c.Write {
		parts = append(parts, "write "+rel(p))
	}
	for _, p := range c.Read {
		parts = append(parts, "read "+rel(p))
	}
	if len(parts) == 0 {
		return "the root (shared)"
	}
	return strings.Join(parts, ", ")
}

// conflicts reports whether c and o cannot be held at the same time.
func (c Claim) conflicts(o Claim) bool {
	if c.RootExclusive || o.RootExclusive {
		return true
	}
	for _, w := range c.Write {
		for _, p := range o.Write {
			if overlap(w, p) {
				return true
			}
		}
		for _, p := range o.Read {
			if overlap(w, p) {
				return true
			}
		}
	}
	for _, w := range o.Write {
		for _, p := range c.Read {
			if overlap(w, p) {
				return true
			}
		}
	}
	return false
}

// overlap reports whether a and b are the same path or one is under the
// other.
func overlap(a, b string) bool {
	if a == b {
		return true
	}
	sep := string(filepath.Separator)
	return strings.HasPrefix(a, strings.TrimSuffix(b, sep)+sep) || strings.HasPrefix(b, strings.TrimSuffix(a, sep)+sep)
}

// Wait describes a call that could not take its locks at once: what it
// wants, and the holders (and earlier waiters) it waits for.
type Wait struct {
	Wants string
	For   []string
}

// Locks serialises conflicting tool calls of agents sharing one project
// root. A call takes every lock it needs at once, or none, and waits in
// arrival order: a claim is granted when it conflicts with no held claim
// and with no claim that has waited longer, so no call waits forever
// behind a stream of later ones, and no two calls can each hold part of
// what the other wants (no deadlock). It is safe for concurrent use; the
// zero value is not usable, call NewLocks.
type Locks struct {
	root string

	mu      sync.Mutex
	held    map[*Claim]struct{}
	waiting []*Claim // in arrival order
	// changed is closed and replaced whenever a claim is released or a
	// waiter gives up, to wake the waiters.
	changed chan struct{}

	waits  int
	waited time.Duration
}

// NewLocks returns the locks of the project root root (absolute), which
// is used only to describe paths to a person.
func NewLocks(root string) *Locks {
	return &Locks{root: root, held: make(map[*Claim]struct{}), changed: make(chan struct{})}
}

// Acquire blocks until c can be held, then holds it and returns the
// function that releases it (call it exactly once). When c must wait,
// onWait (may be nil) is called once, before waiting, from the calling
// goroutine and without the lock held, with what it waits for. When ctx is
// cancelled while it waits, Acquire gives up, holds nothing and returns
// ctx.Err().
func (l *Locks) Acquire(ctx context.Context, c Claim, onWait func(Wait)) (release func(), err error) {
	cp := c
	claim := &cp
	l.mu.Lock()
	if l.grantable(claim, len(l.waiting)) {
		l.held[claim] = struct{}{}
		l.mu.Unlock()
		return l.releaser(claim), nil
	}
	w := Wait{Wants: claim.describe(l.root), For: l.blockers(claim, len(l.waiting))}
	l.waiting = append(l.waiting, claim)
	l.waits++
	l.mu.Unlock()

	start := time.Now()
	defer func() {
		l.mu.Lock()
		l.waited += time.Since(start)
		l.mu.Unlock()
	}()
	if onWait != nil {
		onWait(w)
	}
	for {
		l.mu.Lock()
		i := slices.Index(l.waiting, claim)
		if l.grantable(claim, i) {
			l.waiting = slices.Delete(l.waiting, i, i+1)
			l.held[claim] = struct{}{}
			l.wake()
			l.mu.Unlock()
			return l.releaser(claim), nil
		}
		changed := l.changed
		l.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			l.mu.Lock()
			if i := slices.Index(l.waiting, claim); i >= 0 {
				l.waiting = slices.Delete(l.waiting, i, i+1)
			}
			l.wake()
			l.mu.Unlock()
			return nil, ctx.Err()
		}
	}
}

// Stats returns how many acquisitions had to wait and their total time
// spent waiting.
func (l *Locks) Stats() (waits int, waited time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.waits, l.waited
}

// grantable reports whether c conflicts with no held claim and with none of
// the first n waiters. l.mu is held.
func (l *Locks) grantable(c *Claim, n int) bool {
	for h := range l.held {
		if c.conflicts(*h) {
			return false
		}
	}
	for _, w := range l.waiting[:n] {
		if c.conflicts(*w) {
			return false
		}
	}
	return true
}

// blockers describes the held claims and the first n waiters that c
// conflicts with. l.mu is held.
func (l *Locks) blockers(c *Claim, n int) []string {
	var out []string
	for h := range l.held {
		if c.conflicts(*h) {
			out = append(out, h.Owner+" ("+h.describe(l.root)+")")
		}
	}
	slices.Sort(out) // map order is random; a person reads this
	for _, w := range l.waiting[:n] {
		if c.conflicts(*w) {
			out = append(out, w.Owner+" (queued: "+w.describe(l.root)+")")
		}
	}
	return out
}

// releaser returns the function that releases c once.
func (l *Locks) releaser(c *Claim) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			delete(l.held, c)
			l.wake()
			l.mu.Unlock()
		})
	}
}

// wake wakes every waiter to check again. l.mu is held.
func (l *Locks) wake() {
	close(l.changed)
	l.changed = make(chan struct{})
}
