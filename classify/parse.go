package classify

import (
	"strings"
	"sync"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// A parser is costly to make (two 1 KiB buffers) and not safe for
// concurrent use, so each Classify call borrows one from a pool.
type parser struct {
	p *syntax.Parser
	r strings.Reader
}

var parsers = [...]sync.Pool{
	{New: func() any {
		return &parser{p: syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true))}
	}},
	{New: func() any {
		return &parser{p: syntax.NewParser(syntax.Variant(syntax.LangZsh), syntax.KeepComments(true))}
	}},
	{New: func() any {
		return &parser{p: syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(16))}
	}},
}

func pool(lang syntax.LangVariant) *sync.Pool {
	if lang == syntax.LangZsh {
		return &parsers[1]
	}
	return &parsers[0]
}

// script judges src as a shell program run in one of d, reading in. Statements are
// judged as they are parsed: bash runs the lines before a syntax error, so
// what parsed before it counts, and the error itself is at least Warning.
func (wk *walker) script(src string, lang syntax.LangVariant, d dirs, in *stdin) {
	if !utf8.ValidString(src) {
		// Bash takes any byte as part of a word; the parser wants UTF-8.
		// A stand-in character keeps the structure the same.
		src = strings.ToValidUTF8(src, "\uFFFD")
	}
	sub := *wk
	sub.src = src
	sub.lang = lang
	sub.depth = wk.depth + 1
	if wk.j.stopped {
		return
	}
	// Strings judged again (bash -c, eval, arithmetic in values) can
	// branch; the source parsed in all is bounded like one command.
	wk.j.parsed += len(src)
	if wk.j.parsed > 4*maxCommandBytes {
		wk.j.stopped = true
		wk.j.add(Blocked, shorten(src)+": too much nested code to judge", "builtin:too-long")
		return
	}
	if sub.depth > maxDepth {
		wk.j.add(Blocked, shorten(src)+": commands nested too deeply to follow", "builtin:too-deep")
		return
	}
	pp := pool(lang)
	p := pp.Get().(*parser)
	defer pp.Put(p)
	p.r.Reset(src)
	var perr error
	for s, err := range p.p.StmtsSeq(&p.r) {
		// Never stop the loop early: StmtsSeq yields once more after an
		// error, and a range function must not be called after a break.
		switch {
		case perr != nil:
		case err != nil:
			perr = err
		default:
			sub.gluedComments(s)
			d = sub.stmt(s, d, in)
		}
	}
	if perr != nil {
		sub.parseError(perr, d, in)
	}
}

// gluedComments flags a comment the parser found right after a word,
// with no blank before its #: inside $( ) the parser ends a word at a #
// that follows a quote (a'b'#c), where bash reads the # and what follows
// as part of the word. What bash runs is then longer than what is
// judged: echo $(cat x'.txt'#/../../.ssh/id_rsa) reads a file the
// classifier never sees.
func (wk *walker) gluedComments(s *syntax.Stmt) {
	if strings.IndexByte(wk.src, '#') < 0 {
		return // no comment anywhere: no walk on the hot path
	}
	syntax.Walk(s, func(n syntax.Node) bool {
		c, ok := n.(*syntax.Comment)
		if !ok {
			return true
		}
		if off := int(c.Hash.Offset()); off > 0 && off <= len(wk.src) && !strings.ContainsRune(" \t\r\n;&|()<>", rune(wk.src[off-1])) {
			wk.j.add(Warning, shorten(wk.src)+": a # inside a word, which bash keeps in the word and the parser reads as a comment", "builtin:parse-error")
			return false
		}
		return true
	})
}

// parseError judges source the parser rejected. Bash may still run part
// of it, and what it runs is unseen. So the source is parsed again with the
// missing tokens supplied, and what that finds is judged too; and a
// privileged or destructive program named anywhere in it makes it Blocked.
func (wk *walker) parseError(err error, d dirs, in *stdin) {
	text := shorten(wk.src)
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	wk.j.add(Warning, text+": does not parse ("+msg+")", "builtin:parse-error")
	pp := &parsers[2]
	p := pp.Get().(*parser)
	p.r.Reset(wk.src)
	if f, _ := p.p.Parse(&p.r, ""); f != nil {
		wk.stmts(f.Stmts, d, in)
	}
	pp.Put(p)
	for tok := range strings.FieldsFuncSeq(wk.src, func(r rune) bool {
		return strings.ContainsRune(" \t\r\n;&|()<>`'\"\\${}", r)
	}) {
		if name, _ := normName(tok); blockedNames[name] {
			wk.j.add(Blocked, text+": does not parse, and names "+name, "builtin:parse-error")
			return
		}
	}
}

// blockedNames are programs that are Blocked whatever their arguments.
var blockedNames = map[string]bool{
	"sudo": true, "su": true, "doas": true, "pkexec": true, "runuser": true,
	"chroot": true, "nsenter": true, "setpriv": true, "capsh": true, "sg": true,
	"newgrp": true, "mkfs": true, "mke2fs": true, "mkswap": true, "fdisk": true,
	"sfdisk": true, "parted": true, "wipefs": true, "shutdown": true,
	"reboot": true, "halt": true, "poweroff": true, "telinit": true,
}
