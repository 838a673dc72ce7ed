package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// The build stamps these with -ldflags "-X github.com/agentcli/agent/cmd.version=v1.2.3
// -X ...cmd.commit=<full hash> -X ...cmd.date=<RFC 3339>" (make build and
// the release builds do). Left empty, they come from the build info: the
// module version of `go install ...@v1.2.3`, and the commit and its time
// that go build records from a git checkout.
var (
	version = ""
	commit  = ""
	date    = ""
)

// build says what this binary was built from.
type build struct {
	version, commit, date string
	// modified: built from a checkout with uncommitted changes, as the
	// build info says (only known when commit came from it).
	modified            bool
	goVersion, platform string
}

// currentBuild is the stamped build, completed from the build info.
func currentBuild() build {
	b := build{version: version, commit: commit, date: date,
		goVersion: runtime.Version(), platform: runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if b.version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		b.version = bi.Main.Version
	}
	if b.commit == "" {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				b.commit = s.Value
			case "vcs.time":
				if b.date == "" {
					b.date = s.Value
				}
			case "vcs.modified":
				b.modified = s.Value == "true"
			}
		}
	}
	return b
}

// String is the line agent --version prints:
// "agent v1.2.3 (commit 0123456789ab, 2026-11-26T16:00:00Z, go1.26.8, linux/amd64)".
// What is not known is left out; a version not known is "devel".
func (b build) String() string {
	v := b.version
	if v == "" {
		v = "devel"
	}
	var parts []string
	if b.commit != "" {
		c := b.commit
		if len(c) > 12 {
			c = c[:12]
		}
		if b.modified {
			c += "-dirty"
		}
		parts = append(parts, "commit "+c)
	}
	if b.date != "" {
		parts = append(parts, b.date)
	}
	parts = append(parts, b.goVersion, b.platform)
	return fmt.Sprintf("agent %s (%s)", v, strings.Join(parts, ", "))
}

func versionString() string { return currentBuild().String() }

func (a *app) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of agent",
		Long: `Version prints the version of agent, the commit it was built from and that
commit's time, the Go version and the platform. The same as agent --version.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			fmt.Fprintln(a.stdout, versionString())
			return nil
		},
	}
}
