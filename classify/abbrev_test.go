package classify

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// helpKnows reports whether a table knows the option name as a tool's
// --help (or source) prints it: by its name, or, for a tool that
// abbreviates, as the start of a name the table lists, since the help
// pages are scraped by patterns that stop at a "." or a wrapped line
// (meson's --build.pkg-config-path comes out as --build).
func (o *toolOpts) helpKnows(name string) bool {
	if o.knows(name) {
		return true
	}
	if strings.HasPrefix(name, "--") && len(name) > 3 && !o.exact {
		for l := range o.known {
			if strings.HasPrefix(l, name) {
				return true
			}
		}
	}
	return false
}

// unlistedAsks counts what askedUnlisted is told while the tests run,
// and keeps the last pair.
var unlistedAsks struct {
	sync.Mutex
	n    int
	last string
}

func init() {
	askedUnlisted = func(got, want string) {
		unlistedAsks.Lock()
		unlistedAsks.n++
		unlistedAsks.last = want + " (as " + got + ")"
		unlistedAsks.Unlock()
	}
}

// abbreviations returns cmd with one long option word cut short, for
// every long option word and every cut that leaves at least two letters.
func abbreviations(cmd string) []string {
	var out []string
	words := strings.Split(cmd, " ")
	for i, w := range words {
		name, val, eq := strings.Cut(w, "=")
		if !longWord.MatchString(name) {
			continue
		}
		for n := 4; n < len(name); n++ {
			cut := name[:n]
			if eq {
				cut += "=" + val
			}
			out = append(out, strings.Join(slices.Concat(words[:i], []string{cut}, words[i+1:]), " "))
		}
	}
	return out
}

var longWord = regexp.MustCompile(`^--[a-z][a-z0-9-]+$`)

// TestHandlersAskOnlyForListedNames judges every corpus command with
// each long option cut short, as getopt_long lets a person write it, and
// fails where a handler asked for a long option its spec does not list
// and the cut word may abbreviate it. Such a word is taken for the
// option (the spec cannot say otherwise), but the spec is then blind to
// an option given in full that is a prefix of the one asked for, which
// is the class of attack exact names close: list the name in the spec.
func TestHandlersAskOnlyForListedNames(t *testing.T) {
	found := map[string]string{}
	for _, r := range readCorpus(t) {
		for _, cmd := range abbreviations(r.cmd) {
			unlistedAsks.Lock()
			before := unlistedAsks.n
			unlistedAsks.Unlock()
			Classify(shellAction(cmd), Policy{})
			unlistedAsks.Lock()
			asked, last := unlistedAsks.n != before, unlistedAsks.last
			unlistedAsks.Unlock()
			if _, seen := found[last]; asked && !seen {
				found[last] = cmd
			}
		}
	}
	for asked, cmd := range found {
		t.Errorf("judging %q, a handler asked for %s, which its spec does not list", cmd, asked)
	}
}
