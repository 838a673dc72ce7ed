package sandbox

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/agentcli/agent/tools/sandbox/gocache"
)

// goCacheProgReads are the paths the cache program needs to read inside
// the sandbox, given the person's environment: the person's build cache
// and the agent's binary's directory; none when the person has no cache.
func goCacheProgReads(getenv func(string) string) []string {
	shared := gocache.PersonDir(getenv, runtime.GOOS)
	if fi, err := os.Stat(shared); shared == "" || err != nil || !fi.IsDir() {
		return nil
	}
	paths := []string{shared}
	if exe, err := os.Executable(); err == nil {
		paths = append(paths, filepath.Dir(exe))
	}
	return paths
}
