package secrets

import (
	"path"
	"strings"
	"testing"
)

func TestIsSecretFile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rel  string
		want bool
	}{
		{".env", true}, {".env.local", true}, {"config/.env.production", true}, {".envrc", true},
		{".env.example", false}, {".env.sample", false}, {".env.template", false}, {"env.go", false},
		{"id_rsa", true}, {"keys/id_ed25519", true}, {"id_rsa.pub", false}, {"id_ed25519_sk", true},
		{"certs/server.pem", true}, {"tls.key", true}, {"store.p12", true}, {"app.jks", true},
		{"terraform.tfstate", true}, {"terraform.tfstate.backup", true}, {"main.tf", false},
		{".netrc", true}, {".npmrc", true}, {"deploy/credentials.json", true}, {"secrets.yaml", true},
		{".aws/credentials", true}, {".ssh/config", true}, {".docker/config.json", true},
		{".config/gh/hosts.yml", true}, {".codex/auth.json", true},
		{"README.md", false}, {"src/main.go", false}, {"keyboard.go", false}, {"", false}, {".", false},
		{"../.env", true}, {"a/../.npmrc", true}, {"ID_RSA", true}, {"Server.PEM", true},
	}
	for _, tt := range tests {
		if got := IsSecretFile(tt.rel); got != tt.want {
			t.Errorf("IsSecretFile(%q) = %v, want %v", tt.rel, got, tt.want)
		}
	}
}

func TestInHomeMatchesStoresAndBelowIgnoringCase(t *testing.T) {
	t.Parallel()
	for _, rel := range []string{".ssh", ".ssh/id_rsa", ".SSH/ID_RSA", "library/keychains/login.keychain-db", ".config/github-copilot/hosts.json"} {
		if _, ok := InHome(rel); !ok {
			t.Errorf("InHome(%q) = false, want true", rel)
		}
	}
	for _, rel := range []string{".sshx", ".ssh-backup/x", ".config", "src/.ssh", ".aws-tools"} {
		if e, ok := InHome(rel); ok {
			t.Errorf("InHome(%q) = %q, want no store", rel, e.Path)
		}
	}
	if e, ok := InSystem("/etc/shadow"); !ok || e.Reason == "" {
		t.Errorf("InSystem(/etc/shadow) = %v, %v", e, ok)
	}
	if _, ok := InSystem("/etc/shadowx"); ok {
		t.Error("InSystem(/etc/shadowx) = true")
	}
}

// Every entry is clean, relative (Home) or absolute (System), unique,
// with a reason and a format, so that each consumer reads it the same
// way.
func TestEntriesAreWellFormed(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	check := func(e Entry, abs bool) {
		switch {
		case e.Path == "" || path.Clean(e.Path) != e.Path:
			t.Errorf("%q is not a clean path", e.Path)
		case strings.HasPrefix(e.Path, "/") != abs:
			t.Errorf("%q: absolute is %v, want %v", e.Path, !abs, abs)
		case e.Reason == "" || e.Format == "":
			t.Errorf("%q has no reason or format", e.Path)
		case seen[strings.ToLower(e.Path)]:
			t.Errorf("%q is listed twice", e.Path)
		}
		seen[strings.ToLower(e.Path)] = true
	}
	for _, e := range Home {
		check(e, false)
	}
	for _, e := range System {
		check(e, true)
	}
}
