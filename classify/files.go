package classify

import (
	"path"
	"slices"
	"strings"
)

// rm deletes files; recursive or forced deletes are Dangerous, and what is
// deleted is judged by the path rules (the root, a home, / are Blocked).
func rm(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{noVal: strings.Fields("--force --interactive --one-file-system --no-preserve-root --preserve-root --recursive --dir --verbose --help --version")})
	rec := has(flags, "r", "R", "--recursive")
	force := has(flags, "f", "--force")
	for _, op := range ops {
		// An option that comes from a variable may be -rf.
		if op.dyn && strings.HasPrefix(op.s, "-") {
			rec, force = true, true
		}
	}
	switch {
	case rec && force:
		c.add(Dangerous, "recursive forced delete", "builtin:rm-recursive")
	case rec:
		c.add(Dangerous, "recursive delete", "builtin:rm-recursive")
	case force:
		c.add(Dangerous, "forced delete", "builtin:rm-force")
	default:
		c.add(Warning, "deletes files", "builtin:rm")
	}
	if has(flags, "--no-preserve-root") {
		c.add(Blocked, "turns off the guard against deleting /", "builtin:delete-root")
	}
	acc := accDelete
	if rec {
		acc = accDeleteTree
	}
	for _, op := range ops {
		c.path(acc, op)
	}
}

func rmdir(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{})
	c.add(Warning, "removes empty directories", "builtin:rm")
	for _, op := range ops {
		c.path(accDelete, op)
	}
}

// copyLike judges cp, mv, install and ln: sources are read (or, for mv,
// deleted) and the destination written.
func copyLike(why string, srcAcc access) handler {
	return func(c *cmd) {
		flags, ops := parseOpts(c.rest(), optSpec{short: "tSmogb", long: []string{"--target-directory", "--suffix", "--mode", "--owner", "--group"}, noVal: []string{"--archive", "--directory", "--recursive", "--symbolic"}})
		c.add(Warning, why, "builtin:"+c.name)
		if c.name == "install" && has(flags, "d", "--directory") {
			c.write(ops)
			return
		}
		dest, ok := value(flags, "t", "--target-directory")
		if !ok {
			if len(ops) == 0 {
				return
			}
			if len(ops) == 1 && c.name == "ln" {
				// "ln -s TARGET" makes a link named after TARGET here.
				c.path(accWrite, lit(baseName(ops[0].s)))
				return
			}
			dest, ops = ops[len(ops)-1], ops[:len(ops)-1]
		}
		if c.name != "ln" {
			src := srcAcc
			if src == accRead && has(flags, "r", "R", "a", "--recursive", "--archive") {
				// A directory is copied with every file below it.
				src = accReadTree
			}
			for _, op := range ops {
				c.path(src, op)
			}
		}
		c.path(accWrite, dest)
		if c.name == "ln" && len(ops) == 1 {
			c.link(ops[0], dest, has(flags, "s", "--symbolic"))
		}
	}
}

// link records that dest now points at target, so that later writes
// through dest are judged where they land.
func (c *cmd) link(target, dest field, symbolic bool) {
	if target.dyn || dest.dyn {
		return
	}
	links, _ := c.wk.resolve(dest, c.d)
	for _, l := range links {
		t := target.s
		if !strings.HasPrefix(t, "/") {
			base := path.Dir(l)
			if !symbolic {
				if c.d.n == 0 {
					continue
				}
				base = c.d.list()[0]
			}
			t = path.Join(base, t)
		}
		c.wk.j.links = append(c.wk.j.links, [2]string{l, path.Clean(t)})
	}
}

