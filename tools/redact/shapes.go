package redact

import (
	"regexp"
	"strings"

	"github.com/agentcli/agent/internal/lazyre"
)

// The shapes secrets take in the files of the credential stores (package
// secrets) and on command lines, whose values may be plain words, so the
// randomness test of key=value pairs would keep them:
//
//	machine host login me password hunter2     netrc, whole line or inline
//	password hunter2 / api-key hunter2         a keyword starting a line, and its value
//	Authorization: token hunter2               an HTTP header with its scheme
//	curl -u me:hunter2 / --user me:hunter2     a command line's user:password
//	mysql -phunter2 / sshpass -p hunter2       a client's password option
//	<password>hunter2</password>               XML (Maven settings, NuGet)
//	host:5432:db:me:hunter2                    .pgpass; shadow files' hashes
//
// Each regular expression runs only when a cheap hint is in the text.
var (
	// authHeader is an Authorization header's credential, after its scheme.
	authHeader = lazyre.New(`(?i)\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:(?:bearer|token|basic|digest|bot|apikey|key|sso-key|negotiate)\s+)?)([^\s"',;]+)`)
	// userPassword is -u USER:PASSWORD and its long forms (curl, wget,
	// http clients).
	userPassword = lazyre.New(`((?:^|\s)(?:-u|-U|--user|--proxy-user|--http-user|--auth)(?:\s+|=)["']?[^\s:'"]+:)([^\s'"]+)`)
	// clientPassword is a database client's glued -pPASSWORD or
	// sshpass's -p PASSWORD.
	clientPassword = lazyre.New(`(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlsh|mariadb|mariadb-dump)\b[^\n]*?\s-p)([^\s'"]+)|(\bsshpass\b[^\n]*?\s-p\s*)([^\s'"]+)`)
	// xmlSecret is an XML element named for a secret.
	xmlSecret = lazyre.New(`(?i)(<(?:password|passwd|passphrase|secret|token|api-?key|api_key|private-?key|access-?key|secret-?key|access-?token|client-?secret)>)([^<]*[^<\s][^<]*)(</)`)
)

// redactShapes replaces the values of the shapes above.
func redactShapes(s string) string {
	s = redactLines(s)
	if hasAny(s, "uthorization", "UTHORIZATION") {
		s = replaceValue(authHeader(), s, 1, 2)
	}
	if hasAny(s, "-u", "-U", "--auth") && strings.IndexByte(s, ':') >= 0 {
		s = userPasswords(s)
	}
	if strings.Contains(s, "-p") && hasAny(s, "mysql", "mariadb", "sshpass") {
		s = clientPassword().ReplaceAllStringFunc(s, func(m string) string {
			sub := clientPassword().FindStringSubmatch(m)
			if sub[1] != "" {
				return sub[1] + maskUnlessEmpty(sub[2])
			}
			return sub[3] + maskUnlessEmpty(sub[4])
		})
	}
	if strings.IndexByte(s, '<') >= 0 && strings.Contains(s, "</") {
		s = xmlSecret().ReplaceAllStringFunc(s, func(m string) string {
			sub := xmlSecret().FindStringSubmatch(m)
			if isPlaceholder(strings.TrimSpace(sub[2])) {
				return m
			}
			return sub[1] + Mask + sub[3]
		})
	}
	return s
}

// replaceValue replaces group val of each match of re with Mask, keeping
// group keep before it, unless the value is a placeholder.
func replaceValue(re *regexp.Regexp, s string, keep, val int) string {
	return re.ReplaceAllStringFunc(s, func(m string) string {
		sub := re.FindStringSubmatch(m)
		if isPlaceholder(sub[val]) {
			return m
		}
		return sub[keep] + Mask + m[len(sub[keep])+len(sub[val]):]
	})
}

