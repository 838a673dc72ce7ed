package classify

import "strings"

// nimSource is where nimOptions come from.
const nimSource = "nim --fullhelp, Nim 1.6.10 (Debian 12 nim)"

// nimOptions are the options nim --fullhelp lists, normalized as nim
// compares them (lower case, no underscores). A value is joined with
// ":" or "=" (-o:FILE, --out=FILE), never the next word.
var nimOptions = optionSet(strings.ToLower(`app asm assertions backend benchmarkvm boundchecks cc checks cincludes clearnimblepath clib clibdir colors
compileonly cppcompiletonamespace cpu debugger debuginfo declaredlocs deepcopy define defusages doccmd docinternal docroot docseesrcurl
dynliboverride dynliboverrideall embedsrc errormax eval exceptions excessivestacktrace excludepath expandarc expandmacro experimental
fieldchecks filenames floatchecks forcebuild fullhelp genscript help hint hintaserror hints hotcodereloading implicitstatic import include
incremental index infchecks legacy lib linedir linetrace listcmd maxloopiterationsvm mm multimethods nanchecks nimblepath nimcache
nimmainprefix nolinking nomain nonimblepath objchecks opt os out outdir overflowchecks panics parallelbuild passc passl path processing
profilevm project putenv rangechecks run showallmismatches sinkinference skipcfg skipparentcfg skipprojcfg skipusercfg spellsuggest
stacktrace stacktracemsgs stdout stylecheck threads tlsemulation trmacros undef unitsep usenimcache useversion verbosity version
warning warningaserror warnings a b c d f h l o p r t u v w x`))

// nimLong are the long names of nim's one-letter options.
var nimLong = map[string]string{"p": "path", "d": "define", "u": "undef", "f": "forcebuild", "x": "checks", "a": "assertions",
	"r": "run", "h": "help", "v": "version", "o": "out", "w": "warnings", "c": "compileonly", "t": "passc", "l": "passl", "b": "backend"}

// nimCompiles are the commands that compile or document the project
// (running its macros and configuration scripts) without running it.
var nimCompiles = optionSet("c cc compile compiletoc cpp compiletocpp objc compiletooc js check doc doc2 rst2html rst2tex doc2tex jsondoc ctags buildindex gendepend dump")

// nim judges the Nim compiler by nim --fullhelp: compiling runs the
// project's macros and NimScript configuration; "nim e", "r", --run,
// --eval and the options that choose or configure the C toolchain run
// programs; outputs, imported modules and search paths go by the path
// rules.
func nim(c *cmd) {
	var words []field
	runs := false
	for _, a := range c.rest() {
		if a.dyn || !strings.HasPrefix(a.s, "-") || a.s == "-" {
			words = append(words, a)
			continue
		}
		// The value follows the first ":" or "=".
		name, val, hasVal := strings.TrimLeft(a.s, "-"), "", false
		if i := strings.IndexAny(name, ":="); i >= 0 {
			name, val, hasVal = name[:i], name[i+1:], true
		}
		norm := strings.ReplaceAll(strings.ToLower(name), "_", "")
		if l, ok := nimLong[norm]; ok {
			norm = l
		}
		v := field{s: val, glob: a.glob, w: a.w}
		switch {
		case !nimOptions[norm] && !nimOptions[strings.ToLower(name)]:
			if strings.HasSuffix(norm, ".exe") || strings.HasSuffix(norm, ".linkerexe") || strings.HasSuffix(norm, ".options.always") || strings.HasSuffix(norm, ".options.linker") {
				c.add(Warning, "names the C compiler or linker program or its options ("+shorten(a.s)+")", "builtin:tool-program")
				continue
			}
			c.notModelled(a.s)
		case norm == "run" || norm == "eval" || norm == "passc" || norm == "passl" || norm == "cc" || norm == "putenv" || norm == "doccmd":
			c.add(Warning, "runs a program or passes options to the C toolchain ("+shorten(a.s)+")", "builtin:tool-program")
			runs = runs || norm == "run" || norm == "eval"
		case !hasVal:
		case norm == "out" || norm == "outdir" || norm == "nimcache":
			c.output(v)
		case norm == "import" || norm == "include":
			c.path(accRead, v)
		case norm == "defusages":
			file, _, _ := strings.Cut(val, ",")
			c.path(accRead, field{s: file, glob: a.glob, w: a.w})
		case norm == "path" || norm == "lib" || norm == "cincludes" || norm == "clibdir" || norm == "nimblepath" || norm == "docroot":
			c.searchDir(v)
		}
	}
	cmd := lower(first(words))
	switch {
	case len(words) == 0:
		c.add(Safe, "prints nim's usage or version", "builtin:read-only")
	case words[0].dyn:
		c.add(Warning, "runs a nim command that is not known until it runs", "builtin:interpreter")
	case nimCompiles[cmd] && !runs:
		c.add(Safe, "compiles the project, running its macros", "builtin:build")
		if len(words) > 1 {
			c.read(words[1:2])
		}
	default:
		c.add(Warning, "runs a Nim script or program", "builtin:interpreter")
	}
}
