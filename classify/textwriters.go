package classify

import "strings"

// Text utilities that look like filters but write files or run programs
// of their own: each is judged by its manual. Sources: --help of GNU
// coreutils 9.1 (shuf, ptx, split, csplit), GNU bc 1.07 and dc 1.4.1,
// p7zip 16.02 (7z), unrar 6.21.

var shufOpts = toolOpts{source: "shuf --help, GNU coreutils 9.1", flags: "erz", vals: "ino", long: "--echo --repeat --zero-terminated", longVal: "--input-range --head-count --output --random-source",
	writes: "-o --output", reads: "--random-source"}

// shuf writes with -o; without -e or -i its operand is the file it reads.
func shuf(c *cmd) {
	flags, ops := c.judgeOpts(&shufOpts)
	c.add(Safe, "shuffles lines", "builtin:read-only")
	if !has(flags, "e", "--echo", "i", "--input-range") {
		c.read(ops)
	}
}

var ptxOpts = toolOpts{source: "ptx --help, GNU coreutils 9.1", flags: "AGORTfrt", vals: "FMSWbgiow", long: "--auto-reference --traditional --right-side-refs --ignore-case --references --typeset-mode",
	longVal: "--flag-truncation --macro-name --format --sentence-regexp --word-regexp --break-file --gap-size --ignore-file --only-file --width",
	reads:   "-b --break-file -i --ignore-file -o --only-file"}

// ptx reads its operands; with -G (or POSIXLY_CORRECT in the
// environment, which the classifier cannot see) a second operand is the
// file it writes.
func ptx(c *cmd) {
	flags, ops := c.judgeOpts(&ptxOpts)
	c.add(Safe, "prints a permuted index", "builtin:read-only")
	if len(ops) == 2 || has(flags, "G", "--traditional") && len(ops) > 1 {
		c.read(ops[:1])
		c.path(accWrite, ops[1])
		return
	}
	c.read(ops)
}

// splitCmd judges split and csplit: the input is read and the pieces are
// written under a prefix (split's second operand, csplit's -f), with a
// suffix added.
func splitCmd(c *cmd) {
	short, long := "abflnCt", []string{"--suffix-length", "--additional-suffix", "--bytes", "--line-bytes", "--lines", "--number", "--separator", "--filter", "--numeric-suffixes", "--hex-suffixes"}
	if c.name == "csplit" {
		short, long = "bfn", []string{"--suffix-format", "--prefix", "--digits"}
	}
	flags, ops := parseOpts(c.rest(), optSpec{short: short, long: long})
	c.add(Warning, "splits a file into pieces", "builtin:write-project")
	prefix := lit("xx")
	if c.name == "split" {
		prefix = lit("x")
	}
	if len(ops) > 0 {
		c.read(ops[:1])
	}
	if c.name == "split" && len(ops) > 1 {
		prefix = ops[1]
	}
	if p, ok := value(flags, "f", "--prefix"); ok && c.name == "csplit" {
		prefix = p
	}
	if f, ok := value(flags, "--filter"); ok {
		c.add(Warning, "runs each piece through a shell command", "builtin:tool-program")
		c.programString(f)
	}
	if !prefix.dyn {
		prefix.s += "00"
	}
	c.path(accWrite, prefix)
}

// The calculators' tables. GNU bc has no -e or -f (Gavin Howard's bc on
// macOS and FreeBSD has), so there they are not modelled: warning.
var (
	bcOpts = toolOpts{source: "bc --help, GNU bc 1.07.1", flags: "hilqswv", long: "--interactive --mathlib --quiet --standard --warn"}
	dcOpts = toolOpts{source: "dc --help, GNU dc 1.07.1", flags: "hV", vals: "ef", longVal: "--expression --file"}
)

