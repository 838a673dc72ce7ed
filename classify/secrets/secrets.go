// Package secrets is the one list of places that hold secrets: credential
// stores under a home directory, credential stores of the system, and the
// names of files that hold secrets wherever they are (a project's .env,
// a private key). Every part of agent that guards secrets reads it: the
// classifier blocks reading and writing the stores, the sandbox hides
// them from confined commands (Linux mounts, the macOS profile), redaction
// knows the shapes their contents take, and `agent doctor` lists the ones
// present on the machine. A store added here is guarded everywhere at once.
//
// The package is plain data and pure functions: no I/O, and it imports
// nothing of agent's, so that the classifier (which imports nothing of
// ours) may use it.
package secrets

import (
	"path"
	"strings"
)

// Format is the shape of a store's contents, which redaction must
// recognise when the contents reach a session file or the screen.
type Format string

// The formats of the stores' contents.
const (
	// KeyValue is "name = value" or "name: value" lines (ini, toml, yaml,
	// java properties, netrc's "password X", pgpass's colon fields).
	KeyValue Format = "key-value"
	// JSON is a JSON document whose secret members are named for it
	// ("token", "auth", "password", "access_token").
	JSON Format = "json"
	// PrivateKey is a PEM, OpenSSH or PGP private key block.
	PrivateKey Format = "private-key"
	// URL is URLs with a password in them (git-credentials).
	URL Format = "url"
	// Fields is lines of colon-separated fields with a password or its
	// hash among them (.pgpass, the shadow files).
	Fields Format = "fields"
	// Opaque is a binary database, a directory of many formats, or
	// history: redaction cannot promise anything, which is why the
	// store is hidden and blocked.
	Opaque Format = "opaque"
)

// Entry is one place that holds secrets.
type Entry struct {
	// Path is relative to a home directory (for Home) or absolute (for
	// System), cleaned, in the case the program creates it. A directory
	// covers everything below it.
	Path string
	// Reason says what the place holds, for people reading a verdict or
	// doctor's list.
	Reason string
	// Format is the shape of the contents.
	Format Format
}