// userPasswords masks the password of -u USER:PASSWORD, but not a
// numeric USER:GROUP (docker -u 1000:1000).
func userPasswords(s string) string {
	return userPassword().ReplaceAllStringFunc(s, func(m string) string {
		sub := userPassword().FindStringSubmatch(m)
		user := sub[1][strings.LastIndexAny(sub[1], " \t=\"'")+1 : len(sub[1])-1]
		if isDigits(user) && isDigits(sub[2]) || isPlaceholder(sub[2]) {
			return m
		}
		return sub[1] + Mask
	})
}

func maskUnlessEmpty(v string) string {
	if isPlaceholder(v) {
		return v
	}
	return Mask
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// placeholderWords are values that stand for a secret without being one:
// types in schemas, booleans, prompts.
var placeholderWords = map[string]bool{
	"true": true, "false": true, "null": true, "nil": true, "none": true, "yes": true, "no": true,
	"on": true, "off": true, "required": true, "optional": true, "string": true, "str": true,
	"boolean": true, "bool": true, "number": true, "int": true, "integer": true, "text": true,
	"password": true, "passwd": true, "secret": true, "token": true, "prompt": true, "env": true,
	"file": true, "stdin": true, "default": true, "example": true, "placeholder": true,
	"redacted": true, "hidden": true, "masked": true, "undefined": true, "empty": true,
	"is": true, "was": true, "for": true, "the": true, "and": true, "to": true, "of": true,
	"from": true, "in": true, "with": true, "not": true, "must": true, "should": true,
}

// isPlaceholder reports a value that is not a secret: empty, already
// masked, a reference ($X, ${X}, {{x}}, %s, <x>), a run of one character
// (****), or a placeholder word.
func isPlaceholder(v string) bool {
	v = strings.Trim(v, `"',;`)
	if v == "" || strings.Contains(v, Mask) || strings.ContainsAny(v[:1], "$<{[(%*.:") {
		return true
	}
	if strings.Count(v, v[:1]) == len(v) && len(v) > 2 {
		return true
	}
	return placeholderWords[strings.ToLower(v)]
}

// hasAny reports whether s contains any of subs.
func hasAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// strongKeySuffixes end the names of keys whose value is a secret even
// when it is a plain word (PGPASSWORD=hunter2, passwd=letmein, pwd: x).
// Compared with the key lower-cased and without separators.
var strongKeySuffixes = []string{"password", "passwd", "passphrase", "pwd", "secret", "apikey", "apitoken", "accesstoken", "authtoken", "refreshtoken", "clientsecret", "privatekey"}

// strongKey reports whether key names a secret whatever its value looks
// like. It runs for every key of every pair, so it does not allocate.
func strongKey(key string) bool {
	i := len(key) - 1
	for i >= 0 && (key[i] == '_' || key[i] == '-' || key[i] == '.') {
		i--
	}
	if i < 0 || strings.IndexByte("detynsh", lowerByte(key[i])) < 0 {
		return false // no suffix below ends in another letter
	}
	for _, suf := range strongKeySuffixes {
		if hasSuffixFold(key, suf) {
			return true
		}
	}
	return equalFoldPlain(key, "pass") || equalFoldPlain(key, "token") || equalFoldPlain(key, "auth")
}

// hasSuffixFold reports whether key, lower-cased and without "_", "-" and
// ".", ends with suf (lower case).
func hasSuffixFold(key, suf string) bool {
	i := len(key) - 1
	for j := len(suf) - 1; j >= 0; j-- {
		for i >= 0 && (key[i] == '_' || key[i] == '-' || key[i] == '.') {
			i--
		}
		if i < 0 || lowerByte(key[i]) != suf[j] {
			return false
		}
		i--
	}
	return true
}

// equalFoldPlain reports whether key is w (lower case), ignoring case.
func equalFoldPlain(key, w string) bool {
	return len(key) == len(w) && hasSuffixFold(key, w)
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// lineKeywords start a line whose next word is a secret: netrc's and
// many tools' "password X", "api-key X".
var lineKeywords = []string{"password", "passwd", "passphrase", "api-key", "api_key", "apikey", "api-token", "api_token"}

// redactLines masks the secrets of line-shaped formats, looking only at
// the start of each line: a keyword and its value, a netrc entry
// ("machine H login U password P"), a .pgpass line
// (host:port:db:user:password) and a shadow line (user:$id$salt$hash:...).
func redactLines(s string) string {
	return maskLines(s, lineSecrets)
}

// maskLines returns s with Mask in place of the spans that secrets finds
// in each of its lines (without the newline), given in order and relative
// to the line. It returns s itself when there is none.
func maskLines(s string, secrets func(line string) [][2]int) string {
	var b strings.Builder
	last := 0 // s[:last] is in b
	for start := 0; start < len(s); {
		end := strings.IndexByte(s[start:], '\n')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		for _, r := range secrets(s[start:end]) {
			b.WriteString(s[last : start+r[0]])
			b.WriteString(Mask)
			last = start + r[1]
		}
		start = end + 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// lineSecrets returns the spans of line that are secrets, in order.
func lineSecrets(line string) [][2]int {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	rest := line[i:]
	if len(rest) < 4 {
		return nil
	}
	switch c := lowerByte(rest[0]); {
	case c == 'p' || c == 'a':
		for _, k := range lineKeywords {
			if len(rest) > len(k) && (rest[len(k)] == ' ' || rest[len(k)] == '\t') && strings.EqualFold(rest[:len(k)], k) {
				if v := wordAt(line, i+len(k)); v[1] > v[0] {
					return [][2]int{v}
				}
			}
		}
	case c == 'm' || c == 'd':
		if hasPrefixFold(rest, "machine ") || hasPrefixFold(rest, "default ") || hasPrefixFold(rest, "default\t") || hasPrefixFold(rest, "machine\t") {
			return netrcSecrets(line, i)
		}
	}
	if strings.IndexByte(rest, ':') < 0 || strings.ContainsAny(rest, " \t") {
		return nil
	}
	f := strings.Split(rest, ":")
	switch {
	case len(f) == 5 && (isDigits(f[1]) || f[1] == "*") && f[4] != "" && !isPlaceholder(f[4]):
		// .pgpass: the fifth field, to the end of the line.
		return [][2]int{{len(line) - len(f[4]), len(line)}}
	case len(f) > 2 && strings.HasPrefix(f[1], "$") && strings.Count(f[1], "$") >= 3:
		// A shadow file's crypt(3) hash.
		from := i + len(f[0]) + 1
		return [][2]int{{from, from + len(f[1])}}
	}
	return nil
}

// netrcSecrets returns the values of "password" and "account" in a netrc
// entry that starts at line[i:].
func netrcSecrets(line string, i int) [][2]int {
	var out [][2]int
	for i < len(line) {
		w := rawWordAt(line, i)
		if w[1] <= w[0] {
			break
		}
		word := line[w[0]:w[1]]
		i = w[1]
		if strings.EqualFold(word, "password") || strings.EqualFold(word, "passwd") || strings.EqualFold(word, "account") {
			if v := wordAt(line, i); v[1] > v[0] {
				out = append(out, v)
				i = v[1]
			}
		}
	}
	return out
}

// wordAt returns the span of the next word of line at or after i, after
// spaces; an empty span when there is none or it is a placeholder.
func wordAt(line string, i int) [2]int {
	w := rawWordAt(line, i)
	if w[1] == w[0] || isPlaceholder(line[w[0]:w[1]]) || strings.ContainsAny(line[w[0]:w[0]+1], "=:\"'") {
		return [2]int{w[0], w[0]}
	}
	return w
}

// rawWordAt returns the span of the next word of line at or after i.
func rawWordAt(line string, i int) [2]int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	j := i
	for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' {
		j++
	}
	return [2]int{i, j}
}

func hasPrefixFold(s, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(s[:len(p)], p)
}