// calculator judges bc and dc by their tables: they read the files they
// are given (and print what they cannot parse, which is the file); dc's
// "!" runs a shell command.
func calculator(c *cmd) {
	o := &bcOpts
	if c.name == "dc" {
		o = &dcOpts
	}
	flags, files := c.judgeOpts(o)
	files = append(files, values(flags, "f", "--file")...)
	c.add(Safe, "calculates", "builtin:read-only")
	for _, e := range values(flags, "e", "--expression") {
		if e.dyn || strings.Contains(e.s, "!") {
			c.add(Warning, "dc runs a shell command with !", "builtin:tool-program")
		}
	}
	if len(files) > 0 {
		c.read(files)
		c.add(Warning, "runs a program from a file the classifier does not read", "builtin:interpreter")
	}
}

// sevenZipSource is where 7z's switches come from; each switch takes its
// value joined (-oDIR, -tzip, -mx9).
const sevenZipSource = "7z --help, 7-Zip 25.01 (Debian 12 p7zip-full 16.02+really25.01)"

// sevenZipSwitches are the names of 7z's switches, longest first where
// one begins another.
var sevenZipSwitches = strings.Fields("ai ax ao an bb bd bs bt scrc scc scs sdel seml sfx si slp slt snh snl sni sns so spd spe spf ssc sse ssp ssw stl stm stx sa i m o p r t u v w x y")

// sevenZip judges 7z by its command letter: l, t, h, i and b only read;
// x and e extract (-o names where, -spf to the absolute paths stored);
// a, u, d and rn change the archive (-sdel then deletes what was added).
// A switch not in its table is not modelled, and list files (@FILE,
// -i@FILE) are read.
func sevenZip(c *cmd) {
	var ops []field
	out := lit(".")
	set := map[string]string{}
	for _, a := range c.rest() {
		switch {
		case a.dyn && strings.HasPrefix(strings.TrimLeft(a.s, `"'`), "-o"):
			out = field{s: a.s, dyn: true}
		case a.dyn && strings.HasPrefix(strings.TrimLeft(a.s, `"'`), "-"):
			c.notModelled(a.s)
		case !a.dyn && strings.HasPrefix(a.s, "@") && len(ops) > 0:
			c.path(accRead, lit(a.s[1:]))
			c.add(Warning, "reads the files named in "+shorten(a.s[1:])+", which the classifier cannot see", "builtin:file-list")
		case a.dyn || !strings.HasPrefix(a.s, "-") || a.s == "-":
			ops = append(ops, a)
		case a.s == "--":
		default:
			name := ""
			for _, n := range sevenZipSwitches {
				if strings.HasPrefix(a.s[1:], n) {
					name = n
					break
				}
			}
			if name == "" {
				c.notModelled(a.s)
				continue
			}
			val := a.s[1+len(name):]
			set[name] = val
			switch name {
			case "o":
				out = field{s: val, w: a.w}
			case "i", "x", "ai", "ax":
				if _, list, ok := strings.Cut(val, "@"); ok {
					c.path(accRead, lit(list))
					c.add(Warning, "reads the files named in "+shorten(list)+", which the classifier cannot see", "builtin:file-list")
				}
			case "sfx":
				if val != "" {
					c.path(accRead, lit(val))
				}
			case "w":
				if val != "" {
					c.path(accWrite, lit(val))
				}
			case "u":
				if _, arc, ok := strings.Cut(val, "!"); ok {
					c.path(accWrite, lit(arc))
				}
			case "seml":
				c.add(Warning, "sends the archive by email", "builtin:network")
			}
		}
	}
	verb := strings.ToLower(first(ops))
	var files []field
	if len(ops) > 1 {
		files = ops[1:]
	}
	switch verb {
	case "l", "t", "h", "i", "b", "":
		c.add(Safe, "lists or tests an archive", "builtin:read-only")
		c.read(files)
	case "x", "e":
		c.add(Warning, "extracts an archive", "builtin:unzip")
		if _, ok := set["spf"]; ok {
			c.add(Dangerous, "extracts members to the absolute paths stored in the archive", "builtin:unzip")
		}
		c.read(files[:min(len(files), 1)])
		c.path(accWrite, out)
		c.extractInto(out)
	case "a", "u", "d", "rn":
		c.add(Warning, "changes an archive", "builtin:zip")
		if len(files) > 0 {
			c.path(accWrite, files[0])
			// 7z adds a directory with everything below it.
			c.readTrees(files[1:])
			if _, ok := set["sdel"]; ok {
				c.add(Dangerous, "deletes the files it adds to the archive", "builtin:zip")
				for _, f := range files[1:] {
					c.path(accDeleteTree, f)
				}
			}
		}
	default:
		c.add(Warning, "unknown 7z command", "builtin:unknown")
	}
}

