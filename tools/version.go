package tools

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
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

// GitVersion returns the version of the git on PATH ("2.39.5"), for `agent
// doctor`. It runs git and may block until ctx ends.
func GitVersion(ctx context.Context) (string, error) {
	first, err := firstLine(ctx, "git", "--version")
	if err != nil {
		return "", err
	}
	// "git version 2.39.5"
	return strings.TrimPrefix(first, "git version "), nil
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