func baseName(s string) string {
	s = strings.TrimRight(s, "/")
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// writer judges commands whose operands are all files they create or change.
func writer(l Level, why, rule, valShort string, valLong ...string) handler {
	return func(c *cmd) {
		_, ops := parseOpts(c.rest(), optSpec{short: valShort, long: valLong})
		c.add(l, why, rule)
		c.write(ops)
	}
}

// chmod changes permissions: Warning, recursive or setuid Dangerous, and
// on a system path Blocked through the path rules.
func chmod(c *cmd) {
	var mode *field
	var files []field
	rec := false
	endOpts := false
	for i, a := range c.rest() {
		s := a.s
		switch {
		case endOpts || a.dyn:
			files = append(files, c.rest()[i])
		case s == "--":
			endOpts = true
		case s == "--recursive" || (strings.HasPrefix(s, "--") && longMatch(s, "--recursive")):
			rec = true
		case strings.HasPrefix(s, "--"):
			// --reference=FILE stands for the mode.
			if strings.HasPrefix(s, "--reference") && mode == nil {
				m := lit(s)
				mode = &m
			}
		case len(s) > 1 && s[0] == '-' && strings.Trim(s[1:], "cfvR") == "":
			rec = rec || strings.Contains(s, "R")
		case mode == nil:
			m := c.rest()[i]
			mode = &m
		default:
			files = append(files, c.rest()[i])
		}
	}
	switch {
	case rec:
		c.add(Dangerous, "changes permissions recursively", "builtin:chmod-recursive")
	case mode != nil && setuidMode(mode.s):
		c.add(Dangerous, "sets the setuid or setgid bit", "builtin:chmod-setuid")
	default:
		c.add(Warning, "changes file permissions", "builtin:chmod")
	}
	if mode != nil && worldWritable(mode.s) {
		c.add(Warning, "makes files writable by everyone", "builtin:chmod")
	}
	for _, f := range files {
		if rec {
			c.wholeTree(f, "changes permissions of")
		}
		c.path(accWrite, f)
	}
}

// wholeTree blocks a recursive change to the file system's top, a home
// directory or the project root and its parents.
func (c *cmd) wholeTree(f field, what string) {
	if f.dyn {
		return
	}
	cands, _ := c.wk.resolve(f, c.d)
	for _, p := range cands {
		if p == "/" || c.wk.pl.isHomeDir(p) || isAncestor(p, c.wk.pl.home) || (isAncestor(p, c.wk.pl.root) && p != c.wk.pl.root) {
			c.add(Blocked, what+" a whole home, root or file system recursively", "builtin:whole-tree")
			return
		}
	}
}

func setuidMode(m string) bool {
	if isOctal(m) {
		return len(m) == 4 && (m[0]-'0')&6 != 0
	}
	return strings.Contains(m, "s")
}

func worldWritable(m string) bool {
	if isOctal(m) {
		return (m[len(m)-1]-'0')&2 != 0
	}
	for part := range strings.SplitSeq(m, ",") {
		who, perm, ok := strings.Cut(part, "+")
		if !ok {
			who, perm, ok = strings.Cut(part, "=")
		}
		if ok && (who == "" || strings.ContainsAny(who, "oa")) && strings.Contains(perm, "w") {
			return true
		}
	}
	return false
}

func isOctal(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return true
}

// chown changes ownership, which is Dangerous wherever it is done.
func chown(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{long: []string{"--from", "--reference"}, noVal: []string{"--recursive"}})
	c.add(Dangerous, "changes file ownership", "builtin:chown")
	if !has(flags, "--reference") && len(ops) > 0 {
		ops = ops[1:]
	}
	rec := has(flags, "R", "--recursive")
	for _, op := range ops {
		if rec {
			c.wholeTree(op, "changes ownership of")
		}
		c.path(accWrite, op)
	}
}

// tee copies its input to files.
func tee(c *cmd) {
	_, ops := c.judgeOpts(&teeOpts)
	c.add(Safe, "copies its input to its output", "builtin:tee")
	fetched := c.in != nil && c.in.pipe != nil && (c.in.pipe.network || c.in.pipe.decode)
	for _, op := range ops {
		c.path(accWrite, op)
		if fetched {
			c.wk.markFetched(op, c.d)
		}
	}
}

var (
	teeOpts    = toolOpts{source: "tee --help, GNU coreutils 9.1", flags: "aip", long: "--append --ignore-interrupts --output-error"}
	mktempOpts = toolOpts{source: "mktemp --help, GNU coreutils 9.1", flags: "dqtu", vals: "p", long: "--directory --dry-run --quiet --tmpdir", longVal: "--suffix"}
)

// ddSource is where dd's operands come from: dd takes KEY=VALUE
// operands and no options but --help and --version.
const ddSource = "dd --help, GNU coreutils 9.1"

// ddKeys are dd's operands; a word that is not one of them is not
// modelled (dd rejects it, but the classifier does not guess).
var ddKeys = strings.Fields("bs cbs conv count ibs if iflag obs of oflag seek oseek skip iseek status")

// dd copies if= (standard input without it) to of= (standard output
// without it).
func dd(c *cmd) {
	c.add(Safe, "copies data", "builtin:dd")
	for _, a := range c.rest() {
		if a.dyn {
			if strings.HasPrefix(a.s, "of=") || !strings.Contains(a.s, "=") {
				c.wk.unknownPath(accWrite, c.text, "a path that is not known until it runs")
			}
			continue
		}
		k, v, _ := strings.Cut(a.s, "=")
		switch {
		case k == "if":
			c.path(accRead, field{s: v})
		case k == "of":
			c.path(accWrite, field{s: v})
		case a.s == "--help" || a.s == "--version":
		case !strings.Contains(a.s, "=") || !slicesContains(ddKeys, k):
			c.notModelled(a.s)
		}
	}
}

// shred overwrites files so they cannot be recovered.
func shred(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{short: "ns", long: []string{"--iterations", "--size", "--random-source"}})
	c.add(Dangerous, "overwrites files beyond recovery", "builtin:shred")
	for _, op := range ops {
		c.path(accDelete, op)
	}
}

// programString judges a string a tool hands to sh -c.
func (c *cmd) programString(f field) {
	if f.dyn {
		c.add(Dangerous, "runs a program that is not known until it runs", "builtin:dynamic-script")
		return
	}
	c.script(f.s, bashLang)
}

// zip creates archives; -TT runs a program to test them.
func zip(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "bnitx", long: []string{"--unzip-command", "--exclude", "--include"}})
	if hasWord(c.rest(), "-sf", "--show-files") || len(ops) == 1 && hasWord(c.rest(), "-T", "--test") && !has(flags, "TT", "--unzip-command") {
		// -sf lists what would go in; -T alone tests the archive.
		c.add(Safe, "lists or tests an archive", "builtin:read-only")
		c.read(ops)
		return
	}
	c.add(Warning, "creates an archive", "builtin:zip")
	if len(ops) > 0 {
		c.path(accWrite, ops[0])
		if hasWord(c.rest(), "--recurse-paths", "--recurse-patterns") || has(flags, "r", "R") {
			c.readTrees(ops[1:])
		} else {
			c.read(ops[1:])
		}
	}
	for _, p := range values(flags, "--unzip-command") {
		c.programString(p)
	}
	for i, a := range c.rest() {
		if a.s == "-TT" && i+1 < len(c.rest()) {
			c.programString(c.rest()[i+1])
		}
	}
}

