package classify

import (
	"slices"
	"strings"
)

// flag is one option of a command line after GNU-style parsing.
type flag struct {
	// name is "-x" for a short option or "--name" for a long one.
	name string
	// val is the option's argument, when it takes one.
	val    field
	hasVal bool
	// ambiguous says name is an abbreviation of several of the spec's
	// long names, which getopt_long refuses: it stands for each of them.
	ambiguous bool
	// typed is a long option's name as the word gives it, and in the
	// spec it was parsed by: a name a handler asks for that the spec
	// does not list may be abbreviated by typed (see is).
	typed string
	in    *optSpec
}

// optSpec says how a command parses its options.
type optSpec struct {
	// short lists the short options that take an argument.
	short string
	// long lists the long options that take an argument.
	long []string
	// stop ends options at the first operand, as POSIX utilities and
	// every wrapper do; GNU tools otherwise accept options anywhere.
	stop bool
	// oneDash reads every option as a whole name, as Go's flag package
	// and Java tools do: -run and --run are the option "-run", never the
	// letters r, u, n. long lists such names with one dash.
	oneDash bool
	// noVal lists long options without a value. With long it is every
	// long name the parse knows: a word that abbreviates exactly one of
	// them is read as that name, and a name given in full is never the
	// abbreviation of a longer one (tar's --list is not
	// --listed-incremental), as getopt_long does. A long name a handler
	// asks for belongs in one of the two lists: otherwise any word that
	// begins it is taken for it (see flag.is), even another option given
	// in full.
	noVal []string
	// exact matches long options whole: yargs, commander, cac, click and
	// clap take no abbreviations, so --coverage is never
	// --coverageDirectory.
	exact bool
	// complete says long and noVal are every long option the tool has
	// (a table's spec), so a word is exactly what they resolve it to;
	// specs written inside a handler list only some.
	complete bool
	// shared is the table's own copy of this spec, which flags point to
	// instead of a copy of their own; nil for a spec written inline.
	shared *optSpec
}

// resolveLong reads the long option word name ("--name", without any
// "=value") as getopt_long does: a name of the spec given in full is
// that name, even when it begins a longer one; otherwise a prefix of
// exactly one name is that name. full is the name read (the word
// itself when it is none of the spec's), ambiguous says the word
// abbreviates several of them (full is then the word), and val that the
// option takes a value (for an ambiguous word: that one of its names
// does). Tools that never abbreviate (exact, oneDash) get exact names
// only.
func (sp optSpec) resolveLong(name string) (full string, ambiguous, val bool) {
	if slices.Contains(sp.long, name) {
		return name, false, true
	}
	if slices.Contains(sp.noVal, name) {
		return name, false, false
	}
	if sp.exact || sp.oneDash || len(name) <= 2 {
		return name, false, false
	}
	var found []string
	for i, list := range [][]string{sp.long, sp.noVal} {
		for _, l := range list {
			if strings.HasPrefix(l, name) && !slices.Contains(found, l) {
				found = append(found, l)
				val = val || i == 0
			}
		}
	}
	switch len(found) {
	case 0:
		return name, false, false
	case 1:
		return found[0], false, val
	}
	return name, true, val
}

// parseOpts splits args (without the command name) into options and
// operands. A dynamic field is an operand: its value is not known, so the
// callers treat it as possibly anything.
func parseOpts(args []field, sp optSpec) (flags []flag, ops []field) {
	in := sp.shared // sp for the long options' flags; an inline spec is copied on the first
	spec := func() *optSpec {
		if in == nil {
			c := sp
			in = &c
		}
		return in
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if f, ok := dynOption(a, sp); ok {
			if f.typed != "" {
				f.in = spec()
			}
			flags = append(flags, f)
			continue
		}
		switch {
		case a.dyn || a.s == "-" || len(a.s) < 2 || a.s[0] != '-':
			if sp.stop {
				return flags, append(ops, args[i:]...)
			}
			ops = append(ops, a)
		case a.s == "--":
			return flags, append(ops, args[i+1:]...)
		case sp.oneDash:
			name, val, eq := strings.Cut("-"+strings.TrimLeft(a.s, "-"), "=")
			f := flag{name: name}
			if eq {
				f.val, f.hasVal = field{s: val, glob: a.glob, w: a.w}, true
			} else if slices.Contains(sp.long, name) && i+1 < len(args) {
				i++
				f.val, f.hasVal = args[i], true
			}
			flags = append(flags, f)
		case strings.HasPrefix(a.s, "--"):
			name, val, eq := strings.Cut(a.s, "=")
			full, ambiguous, takes := sp.resolveLong(name)
			f := flag{name: full, ambiguous: ambiguous, typed: name, in: spec()}
			if eq {
				f.val, f.hasVal = field{s: val, glob: a.glob, w: a.w}, true
			} else if takes && i+1 < len(args) {
				i++
				f.val, f.hasVal = args[i], true
			}
			flags = append(flags, f)
		default:
			for j := 1; j < len(a.s); j++ {
				f := flag{name: "-" + a.s[j:j+1]}
				if strings.IndexByte(sp.short, a.s[j]) >= 0 {
					if j+1 < len(a.s) {
						f.val, f.hasVal = field{s: a.s[j+1:], glob: a.glob, w: a.w}, true
					} else if i+1 < len(args) {
						i++
						f.val, f.hasVal = args[i], true
					}
					flags = append(flags, f)
					break
				}
				flags = append(flags, f)
			}
		}
	}
	return flags, ops
}