// Home lists the credential stores under a home directory: keys, cloud
// and cluster credentials, forge and registry tokens, the logins of
// coding assistants, password stores, browser profiles, and shell and
// REPL histories (which hold the passwords people type on command lines).
// Sources: each program's documentation of where it keeps its login.
var Home = []Entry{
	// Keys and agents.
	{".ssh", "SSH keys and known hosts", PrivateKey},
	{".gnupg", "GnuPG keys", PrivateKey},
	{".config/age", "age keys", PrivateKey},
	{".config/sops", "sops keys", PrivateKey},
	// Cloud, cluster and container credentials.
	{".aws", "AWS credentials", KeyValue},
	{".azure", "Azure CLI tokens", JSON},
	{".config/gcloud", "Google Cloud credentials", JSON},
	{".kube", "Kubernetes cluster credentials", KeyValue},
	{".docker/config.json", "Docker registry logins", JSON},
	{".config/containers/auth.json", "Podman and Buildah registry logins", JSON},
	{".oci", "Oracle Cloud keys", KeyValue},
	{".config/doctl", "DigitalOcean token", KeyValue},
	{".config/hcloud", "Hetzner Cloud token", KeyValue},
	{".config/scw", "Scaleway keys", KeyValue},
	{".config/linode-cli", "Linode token", KeyValue},
	{".s3cfg", "s3cmd keys", KeyValue},
	{".boto", "boto and gsutil keys", KeyValue},
	{".config/rclone", "rclone remotes' credentials", KeyValue},
	{".terraform.d/credentials.tfrc.json", "Terraform Cloud token", JSON},
	{".terraformrc", "Terraform CLI credentials", KeyValue},
	{".vault-token", "HashiCorp Vault token", Opaque},
	{".pulumi/credentials.json", "Pulumi access tokens", JSON},
	{".databrickscfg", "Databricks tokens", KeyValue},
	{".config/heroku", "Heroku token", JSON},
	{".netlify", "Netlify token", JSON},
	{".fly", "Fly.io token", KeyValue},
	{".config/flyctl", "Fly.io token", KeyValue},
	{".vercel", "Vercel token", JSON},
	{".local/share/com.vercel.cli", "Vercel token", JSON},
	{".wrangler", "Cloudflare Wrangler token", KeyValue},
	{".config/.wrangler", "Cloudflare Wrangler token", KeyValue},
	{".cloudflared", "Cloudflare tunnel certificate", PrivateKey},
	{".supabase/access-token", "Supabase token", Opaque},
	{".config/stripe", "Stripe keys", KeyValue},
	{".config/configstore/firebase-tools.json", "Firebase token", JSON},
	{".expo/state.json", "Expo session", JSON},
	{".railway", "Railway token", JSON},
	{".tsh", "Teleport keys", PrivateKey},
	{".config/ngrok", "ngrok authtoken", KeyValue},
	{".ngrok2", "ngrok authtoken", KeyValue},
	{"Library/Application Support/ngrok", "ngrok authtoken", KeyValue},
	{".sentryclirc", "Sentry token", KeyValue},
	// Network and version control credentials.
	{".netrc", "logins for hosts (netrc)", KeyValue},
	{"_netrc", "logins for hosts (netrc)", KeyValue},
	{".authinfo", "logins for hosts (authinfo)", KeyValue},
	{".authinfo.gpg", "logins for hosts (authinfo)", Opaque},
	{".git-credentials", "git's stored passwords", URL},
	{".config/git/credentials", "git's stored passwords", URL},
	{".config/gh", "GitHub CLI token", KeyValue},
	{".config/hub", "hub's GitHub token", KeyValue},
	{".config/glab-cli", "GitLab CLI token", KeyValue},
	{".subversion/auth", "Subversion passwords", KeyValue},
	// Coding assistants' logins.
	{".codex/auth.json", "Codex CLI login", JSON},
	{".claude/.credentials.json", "Claude Code login", JSON},
	{".gemini/oauth_creds.json", "Gemini CLI login", JSON},
	{".config/github-copilot", "GitHub Copilot token", JSON},
	// Package registry tokens.
	{".npmrc", "npm registry token", KeyValue},
	{".yarnrc.yml", "Yarn registry token", KeyValue},
	{".pypirc", "PyPI password", KeyValue},
	{".gem/credentials", "RubyGems key", KeyValue},
	{".cargo/credentials", "crates.io token", KeyValue},
	{".cargo/credentials.toml", "crates.io token", KeyValue},
	{".m2/settings.xml", "Maven repository passwords", KeyValue},
	{".m2/settings-security.xml", "Maven master password", KeyValue},
	{".gradle/gradle.properties", "Gradle repository passwords", KeyValue},
	{".nuget/NuGet", "NuGet API keys", KeyValue},
	{".config/NuGet", "NuGet API keys", KeyValue},
	{".composer/auth.json", "Composer registry tokens", JSON},
	{".config/composer/auth.json", "Composer registry tokens", JSON},
	{".huggingface/token", "Hugging Face token", Opaque},
	{".cache/huggingface/token", "Hugging Face token", Opaque},
	{".kaggle", "Kaggle key", JSON},
	// Databases.
	{".pgpass", "PostgreSQL passwords", Fields},
	{".my.cnf", "MySQL password", KeyValue},
	{".mylogin.cnf", "MySQL login paths", Opaque},
	// Password stores and keyrings.
	{".password-store", "pass password store", Opaque},
	{".local/share/keyrings", "GNOME keyring", Opaque},
	{".config/op", "1Password CLI session", JSON},
	{".config/Bitwarden", "Bitwarden vault", JSON},
	{".config/keepassxc", "KeePassXC settings and keys", Opaque},
	{"Library/Keychains", "macOS keychains", Opaque},
	// Browser profiles (cookies, saved passwords).
	{".mozilla", "Firefox profiles", Opaque},
	{".config/google-chrome", "Chrome profiles", Opaque},
	{".config/chromium", "Chromium profiles", Opaque},
	{".config/BraveSoftware", "Brave profiles", Opaque},
	{".config/microsoft-edge", "Edge profiles", Opaque},
	{".config/vivaldi", "Vivaldi profiles", Opaque},
	{".config/opera", "Opera profiles", Opaque},
	{".var/app/org.mozilla.firefox", "Firefox profiles (Flatpak)", Opaque},
	{".var/app/com.google.Chrome", "Chrome profiles (Flatpak)", Opaque},
	{"snap/firefox", "Firefox profiles (Snap)", Opaque},
	{"snap/chromium", "Chromium profiles (Snap)", Opaque},
	{"Library/Cookies", "macOS cookies", Opaque},
	{"Library/Application Support/Google/Chrome", "Chrome profiles", Opaque},
	{"Library/Application Support/Firefox", "Firefox profiles", Opaque},
	// Mail and chat clients' stores.
	{".thunderbird", "Thunderbird mail and passwords", Opaque},
	{".config/Slack", "Slack session", Opaque},
	{".config/discord", "Discord session", Opaque},
	// Shell and REPL histories: passwords typed on command lines.
	{".bash_history", "bash history", Opaque},
	{".zsh_history", "zsh history", Opaque},
	{".zhistory", "zsh history", Opaque},
	{".histfile", "zsh history", Opaque},
	{".sh_history", "ksh history", Opaque},
	{".local/share/fish/fish_history", "fish history", Opaque},
	{".config/atuin/key", "Atuin history key", Opaque},
	{".local/share/atuin", "Atuin history", Opaque},
	{".python_history", "Python REPL history", Opaque},
	{".node_repl_history", "Node.js REPL history", Opaque},
	{".psql_history", "psql history", Opaque},
	{".mysql_history", "MySQL client history", Opaque},
	{".sqlite_history", "SQLite shell history", Opaque},
	{".rediscli_history", "redis-cli history", Opaque},
	{".lesshst", "less search history", Opaque},
}