// unrar judges unrar and rar: l, lt, lb, v, vt, vb and t only read; x and
// e extract into the directory named last (with a trailing slash) or
// the current one; everything else changes an archive.
func unrar(c *cmd) {
	var ops []field
	for _, a := range c.rest() {
		if a.dyn || !strings.HasPrefix(a.s, "-") {
			ops = append(ops, a)
		}
	}
	verb := strings.ToLower(first(ops))
	var files []field
	if len(ops) > 1 {
		files = ops[1:]
	}
	switch verb {
	case "l", "lt", "lta", "lb", "v", "vt", "vta", "vb", "t", "":
		c.add(Safe, "lists or tests an archive", "builtin:read-only")
		c.read(files)
	case "x", "e":
		c.add(Warning, "extracts an archive", "builtin:unzip")
		c.read(files[:min(len(files), 1)])
		out := lit(".")
		if n := len(files); n > 1 && strings.HasSuffix(files[n-1].s, "/") {
			out = files[n-1]
		}
		c.path(accWrite, out)
		c.extractInto(out)
	default:
		c.add(Warning, "changes an archive", "builtin:zip")
		if len(files) > 0 {
			c.path(accWrite, files[0])
			if verb == "a" || verb == "u" || verb == "f" || verb == "m" {
				// The files added; -r takes directories whole.
				c.readTrees(files[1:])
			}
		}
	}
}

// zipinfoOpts are zipinfo's options (zipinfo -h, UnZip 6.0): listing
// formats only; -x names entries to leave out.
var zipinfoOpts = toolOpts{source: "zipinfo(1), unzip 6.0", flags: "12smlvhMtTzC", vals: "x"}

var figletOpts = toolOpts{source: "figlet(6), figlet 2.2.5; toilet(1), toilet 0.3", flags: "cklnoprsStvxLRSWX", vals: "fdmwCIE", reads: "-f -d -C"}

// ps lists processes by its table; BSD-style words (aux, p 1) are its
// operands. BSD-style "e" (ps e, ps auxe) and macOS -E print every
// process's environment: the secrets of the person's shells and of agent
// itself.
func ps(c *cmd) {
	flags, ops := c.judgeOpts(&psOpts)
	if has(flags, "E", "--environment") {
		c.add(Blocked, "prints the environment of other processes, with their secrets", "builtin:credential-store")
	}
	for i := 0; i < len(ops); i++ {
		a := ops[i]
		switch {
		case a.dyn:
			c.add(Warning, "an argument is not known until it runs", "builtin:unknown-option")
		case a.s == "" || strings.Trim(a.s, psBSDLetters) != "":
			// A value (p 1, o pid,cmd) or a word ps rejects.
		case strings.Contains(a.s, "e"):
			c.add(Blocked, "prints the environment of other processes, with their secrets", "builtin:credential-store")
		case strings.ContainsAny(a.s[len(a.s)-1:], "pqtUoOk") && i+1 < len(ops):
			i++ // the value of a BSD option: p 1, o pid,comm
		}
	}
	c.add(Safe, "prints text or information", "builtin:read-only")
}

// psBSDLetters are the BSD-style option letters of ps --help all.
const psBSDLetters = "arTxpqtUfjlOosuvXHmceLnSVwZk"
