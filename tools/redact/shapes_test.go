package redact

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentcli/agent/classify/secrets"
)

// The shapes of issue 23: each keeps its key or keyword and loses a value
// that is a plain word, which the randomness test alone would keep.
func TestStringRedactsPlainWordSecretShapes(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"a netrc line", "machine example.com login me password hunter2", "machine example.com login me password [REDACTED]"},
		{"a netrc password on its own line", "machine example.com\n  login me\n  password hunter2\n", "machine example.com\n  login me\n  password [REDACTED]\n"},
		{"a default netrc entry", "default login anonymous password letmein", "default login anonymous password [REDACTED]"},
		{"an api-key line", "api-key opensesame", "api-key [REDACTED]"},
		{"an api_key line, indented", "  api_key opensesame", "  api_key [REDACTED]"},
		{"an Authorization token header", "Authorization: token hunter2", "Authorization: token [REDACTED]"},
		{"a Basic header", "authorization: Basic bWU6aHVudGVyMg==", "authorization: Basic [REDACTED]"},
		{"a header in a curl command", `curl -H "Authorization: token hunter2" https://x`, `curl -H "Authorization: token [REDACTED]" https://x`},
		{"curl -u", "curl -u me:hunter2 https://example.com", "curl -u me:[REDACTED] https://example.com"},
		{"curl --user=", "curl --user=me:hunter2 https://example.com", "curl --user=me:[REDACTED] https://example.com"},
		{"mysql -p glued", "mysql -u root -phunter2 app", "mysql -u root -p[REDACTED] app"},
		{"sshpass -p", "sshpass -p hunter2 ssh host", "sshpass -p [REDACTED] ssh host"},
		{"PGPASSWORD", "PGPASSWORD=hunter2 psql", "PGPASSWORD=[REDACTED] psql"},
		{"passwd=", "passwd=letmein", "passwd=[REDACTED]"},
		{"pwd:", "pwd: letmein", "pwd: [REDACTED]"},
		{"a JDBC URL", "jdbc:mysql://db/app?user=me&password=hunter2&ssl=true", "jdbc:mysql://db/app?user=me&password=[REDACTED]&ssl=true"},
		{"XML", "<server><password>hunter2</password></server>", "<server><password>[REDACTED]</password></server>"},
		{"XML apiKey", "<apiKey>opensesame</apiKey>", "<apiKey>[REDACTED]</apiKey>"},
		{"YAML", "  password: hunter2", "  password: [REDACTED]"},
		{"INI", "password = hunter2", "password = [REDACTED]"},
		{"a JSON token", `{"token": "opensesame"}`, `{"token": "[REDACTED]"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := New().String(tt.in); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// What looks like those shapes but holds no secret stays as it is.
func TestStringLeavesLookalikesAlone(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		"docker run -u 1000:1000 image",
		"pwd: /home/me/src",
		"password: string",
		"token=true",
		"Enter your password below",
		"the api key is in the vault",
		"<password>${env.DB_PASSWORD}</password>",
		"password: ********",
		"mysql -p app",
		"max_tokens=4096",
		"Token usage: 1234 in, 56 out",
		"authorization failed: 401",
	} {
		if got := New().String(in); got != in {
			t.Errorf("String(%q) = %q, want it unchanged", in, got)
		}
	}
}

// A shape split across two writes is still found: the Writer redacts
// whole lines.
func TestWriterFindsShapesSplitAcrossWrites(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	w := New().NewWriter(&out)
	for _, part := range []string{"machine h login me pass", "word hun", "ter2\ncurl -u me:hun", "ter2 https://x\n"} {
		w.Write([]byte(part))
	}
	w.Close()
	if strings.Contains(out.String(), "hunter2") {
		t.Errorf("a secret split across writes survives:\n%s", out.String())
	}
}

// formatSamples are typical lines of each format of the secret stores,
// with the secret they hold. Opaque stores (databases, histories,
// keyrings) promise nothing: they are hidden and blocked instead.
var formatSamples = map[secrets.Format][][2]string{
	secrets.KeyValue: {
		{"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI"},
		{"machine api.example.com login me password hunter2", "hunter2"},
		{"//registry.npmjs.org/:_authToken=npm_plainword", "npm_plainword"},
		{"password: letmein", "letmein"},
		{"token = opensesame1", "opensesame1"},
	},
	secrets.Fields: {
		{"db.example.com:5432:app:me:hunter2", "hunter2"},
		{"*:*:*:me:hunter2", "hunter2"},
		{"root:$6$saltsalt$Zq8F1LmN0pXr7TbW2yKcVd5H:19000:0:99999:7:::", "Zq8F1LmN0pXr7TbW2yKcVd5H"},
	},
	secrets.JSON: {
		{`{"auths": {"ghcr.io": {"auth": "bWU6aHVudGVyMg=="}}}`, "bWU6aHVudGVyMg=="},
		{`{"access_token": "opensesame", "refresh_token": "alsosecret"}`, "opensesame"},
		{`"token": "hunter2hunter2"`, "hunter2hunter2"},
	},
	secrets.PrivateKey: {
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"},
	},
	secrets.URL: {
		{"https://me:hunter2@github.com", "hunter2"},
	},
}

// TestRedactionKnowsEveryStoreFormat checks redaction against the one list
// of secret locations: every format a store's contents take has samples,
// and redaction removes the secret from each.
func TestRedactionKnowsEveryStoreFormat(t *testing.T) {
	t.Parallel()
	formats := map[secrets.Format]string{}
	for _, list := range [][]secrets.Entry{secrets.Home, secrets.System} {
		for _, e := range list {
			if _, ok := formatSamples[e.Format]; !ok && e.Format != secrets.Opaque {
				t.Errorf("%s: redaction has no samples of format %q", e.Path, e.Format)
			}
			formats[e.Format] = e.Path
		}
	}
	for f, samples := range formatSamples {
		if _, used := formats[f]; !used {
			t.Errorf("format %q has samples but no store", f)
		}
		for _, s := range samples {
			if got := New().String(s[0]); strings.Contains(got, s[1]) {
				t.Errorf("%s (%s, as in %s): String(%q) = %q keeps the secret", s[1], f, formats[f], s[0], got)
			}
		}
	}
}