// dynOption reads a dynamic word whose option name is literal, such as
// --output="$X" or -o$X, as that option with a value that is not known.
// A long option's flag gets its spec (in) from the caller.
func dynOption(a field, sp optSpec) (flag, bool) {
	if !a.dyn {
		return flag{}, false
	}
	src := strings.TrimLeft(a.s, `"'`)
	val := field{s: a.s, dyn: true} // no word: the known prefix is the option name
	if name, _, ok := strings.Cut(src, "="); ok && strings.HasPrefix(name, "--") && !strings.ContainsAny(name, "$`\"'") {
		full, ambiguous, _ := sp.resolveLong(name)
		return flag{name: full, val: val, hasVal: true, ambiguous: ambiguous, typed: name}, true
	}
	if len(src) > 2 && src[0] == '-' && src[1] != '-' && strings.IndexByte(sp.short, src[1]) >= 0 {
		return flag{name: src[:2], val: val, hasVal: true}, true
	}
	return flag{}, false
}

// takesLong reports whether the long option name, given in full, is one
// of long.
func takesLong(name string, long []string) bool {
	return slices.Contains(long, name)
}

// longMatch reports whether the word name is the long option l or an
// abbreviation of it, for handlers that read words themselves rather
// than through parseOpts (git's parse-options, chmod's --recursive).
// It cannot tell a shorter option given in full from an abbreviation of
// l, so a handler using it must know that no option of the tool is a
// prefix of l.
func longMatch(name, l string) bool {
	return name == l || (len(name) > 2 && strings.HasPrefix(l, name))
}

// has reports whether any of the options is set: single letters for
// short options ("r" for -r), "--names" for long ones. Names are
// compared whole, parseOpts having read an abbreviation as the name it
// stands for (see flag.is).
func has(flags []flag, names ...string) bool {
	for _, f := range flags {
		for _, n := range names {
			if f.is(n) {
				return true
			}
		}
	}
	return false
}

// is reports whether f is the option want: "r" for -r, "-name" or
// "--name" whole, an abbreviation having been read as the name it stands
// for when parsed. An ambiguous abbreviation is each of the names it
// begins, so that every check it could stand for is made. A long name
// that a spec written inside a handler does not list may be abbreviated
// by what the word gives, unless the word is one of the spec's names in
// full, since such a spec cannot say otherwise (most list only the
// options that take a value); a table's spec lists every name, so a
// name it lacks is none of the tool's.
func (f flag) is(want string) bool {
	if !strings.HasPrefix(want, "--") {
		return matchFlag(f.name, want)
	}
	switch {
	case f.name == want:
		return true
	case f.ambiguous:
		return strings.HasPrefix(want, f.name)
	case f.in == nil || f.in.complete || f.in.exact || f.in.oneDash || len(f.typed) <= 2 || !strings.HasPrefix(want, f.typed) || f.in.lists(want):
		return false
	case f.in.lists(f.typed):
		return false // a name given in full is that name, never an abbreviation
	}
	if askedUnlisted != nil {
		askedUnlisted(f.typed, want)
	}
	return true
}

// lists reports whether the long option name is one of the spec's.
func (sp *optSpec) lists(name string) bool {
	return slices.Contains(sp.long, name) || slices.Contains(sp.noVal, name)
}

// askedUnlisted, set by tests before any runs, is told when a handler
// asks for a long option its spec does not list and a word may
// abbreviate it: a sign that the name is missing from the spec.
var askedUnlisted func(got, want string)

// matchFlag reports whether the option name got is want: "r" for -r,
// "-name" or "--name" whole.
func matchFlag(got, want string) bool {
	if strings.HasPrefix(want, "-") {
		return got == want
	}
	return len(got) == 2 && got[1:] == want
}

// value returns the argument of the last of the named options that is set.
func value(flags []flag, names ...string) (field, bool) {
	for i := len(flags) - 1; i >= 0; i-- {
		for _, n := range names {
			if flags[i].is(n) && flags[i].hasVal {
				return flags[i].val, true
			}
		}
	}
	return field{}, false
}

// values returns the arguments of every one of the named options.
func values(flags []flag, names ...string) []field {
	var out []field
	for _, f := range flags {
		for _, n := range names {
			if f.is(n) && f.hasVal {
				out = append(out, f.val)
				break
			}
		}
	}
	return out
}
