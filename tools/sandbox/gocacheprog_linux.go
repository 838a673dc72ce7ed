package sandbox

import (
	"os"
	"path/filepath"
)

// goCacheProgReads are the paths the cache program needs to read inside
// the sandbox, given the person's build cache (shared, from
// personGoCache): that cache and the agent's binary's directory; none when
// the person has no cache.
func goCacheProgReads(shared string) []string {
	if fi, err := os.Stat(shared); shared == "" || err != nil || !fi.IsDir() {
		return nil
	}
	paths := []string{shared}
	if exe, err := os.Executable(); err == nil {
		paths = append(paths, filepath.Dir(exe))
	}
	return paths
}
