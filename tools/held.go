package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools/effects"
	"github.com/agentcli/agent/tools/sandbox"
)

// EffectsOptions make shell commands run held: confined, over an overlay
// of the root, so that what they change waits to be judged and applied.
type EffectsOptions struct {
	// Config is the [effects] section.
	Config effects.Config
	// Policy is the classifier's policy, by whose path rules each changed
	// path is judged.
	Policy classify.Policy
}

// HoldOptions are a held run's choices.
type HoldOptions struct {
	// ShowSecrets lets the command read the project's secret files, which
	// a held command otherwise sees empty: a person approved it.
	ShowSecrets bool
}

// Held is what a held shell command changed in the project, judged and
// waiting: Apply makes exactly those changes in the real root, Discard
// drops them. Exactly one of the two must be called.
type Held struct {
	set   *effects.Set
	layer *sandbox.Layer
	root  string
	// Preview is the unified diff of the changes, for a person.
	Preview string
	// Hidden are the project's secret files the command saw empty,
	// relative to the root.
	Hidden []string
	once   sync.Once
}

// Root is the project root the changes are for.
func (h *Held) Root() string { return h.root }

// Empty reports that the command changed nothing that would be applied.
func (h *Held) Empty() bool { return h.set.Empty() }

// Verdict is the judgement of the changes: the highest level of any
// changed path, with the reasons, worst first.
func (h *Held) Verdict() classify.Verdict {
	v := classify.Verdict{Level: h.set.Level, Reasons: append([]string(nil), h.set.Reasons...), Rule: "effects"}
	if h.set.Empty() {
		v.Level, v.Reasons = classify.Safe, []string{"changed nothing in the project"}
	}
	return v
}

// Summary says in one line what the command changed ("modify notes.txt
// (+1 -1); create gen.txt"), or that it changed nothing.
func (h *Held) Summary() string {
	if s := h.set.Summary(); s != "" {
		return s
	}
	return "no changes"
}

// Lines are one line per change and per refused entry.
func (h *Held) Lines() []string { return h.set.Lines() }

// Paths are the paths the changes touch, relative to the root and
// slash-separated.
func (h *Held) Paths() []string {
	paths := make([]string, len(h.set.Changes))
	for i, c := range h.set.Changes {
		paths[i] = c.Path
	}
	return paths
}

// Apply makes the changes in the real root and releases the layer. When
// a path they touch changed in the real root since the command ran, it
// applies nothing and returns an error wrapping effects.ErrConflict.
func (h *Held) Apply() error {
	defer h.Discard()
	return effects.Apply(h.root, h.set)
}

// Discard drops the changes and releases the layer. It is safe to call
// more than once, and after Apply.
func (h *Held) Discard() {
	h.once.Do(func() {
		h.set.Close()
		h.layer.Close()
	})
}

// MayHold says whether shell commands are meant to run held: approval by
// effects is on and the sandbox runs commands in sessions, which hold
// them where the kernel allows (Holdable asks, starting a session).
func (r *Registry) MayHold() bool { return r.effects != nil && r.sessions != nil }

// holdCheck caches whether the sandbox holds commands.
type holdCheck struct {
	mu  sync.Mutex
	ok  bool
	why string
}

// ErrCannotHold means a held run was asked for where the sandbox cannot
// hold commands; nothing ran.
var ErrCannotHold = errors.New("commands cannot run held here")

// Holdable says whether shell commands run held (see Plan.RunHeld), and
// why not. It may start the sandbox's session helper, once.
func (r *Registry) Holdable() (bool, string) {
	if r.effects == nil {
		return false, "approval by effects is off"
	}
	if r.sessions == nil {
		return false, "the sandbox cannot run commands in sessions here"
	}
	h := &r.holding
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ok {
		return true, ""
	}
	ok, why, err := r.sessions.CanHold(sandbox.Options{Root: r.root, CacheDir: r.cacheDir()}, r.env)
	if err != nil {
		return false, err.Error()
	}
	h.ok, h.why = ok, why
	return ok, why
}

// runHeld runs the shell command c held and collects its effects. The
// result is the command's; held is nil when there is nothing to decide
// (the command could not be held, or its changes could not be read: the
// result then says why, and nothing was applied).
func (r *Registry) runHeld(ctx context.Context, c command, opts HoldOptions, out func(string)) (Result, *Held) {
	hold := &sandbox.Hold{MaxBytes: holdBytes(r.effects.Config)}
	var hidden []string
	if !opts.ShowSecrets {
		for _, rel := range r.secretFiles() {
			hold.Hide = append(hold.Hide, r.root+"/"+rel)
			hidden = append(hidden, rel)
		}
	}
	var layer *sandbox.Layer
	c.hold, c.layer = hold, &layer
	res := r.exec(ctx, c, out)
	if layer == nil {
		if res.Err == nil && !res.IsError {
			res = failure("shell: the command ran held but its changes were lost; nothing was applied")
		}
		return res, nil
	}
	if layer.Full() {
		layer.Close()
		res.IsError = true
		res.Output += fmt.Sprintf("\n[its changes exceeded %d MiB ([effects] max_mib) and were discarded; nothing was applied]", holdBytes(r.effects.Config)>>20)
		return res, nil
	}
	set, err := effects.Collect(layer.Upper(), r.root, effects.Options{Config: r.effects.Config, Policy: r.effects.Policy, Home: r.home})
	if err != nil {
		layer.Close()
		res.IsError = true
		res.Output += "\n[its changes could not be read and were discarded; nothing was applied: " + err.Error() + "]"
		return res, nil
	}
	h := &Held{set: set, layer: layer, root: r.root, Hidden: hidden}
	h.Preview = heldPreview(set)
	if note := hiddenNote(c, hidden); note != "" {
		res.Output += "\n" + note
	}
	return res, h
}

// hiddenNote tells the model which hidden secret files its command named,
// so that it knows why they read empty.
func hiddenNote(c command, hidden []string) string {
	src := strings.Join(c.argv, " ")
	var named []string
	for _, rel := range hidden {
		base := rel[strings.LastIndexByte(rel, '/')+1:]
		if strings.Contains(src, base) {
			named = append(named, rel)
		}
	}
	if len(named) == 0 {
		return ""
	}
	return "[note: " + strings.Join(named, ", ") + " hidden from commands (secret files read as empty); ask the person if the task needs them]"
}

// holdBytes is the most a held command may write: [effects] max_mib.
func holdBytes(c effects.Config) int64 {
	mib := c.MaxMiB
	if mib <= 0 {
		mib = effects.DefaultMaxMiB
	}
	return int64(mib) << 20
}

// heldPreview is the diff a person sees of a held command's changes: a
// unified diff of each text file, a line for each other change, and the
// refused entries; their list alone when the diff cannot be made.
func heldPreview(set *effects.Set) string {
	d, err := EffectsDiff(set)
	if err != nil {
		return strings.Join(set.Lines(), "\n") + "\n[the diff could not be made: " + err.Error() + "]"
	}
	return d
}
