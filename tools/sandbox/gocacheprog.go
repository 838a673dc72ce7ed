package sandbox

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/agentcli/agent/tools/sandbox/gocache"
)

// A confined go command reads the person's build cache through the
// agent's own cache program (package gocache), started by go inside the
// sandbox as GOCACHEPROG: what the person's builds compiled is reused,
// and what the command compiles goes to the project's private cache. The
// person's cache stays read-only by the sandbox's walls (Landlock lets a
// command write only the root, the private caches and temp directories;
// Seatbelt on macOS the same), whatever the program does; on Linux the
// helper puts the agent's binary and the person's cache back, read-only,
// when they live in a directory the sandbox replaces (/tmp), so that go
// can start the program there.
//
// GOCACHEPROG is set to the empty string, so that the private GOCACHE is
// used as before, when:
//   - the person's cache is off, not found or not a directory inside the
//     sandbox (hidden by [sandbox] hide, or never made): nothing to reuse,
//     and a program started for every go command would cost for nothing;
//   - it lies in the project root or the private cache directory, or
//     holds one of them: commands may write it there, so it is not the
//     person's to keep;
//   - the agent's binary is not there to run inside the sandbox, or a
//     path cannot be quoted for go.
//
// A GOCACHEPROG of the person's own environment is never passed on: it
// would run confined, where its store is not writable (or remote,
// without the network). (One set with `go env -w` is in a file go reads
// itself; it still applies when GOCACHEPROG is empty.) Go before 1.24
// ignores GOCACHEPROG and uses the private GOCACHE, which the program
// keeps in Go's own layout.

// goCacheProgName is the variable go reads the cache program from.
const goCacheProgName = "GOCACHEPROG"

// personGoCache is the person's build cache directory, given the person's
// environment (getenv, before CacheEnv): gocache.PersonDir, read once per
// command (or session) before the mounts, which may hide Go's
// environment file, so that the mounts and GOCACHEPROG name the same
// cache.
func personGoCache(getenv func(string) string) string {
	return gocache.PersonDir(getenv, runtime.GOOS)
}

// goCacheProgEnv returns the GOCACHEPROG setting ("GOCACHEPROG=...") for
// the commands of root with the private caches in cacheDir, given the
// person's build cache (shared, from personGoCache; "" for none) and the
// agent's binary (exe). It looks at the file system as the command will
// see it: call it after the mounts.
func goCacheProgEnv(exe, root, cacheDir, shared string) string {
	none := goCacheProgName + "="
	if shared == "" || exe == "" || cacheDir == "" {
		return none
	}
	for _, p := range []string{root, cacheDir} {
		if p != "" && (p == shared || within(p, shared) || within(shared, p)) {
			return none
		}
	}
	if fi, err := os.Stat(shared); err != nil || !fi.IsDir() {
		return none
	}
	if fi, err := os.Stat(exe); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return none
	}
	value, ok := gocache.Command(exe, shared, filepath.Join(cacheDir, goBuildDir()))
	if !ok {
		return none
	}
	return goCacheProgName + "=" + value
}

// goBuildDir is GOCACHE's directory in CacheVars.
func goBuildDir() string {
	for _, v := range CacheVars {
		if v.Name == "GOCACHE" {
			return v.Dir
		}
	}
	return "go-build"
}