// unzip's options (unzip -hh and unzip(1), Debian unzip 6.0-28, which
// adds -O and -I). Options may come anywhere; -x and -i start a list of
// member patterns that runs to the next option; "-" inside an option
// negates the next letter. With -Z first, the rest are zipinfo's.
const (
	unzipSource  = "unzip -hh and unzip(1), UnZip 6.00 (Debian unzip 6.0-28)"
	unzipFlags   = "hAcflptTuvzabBCDEFJjKLMnNoqsSUVWXY$:^2-"
	unzipVals    = "dPOI/"
	zipinfoFlags = "12smlvhMtTUz-"
)

// unzip lists, tests or prints an archive (-l, -v, -t, -z, -p, -c, or
// -Z's zipinfo mode); otherwise it extracts, into -d's directory or here.
// -T sets the archive's time, and -: lets members climb out of the
// target with "../".
func unzip(c *cmd) {
	args := c.rest()
	flagSet, valSet := unzipFlags, unzipVals
	zipinfo := len(args) > 0 && !args[0].dyn && args[0].s == "-Z"
	if zipinfo {
		args, flagSet, valSet = args[1:], zipinfoFlags, ""
	}
	var ops []field
	set := map[byte]bool{}
	target := lit(".")
	patterns := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn && strings.HasPrefix(strings.TrimLeft(a.s, `"'`), "-") {
			c.notModelled(a.s)
			continue
		}
		if a.dyn || len(a.s) < 2 || a.s[0] != '-' {
			if !patterns {
				ops = append(ops, a)
			}
			continue
		}
		patterns = false
		if strings.HasPrefix(a.s, "--") {
			// unzip reads it letter by letter, "-" negating the next;
			// a long option is not one it documents.
			c.notModelled(a.s)
			continue
		}
		for j := 1; j < len(a.s); j++ {
			l := a.s[j]
			switch {
			case !zipinfo && (l == 'x' || l == 'i'):
				patterns = true
			case strings.IndexByte(valSet, l) >= 0:
				v := field{s: a.s[j+1:], w: a.w}
				if j+1 == len(a.s) && i+1 < len(args) {
					i++
					v = args[i]
				}
				if l == 'd' {
					target = v
				}
				j = len(a.s)
			case strings.IndexByte(flagSet, l) >= 0:
				set[l] = true
			default:
				c.notModelled("-" + string(l))
				j = len(a.s)
			}
		}
	}
	archive := ops[:min(len(ops), 1)]
	switch {
	case zipinfo || set['l'] || set['v'] || set['t'] || set['z'] || set['p'] || set['c']:
		c.add(Safe, "lists, tests or prints an archive", "builtin:read-only")
		c.read(archive)
		if set['T'] && !zipinfo && len(archive) > 0 {
			c.add(Warning, "sets the archive's modification time", "builtin:unzip")
			c.path(accWrite, archive[0])
		}
		return
	}
	c.add(Warning, "extracts an archive", "builtin:unzip")
	if set[':'] {
		c.add(Dangerous, "lets members with ../ in their names land outside the target directory", "builtin:unzip")
	}
	c.read(archive)
	if set['T'] && len(archive) > 0 {
		c.path(accWrite, archive[0])
	}
	c.path(accWrite, target)
	c.extractInto(target)
}

// compressor judges gzip, xz and the like by their own tables: to
// standard output, listing or testing is Safe (the files an option names
// are judged: zstd -o, --output-dir-*, -D, --patch-from, --filelist, xz
// --files), in place Warning. lz4 writes its second operand.
func compressor(c *cmd) {
	o := compressorOpts[c.name]
	flags, ops := c.judgeOpts(o)
	listing := "l"
	if c.name == "lz4" {
		listing = "--list" // lz4 -l is the legacy format
	}
	named := len(values(flags, strings.Fields(o.writes)...)) > 0
	switch {
	case c.name == "lz4" && len(ops) == 2 && !has(flags, "m", "r", "c", "--stdout", "--list", "t"):
		c.add(Warning, "writes a (de)compressed file", "builtin:compress")
		c.read(ops[:1])
		c.path(accWrite, ops[1])
	case named:
		c.add(Warning, "writes (de)compressed files where its options say", "builtin:compress")
		c.read(ops)
	case has(flags, "c", "--stdout", "--to-stdout", listing, "--list", "t", "--test"):
		c.add(Safe, "writes to standard output", "builtin:read-only")
		c.read(ops)
	default:
		c.add(Warning, "replaces files with their (de)compressed form", "builtin:compress")
		c.write(ops)
	}
}

