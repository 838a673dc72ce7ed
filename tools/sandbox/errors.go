package sandbox

import "errors"

var (
	// ErrUnavailable is returned by Command in ModeRequired when the OS
	// cannot confine commands; the wrapping error says what is missing.
	ErrUnavailable = errors.New("sandbox unavailable")
	// ErrInvalidOptions is returned by Command for an empty argv or options
	// that cannot be confined (a relative or missing root, a root of "/").
	ErrInvalidOptions = errors.New("invalid sandbox options")
	// ErrMissingGitDir is returned by Command when the root's .git (a
	// symbolic link or a gitfile), a submodule's or a worktree's commondir
	// names a git directory that does not exist (see MissingGitDirs).
	ErrMissingGitDir = errors.New("the root's git directory is missing")
	// ErrInvalidConfig is returned by Config.Validate.
	ErrInvalidConfig = errors.New("invalid sandbox config")
)
