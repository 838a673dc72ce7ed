package redact

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestStringRedactsSecrets(t *testing.T) {
	r := New("v3ry-s3cret-value-42", "short")
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"an environment value anywhere", "echo v3ry-s3cret-value-42 > f", "echo [REDACTED] > f"},
		{"an OpenAI key keeps its prefix", "key is sk-proj-AbCdEf0123456789xyz ok", "key is sk-[REDACTED] ok"},
		{"an Anthropic key", "sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA", "sk-[REDACTED]"},
		{"a GitHub token", "token ghp_0123456789abcdefABCDEF012345 here", "token ghp_[REDACTED] here"},
		{"a fine-grained GitHub token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "github_pat_[REDACTED]"},
		{"a Slack bot token", "xoxb-1234567890-abcdefghij", "xoxb-[REDACTED]"},
		{"an AWS key id", "aws_access_key_id=AKIAIOSFODNN7EXAMPLE", "aws_access_key_id=AKIA[REDACTED]"},
		{"a bare AWS key id", "id AKIAIOSFODNN7EXAMPLE.", "id AKIA[REDACTED]."},
		{"a bearer header", "Authorization: Bearer abcdefghijklmnop1234", "Authorization: Bearer [REDACTED]"},
		{"a password pair", "DB_PASSWORD=hunter2hunter2", "DB_PASSWORD=[REDACTED]"},
		{"a JSON secret field", `{"api_key": "q8Fz1LmN0pXr"}`, `{"api_key": "[REDACTED]"}`},
		{"a random value of any key", "session=Zq8F1LmN0pXr7TbW2yKcVd5H", "session=[REDACTED]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.String(tt.in); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestStringLeavesOrdinaryTextAlone(t *testing.T) {
	r := New("v3ry-s3cret-value-42", "short")
	for _, in := range []string{
		"short values like short are not redacted",
		"commit=3b24a965931e61e3d5774f0b64da0c8396e09f86",
		"id=550e8400-e29b-41d4-a716-446655440000",
		"token=true",
		"password: string",
		"path=/usr/local/share/applications/desktop",
		"GOFLAGS=-mod=mod go test ./...",
		"key=$OPENAI_API_KEY",
		"sk-short",
		"ok  	github.com/agentcli/agent/tools	0.412s",
		"",
	} {
		if got := r.String(in); got != in {
			t.Errorf("String(%q) = %q, want it unchanged", in, got)
		}
	}
}

func TestNilRedactorRedactsByShape(t *testing.T) {
	var r *Redactor
	if got := r.String("sk-abcdefghijklmnop1234"); got != "sk-[REDACTED]" {
		t.Errorf("nil.String(key) = %q, want the key redacted", got)
	}
}

func TestWriterFindsSecretsSplitAcrossWrites(t *testing.T) {
	const secret = "v3ry-s3cret-value-42"
	r := New(secret)
	text := strings.Repeat("line with "+secret+" and ghp_0123456789abcdefABCDEF012345 in it\n", 3000)
	for _, size := range []int{1, 7, 4096, 1 << 20} {
		var out bytes.Buffer
		w := r.NewWriter(&out)
		for s := text; s != ""; {
			n := min(size, len(s))
			if _, err := w.Write([]byte(s[:n])); err != nil {
				t.Fatal(err)
			}
			s = s[n:]
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), secret) || strings.Contains(out.String(), "ghp_0123") {
			t.Errorf("writes of %d bytes: a secret reached the output", size)
		}
		if want := strings.Count(text, "\n"); strings.Count(out.String(), "\n") != want {
			t.Errorf("writes of %d bytes: %d lines out, want %d", size, strings.Count(out.String(), "\n"), want)
		}
	}
}

func TestWriterBoundsALineWithoutBreaks(t *testing.T) {
	r := New()
	var out bytes.Buffer
	w := r.NewWriter(&out)
	word := "word sk-abcdefghijklmnop1234 "
	long := strings.Repeat(word, 3*MaxLine/len(word))
	w.Write([]byte(long))
	if len(w.buf) > MaxLine {
		t.Errorf("writer holds %d bytes of one line, want at most %d", len(w.buf), MaxLine)
	}
	w.Close()
	if strings.Contains(out.String(), "sk-abcdef") || out.Len() == 0 {
		t.Errorf("long line: output has a key or is empty (%d bytes)", out.Len())
	}
}

func TestWriterReportsTheFirstError(t *testing.T) {
	w := New().NewWriter(failing{})
	if _, err := w.Write([]byte("a line\n")); err == nil {
		t.Error("Write to a failing writer = nil error, want the failure")
	}
	if err := w.Close(); err == nil {
		t.Error("Close after a failure = nil, want the failure")
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func BenchmarkStringPlainText(b *testing.B) {
	r := New("v3ry-s3cret-value-42", "another-secret-value")
	text := strings.Repeat("ok  github.com/agentcli/agent/tools 0.412s, x := y + 1\n", 100)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		r.String(text)
	}
}

func TestAuthorIsNotASecretKey(t *testing.T) {
	in := "author=JohnSmith1234"
	if got := New().String(in); got != in {
		t.Errorf("String(%q) = %q, want it unchanged", in, got)
	}
}
