package cmd

import (
	"io"
	"os"

	"github.com/spf13/cobra"
)

// CommandTree returns agent's whole command tree, the completion command
// included, writing to out and errOut: for programs that generate
// documentation from it (man pages, shell completions). It reads no config
// and starts nothing until a command is executed; executing one behaves as
// Execute does, without the signal handling and the exit code.
func CommandTree(out, errOut io.Writer) *cobra.Command {
	a := &app{stdin: os.Stdin, stdout: out, stderr: errOut, getenv: os.Getenv}
	root := a.rootCommand()
	root.SetOut(out)
	root.SetErr(errOut)
	// Execute adds the completion command on its own; documentation of
	// the tree made without executing it needs it too.
	root.InitDefaultCompletionCmd()
	return root
}
