package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// useSeatbelt says New builds the macOS sandbox.
const useSeatbelt = true

// probe finds out whether sandbox-exec confines commands here: it runs
// /usr/bin/true under a profile made like a command's, so a macOS that no
// longer understands a rule shows here, with sandbox-exec's own words,
// rather than in every command. The Linux walls are reported missing.
func probe() Report {
	const why = "Linux only (macOS confines with seatbelt)"
	r := Report{LandlockReason: why, NamespaceReason: why, ProcessLimitReason: "macOS has no per-command process limit"}
	r.Seatbelt, r.SeatbeltReason = probeSeatbelt()
	if r.Seatbelt {
		r.Summary = "seatbelt (" + SeatbeltExec + ")"
	} else {
		r.Summary = "seatbelt unavailable: " + r.SeatbeltReason
	}
	return r
}

// probeSeatbelt runs one command under a generated profile.
func probeSeatbelt() (bool, string) {
	if _, err := os.Stat(SeatbeltExec); err != nil {
		return false, fmt.Sprintf("%s is missing: %v", SeatbeltExec, err)
	}
	dir, err := os.MkdirTemp("", "agent-seatbelt-probe-")
	if err != nil {
		return false, fmt.Sprintf("probe: %v", err)
	}
	defer os.RemoveAll(dir)
	if dir, err = filepath.EvalSymlinks(dir); err != nil {
		return false, fmt.Sprintf("probe: %v", err)
	}
	profile, err := seatbeltPolicyFor(helperSpec{Root: dir, TempDir: dir}, GitReadOnly, walkGitDirs(dir), homeDirs(os.Getenv("HOME"), accountHome())).profile()
	if err != nil {
		return false, fmt.Sprintf("probe: %v", err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(SeatbeltExec, "-p", profile, "--", "/usr/bin/true")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return false, SeatbeltExec + " refused the profile: " + msg
	}
	return true, ""
}
