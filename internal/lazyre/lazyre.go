// Package lazyre compiles regular expressions on their first use instead
// of at the program's start. A package-level regexp.MustCompile runs in
// every start of the binary (the sandbox's helper, which is the same
// binary, included) and delays the screen's first frame, for patterns
// most runs never use.
package lazyre

import (
	"regexp"
	"sync"
)

var (
	mu  sync.Mutex
	all []string
)

// New returns a function that compiles expr on its first call and returns
// it after that. Like regexp.MustCompile it panics on an invalid expr;
// since that happens on first use, not at start, Check lets a test
// compile every expression made with New.
func New(expr string) func() *regexp.Regexp {
	mu.Lock()
	all = append(all, expr)
	mu.Unlock()
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// Check compiles every expression New was given so far (package-level
// ones: every package linked in has been initialised) and returns the
// first error.
func Check() error {
	mu.Lock()
	defer mu.Unlock()
	for _, expr := range all {
		if _, err := regexp.Compile(expr); err != nil {
			return err
		}
	}
	return nil
}
