package tools

import (
	"slices"
	"strings"

	"github.com/agentcli/agent/tools/redact"
)

// Why a variable of the person's environment is withheld from commands.
const (
	WhySecretName  = "secret name"  // named like a credential
	WhySecretValue = "secret value" // its value looks like a key, a token or a URL with a password
	WhyProviderKey = "provider key" // a configured provider's key variable
	WhyHostHandle  = "host handle"  // leads to a program of the person's outside the sandbox
	WhyGit         = "git setting"  // would point git elsewhere or make it run programs
)

// Withheld is one variable of the person's environment that commands do
// not get, and why. It never holds the value.
type Withheld struct {
	Name string
	Why  string
}

// secretNameParts are parts of variable names (compared in upper case)
// that say the value is a credential.
var secretNameParts = []string{
	"PASS", "SECRET", "TOKEN", "CREDENTIAL", "CREDS", "AUTH", "DSN",
	"PRIVATE_KEY", "PRIVKEY", "APIKEY", "API_KEY", "ACCESS_KEY", "COOKIE",
	"WEBHOOK", "CONN_STR", "CONNECTION_STRING",
}

// secretNameSuffixes are endings of variable names that say the same.
var secretNameSuffixes = []string{"_KEY", "_KEYS", "_KEY_ID", "_PAT", "_PWD", "_PIN"}

// notSecretNames look like secrets by their names but are well known not
// to be.
var notSecretNames = []string{"TOKENIZERS_PARALLELISM"}

// innocentPass are words that hold PASS without meaning a password: tox's
// TOX_TESTENV_PASSENV, PASSTHROUGH settings, BYPASS_CACHE.
var innocentPass = []string{"PASSENV", "PASSTHROUGH", "PASSTHRU", "BYPASS", "COMPASS", "PASSENGER"}

// meansPassword reports whether the upper-case name u holds PASS as in a
// password: PASSWORD, PASSWD and PASSPHRASE always do, whatever is around
// them; any other PASS does unless it is part of an innocentPass word.
func meansPassword(u string) bool {
	if strings.Contains(u, "PASSW") || strings.Contains(u, "PASSPHRASE") {
		return true
	}
	for _, w := range innocentPass {
		u = strings.ReplaceAll(u, w, "")
	}
	return strings.Contains(u, "PASS")
}

// hostHandles are variables that lead a command to a program of the
// person's running outside the sandbox: a terminal multiplexer or
// emulator that takes commands, an agent that signs with the person's
// keys, a message bus, a container engine, an editor's server, the
// display. Withholding the name is a first wall; the sandbox hides the
// sockets themselves.
var hostHandles = []string{
	"TMUX", "TMUX_PANE", "TMUX_TMPDIR", "STY",
	"SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_ASKPASS", "SSH_ASKPASS_REQUIRE", "SUDO_ASKPASS",
	"GPG_AGENT_INFO", "GNUPGHOME", "KRB5CCNAME", "NETRC",
	"DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "DBUS_STARTER_ADDRESS",
	"DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CERT_PATH", "DOCKER_CONFIG", "DOCKER_TLS_VERIFY",
	"CONTAINER_HOST", "CONTAINER_CONNECTION", "CONTAINER_SSHKEY", "KUBECONFIG",
	"XDG_RUNTIME_DIR", "WAYLAND_DISPLAY", "DISPLAY", "XAUTHORITY",
	"NVIM", "NVIM_LISTEN_ADDRESS", "VIM_SERVERNAME", "EMACS_SOCKET_NAME",
	"WSL_INTEROP", "PULSE_SERVER", "PIPEWIRE_REMOTE",
	"NOTIFY_SOCKET", "JOURNAL_STREAM", "LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES",
	"GNOME_KEYRING_CONTROL", "Apple_PubSub_Socket_Render", "SECURITYSESSIONID",
}

// hostHandlePrefixes start the names of whole families of them: terminal
// emulators' and editors' remote control, and every git setting (GIT_DIR
// and GIT_WORK_TREE point git at another repository, GIT_CONFIG_* and
// GIT_SSH_COMMAND make it run programs).
var hostHandlePrefixes = []string{
	"SSH_", "KITTY_", "WEZTERM_", "ALACRITTY_SOCKET", "VSCODE_", "ZELLIJ",
	"KONSOLE_DBUS_", "GNOME_TERMINAL_", "TERMINATOR_DBUS_",
}