// compressorOpts are the compressors' --help (Debian 12's packages; pigz
// from pigz(1) 2.6), by the names they are called.
var compressorOpts = func() map[string]*toolOpts {
	gzip := &toolOpts{source: "gzip --help, gzip 1.12", flags: "cdfhklLnNqrtvV123456789",
		long: "--stdout --to-stdout --decompress --uncompress --force --keep --list --license --no-name --name --quiet --recursive --rsyncable --synchronous --test --verbose --fast --best", vals: "S", longVal: "--suffix"}
	bzip2 := &toolOpts{source: "bzip2 --help, bzip2 1.0.8", flags: "cdzkftvqsLVh123456789",
		long: "--stdout --decompress --compress --keep --force --test --verbose --quiet --small --license --fast --best"}
	xz := &toolOpts{source: "xz --long-help, XZ Utils 5.4.1", flags: "zdtlkfcqvhHVe0123456789FCTM",
		long:    "--compress --decompress --uncompress --test --list --keep --force --stdout --to-stdout --single-stream --no-sparse --extreme --ignore-check --no-adjust --quiet --verbose --no-warn --robot --info-memory --long-help --lzma1 --lzma2 --x86 --arm --arm64 --armthumb --powerpc --ia64 --sparc --delta --files --files0",
		longVal: "--suffix --format --check --block-size --block-list --flush-timeout --memlimit-compress --memlimit-decompress --memlimit-mt-decompress --memlimit --threads", vals: "SFCTM",
		lists: "--files --files0"}
	zstd := &toolOpts{source: "zstd --help, zstd 1.5.4", flags: "cdzkflqtvhHVrMBTbeiS0123456789#",
		long:    "--compress --decompress --uncompress --keep --rm --force --stdout --quiet --verbose --test --list --ultra --fast --adapt --long --single-thread --rsyncable --exclude-compressed --no-dictID --train --train-cover --train-fastcover --train-legacy --asyncio --no-asyncio --check --no-check --compress-literals --no-compress-literals --pass-through --no-pass-through --progress --no-progress --row-match-finder --no-row-match-finder --sparse --no-sparse --content-size --no-content-size --mmap-dict --no-mmap-dict --show-default-cparams --memory --format",
		longVal: "--auto-threads --dictID --filelist --maxdict --output-dir-flat --output-dir-mirror --patch-from --priority --size-hint --stream-size --target-compressed-block-size --trace", vals: "oDM",
		writes: "-o --output-dir-flat --output-dir-mirror --trace", reads: "-D --patch-from", lists: "--filelist"}
	lz4 := &toolOpts{source: "lz4 -H, lz4 1.9.4", flags: "123456789zdfkhHVvqctmrlBIXbei", vals: "D",
		long: "--rm --no-frame-crc --content-size --no-content-size --list --sparse --no-sparse --favor-decSpeed --fast --best --stdout --decompress --uncompress --compress --force --keep --multiple --verbose --quiet --test", reads: "-D"}
	pigz := &toolOpts{source: "pigz(1), pigz 2.6", flags: "0123456789cdfFhHiklLmMnNqrRtUvVYzK", vals: "AbCpS",
		long: "--stdout --decompress --force --first --huffman --independent --keep --list --license --no-time --time --no-name --name --quiet --recursive --rsyncable --test --rle --verbose --version --synchronous --zlib --zip --fast --best", longVal: "--alias --blocksize --comment --processes --suffix"}
	m := map[string]*toolOpts{"gzip": gzip, "gunzip": gzip, "bzip2": bzip2, "bunzip2": bzip2, "xz": xz, "unxz": xz,
		"lzma": xz, "unlzma": xz, "zstd": zstd, "unzstd": zstd, "lz4": lz4, "pigz": pigz}
	for _, o := range m {
		o.spec()
	}
	return m
}()

func patch(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "pdioDBFrVYzgx", long: []string{"--strip", "--directory", "--input", "--output", "--reject-file", "--prefix", "--suffix"}, noVal: []string{"--check", "--dry-run", "--backup", "--backup-if-mismatch"}})
	if has(flags, "--dry-run", "C", "--check") {
		c.add(Safe, "checks a patch", "builtin:read-only")
		return
	}
	c.add(Warning, "applies a patch to project files", "builtin:patch")
	c.optPath(accWrite, flags, "o", "--output")
	c.optPath(accRead, flags, "i", "--input")
	c.write(ops)
}

// sortOpts is sort's manual: -o writes, --compress-program runs,
// --files0-from names more files to read, --random-source reads.
var sortOpts = toolOpts{source: "sort --help, GNU coreutils 9.1", flags: "bdfgiMhnRrVcCmsuz", vals: "ktSoT",
	long:    "--ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort --ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort --random-sort --reverse --version-sort --check --merge --stable --unique --zero-terminated --debug",
	longVal: "--sort --random-source --key --field-separator --buffer-size --output --temporary-directory --compress-program --files0-from --parallel --batch-size",
	reads:   "--random-source", lists: "--files0-from", writes: "-o --output"}

// sortCmd reads files; -o writes one, --compress-program runs one.
func sortCmd(c *cmd) {
	flags, ops := c.judgeOpts(&sortOpts)
	c.add(Safe, "sorts lines", "builtin:read-only")
	c.read(ops)
	if prog, ok := value(flags, "--compress-program"); ok {
		// The program filters standard input; a known compressor does
		// nothing else.
		switch name, _ := normName(prog.s); {
		case prog.dyn:
			c.add(Dangerous, "runs a program that is not known until it runs", "builtin:dynamic-script")
		case name == "gzip" || name == "bzip2" || name == "xz" || name == "zstd" || name == "lz4" || name == "pigz" || name == "lzop":
		default:
			c.run([]field{prog})
		}
	}
}

