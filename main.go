// Command agent is a terminal coding assistant: one panel per LLM provider,
// every proposed action classified and, unless safe, approved by a person.
package main

import (
	_ "embed"
	"os"
	"runtime/debug"

	"github.com/agentcli/agent/cmd"
)

// exampleConfig is what `agent config init` writes; a test parses it.
//
//go:embed config.example.toml
var exampleConfig []byte

func main() {
	if os.Getenv("GOGC") == "" {
		// The agent keeps little live (a few megabytes) and mostly waits
		// for the model and its commands: collecting once the heap has
		// grown by half, not doubled, keeps its heap about half a
		// megabyte smaller for no CPU time BenchmarkRun20Commands can see
		// (cmd/startup_bench_linux_test.go). GOGC, when set, decides.
		debug.SetGCPercent(50)
	}
	os.Exit(cmd.Execute(exampleConfig))
}
