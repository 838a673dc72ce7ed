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
	// exact takes long option names only as spelt in long, never as
	// abbreviations: pytest's "--co" is not "--color".
	exact bool
	// flags lists long options without an argument: one spelt in full
	// is never an abbreviation of a longer one that takes an argument
	// (behave's --junit is not --junit-directory).
	flags []string
}

// parseOpts splits args (without the command name) into options and
// operands. A dynamic field is an operand: its value is not known, so the
// callers treat it as possibly anything.
func parseOpts(args []field, sp optSpec) (flags []flag, ops []field) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if f, ok := dynOption(a, sp); ok {
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
			f := flag{name: name}
			if eq {
				f.val, f.hasVal = field{s: val, glob: a.glob, w: a.w}, true
			} else if (sp.exact && slices.Contains(sp.long, name) || !sp.exact && !slices.Contains(sp.flags, name) && takesLong(name, sp.long)) && i+1 < len(args) {
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
func dynOption(a field, sp optSpec) (flag, bool) {
	if !a.dyn {
		return flag{}, false
	}
	src := strings.TrimLeft(a.s, `"'`)
	val := field{s: a.s, dyn: true} // no word: the known prefix is the option name
	if name, _, ok := strings.Cut(src, "="); ok && strings.HasPrefix(name, "--") && !strings.ContainsAny(name, "$`\"'") {
		return flag{name: name, val: val, hasVal: true}, true
	}
	if len(src) > 2 && src[0] == '-' && src[1] != '-' && strings.IndexByte(sp.short, src[1]) >= 0 {
		return flag{name: src[:2], val: val, hasVal: true}, true
	}
	return flag{}, false
}

// takesLong reports whether the long option name, possibly abbreviated as
// getopt_long allows, is one of long.
func takesLong(name string, long []string) bool {
	for _, l := range long {
		if longMatch(name, l) {
			return true
		}
	}
	return false
}

// longMatch reports whether name is the long option l or an abbreviation
// of it, since GNU tools accept "--rec" for "--recursive".
func longMatch(name, l string) bool {
	return name == l || (len(name) > 2 && strings.HasPrefix(l, name))
}

// has reports whether any of the options is set: single letters for
// short options ("r" for -r), "--names" for long ones.
func has(flags []flag, names ...string) bool {
	for _, f := range flags {
		for _, n := range names {
			if matchFlag(f.name, n) {
				return true
			}
		}
	}
	return false
}

func matchFlag(got, want string) bool {
	if strings.HasPrefix(want, "--") {
		return longMatch(got, want)
	}
	if strings.HasPrefix(want, "-") {
		return got == want
	}
	return len(got) == 2 && got[1:] == want
}

// value returns the argument of the last of the named options that is set.
func value(flags []flag, names ...string) (field, bool) {
	for i := len(flags) - 1; i >= 0; i-- {
		for _, n := range names {
			if matchFlag(flags[i].name, n) && flags[i].hasVal {
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
			if matchFlag(f.name, n) && f.hasVal {
				out = append(out, f.val)
				break
			}
		}
	}
	return out
}