// uniq reads its first operand and writes its second.
var uniqOpts = toolOpts{source: "uniq --help, GNU coreutils 9.1", flags: "cdDiuz", vals: "fsw", long: "--count --repeated --ignore-case --unique --zero-terminated --group --all-repeated", longVal: "--skip-fields --skip-chars --check-chars"}

func uniq(c *cmd) {
	_, ops := c.judgeOpts(&uniqOpts)
	c.add(Safe, "filters repeated lines", "builtin:read-only")
	if len(ops) > 0 {
		c.read(ops[:1])
	}
	if len(ops) > 1 {
		c.path(accWrite, ops[1])
	}
}

// mktemp creates a fresh temporary file or directory, which harms nothing.
func mktemp(c *cmd) {
	flags, ops := c.judgeOpts(&mktempOpts)
	c.add(Safe, "creates a temporary file", "builtin:mktemp")
	if _, ok := value(flags, "p", "--tmpdir"); !ok && !has(flags, "t") {
		for _, op := range ops {
			if strings.Contains(op.s, "/") || op.dyn {
				c.path(accWrite, op)
			}
		}
	}
}

// readerAt judges a command at level l whose operands are files it reads
// (a pager is Warning); with dot, no operand reads the current directory.
// valShort and valLong name the options that take an argument.
func readerAt(l Level, why, rule string, dot bool, valShort string, valLong ...string) handler {
	return func(c *cmd) {
		_, ops := parseOpts(c.rest(), optSpec{short: valShort, long: valLong})
		c.add(l, why, rule)
		if len(ops) == 0 && dot {
			ops = []field{lit(".")}
		}
		c.read(ops)
		if c.name == "ls" && len(c.rest()) == 0 {
			c.lists([]field{lit(".")}, true)
		}
	}
}

// xxdSource is where xxd's options come from. xxd reads an option by
// its first letter after one or two dashes ("-ps", "-postscript" and
// "--ps" are -p); c, g, l, n, o and s take a value, joined ("-c8") or as
// the next word ("-c 8", "-cols 8"), and "-capitalize" is -C.
const xxdSource = "xxd -h and xxd.c, xxd 2022-01-14 (Debian xxd 2:9.0.1378)"

// xxdLongs are the spellings after the letter of the options with a
// value that take it as the next word, as xxd.c compares them.
var xxdLongs = map[byte]string{'c': "ols", 'g': "roupsize", 'l': "en", 'n': "ame", 'o': "ffset", 's': "eek"}

// xxd dumps its first operand; a second operand is the file it writes,
// and -r turns a dump back into bytes there.
func xxd(c *cmd) {
	args := c.rest()
	revert := false
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		opt := a.s
		if strings.HasPrefix(opt, "--") && len(opt) > 2 {
			opt = opt[1:]
		}
		if a.dyn || len(opt) < 2 || opt[0] != '-' {
			break
		}
		if opt == "--" {
			i++
			break
		}
		letter := opt[1]
		switch long, valued := xxdLongs[letter]; {
		case strings.HasPrefix(opt, "-capitalize"):
		case valued:
			if len(opt) == 2 || strings.HasPrefix(opt[2:], long) {
				i++ // -c 8, -cols 8; otherwise joined: -c8
			}
		case strings.IndexByte("abCEehiprduv", letter) >= 0:
			revert = revert || letter == 'r'
		default:
			c.notModelled(a.s)
		}
	}
	ops := args[min(i, len(args)):]
	if revert && len(ops) > 1 {
		c.add(Warning, "writes bytes from a dump", "builtin:write-project")
	} else {
		c.add(Safe, "dumps files", "builtin:read-only")
	}
	c.read(ops[:min(len(ops), 1)])
	if len(ops) > 1 {
		c.path(accWrite, ops[1])
	}
}

// grep searches files: the first operand is the pattern unless -e or -f
// gives it. rg --pre and --hostname-bin run programs; -z runs
// decompressors on what it searches.
func grep(c *cmd) {
	o := &grepOpts
	rg := c.name == "rg" || c.name == "ripgrep"
	switch {
	case rg:
		o = &rgOpts
	case c.name == "ag":
		o = &agOpts
	case c.name == "ack":
		o = &ackOpts
	case c.name == "ugrep":
		o = &ugrepOpts
	case c.name == "pt":
		o = &ptOpts
	}
	flags, ops := c.judgeOpts(o)
	if o == &ugrepOpts {
		c.ugrepExtras(flags)
	}
	c.add(Safe, "searches text", "builtin:read-only")
	// pt -g PATTERN lists files by name: then every operand is a path.
	ptNames := o == &ptOpts && has(flags, "g")
	if _, ok := value(flags, "e", "--regexp", "f", "--file"); !ok && len(ops) > 0 && !has(flags, "--files", "--type-list") && !ptNames {
		ops = ops[1:]
	}
	plain := c.name == "grep" || c.name == "egrep" || c.name == "fgrep" || c.name == "zgrep"
	recursive := !plain || has(flags, "r", "R", "--recursive", "--dereference-recursive")
	if d, ok := value(flags, "d", "--directories"); plain && ok && (d.dyn || d.s == "recurse") {
		recursive = true
	}
	if len(ops) == 0 && recursive {
		ops = []field{lit(".")}
	}
	if recursive {
		c.readTrees(ops)
	} else {
		c.read(ops)
	}
	if has(flags, "l", "--files-with-matches", "--files") && !has(flags, "c", "o") {
		c.lists(ops, true)
	}
	if c.name == "ack" && has(flags, "x") {
		c.add(Warning, "reads the files named on its standard input, which the classifier cannot see", "builtin:file-list")
	}
	if rg && has(flags, "z", "--search-zip") && !has(flags, "--no-search-zip") {
		c.add(Warning, "runs decompression programs on the files it searches", "builtin:tool-program")
	}
}

