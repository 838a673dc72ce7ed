package tools

import (
	"strings"
)

// SecretValues returns the values of the variables in environ (as
// KEY=value) that hold credentials: those withheld from commands as
// secrets by name or by value, and those named in extra, such as the
// providers' key variables. Their values are what must never reach disk;
// see package redact. Variables passed to commands with [tools] pass_env
// are included: passing a token to a command does not make it fit to
// store. Host handles (TMUX, SSH_AUTH_SOCK...) are not secrets.
func SecretValues(environ, extra []string) []string {
	var out []string
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || value == "" {
			continue
		}
		if secretWhy(name, value, extra) != "" {
			out = append(out, value)
		}
	}
	return out
}
