package tools

import (
	"io/fs"
	"slices"
	"sync"
	"time"

	"github.com/agentcli/agent/classify/secrets"
)

// Held commands see the project's secret files empty (secrets.IsSecretFile:
// .env files, private keys, credentials files). Finding them takes a walk
// of the project, which is kept for a short while: a command cannot make
// a new one in the real root, but the person's editor can.

// secretScan bounds and caches the walk.
const (
	secretScanTTL     = 2 * time.Second
	secretScanEntries = 200_000
)

// secretSkipDirs are directories whose contents are not searched: a git
// directory holds no file of the project, and dependency trees are
// large and hold other people's test fixtures.
var secretSkipDirs = []string{".git", "node_modules"}

// secretCache is the last walk's answer.
type secretCache struct {
	mu    sync.Mutex
	at    time.Time
	files []string
}

// secretFiles returns the project's secret files, relative to the root,
// slash-separated, sorted.
func (r *Registry) secretFiles() []string {
	c := &r.secrets
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Since(c.at) < secretScanTTL && !c.at.IsZero() {
		return c.files
	}
	var files []string
	seen := 0
	_ = fs.WalkDir(r.fsRoot.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > secretScanEntries {
			return fs.SkipAll
		}
		if d.IsDir() {
			if p != "." && slices.Contains(secretSkipDirs, d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		// A link named like a secret counts too: what it leads to is
		// read through it.
		if secrets.IsSecretFile(p) {
			files = append(files, p)
		}
		return nil
	})
	c.files, c.at = files, time.Now()
	return files
}
