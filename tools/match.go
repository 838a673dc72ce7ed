package tools

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/pattern"
)

// maxBraceExpansions bounds how many patterns one pattern's braces expand
// to.
const maxBraceExpansions = 64

// splitPattern splits a slash-separated glob into segments, folding runs of
// "**" into one (they match the same, and fewer keep matching linear).
func splitPattern(p string) []string {
	var segs []string
	for s := range strings.SplitSeq(p, "/") {
		if s == "" || s == "." {
			continue
		}
		if s == "**" && len(segs) > 0 && segs[len(segs)-1] == "**" {
			continue
		}
		segs = append(segs, s)
	}
	return segs
}

// matchSegments matches path segments against pattern segments: "**"
// matches any number of whole segments (at least one when it ends the
// pattern, so "dir/**" means what is inside dir), others match one segment
// as path.Match does ("*", "?", "[a-z]").
func matchSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			if len(pat) == 1 {
				return len(name) >= 1
			}
			for i := 0; i <= len(name); i++ {
				if matchSegments(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if !segmentMatch(pat[0], name[0]) {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// segmentMatch matches one path segment against one pattern segment as
// the shell does, with the shell parser's own pattern rules
// (mvdan.cc/sh/v3/pattern): "*", "?", bracket expressions with "!" or "^"
// for negation and classes such as [[:digit:]]. Unlike a shell, "*" also
// matches a leading dot, as the tools always have. A segment without
// brackets is matched by path.Match, which reads "*" and "?" the same
// way, without compiling anything.
func segmentMatch(pat, name string) bool {
	if !strings.Contains(pat, "[") {
		ok, _ := path.Match(pat, name)
		return ok
	}
	re := compiledSegment(pat)
	return re != nil && re.MatchString(name)
}

// segmentCache holds the regular expressions of recent bracket segments:
// a walk matches the same few segments against every name it meets.
var segmentCache = struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}{m: map[string]*regexp.Regexp{}}

// compiledSegment returns the regular expression of a pattern segment,
// or nil when the segment is malformed.
func compiledSegment(pat string) *regexp.Regexp {
	segmentCache.Lock()
	defer segmentCache.Unlock()
	if re, ok := segmentCache.m[pat]; ok {
		return re
	}
	var re *regexp.Regexp
	if expr, err := pattern.Regexp(pat, pattern.EntireString|pattern.Filenames|pattern.GlobLeadingDot|pattern.NoGlobStar); err == nil {
		re, _ = regexp.Compile(expr)
	}
	if len(segmentCache.m) >= 256 {
		clear(segmentCache.m)
	}
	segmentCache.m[pat] = re
	return re
}

// hasMeta reports whether a pattern segment has glob syntax.
func hasMeta(seg string) bool { return strings.ContainsAny(seg, `*?[\`) }

// validPattern reports whether every segment of a glob is well formed.
func validPattern(segs []string) bool {
	for _, s := range segs {
		if i := strings.IndexByte(s, '['); i >= 0 {
			// An unclosed bracket is most likely a mistake: say so rather
			// than match it literally as a shell would.
			if !strings.Contains(s[i:], "]") || compiledSegment(s) == nil {
				return false
			}
		} else if _, err := path.Match(s, ""); err != nil {
			return false
		}
	}
	return true
}

// expandBraces expands "{a,b}" alternatives, nested or not:
// "*.{go,md}" is "*.go" and "*.md". A brace without a matching close or
// without a comma is literal. It returns nil when the expansion would pass
// maxBraceExpansions.
func expandBraces(p string) []string {
	out := []string{p}
	for changed := true; changed; {
		changed = false
		var next []string
		for _, s := range out {
			alts, ok := expandFirstBrace(s)
			if !ok {
				next = append(next, s)
				continue
			}
			changed = true
			next = append(next, alts...)
			if len(next) > maxBraceExpansions {
				return nil
			}
		}
		out = next
	}
	return out
}

// expandFirstBrace expands the first brace group of s that has a comma at
// its top level.
func expandFirstBrace(s string) ([]string, bool) {
	for open := 0; open < len(s); open++ {
		if s[open] == '\\' {
			open++
			continue
		}
		if s[open] != '{' {
			continue
		}
		depth, commas := 0, []int{}
		for i := open; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case '{':
				depth++
			case ',':
				if depth == 1 {
					commas = append(commas, i)
				}
			case '}':
				depth--
				if depth == 0 && len(commas) > 0 {
					var alts []string
					start := open + 1
					for _, c := range append(commas, i) {
						alts = append(alts, s[:open]+s[start:c]+s[i+1:])
						start = c + 1
					}
					return alts, true
				}
			}
			if depth == 0 {
				break
			}
		}
	}
	return nil, false
}
