// Package classify decides how much a person must look at an action before
// it runs: every shell command, file operation and git invocation a provider
// proposes gets one of four levels (Safe, Warning, Dangerous, Blocked), the
// reasons that decided it, worst first, and the rule behind the worst.
//
// Shell commands are parsed with mvdan.cc/sh/v3/syntax, never matched as
// strings. Every simple command in the tree is judged: pipelines, lists,
// subshells, control flow, function bodies, command and process
// substitutions, here-documents fed to a shell, and the strings and commands
// run by wrappers such as env, timeout, xargs, find -exec and bash -c. The
// verdict is the worst of its parts. Paths written, read or deleted are
// judged by the same rules whether they come from a redirection, a command's
// operands or the file tools.
//
// What the package never does: it never performs I/O, runs anything, reads
// the environment, the clock or the file system, or keeps state between
// calls (beyond a pool of parsers); Classify is safe for concurrent use. It
// never calls anything it cannot understand Safe, and no rule, flag or
// option lowers a Blocked part. It does not see inside scripts and programs
// a command runs, nor configuration already on disk; docs/safety.md lists
// what it handles and what it cannot.
package classify
