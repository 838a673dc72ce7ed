package tools

import (
	"slices"
	"strings"
)

// secretSuffixes are the endings of variable names that hold credentials,
// compared in upper case. A name equal to a suffix without its leading
// underscore (TOKEN, API_KEY) counts too.
var secretSuffixes = []string{
	"_API_KEY", "_APIKEY", "_TOKEN", "_SECRET", "_PASSWORD", "_PASSWD",
	"_ACCESS_KEY", "_SECRET_KEY", "_PRIVATE_KEY", "_CREDENTIALS",
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
	if strings.Contains(u, "SECRET") {
		return true
	}
	for _, s := range secretSuffixes {
		if strings.HasSuffix(u, s) || u == s[1:] {
			return true
		}
	}
	return false
}

// childEnv returns the environment of commands: base without secrets
// (names that look like secrets and the names in secret, unless listed in
// pass), without duplicates (the last one wins, as in exec), with the
// non-interactive settings on top. TMPDIR is added per command.
func childEnv(base, secret, pass []string) []string {
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
		name, _, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		if !slices.Contains(pass, name) && (isSecretName(name) || slices.Contains(secret, name)) {
			continue
		}
		add(kv)
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
