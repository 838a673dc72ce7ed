package classify

import (
	"cmp"
	"slices"
	"strconv"
)

// maxReasons bounds Verdict.Reasons so a long script cannot flood the
// approval screen; the worst reasons come first, so none that decided the
// level is dropped.
const maxReasons = 12

// finding is the judgement of one part of an action.
type finding struct {
	level  Level
	reason string
	rule   string
}

// judge collects the findings of one Classify call. Findings are grouped in
// parts: a simple command with its arguments is one part, each redirection
// and each environment assignment another, so that a user rule for a
// command can change that command's level and nothing else.
type judge struct {
	findings []finding
	pol      *Policy
	// fetched holds the paths written with downloaded or decoded data,
	// so that running them later is seen for what it is.
	fetched []string
	// links maps links made earlier in the command (ln) to what they
	// point at, so that writing through them is judged at the target.
	links [][2]string
	// commands counts the simple commands judged; past maxCommands the
	// walk stops (stopped) and the action is Blocked.
	commands int
	parsed   int // bytes of source parsed, nested strings included
	stopped  bool
	// vars holds what the command assigns to shell variables, and
	// evaluating the names whose values are being judged (a value that
	// names itself must not loop).
	vars       map[string]*varValue
	evaluating map[string]bool
	// projectCode is set when a part runs the project's own code.
	projectCode bool
	// writes are the paths written or deleted, for Verdict.Writes.
	writes []string
}

// maxCommands bounds the simple commands judged in one action, so that
// the time to judge it stays bounded whatever its shape (a megabyte of
// statements, a pipeline of thousands of stages, nesting that multiplies
// them). No command line an agent needs comes near it.
const maxCommands = 2000

// count records one more simple command and reports whether the walk
// may go on.
func (j *judge) count(text string) bool {
	if j.stopped {
		return false
	}
	j.commands++
	if j.commands > maxCommands {
		j.stopped = true
		j.add(Blocked, shorten(text)+": too many commands to judge (more than "+strconv.Itoa(maxCommands)+")", "builtin:too-long")
		return false
	}
	return true
}

// maxWrites bounds Verdict.Writes, so a command naming a million files
// costs no more to judge: what is past it goes unlisted.
const maxWrites = 256

// wrote records a path the action writes or deletes.
func (j *judge) wrote(p string) {
	if len(j.writes) < maxWrites && !slices.Contains(j.writes, p) {
		j.writes = append(j.writes, p)
	}
}

// add records a finding in the current part.
func (j *judge) add(l Level, reason, rule string) {
	j.findings = append(j.findings, finding{level: l, reason: reason, rule: rule})
}

// level returns the worst level recorded since index start.
func (j *judge) level(start int) Level {
	l := Safe
	for _, f := range j.findings[start:] {
		l = Max(l, f.level)
	}
	return l
}

// verdict sorts the findings worst first, drops repeated reasons and builds
// the Verdict. With no findings at all nothing runs, which is Safe.
func (j *judge) verdict(empty string) Verdict {
	if len(j.findings) == 0 {
		return Verdict{Level: Safe, Reasons: []string{empty}, Rule: "builtin:empty"}
	}
	parts := make([]Part, 0, len(j.findings))
	for i, f := range j.findings {
		if i > 0 && j.findings[i-1] == f {
			continue
		}
		parts = append(parts, Part{Level: f.level, Reason: f.reason, Rule: f.rule})
	}
	slices.SortStableFunc(j.findings, func(a, b finding) int { return cmp.Compare(b.level, a.level) })
	v := Verdict{Level: j.findings[0].level, Rule: j.findings[0].rule, Parts: parts, RunsProjectCode: j.projectCode, Writes: j.writes}
	v.Reasons = make([]string, 0, min(len(j.findings), maxReasons+1))
	dropped := 0
	for i, f := range j.findings {
		if slices.Contains(v.Reasons, f.reason) || (i > 0 && j.findings[i-1].reason == f.reason) {
			continue
		}
		if len(v.Reasons) == maxReasons {
			dropped++
			continue
		}
		v.Reasons = append(v.Reasons, f.reason)
	}
	if dropped > 0 {
		v.Reasons = append(v.Reasons, "and "+strconv.Itoa(dropped)+" more")
	}
	return v
}
