package sandbox

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// HelperArg is the argument (os.Args[1]) that marks a re-execution of the
// agent as the sandbox helper. It is not a command users type.
const HelperArg = "__sandbox"

// Exit statuses of the helper when it does not get as far as the command,
// following the shell's convention.
const (
	// ExitSetup means the sandbox could not be set up; nothing ran.
	ExitSetup = 126
	// ExitNotFound means the command was not found; nothing ran.
	ExitNotFound = 127
)

// nsFlags are the namespaces the helper starts in.
type nsFlags struct {
	user, net, mount, pid bool
}

// init enters the helper as soon as this package is initialised, when the
// binary was started as the helper: before the initialisers of the
// packages that do not come before this one (the classifier's tables, the
// redactor's patterns, the screen's styles), which the helper never uses
// and which would cost every command milliseconds of CPU. Go initialises a
// package after everything it imports, and in import-path order among the
// packages that are ready, so only this package's own dependencies and a
// few small packages come first. It never returns then.
func init() {
	if len(os.Args) > 1 && os.Args[1] == HelperArg {
		os.Exit(HelperMain(os.Args))
	}
}

// errNotFound marks a command that is not in PATH.
var errNotFound = errors.New("command not found")

// HelperMain is the helper's main: this package's init calls it, with
// os.Args, when os.Args[1] == HelperArg, and exits with what it returns;
// a program that imports the package needs to do nothing more.
// It decodes the options Command encoded, confines its own process (the
// namespaces are already in place), then replaces itself with the command,
// so on success it never returns. On any failure it prints one line,
// prefixed "agent sandbox:", to stderr and returns ExitSetup, or
// ExitNotFound when the command does not exist: it never runs the command
// with less confinement than it was asked for.
func HelperMain(args []string) int {
	return helperMain(args, os.Stderr)
}

// helperMain is HelperMain with stderr given.
func helperMain(args []string, stderr io.Writer) int {
	if len(args) < 2 || args[1] != HelperArg {
		fmt.Fprintf(stderr, "agent sandbox: started without %s as the first argument\n", HelperArg)
		return ExitSetup
	}
	spec, err := decodeHelperArgs(args[2:])
	if err == nil {
		err = runHelper(spec)
	}
	fmt.Fprintf(stderr, "agent sandbox: %v\n", err)
	if errors.Is(err, errNotFound) {
		return ExitNotFound
	}
	return ExitSetup
}
