// Package classify decides how much a person must look at an action before
// it runs: every shell command, file operation and git invocation a provider
// proposes gets one of four levels (Safe, Warning, Dangerous, Blocked) with
// the reasons that decided it.
//
// Shell commands are parsed with mvdan.cc/sh/v3/syntax, never matched as
// strings. Every simple command in the tree is judged: pipelines, lists,
// subshells, control flow, function bodies, command and process
// substitutions, here-documents fed to a shell, and the strings run by
// wrappers such as env, timeout, xargs, find -exec and bash -c. The verdict
// is the worst of its parts, and what cannot be understood is never Safe.
//
// The package is pure: it performs no I/O, reads no clock or environment,
// keeps no mutable state beyond a pool of parsers, and is safe for
// concurrent use. Paths are judged lexically; the tools resolve symlinks
// before they build an Action.
package classify