// agOpts and ackOpts are the searchers' own tables. An option whose
// value is optional (-A [LINES]) is a flag here: the next word is then
// read as the pattern or a path, never hidden as a value.
var (
	agOpts = toolOpts{source: "ag --help, the_silver_searcher 2.2.0 (Debian silversearcher-ag)", skip: 1, dot: true,
		flags:   "ABCcHlLo0aDfFiQsStuUvwz",
		vals:    "gGmpW",
		long:    "--ackmate --after --before --break --nobreak --count --color --nocolor --column --filename --nofilename --heading --noheading --context --group --nogroup --files-with-matches --files-without-matches --print-all-files --numbers --nonumbers --only-matching --print-long-lines --passthrough --silent --stats --stats-only --vimgrep --null --print0 --all-types --debug --follow --fixed-strings --hidden --ignore-case --literal --one-device --case-sensitive --smart-case --search-binary --all-text --unrestricted --skip-vcs-ignores --invert-match --word-regexp --search-zip",
		longVal: "--color-line-number --color-match --color-path --filename-pattern --file-search-regex --depth --ignore --ignore-dir --max-count --path-to-ignore --width",
		reads:   "-p --path-to-ignore"}
	ackOpts = toolOpts{source: "ack --help, ack 3.6.0 (Debian ack)", skip: 1, dot: true,
		flags:   "fglLciSIvwQo1HhsCpPxrRnk",
		vals:    "mABtT",
		long:    "--files-with-matches --files-without-matches --count --ignore-case --smart-case --nosmart-case --no-ignore-case --invert-match --word-regexp --literal --passthru --with-filename --no-filename --column --nocolumn --context --print0 --nopager --heading --noheading --break --nobreak --group --nogroup --underline --nounderline --color --nocolor --colour --nocolour --help-colors --help-rgb-colors --flush --sort-files --show-types --recurse --no-recurse --follow --nofollow --known-types --help-types --env --noenv --ignore-ack-defaults --create-ackrc --dump --filter --nofilter --man --thpppt --bar --cathy --proximate",
		longVal: "--range-start --range-end --match --output --max-count --after-context --before-context --pager --color-filename --color-match --color-colno --color-lineno --files-from --ignore-dir --noignore-dir --ignore-directory --noignore-directory --ignore-file --type --type-set --type-add --type-del --ackrc",
		reads:   "--ackrc", lists: "--files-from", runs: "--pager --output"}
)

// awkOpts is the table of the awks: gawk's options (gawk --help, GNU Awk
// 5.2.1) and the -W implementation options of mawk (mawk -W usage, mawk
// 1.3.4) and gawk (-W followed by a long option's name). -d, -D, -L, -o
// and -p take their value joined, which awkArgs cuts off before parsing
// (gawkOutputs judges the files they name).
var awkOpts = toolOpts{source: "gawk --help, GNU Awk 5.2.1; mawk -W usage, mawk 1.3.4", flags: "bcCdDghILMNnoOpPrsStV", vals: "fFveEilW",
	long: "--characters-as-bytes --traditional --copyright --dump-variables --debug --gen-pot --trace --lint --bignum --use-lc-numeric " +
		"--non-decimal-data --pretty-print --optimize --profile --posix --re-interval --no-optimize --sandbox --lint-old",
	longVal: "--file --field-separator --assign --source --exec --include --load"}

// awkWSafe are the -W options that only print or change how the program
// runs: mawk's (abbreviations allowed) and gawk's long flags.
var awkWSafe = strings.Fields("version dump help interactive random sprintf posix_space usage characters-as-bytes traditional copyright gen-pot trace lint " +
	"bignum use-lc-numeric non-decimal-data optimize posix re-interval no-optimize sandbox lint-old")

// awkArgs returns awk's arguments with the joined value of -d, -D, -L, -o
// and -p cut off: "-d/tmp/vars" is "-d".
func awkArgs(args []field) []field {
	out := slices.Clone(args)
	for n, a := range out {
		if a.dyn || !strings.HasPrefix(a.s, "-") || strings.HasPrefix(a.s, "--") {
			continue
		}
		for j := 1; j < len(a.s); j++ {
			if strings.IndexByte("dDLop", a.s[j]) >= 0 {
				out[n] = field{s: a.s[:j+1], w: a.w}
				break
			}
			if strings.IndexByte(awkOpts.flags, a.s[j]) < 0 {
				break // a value: -F, -v var=val
			}
		}
	}
	return out
}

// awkImplementationOption judges -W NAME[=VALUE]: mawk's exec and gawk's
// file, exec, include, source and load run a program from a file or
// text; a name outside awkWSafe is not modelled.
func (c *cmd) awkImplementationOption(w field) {
	name, val, eq := strings.Cut(w.s, "=")
	if w.dyn {
		c.notModelled("-W " + w.s)
		return
	}
	for _, ok := range awkWSafe {
		if name != "" && strings.HasPrefix(ok, name) {
			return
		}
	}
	for _, prog := range []string{"exec", "file", "include", "load", "source"} {
		if name != "" && strings.HasPrefix(prog, name) {
			c.add(Warning, "runs an awk program or extension from a file (-W "+prog+")", "builtin:awk-file")
			if eq && prog != "source" {
				c.path(accRead, field{s: val})
			}
			return
		}
	}
	c.notModelled("-W " + w.s)
}

