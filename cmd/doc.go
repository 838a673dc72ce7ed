// Package cmd holds the cobra commands of the agent binary: flags, config
// loading and the wiring of concrete types. It has no logic of its own
// beyond turning flags and files into the values the other packages take.
package cmd