// System lists the credential stores outside any home directory, readable
// only by root (which a command may be).
var System = []Entry{
	{"/etc/shadow", "password hashes", Fields},
	{"/etc/shadow-", "password hashes (backup)", Fields},
	{"/etc/gshadow", "group password hashes", Fields},
	{"/etc/gshadow-", "group password hashes (backup)", Fields},
	{"/etc/master.passwd", "password hashes (BSD)", Fields},
	{"/private/etc/master.passwd", "password hashes (macOS)", Fields},
	{"/etc/security/opasswd", "old password hashes", Fields},
	{"/etc/sudoers", "sudo rules", Opaque},
	{"/etc/sudoers.d", "sudo rules", Opaque},
	{"/etc/ssh/ssh_host_rsa_key", "the host's SSH key", PrivateKey},
	{"/etc/ssh/ssh_host_ecdsa_key", "the host's SSH key", PrivateKey},
	{"/etc/ssh/ssh_host_ed25519_key", "the host's SSH key", PrivateKey},
	{"/etc/ssh/ssh_host_dsa_key", "the host's SSH key", PrivateKey},
	{"/etc/ssl/private", "TLS private keys", PrivateKey},
	{"/etc/docker/key.json", "Docker daemon key", JSON},
	{"/var/lib/docker", "Docker's images, volumes and secrets", Opaque},
	{"/var/lib/kubelet", "kubelet credentials", Opaque},
	{"/run/secrets", "container secrets", Opaque},
	{"/var/run/secrets", "container and service account secrets", Opaque},
}

// HomePaths returns the paths of Home, relative to a home directory.
func HomePaths() []string { return paths(Home) }