// awk runs a program that can write files and run commands: Safe only
// when the program visibly does neither.
func awk(c *cmd) {
	flags, ops := parseOpts(awkArgs(c.rest()), awkOpts.spec())
	for _, f := range flags {
		if !awkOpts.knows(f.name) {
			c.notModelled(f.name)
			break
		}
	}
	for _, w := range values(flags, "W") {
		c.awkImplementationOption(w)
		if n, _, eq := strings.Cut(w.s, "="); !w.dyn && !eq && n != "" && strings.HasPrefix("exec", n) && len(ops) > 0 {
			// mawk -W exec FILE: the program file is the next word.
			flags, ops = append(flags, flag{name: "-E", val: ops[0], hasVal: true}), ops[1:]
		}
	}
	progs := values(flags, "e", "--source")
	c.gawkOutputs()
	if has(flags, "D", "--debug") {
		c.add(Warning, "starts gawk's debugger, which runs the commands it reads", "builtin:awk-file")
	}
	if libs := values(flags, "l", "--load"); len(libs) > 0 {
		c.add(Warning, "loads a compiled extension, which runs code of its own", "builtin:awk-file")
		for _, l := range libs {
			if strings.Contains(l.s, "/") || l.dyn {
				c.path(accRead, l)
			}
		}
	}
	if files := values(flags, "f", "--file", "i", "--include", "E", "--exec"); len(files) > 0 {
		c.add(Warning, "runs an awk program from a file", "builtin:awk-file")
		for _, f := range files {
			if f.s == "inplace" {
				c.add(Warning, "edits files in place", "builtin:awk-inplace")
			}
			c.path(accRead, f)
		}
	} else if len(progs) == 0 && len(ops) > 0 {
		progs, ops = ops[:1], ops[1:]
	}
	level, why := Safe, "processes text"
	for _, p := range progs {
		l, w := judgeAwk(p)
		if l > level {
			level, why = l, w
		}
		if !p.dyn {
			c.awkFiles(p.s)
		}
	}
	c.add(level, why, "builtin:awk")
	for _, op := range ops {
		if !op.dyn && strings.Contains(op.s, "=") && !strings.HasPrefix(op.s, "/") {
			continue // var=value operands set variables
		}
		c.read([]field{op})
	}
}

// gawkOutputs judges gawk's options that write a file, named glued to
// the option or defaulting to one in the current directory: -d
// (--dump-variables, awkvars.out), -p (--profile) and -o
// (--pretty-print, both awkprof.out). Source: gawk --help, GNU Awk 5.2.
func (c *cmd) gawkOutputs() {
	for _, a := range c.rest() {
		if a.s == "--" || !a.dyn && !strings.HasPrefix(a.s, "-") {
			return // options end at the program text or the first file
		}
		src := strings.TrimLeft(a.s, `"'`)
		for _, o := range []struct{ short, long, def string }{{"-d", "--dump-variables", "awkvars.out"}, {"-p", "--profile", "awkprof.out"}, {"-o", "--pretty-print", "awkprof.out"}} {
			var val string
			switch {
			case src == o.short || src == o.long:
				val = o.def
			case strings.HasPrefix(src, o.long+"="):
				val = src[len(o.long)+1:]
			case strings.HasPrefix(src, o.short) && !strings.HasPrefix(src, "--"):
				val = src[2:]
			default:
				continue
			}
			f := field{s: val, glob: a.glob}
			if a.dyn {
				f = field{s: a.s, dyn: true, w: a.w}
			}
			c.add(Warning, "writes "+o.long[2:]+" output to a file", "builtin:awk-file")
			c.path(accWrite, f)
		}
	}
}

var awkInclude = lazyRegexp(`@(include|load|namespace)\s*"`)

var (
	awkGetline = lazyRegexp(`getline[^<;}|]*<\s*("([^"]*)"|[^\s;}]+)`)
	awkOutput  = lazyRegexp(`>>?\s*"([^"]*)"`)
	awkCall    = lazyRegexp(`@[A-Za-z_][A-Za-z_0-9]*\s*\(`)
)

// awkFiles judges the files an awk program reads with getline < FILE and
// writes with print > FILE, and its indirect calls (@name()), which can
// reach system().
func (c *cmd) awkFiles(code string) {
	for _, m := range awkGetline().FindAllStringSubmatch(code, -1) {
		if strings.HasPrefix(m[1], `"`) {
			c.path(accRead, lit(m[2]))
		} else {
			c.add(Warning, "awk program reads a file named at run time", "builtin:awk")
		}
	}
	for _, m := range awkOutput().FindAllStringSubmatch(code, -1) {
		if m[1] != "/dev/stdout" && m[1] != "/dev/stderr" {
			c.path(accWrite, lit(m[1]))
		}
	}
	if awkInclude().MatchString(code) {
		c.add(Warning, "awk program includes a file or loads an extension the classifier does not read", "builtin:awk-file")
	}
	if awkCall().MatchString(stripAwkLiterals(code)) {
		c.add(Dangerous, "awk program calls a function by name, which may be system()", "builtin:awk")
	}
}

