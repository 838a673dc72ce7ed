package tools

import (
	"slices"
	"strings"
)

// SecretValues returns the values of the variables in environ (as
// KEY=value) that hold credentials: those whose names look like secrets
// (*_API_KEY, *_TOKEN, *_SECRET, *_PASSWORD...) and those named in extra,
// such as the providers' key variables. Their values are what must never
// reach disk; see package redact. Variables passed to commands with
// [tools] pass_env are included: passing a token to a command does not
// make it fit to store.
func SecretValues(environ, extra []string) []string {
	var out []string
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || value == "" {
			continue
		}
		if isSecretName(name) || slices.Contains(extra, name) {
			out = append(out, value)
		}
	}
	return out
}