// nonInteractive is added to every command's environment so that nothing
// waits for a person who cannot answer: pagers print, git never prompts or
// opens an editor, tools take their CI defaults and skip colours.
var nonInteractive = []string{
	"PAGER=cat",
	"GIT_PAGER=cat",
	"MANPAGER=cat",
	"GIT_TERMINAL_PROMPT=0",
	"GIT_EDITOR=true",
	"GIT_SEQUENCE_EDITOR=true",
	"GIT_MERGE_AUTOEDIT=no",
	"EDITOR=true",
	"VISUAL=true",
	"CI=1",
	"DEBIAN_FRONTEND=noninteractive",
	"PIP_NO_INPUT=1",
	"NO_COLOR=1",
	"TERM=dumb",
}

// isSecretName reports whether an environment variable name looks like it
// holds a credential.
func isSecretName(name string) bool {
	u := strings.ToUpper(name)
	if slices.Contains(notSecretNames, u) {
		return false
	}
	for _, part := range secretNameParts {
		if !strings.Contains(u, part) || part == "PASS" && !meansPassword(u) {
			continue
		}
		// GIT_AUTHOR_NAME, COMMIT_AUTHOR: "AUTH" of an author.
		if part == "AUTH" && strings.Count(u, "AUTH") == strings.Count(u, "AUTHOR") &&
			strings.Count(u, "AUTHORI") == 0 {
			continue
		}
		return true
	}
	for _, s := range secretNameSuffixes {
		if strings.HasSuffix(u, s) {
			return true
		}
	}
	return u == "KEY"
}

// isHostHandle reports whether name leads to a program outside the
// sandbox.
func isHostHandle(name string) bool {
	if slices.Contains(hostHandles, name) {
		return true
	}
	for _, p := range hostHandlePrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// withheldWhy says why the variable name=value is withheld from commands,
// or "" when it is passed. secret names more variables to withhold (the
// providers' keys); pass names the person's exceptions, which never
// extend to GIT_ variables.
func withheldWhy(name, value string, secret, pass []string) string {
	switch {
	case strings.HasPrefix(name, "GIT_"):
		return WhyGit
	case slices.Contains(pass, name):
		return ""
	case isHostHandle(name):
		return WhyHostHandle
	}
	return secretWhy(name, value, secret)
}

// secretWhy says why name=value is a secret, or "" when it is not.
func secretWhy(name, value string, secret []string) string {
	switch {
	case slices.Contains(secret, name):
		return WhyProviderKey
	case isSecretName(name):
		return WhySecretName
	case redact.Shaped(value):
		return WhySecretValue
	}
	return ""
}

// WithheldEnv lists the variables of environ (as KEY=value) that commands
// do not get, in the order of environ: see childEnv. It is what agent
// doctor shows; it holds names only.
func WithheldEnv(environ, secret, pass []string) []Withheld {
	var out []Withheld
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		if why := withheldWhy(name, value, secret, pass); why != "" &&
			!slices.ContainsFunc(out, func(w Withheld) bool { return w.Name == name }) {
			out = append(out, Withheld{name, why})
		}
	}
	return out
}

// childEnv returns the environment of commands: base without what
// withheldWhy withholds, without duplicates (the last one wins, as in
// exec), with the non-interactive settings on top. TMPDIR is added per
// command.
func childEnv(base, secret, pass []string) []string {
	// A name withheld for one of its values is withheld whatever its
	// other values: a later innocent duplicate must not bring it back.
	withheld := map[string]bool{}
	for _, kv := range base {
		if name, value, ok := strings.Cut(kv, "="); ok && withheldWhy(name, value, secret, pass) != "" {
			withheld[name] = true
		}
	}
	seen := make(map[string]int, len(base))
	env := make([]string, 0, len(base)+len(nonInteractive)+1)
	add := func(kv string) {
		name, _, _ := strings.Cut(kv, "=")
		if i, ok := seen[name]; ok {
			env[i] = kv
			return
		}
		seen[name] = len(env)
		env = append(env, kv)
	}
	for _, kv := range base {
		if name, _, ok := strings.Cut(kv, "="); ok && name != "" && !withheld[name] {
			add(kv)
		}
	}
	for _, kv := range nonInteractive {
		add(kv)
	}
	return env
}

// withTempDir returns env with TMPDIR (and its spellings) set to dir.
func withTempDir(env []string, dir string) []string {
	out := make([]string, 0, len(env)+3)
	for _, kv := range env {
		switch name, _, _ := strings.Cut(kv, "="); name {
		case "TMPDIR", "TMP", "TEMP":
			continue
		}
		out = append(out, kv)
	}
	return append(out, "TMPDIR="+dir, "TMP="+dir, "TEMP="+dir)
}