// judgeAwk looks for what an awk program can do beyond printing: system(),
// pipes to or from commands, output redirections, extensions.
func judgeAwk(p field) (Level, string) {
	if p.dyn {
		return Warning, "awk program is not known until it runs"
	}
	code := stripAwkLiterals(p.s)
	switch {
	case strings.Contains(code, "system") || strings.Contains(code, "|") || strings.Contains(code, "@load"):
		return Dangerous, "awk program runs commands"
	case awkRedirects(code):
		return Warning, "awk program may write files"
	}
	return Safe, "processes text"
}

// awkRedirects reports whether a print or printf statement in code (with
// literals stripped) sends its output elsewhere: a ">" outside
// parentheses in the statement. Any other ">" compares ("length > 80",
// "($1 > max)", "print ($1 > 5)").
func awkRedirects(code string) bool {
	for i := 0; i < len(code); i++ {
		if !strings.HasPrefix(code[i:], "print") || i > 0 && isAwkWordByte(code[i-1]) {
			continue
		}
		j := i + len("print")
		if strings.HasPrefix(code[j:], "f") {
			j++
		}
		if j < len(code) && isAwkWordByte(code[j]) {
			continue
		}
		depth := 0
	statement:
		for ; j < len(code); j++ {
			switch code[j] {
			case '(', '[':
				depth++
			case ')', ']':
				depth--
			case ';', '}', '\n':
				if depth <= 0 {
					break statement
				}
			case '>':
				if depth <= 0 {
					return true
				}
			}
		}
		i = j
	}
	return false
}

func isAwkWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// stripAwkLiterals blanks out strings and regular expression literals, so
// that "|" in /a|b/ is not taken for a pipe.
func stripAwkLiterals(s string) string {
	var b strings.Builder
	prev := byte('(')
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			b.WriteString(`""`)
			i = j
			prev = '"'
			continue
		case ch == '/' && strings.IndexByte("(,~!&|{;=\n", prev) >= 0:
			j := i + 1
			for j < len(s) && s[j] != '/' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			b.WriteString("//")
			i = j
			prev = '/'
			continue
		}
		b.WriteByte(ch)
		if ch != ' ' && ch != '\t' {
			prev = ch
		}
	}
	return b.String()
}

// sedOpts is GNU sed's table. -i takes its backup suffix joined
// ("-i.bak", "-ni~"), which sedArgs cuts off before parsing.
var sedOpts = toolOpts{source: "sed --help, GNU sed 4.9", flags: "nErsuzi", vals: "efl",
	long:    "--quiet --silent --debug --follow-symlinks --in-place --posix --regexp-extended --separate --sandbox --unbuffered --null-data",
	longVal: "--expression --file --line-length"}

// sedArgs returns sed's arguments with the suffix of a short -i cut off:
// "-i.bak" is "-i", "-ni~" is "-ni".
func sedArgs(args []field) []field {
	out := slices.Clone(args)
	for n, a := range out {
		if a.dyn || !strings.HasPrefix(a.s, "-") || strings.HasPrefix(a.s, "--") {
			continue
		}
		for j := 1; j < len(a.s); j++ {
			if a.s[j] == 'i' {
				out[n] = field{s: a.s[:j+1], w: a.w}
				break
			}
			if strings.IndexByte("nErsuz", a.s[j]) < 0 {
				break // -e's script or -l's number may hold an i
			}
		}
	}
	return out
}

// sed prints text unless -i edits in place; its script can also write
// files (w) and run commands (e), which the script scanner finds.
func sed(c *cmd) {
	flags, ops := parseOpts(sedArgs(c.rest()), sedOpts.spec())
	for _, f := range flags {
		if !sedOpts.knows(f.name) {
			c.notModelled(f.name)
			break
		}
	}
	inPlace := has(flags, "i", "--in-place")
	if inPlace && len(ops) > 0 && ops[0].s == "" && !ops[0].dyn {
		ops = ops[1:] // BSD sed: -i ''
	}
	scripts := values(flags, "e", "--expression")
	if files := values(flags, "f", "--file"); len(files) > 0 {
		c.add(Warning, "runs a sed script from a file", "builtin:sed-file")
		for _, f := range files {
			c.path(accRead, f)
		}
	} else if len(scripts) == 0 && len(ops) > 0 {
		scripts, ops = ops[:1], ops[1:]
	}
	if inPlace {
		c.add(Warning, "edits files in place", "builtin:sed-in-place")
	} else {
		c.add(Safe, "prints text", "builtin:read-only")
	}
	for _, s := range scripts {
		if s.dyn {
			c.add(Warning, "sed script is not known until it runs", "builtin:sed-script")
			continue
		}
		r := scanSed(s.s)
		if r.exec {
			c.add(Dangerous, "sed script runs shell commands", "builtin:sed-exec")
		}
		for _, cmd := range r.cmds {
			c.script(cmd, bashLang)
		}
		if !r.ok {
			c.add(Warning, "sed script not understood", "builtin:sed-script")
		}
		for _, w := range r.writes {
			c.path(accWrite, lit(w))
		}
		for _, rd := range r.reads {
			if rd != "" && rd != "/dev/stdin" {
				c.path(accRead, lit(rd))
			}
		}
	}
	for _, op := range ops {
		if inPlace {
			c.path(accWrite, op)
		} else {
			c.path(accRead, op)
		}
	}
}
