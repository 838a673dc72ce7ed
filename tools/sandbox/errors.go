package sandbox

import "errors"

var (
	// ErrUnavailable is returned by Command in ModeRequired when the OS
	// cannot confine commands; the wrapping error says what is missing.
	ErrUnavailable = errors.New("sandbox unavailable")
	// ErrInvalidOptions is returned by Command for an empty argv or options
	// that cannot be confined (a relative or missing root, a root of "/").
	ErrInvalidOptions = errors.New("invalid sandbox options")
	// ErrInvalidConfig is returned by Config.Validate.
	ErrInvalidConfig = errors.New("invalid sandbox config")
)
