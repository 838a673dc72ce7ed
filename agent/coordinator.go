package agent

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrUnknownProvider is returned for a provider name that never joined the
// coordinator.
var ErrUnknownProvider = errors.New("no such provider in this session")

// ErrBusy is returned when a provider is asked to run while it still works
// on an earlier task: its conversation takes one task at a time.
var ErrBusy = errors.New("provider is still working on a task")

// Coordinator runs one agent per provider against the same project root,
// concurrently, each with its own conversation, usage, figures and
// cancellation. Their tool calls share one set of Locks, so conflicting
// calls queue instead of racing. It is safe for concurrent use; the zero
// value is not usable, call NewCoordinator.
type Coordinator struct {
	locks *Locks

	mu      sync.Mutex
	members []*member
}

// member is one provider's agent in the coordinator.
type member struct {
	name string

	mu sync.Mutex
	// agent and stats change when the provider joins again.
	agent   *Agent
	stats   *StatsSink
	running bool
	cancel  context.CancelFunc
}

// NewCoordinator returns a coordinator for the project root root
// (absolute), with no provider yet.
func NewCoordinator(root string) *Coordinator {
	return &Coordinator{locks: NewLocks(root)}
}

// Locks returns the locks the coordinator's agents share.
func (c *Coordinator) Locks() *Locks { return c.locks }

// Join builds the agent of opts (see New) with the coordinator's Locks
// (unless opts.Locks is set: an agent working in a root of its own, such
// as an isolated worktree, has locks of its own) and a StatsSink in front
// of opts.Sink, and adds it under its provider's name. When that provider
// already joined, the new agent replaces its agent (a panel cleared, or
// switched to another model) and its figures go on from where they were;
// that fails with ErrBusy while the old agent runs through Run. The
// agent's own Run may be called directly (the screen does): its calls
// still take the shared locks and its figures still count; Cancel and
// Running only know about runs started with Run or Broadcast.
func (c *Coordinator) Join(opts Options) (*Agent, error) {
	if opts.Provider == nil {
		panic("agent.Coordinator.Join: Provider is required")
	}
	name := opts.Provider.Name()
	st := NewStatsSink(name, opts.Sink)
	opts.Sink = st
	if opts.Locks == nil {
		opts.Locks = c.locks
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.members {
		if m.name != name {
			continue
		}
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.running {
			return nil, fmt.Errorf("%s: %w", name, ErrBusy)
		}
		st.s = m.stats.Stats()
		m.agent, m.stats = New(opts), st
		return m.agent, nil
	}
	a := New(opts)
	c.members = append(c.members, &member{name: name, agent: a, stats: st})
	return a, nil
}

// Names returns the providers that joined, in the order they joined.
func (c *Coordinator) Names() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, len(c.members))
	for i, m := range c.members {
		out[i] = m.name
	}
	return out
}

// Agent returns the named provider's agent, or nil.
func (c *Coordinator) Agent(name string) *Agent {
	if m := c.member(name); m != nil {
		m.mu.Lock()
		defer m.mu.Unlock()
		return m.agent
	}
	return nil
}

func (c *Coordinator) member(name string) *member {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.members {
		if m.name == name {
			return m
		}
	}
	return nil
}

// Run gives task to the named provider's agent and blocks until that run
// ends (see Agent.Run). It returns ErrUnknownProvider, or ErrBusy when the
// provider is still running; other providers are not touched. The run
// stops when ctx is cancelled or Cancel(name) is called.
func (c *Coordinator) Run(ctx context.Context, name, task string) (Outcome, error) {
	m := c.member(name)
	if m == nil {
		return Outcome{}, fmt.Errorf("%s: %w", name, ErrUnknownProvider)
	}
	m.mu.Lock()
	if m.running {
		m.mu.Unlock()
		return Outcome{}, fmt.Errorf("%s: %w", name, ErrBusy)
	}
	ctx, cancel := context.WithCancel(ctx)
	m.running, m.cancel = true, cancel
	a := m.agent
	m.mu.Unlock()
	defer func() {
		cancel()
		m.mu.Lock()
		m.running, m.cancel = false, nil
		m.mu.Unlock()
	}()
	return a.Run(ctx, task)
}

// ProviderRun is how one provider's run of a Broadcast ended.
type ProviderRun struct {
	Provider string
	Outcome  Outcome
	// Err is the run's error (see Agent.Run), or ErrBusy.
	Err error
}

// Broadcast gives task to every provider at once and blocks until all
// their runs end. The results are in the order the providers joined.
func (c *Coordinator) Broadcast(ctx context.Context, task string) []ProviderRun {
	names := c.Names()
	out := make([]ProviderRun, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Go(func() {
			o, err := c.Run(ctx, n, task)
			out[i] = ProviderRun{Provider: n, Outcome: o, Err: err}
		})
	}
	wg.Wait()
	return out
}

// Cancel stops the named provider's run, if it is running, and reports
// whether it was. The other providers go on.
func (c *Coordinator) Cancel(name string) bool {
	m := c.member(name)
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cancel != nil {
		m.cancel()
		return true
	}
	return false
}

// Running reports whether the named provider is working on a task.
func (c *Coordinator) Running(name string) bool {
	m := c.member(name)
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.running
}

// Stats returns every provider's figures so far, in the order they
// joined. It may be called while they run.
func (c *Coordinator) Stats() []Stats {
	c.mu.Lock()
	ms := append([]*member(nil), c.members...)
	c.mu.Unlock()
	out := make([]Stats, len(ms))
	for i, m := range ms {
		m.mu.Lock()
		st := m.stats
		m.mu.Unlock()
		out[i] = st.Stats()
	}
	return out
}
