// Package redact removes secrets from text before it is written to disk:
// the values of secret environment variables, private keys of every kind
// (PEM, OpenSSH, PGP), strings that look like API keys or tokens (known
// formats such as sk-, ghp_, github_pat_, xoxb-, AKIA..., JWTs; also when
// cut short with an ellipsis), passwords in URLs, long high-entropy
// values in key=value pairs, and passwords that are plain words in the
// shapes credential files and command lines give them (shapes.go: netrc,
// "password X" lines, Authorization headers, curl -u, mysql -p, XML
// elements, .pgpass).
//
// It is a filter, not a guarantee: a secret it has not been told about and
// that looks like ordinary text passes through. It never changes text that
// holds nothing it recognises.
package redact

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// Mask replaces every secret found.
const Mask = "[REDACTED]"

// MinValueLen is the shortest secret value redacted by value: shorter values
// ("1", "true", "dev") would mask ordinary words all over the text.
const MinValueLen = 8

// secretKeyWords are parts of a key name that say its value is a secret.
// ("auth" alone would take "author").
var secretKeyWords = []string{"key", "token", "secret", "passw", "pwd", "credential", "private", "authorization", "auth_", "_auth", "auth-", "oauth"}

// Redactor replaces secrets in text. The zero value redacts by shape only;
// New adds exact values. A Redactor is immutable and safe for concurrent
// use; a nil *Redactor redacts by shape too.
type Redactor struct {
	values   []string // longest first, so a value containing another wins
	replacer *strings.Replacer
}

// New returns a Redactor that also replaces each of values wherever it
// occurs. Values shorter than MinValueLen are ignored.
func New(values ...string) *Redactor {
	var vs []string
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) >= MinValueLen && !slices.Contains(vs, v) {
			vs = append(vs, v)
		}
	}
	slices.SortFunc(vs, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	r := &Redactor{values: vs}
	if len(vs) > 0 {
		pairs := make([]string, 0, 2*len(vs))
		for _, v := range vs {
			pairs = append(pairs, v, Mask)
		}
		r.replacer = strings.NewReplacer(pairs...)
	}
	return r
}

// String returns s with every secret replaced by Mask (keeping a
// recognisable prefix such as "sk-" or "API_KEY=").
func (r *Redactor) String(s string) string {
	if s == "" {
		return s
	}
	if r != nil && r.replacer != nil && r.holdsValue(s) {
		s = r.replacer.Replace(s)
	}
	if len(s) < MinValueLen {
		return s
	}
	s = redactKeys(s)
	s = redactTokens(s)
	s = redactURLs(s)
	s = redactShapes(s)
	return redactPairs(s)
}

// maxScannedValues is how many values holdsValue looks for one by one;
// past it the replacer's single pass is cheaper.
const maxScannedValues = 16

// holdsValue reports whether s may hold one of the values. Looking for a
// few values with strings.Contains (vectorised) is much cheaper than the
// replacer's pass, which goes byte by byte through a trie, on text that
// holds none, as most text does.
func (r *Redactor) holdsValue(s string) bool {
	if len(r.values) > maxScannedValues {
		return true
	}
	for _, v := range r.values {
		if strings.Contains(s, v) {
			return true
		}
	}
	return false
}

// Shaped reports whether s holds a secret recognisable by its shape alone:
// a private key, a token of a known format (see tokens.go), or a URL with
// credentials. It is the test for environment values that must not reach
// commands whatever their variable's name.
func Shaped(s string) bool {
	return keyMarker().MatchString(s) || hasToken(s) || hasURLCredentials(s)
}

// Bytes is String for a byte slice; it returns b itself when nothing was
// replaced.
func (r *Redactor) Bytes(b []byte) []byte {
	s := string(b)
	out := r.String(s)
	if out == s {
		return b
	}
	return []byte(out)
}

