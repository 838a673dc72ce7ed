package tools

import (
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/agentcli/agent/tools/safegit"
)

// BashVersion returns the version of the bash on PATH ("5.2.15(1)-release"),
// for `agent doctor`. It runs bash and may block until ctx ends.
func BashVersion(ctx context.Context) (string, error) {
	first, err := firstLine(ctx, "bash", "--version")
	if err != nil {
		return "", err
	}
	// "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)"
	_, v, ok := strings.Cut(first, "version ")
	if !ok {
		return first, nil
	}
	v, _, _ = strings.Cut(v, " ")
	return v, nil
}

// GitVersion returns the version line of the git agent runs, hardened
// (safegit) with environ ("git version 2.39.5"), for `agent doctor`. Its
// error says, for a person, why there is none: git is not found, unusable
// here, or not working. It runs git and may block until ctx ends.
func GitVersion(ctx context.Context, environ []string) (string, error) {
	out, err := hardenedGitOutput(ctx, environ, "", "--version")
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return line, nil
}

// hardenedGitOutput runs git hardened (safegit) with environ in dir ("" for
// the current one) and returns its standard output. Its error says, for
// a person, which step failed: git is "not found", "unusable here" (the
// hardening could not be prepared) or "not working" (it ran and failed).
// It may block until ctx ends.
func hardenedGitOutput(ctx context.Context, environ []string, dir string, args ...string) ([]byte, error) {
	g, err := safegit.New(environ)
	if err != nil {
		return nil, fmt.Errorf("not found (%w)", err)
	}
	c, err := g.Command(ctx, dir, safegit.Options{}, args...)
	if err != nil {
		return nil, fmt.Errorf("unusable here: %w", err)
	}
	out, err := c.Output()
	if err != nil {
		return nil, fmt.Errorf("not working (%w)", err)
	}
	return out, nil
}

// firstLine runs a program and returns the first line of its output.
func firstLine(ctx context.Context, name string, args ...string) (string, error) {
	out, err := exec.CommandContext(ctx, name, args...).Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	first, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(first), nil
}
