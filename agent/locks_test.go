package agent_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func TestClaimsConflict(t *testing.T) {
	const root = "/p"
	read := func(p string) agent.Claim {
		return agent.ClaimFor("x", classify.Action{Kind: classify.Read, Path: p, Root: root}, classify.Safe)
	}
	write := func(p string) agent.Claim {
		return agent.ClaimFor("x", classify.Action{Kind: classify.Write, Path: p, Root: root}, classify.Warning)
	}
	del := func(p string) agent.Claim {
		return agent.ClaimFor("x", classify.Action{Kind: classify.Delete, Path: p, IsDir: true, Root: root}, classify.Dangerous)
	}
	shell := func(l classify.Level) agent.Claim {
		return agent.ClaimFor("x", classify.Action{Kind: classify.Shell, Command: "c", Root: root}, l)
	}
	tests := []struct {
		name string
		a, b agent.Claim
		want bool
	}{
		{"two reads of one file share it", read("/p/a"), read("/p/a"), false},
		{"two safe commands share the root", shell(classify.Safe), shell(classify.Safe), false},
		{"a safe command and a write share the root", shell(classify.Safe), write("/p/a"), false},
		{"writes to different files run together", write("/p/a"), write("/p/b"), false},
		{"a file whose name extends another's is another file", write("/p/a"), write("/p/ab"), false},
		{"two writes to one file conflict", write("/p/a"), write("/p/a"), true},
		{"a write and a read of one file conflict", write("/p/a"), read("/p/a"), true},
		{"a read and a write of one file conflict", read("/p/a"), write("/p/a"), true},
		{"a delete of a directory conflicts with a write inside it", del("/p/d"), write("/p/d/f"), true},
		{"a write inside a directory conflicts with its delete", write("/p/d/f"), del("/p/d"), true},
		{"a command that is not safe conflicts with a read", shell(classify.Warning), read("/p/a"), true},
		{"a command that is not safe conflicts with a safe one", shell(classify.Safe), shell(classify.Dangerous), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := agent.NewLocks(root)
			release, err := l.Acquire(t.Context(), tt.a, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer release()
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
			defer cancel()
			waited := false
			r2, err := l.Acquire(ctx, tt.b, func(agent.Wait) { waited = true })
			if err == nil {
				r2()
			}
			if waited != tt.want || (err != nil) != tt.want {
				t.Errorf("Acquire(%+v) while %+v is held: waited %v, err %v; want conflict %v", tt.b, tt.a, waited, err, tt.want)
			}
		})
	}
}

// A waiter is not overtaken by a later claim that conflicts with it: a
// write queued behind readers starts before a reader that came after it.
func TestLocksServeWaitersInOrder(t *testing.T) {
	l := agent.NewLocks("/p")
	read := agent.Claim{Owner: "r", Read: []string{"/p/a"}}
	write := agent.Claim{Owner: "w", Write: []string{"/p/a"}}
	rel1, _ := l.Acquire(t.Context(), read, nil)
	var order []string
	var mu sync.Mutex
	queued := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for _, c := range []agent.Claim{write, read} {
		wg.Go(func() {
			rel, err := l.Acquire(t.Context(), c, func(agent.Wait) { queued <- struct{}{} })
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, c.Owner)
			mu.Unlock()
			rel()
		})
		<-queued // the second claim arrives after the first one waits
	}
	rel1()
	wg.Wait()
	if fmt.Sprint(order) != "[w r]" {
		t.Errorf("order = %v, want the queued write before the later read", order)
	}
}

func TestLocksGiveUpOnCancel(t *testing.T) {
	l := agent.NewLocks("/p")
	all := agent.Claim{Owner: "a", RootExclusive: true}
	rel, _ := l.Acquire(t.Context(), all, nil)
	ctx, cancel := context.WithCancel(t.Context())
	var w agent.Wait
	done := make(chan error)
	go func() {
		_, err := l.Acquire(ctx, agent.Claim{Owner: "b", Write: []string{"/p/x"}}, func(got agent.Wait) { w = got; cancel() })
		done <- err
	}()
	if err := <-done; err != context.Canceled {
		t.Errorf("Acquire() error = %v, want context.Canceled", err)
	}
	if w.Wants != "write x" || fmt.Sprint(w.For) != "[a (the whole root)]" {
		t.Errorf("Wait = %+v, want write x waiting for a (the whole root)", w)
	}
	rel()
	// The waiter that gave up holds nothing and blocks nobody.
	r2, err := l.Acquire(t.Context(), all, func(agent.Wait) { t.Error("waited after everything was released") })
	if err != nil {
		t.Fatal(err)
	}
	r2()
}

// Many goroutines taking random sets of conflicting locks all finish (no
// deadlock), and no two conflicting holders ever overlap.
func TestLocksUnderContention(t *testing.T) {
	l := agent.NewLocks("/p")
	paths := []string{"/p/a", "/p/b", "/p/c", "/p/d"}
	var mu sync.Mutex
	writers := map[string]int{}
	readers := map[string]int{}
	whole := 0
	shared := 0
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for range 200 {
				var c agent.Claim
				switch r.IntN(4) {
				case 0:
					c.RootExclusive = true
				case 1:
					c.Read = []string{paths[r.IntN(4)]}
				default:
					c.Write = []string{paths[r.IntN(4)], paths[r.IntN(4)]}
				}
				rel, err := l.Acquire(t.Context(), c, nil)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				if c.RootExclusive {
					if shared > 0 || whole > 0 {
						t.Error("the whole root was granted while others held locks")
					}
					whole++
				} else {
					if whole > 0 {
						t.Error("a lock was granted while the whole root was held")
					}
					shared++
				}
				for _, p := range c.Write {
					if writers[p] > 0 || readers[p] > 0 {
						t.Errorf("write %s granted while it was held", p)
					}
				}
				for _, p := range c.Write {
					writers[p]++
				}
				for _, p := range c.Read {
					if writers[p] > 0 {
						t.Errorf("read %s granted while it was written", p)
					}
					readers[p]++
				}
				mu.Unlock()
				time.Sleep(time.Duration(r.IntN(50)) * time.Microsecond)
				mu.Lock()
				if c.RootExclusive {
					whole--
				} else {
					shared--
				}
				for _, p := range c.Write {
					writers[p]--
				}
				for _, p := range c.Read {
					readers[p]--
				}
				mu.Unlock()
				rel()
			}
		})
	}
	wg.Wait()
}