// SystemPaths returns the paths of System.
func SystemPaths() []string { return paths(System) }

func paths(entries []Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.Path
	}
	return out
}

// InHome returns the entry of Home that rel (a clean path relative to a
// home directory) is or lies below. Case is ignored, as macOS file systems
// ignore it.
func InHome(rel string) (Entry, bool) { return lookup(Home, rel) }

// InSystem returns the entry of System that p (clean, absolute) is or lies
// below, ignoring case.
func InSystem(p string) (Entry, bool) { return lookup(System, p) }

func lookup(entries []Entry, p string) (Entry, bool) {
	for _, e := range entries {
		if len(p) < len(e.Path) {
			continue
		}
		if strings.EqualFold(p[:len(e.Path)], e.Path) && (len(p) == len(e.Path) || p[len(e.Path)] == '/') {
			return e, true
		}
	}
	return Entry{}, false
}

// fileNames are names of files that hold secrets wherever they are found,
// in lower case, with why.
var fileNames = map[string]string{
	".netrc": "logins for hosts", "_netrc": "logins for hosts",
	".npmrc": "registry token", ".pypirc": "registry password",
	".git-credentials": "git's stored passwords", ".htpasswd": "password hashes",
	".pgpass": "database passwords", ".my.cnf": "database password",
	".dockercfg": "registry logins", ".vault-token": "Vault token",
	".authinfo": "logins for hosts", "credentials": "credentials",
	"credentials.json": "credentials", "secrets.json": "secrets",
	"secrets.yml": "secrets", "secrets.yaml": "secrets",
	".databrickscfg": "Databricks tokens", ".sentryclirc": "Sentry token",
}

// fileSuffixes are endings of names of files that hold keys or secrets.
var fileSuffixes = []struct{ suffix, why string }{
	{".pem", "a key or certificate"}, {".key", "a private key"},
	{".p12", "a key store"}, {".pfx", "a key store"}, {".jks", "a Java key store"},
	{".keystore", "a key store"}, {".kdbx", "a KeePass database"},
	{".ppk", "a PuTTY private key"}, {".tfstate", "Terraform state with secrets"},
	{".tfstate.backup", "Terraform state with secrets"},
}

// privateKeyNames are the default names of SSH private keys.
var privateKeyNames = []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk"}

// envTemplates end the names of .env files that are templates, which hold
// no secrets and are meant to be read.
var envTemplates = []string{"example", "sample", "template", "dist"}

// FileReason reports whether a file of this name (its last path element)
// holds secrets wherever it is, and why: .env files but their templates,
// private keys and key stores, and the credential files of Home's tools.
func FileReason(name string) (string, bool) {
	b := strings.ToLower(name)
	if strings.HasPrefix(b, ".env") {
		for _, t := range envTemplates {
			if strings.HasSuffix(b, t) {
				return "", false
			}
		}
		return "an environment file with secrets", true
	}
	for _, k := range privateKeyNames {
		if strings.HasPrefix(b, k) {
			if strings.HasSuffix(b, ".pub") {
				return "", false
			}
			return "an SSH private key", true
		}
	}
	if why, ok := fileNames[b]; ok {
		return why, true
	}
	for _, s := range fileSuffixes {
		if strings.HasSuffix(b, s.suffix) {
			return s.why, true
		}
	}
	return "", false
}

// IsSecretFile reports whether rel, a slash-separated path relative to a
// project root, names a file that holds secrets: its name is one of
// FileReason's, or it is one of Home's stores (a project may keep a
// .aws or .ssh of its own, or be a home directory). Directories are not
// secret files by name; callers that hide files test each file.
func IsSecretFile(rel string) bool {
	rel = path.Clean("/" + rel)[1:]
	if rel == "" {
		return false
	}
	if _, ok := FileReason(path.Base(rel)); ok {
		return true
	}
	_, ok := InHome(rel)
	return ok
}
