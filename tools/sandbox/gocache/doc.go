// Package gocache is the Go build cache that confined commands use: a
// program that speaks Go's GOCACHEPROG protocol (go1.24 and later) and
// reads through the person's own build cache into the project's private
// one. It lets the first confined `go build` or `go test` of a project
// reuse what the person's builds already compiled (the standard library,
// shared dependencies) instead of compiling it all again.
//
// # Where it runs
//
// The go command inside the sandbox starts it, as the agent's own binary
// with Arg as its first argument (the package's init enters Main), so it
// runs inside the same walls as the command that ran go: it can write the
// private cache and nothing the command could not, and read what the
// command could read. It widens no wall. The sandbox decides whether to
// offer it (package sandbox: GOCACHEPROG is set only when the agent's
// binary and the person's cache are both there inside the sandbox).
//
// # What it reads and writes
//
//   - get: the person's cache first, then the private one. Entries are
//     found by their action ID, the hash of every input of the action,
//     so an entry of the person's is exactly what the command would have
//     built. The person's cache is never written: not its entries, not
//     their modification times (Go's own cache marks use that way), not
//     trim.txt. Its files are handed to go by path, read only.
//   - put: the private cache only, in Go's own on-disk layout, so a go
//     command without GOCACHEPROG (an older Go) uses the same entries.
//   - close: trims the private cache as Go trims its own (entries unused
//     for five days, at most once a day), since go leaves trimming to the
//     program when GOCACHEPROG is set.
//
// The guarantee that the person's cache is not written does not rest on
// this program: the sandbox gives no command write access outside the
// project root, its private caches and temp directories. This program
// only keeps from trying.
//
// # Test results
//
// A test result in Go's cache is a pair: the test log (what the test
// read: files, environment variables) under the test's ID, and the output
// under a key made from the log. Test logs are never served from the
// person's cache, so `go test` inside the sandbox never reports another
// run's result as "(cached)": that run happened outside the sandbox, with
// the network, the credentials and the files the sandbox hides, so its
// pass says nothing about the command's, and its output (which may print
// what only the outside could read, and belongs to whatever project ran
// it) is not the command's to see. Test results are cached in the
// private cache as usual.
package gocache
