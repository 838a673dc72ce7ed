package cmd

import (
	"errors"
	"fmt"
)

// The exit codes of agent run, documented in its --help and the README.
const (
	exitOK          = 0   // finished
	exitFailed      = 1   // the run failed: provider unreachable, bad key, bad config
	exitUsage       = 2   // the command line was wrong
	exitRefused     = 3   // finished, but at least one action was denied or blocked
	exitLimit       = 4   // stopped at the turn limit or the token budget
	exitInterrupted = 130 // interrupted (SIGINT)
)

// exitError carries an exit code up to Execute. A nil err means exit
// silently with code.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageError marks a mistake on the command line (exit 2).
func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// failure marks a run that could not be done (exit 1).
func failure(err error) error { return &exitError{code: exitFailed, err: err} }

// runEnd is what agent run returns at the end of its run(s): nil for
// exitOK, else an exit with code that carries err only with --json. The
// error event already reached the sink; in text mode it is on stderr, so
// it is not said twice.
func runEnd(code int, err error, json bool) error {
	switch {
	case code == exitOK:
		return nil
	case err != nil && json:
		return &exitError{code: code, err: err}
	}
	return &exitError{code: code}
}

// exitCode picks the exit code for an error returned by a command.
func exitCode(err error) int {
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	return exitFailed
}
