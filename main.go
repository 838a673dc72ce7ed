// Command agent is a terminal coding assistant: one panel per LLM provider,
// every proposed action classified and, unless safe, approved by a person.
package main

import (
	_ "embed"
	"os"

	"github.com/agentcli/agent/cmd"
)

// exampleConfig is what `agent config init` writes; a test parses it.
//
//go:embed config.example.toml
var exampleConfig []byte

func main() { os.Exit(cmd.Execute(exampleConfig)) }
