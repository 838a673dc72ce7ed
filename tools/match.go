package tools

import (
	"path"
	"strings"
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
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// hasMeta reports whether a pattern segment has glob syntax.
func hasMeta(seg string) bool { return strings.ContainsAny(seg, `*?[\`) }

// validPattern reports whether every segment of a glob is well formed.
func validPattern(segs []string) bool {
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
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
