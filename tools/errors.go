package tools

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors of the package. Plan wraps them with the tool, the path or
// the argument concerned, in words the model can act on; test with errors.Is.
var (
	// ErrUnknownTool means the model called a tool that is not in the catalog.
	ErrUnknownTool = errors.New("unknown tool")
	// ErrInvalidArgs means the arguments do not match the tool's schema; the
	// error is an *ArgError.
	ErrInvalidArgs = errors.New("invalid arguments")
	// ErrOutsideRoot means a path resolves outside the project root.
	ErrOutsideRoot = errors.New("outside the project root")
	// ErrGitDir means a write, edit or delete would touch a .git directory or
	// file, which the file tools never change.
	ErrGitDir = errors.New("inside .git, which the file tools never change (use the git tool)")
	// ErrClosed means the registry was closed.
	ErrClosed = errors.New("tool registry closed")
)

// ArgError describes arguments that do not match a tool's schema: not a JSON
// object, a missing or unknown field, a value of the wrong type or out of
// range. It wraps ErrInvalidArgs.
type ArgError struct {
	// Tool is the tool's name.
	Tool string
	// Field is the argument concerned; empty when the whole text is at fault.
	Field string
	// Problem says what is wrong, lowercase, for the model to read.
	Problem string
}

// Error returns "tool: argument "field": problem".
func (e *ArgError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s: %s", e.Tool, e.Problem)
	}
	return fmt.Sprintf("%s: argument %q: %s", e.Tool, e.Field, e.Problem)
}

// Unwrap returns ErrInvalidArgs.
func (e *ArgError) Unwrap() error { return ErrInvalidArgs }

// unknownToolError names the tool and lists the known ones, so the model can
// correct itself.
func unknownToolError(name string, known []string) error {
	return fmt.Errorf("%w %q; the tools are: %s", ErrUnknownTool, name, strings.Join(known, ", "))
}
