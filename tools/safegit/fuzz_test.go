package safegit

import (
	"slices"
	"strings"
	"testing"
)

// FuzzArgs checks what Args promises for any argument vector: --no-pager
// comes first, the caller's arguments follow in order, and a diff
// subcommand is followed by --no-ext-diff.
func FuzzArgs(f *testing.F) {
	f.Add("diff\x00HEAD")
	f.Add("-c\x00x=y\x00diff")
	f.Add("stash\x00show\x00-p")
	f.Add("--git-dir\x00diff\x00log")
	f.Add("")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		got := Args(args)
		if len(got) == 0 || got[0] != "--no-pager" {
			t.Fatalf("Args(%q) = %q, want --no-pager first", args, got)
		}
		rest := slices.Clone(got[1:])
		sub := subcommand(args)
		at := -1 // where Args must have put --no-ext-diff
		switch {
		case sub >= 0 && args[sub] == "diff":
			at = sub + 1
		case sub >= 0 && args[sub] == "stash" && sub+1 < len(args) && args[sub+1] == "show":
			at = sub + 2
		}
		if at >= 0 {
			if at >= len(rest) || rest[at] != "--no-ext-diff" {
				t.Fatalf("Args(%q) = %q, want --no-ext-diff after the diff subcommand", args, got)
			}
			rest = slices.Delete(rest, at, at+1)
		}
		if !slices.Equal(rest, args) {
			t.Fatalf("Args(%q) = %q, want the arguments kept in order", args, got)
		}
	})
}
