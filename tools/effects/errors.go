package effects

import (
	"errors"
	"strings"
)

// ErrTooManyEntries is returned by Collect when the upper layer, or a
// directory tree it deletes, holds more entries than Options.MaxEntries.
var ErrTooManyEntries = errors.New("the command's changes hold too many entries")

// ErrTooLarge is returned by Collect when the upper layer's files add up
// to more than Config.MaxMiB.
var ErrTooLarge = errors.New("the command's changes are too large")

// ErrUnsupported is returned by Collect for an upper layer it cannot read
// faithfully (an opaque root).
var ErrUnsupported = errors.New("unsupported upper layer")

// ErrConflict is matched (errors.Is) by every *ConflictError.
var ErrConflict = errors.New("the project changed since the command ran")

// ConflictError is returned by Apply when a path the changes touch no
// longer holds what Collect recorded: another panel or a person's editor
// changed it. Nothing was applied.
type ConflictError struct {
	// Paths are the changed paths, slash-separated and relative to the
	// root, in path order.
	Paths []string
}

// maxConflictNames bounds the paths Error names.
const maxConflictNames = 10

// Error names the paths (the first ten) and says nothing was applied.
func (e *ConflictError) Error() string {
	names := e.Paths
	more := ""
	if len(names) > maxConflictNames {
		more = " and " + itoa(len(names)-maxConflictNames) + " more"
		names = names[:maxConflictNames]
	}
	return ErrConflict.Error() + " (" + strings.Join(names, ", ") + more + "); nothing applied: run the command again"
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// PartialError is returned by Apply when it failed after it began to
// change the real root: the changes before Path are applied, the rest
// not. The caller's undo checkpoint takes them back.
type PartialError struct {
	// Path is the change that failed, slash-separated and relative to the
	// root.
	Path string
	Err  error
}

// Error says the apply is partial and where it stopped.
func (e *PartialError) Error() string {
	return "effects: partly applied, stopped at " + e.Path + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *PartialError) Unwrap() error { return e.Err }
