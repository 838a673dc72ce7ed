package classify

import (
	"strconv"
	"strings"
)

// maxCommandBytes bounds the shell source judged: a longer command is
// Blocked at once. It has no honest use as one tool call (files are
// written with the file tools), and parsing it alone would take long
// enough to stall the screen.
const maxCommandBytes = 256 << 10

// Classify judges one action under a policy and returns its level, the
// reasons that decided it (worst first) and the rule behind the worst.
//
// It is pure: it performs no I/O, reads no clock or environment and is safe
// for concurrent use. Paths are judged as given: the tools resolve symlinks
// first. Shell commands are parsed; every part is judged and the verdict is
// the worst of them. Nothing lowers a Blocked part, and what cannot be
// understood is at least Warning.
func Classify(a Action, p Policy) Verdict {
	j := &judge{pol: &p}
	wk := &walker{j: j, pl: newPlace(a)}
	switch a.Kind {
	case Shell:
		if len(a.Command) > maxCommandBytes {
			j.add(Blocked, "command is too long to judge ("+strconv.Itoa(len(a.Command))+" bytes; the limit is "+strconv.Itoa(maxCommandBytes)+")", "builtin:too-long")
			return j.verdict("")
		}
		if strings.IndexByte(a.Command, 0) >= 0 {
			// No program gets a NUL in its arguments, and the parser
			// would judge text that bash never sees as written.
			j.add(Blocked, "command holds a NUL byte, which no shell command can carry", "builtin:nul")
			return j.verdict("")
		}
		wk.script(a.Command, bashLang, wk.startDirs(), nil)
		return j.verdict("empty command: nothing runs")
	case Git:
		args := make([]field, 0, len(a.Args)+1)
		args = append(args, lit("git"))
		for _, s := range a.Args {
			args = append(args, lit(s))
		}
		wk.command(args, gitText(a.Args), wk.startDirs(), nil)
		return j.verdict("git")
	case Read, Write, Delete:
		wk.fileAction(a)
		return j.verdict(a.Kind.String())
	case Fetch:
		j.add(judgeURL(a.URL))
		return j.verdict("fetch")
	case MCP:
		j.mcpCall(a.MCP)
		return j.verdict("mcp")
	}
	j.add(Warning, a.Kind.String()+": unknown kind of action", "builtin:unknown")
	return j.verdict("")
}

// startDirs is where a shell command starts: the project root.
func (wk *walker) startDirs() dirs {
	var d dirs
	if wk.pl.root == "" {
		d.unknown = true
	} else {
		d.add(wk.pl.root)
	}
	return d
}

// gitText renders git's argument vector for reasons.
func gitText(args []string) string {
	var b strings.Builder
	b.WriteString("git")
	for _, a := range args {
		b.WriteByte(' ')
		b.WriteString(quoteWord(a))
	}
	return shorten(b.String())
}

// fileAction judges a read, write or delete by the file tools.
func (wk *walker) fileAction(a Action) {
	p := a.Path
	if p == "" {
		wk.j.add(Warning, a.Kind.String()+": no path given", "builtin:unknown-path")
		return
	}
	if !strings.HasPrefix(p, "/") {
		// The tools give absolute paths; a relative one is taken as
		// relative to the root, the way the tools would resolve it.
		if wk.pl.root == "" {
			wk.unknownPath(accWrite, a.Kind.String()+" "+p, "a relative path with no root")
			return
		}
		p = wk.pl.root + "/" + p
	}
	p = cleanPath(p)
	acc := accRead
	switch a.Kind {
	case Write:
		acc = accWrite
	case Delete:
		acc = accDelete
		if a.IsDir {
			acc = accDeleteTree
		}
	}
	if acc != accRead {
		wk.j.wrote(p)
	}
	l, why, rule := wk.pl.judgePath(acc, p, false)
	l, why, rule = wk.j.pathRules(p, &wk.pl, l, why, rule)
	wk.j.add(l, a.Kind.String()+" "+shorten(a.Path)+": "+why, rule)
}
