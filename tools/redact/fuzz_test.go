package redact

import (
	"strings"
	"testing"
)

// FuzzRedact checks the redactor's promises on any text around a secret:
// an environment value, a token of each known format and a private key
// never survive, and redacting twice changes nothing more than once.
func FuzzRedact(f *testing.F) {
	keys := privateKeys(f)
	var keyList []string
	for _, k := range keys {
		keyList = append(keyList, k)
	}
	f.Add("plain text", "v3ry-s3cret-value-42", uint8(0))
	f.Add("DB_PASSWORD=", "hunter2hunter2", uint8(7))
	f.Add("-----BEGIN RSA PRIVATE KEY-----\n", "abcdefgh", uint8(3))
	f.Add("-----END OPENSSH PRIVATE KEY-----", "Zq8F1LmN0pXr7TbW", uint8(12))
	f.Add("postgres://u:pw@h …", "sk-proj-abcdefghijklmnop", uint8(30))
	f.Add("token: ghp_abc… Bearer ", "1234567890", uint8(40))
	f.Fuzz(func(t *testing.T, text, secret string, pick uint8) {
		if validSecret(secret) {
			r := New(secret)
			out := r.String(text + " " + secret + " " + text)
			if strings.Contains(out, secret) {
				t.Fatalf("String kept the value %q: %q", secret, out)
			}
			if again := r.String(out); again != out {
				t.Fatalf("String is not idempotent:\nonce:  %q\ntwice: %q", out, again)
			}
		}
		r := New()
		s := tokenSamples[int(pick)%len(tokenSamples)]
		out := r.String(text + " " + s.token + " " + text)
		if body := strings.TrimPrefix(s.token, s.kept); strings.Contains(out, body) && !strings.Contains(text, body) {
			t.Fatalf("String kept the %s: %q", s.name, out)
		}
		if again := r.String(out); again != out {
			t.Fatalf("String is not idempotent:\nonce:  %q\ntwice: %q", out, again)
		}
		key := keyList[int(pick)%len(keyList)]
		out = r.String(text + "\n" + key + text)
		if line := leaked(key, out); line != "" && !strings.Contains(text, line) {
			t.Fatalf("String kept the key's line %q", line)
		}
		if again := r.String(out); again != out {
			t.Fatalf("String is not idempotent:\nonce:  %q\ntwice: %q", out, again)
		}
	})
}

// validSecret is what New takes as a value worth redacting, made of the
// characters environment secrets are made of (a value that contains the
// mask or is made of it is not a meaningful test).
func validSecret(s string) bool {
	if len(s) < MinValueLen || strings.TrimSpace(s) != s {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