// redactPairs replaces the secret-looking values of key=value and
// key: value pairs (also quoted, as in JSON), keeping the key. It scans
// once, without regular expressions: most text has many '=' and ':'.
func redactPairs(s string) string {
	var b strings.Builder
	last := 0 // s[:last] is in b, or b is empty and nothing was replaced
	// The next '=' and ':' at or after i, found with IndexByte
	// (vectorised) and each looked for again only once passed; -1 when
	// there is none left.
	eq, colon := indexFrom(s, 0, '='), indexFrom(s, 0, ':')
	for i := 0; i < len(s); i++ {
		if eq >= 0 && eq < i {
			eq = indexFrom(s, i, '=')
		}
		if colon >= 0 && colon < i {
			colon = indexFrom(s, i, ':')
		}
		switch {
		case eq < 0 && colon < 0:
			i = len(s)
			continue
		case eq < 0 || colon >= 0 && colon < eq:
			i = colon
		default:
			i = eq
		}
		key := keyBefore(s, i)
		if key == "" {
			continue
		}
		start := i + 1
		for start < len(s) && (s[start] == ' ' || s[start] == '\t') {
			start++
		}
		if start < len(s) && (s[start] == '"' || s[start] == '\'') {
			start++
		}
		end := start
		for end < len(s) && !isValueEnd(s[end]) {
			end++
		}
		value := s[start:end]
		if !looksSecret(key, value) {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(Mask)
		last, i = end, end-1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// indexFrom returns the index of the first c in s at or after from, or -1.
func indexFrom(s string, from int, c byte) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

// keyBefore returns the key name that ends at s[i] ('=' or ':'), skipping
// spaces and a closing quote; "" when there is none or it does not start
// with a letter.
func keyBefore(s string, i int) string {
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	if j > 0 && (s[j-1] == '"' || s[j-1] == '\'') {
		j--
	}
	end := j
	for j > 0 && isKeyByte(s[j-1]) {
		j--
	}
	for j < end && (s[j] == '_' || s[j] == '-' || s[j] == '.') {
		j++ // npm's "_authToken", "--password"
	}
	if j == end || !isLetter(s[j]) {
		return ""
	}
	return s[j:end]
}

func isKeyByte(c byte) bool {
	return isLetter(c) || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isValueEnd reports whether c ends a value: white space, quotes and the
// separators of lists and query strings.
func isValueEnd(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '&', ',', ';':
		return true
	}
	return false
}

// looksSecret judges the value of a key=value pair: any value of a key
// named for a password or a secret (strongKey) that is not a placeholder,
// any value of a key named like a secret that is not a plain word or a
// reference, or a long value of any key that is as random as a generated
// token.
func looksSecret(key, value string) bool {
	if strings.Contains(value, Mask) || strings.HasPrefix(value, "$") || strings.HasPrefix(value, "${") {
		return false
	}
	if strongKey(key) {
		// A password is a secret even when it is a short plain word;
		// pwd is also the working directory, which is a path.
		return len(value) >= 4 && !isPlaceholder(value) &&
			!(strings.HasSuffix(strings.ToLower(key), "pwd") && strings.ContainsAny(value[:1], "/~"))
	}
	if len(value) < MinValueLen {
		return false
	}
	k := strings.ToLower(key)
	for _, w := range secretKeyWords {
		if strings.Contains(k, w) {
			// "token=true", "password: string" are not secrets; anything
			// with a digit or a symbol among letters is taken to be one.
			return hasClasses(value, 2)
		}
	}
	// Hex (commit hashes) and UUIDs lack upper case; words and paths are
	// not this random.
	return len(value) >= 24 && hasAlnumClasses(value) && entropy(value) >= 3.8
}

// hasClasses reports whether s mixes at least n of: lower case, upper
// case, digits, other characters.
func hasClasses(s string, n int) bool {
	lower, upper, digit, other := classes(s)
	return lower+upper+digit+other >= n
}

// hasAlnumClasses reports whether s has lower case, upper case and digits.
func hasAlnumClasses(s string) bool {
	lower, upper, digit, _ := classes(s)
	return lower+upper+digit == 3
}

// classes returns 1 for each kind of character s holds.
func classes(s string) (lower, upper, digit, other int) {
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z':
			lower = 1
		case c >= 'A' && c <= 'Z':
			upper = 1
		case c >= '0' && c <= '9':
			digit = 1
		default:
			other = 1
		}
	}
	return lower, upper, digit, other
}

// entropy is the Shannon entropy of s in bits per character. Random base64
// is near 6 for long strings and above 4 at 24 characters; hex (commit
// hashes) is at most 4; words are around 3.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}
