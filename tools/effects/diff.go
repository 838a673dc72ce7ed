package effects

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// DiffFunc renders the unified diff that turns before into after for the
// file rel; a nil side is absent. Package tools provides one.
type DiffFunc func(rel string, before, after *string) string

// maxDiffBytes bounds Diff's output; past it the rest is listed by line.
const maxDiffBytes = 4 << 20

// Diff renders the whole set for a person: the diff of every text file
// created, modified or deleted (by diff), one line for a binary or large
// file, a symlink, a mode change, a directory made or removed with its
// file count, and the refused entries last. It reads the real root as it
// is now and the upper layer; a set closed is ErrClosed. Past 4 MiB, the
// remaining changes are given by their one-line summaries.
func (s *Set) Diff(diff DiffFunc) (string, error) {
	if s.upper == nil {
		return "", ErrClosed
	}
	rr, err := os.OpenRoot(s.root)
	if err != nil {
		return "", fmt.Errorf("effects: root: %w", err)
	}
	defer rr.Close()
	var b strings.Builder
	for _, ch := range s.Changes {
		if b.Len() > maxDiffBytes {
			b.WriteString("# " + ch.String() + "\n")
			continue
		}
		if err := s.diffOne(&b, rr, ch, diff); err != nil {
			return "", fmt.Errorf("effects: %s: %w", ch.Path, err)
		}
	}
	for _, r := range s.Refused {
		b.WriteString("# not applied: " + show(r.Path) + " (" + r.Reason + ")\n")
	}
	return b.String(), nil
}

// diffOne renders one change.
func (s *Set) diffOne(b *strings.Builder, rr *os.Root, ch Change, diff DiffFunc) error {
	switch {
	case ch.Type.IsDir() && ch.Op == Delete:
		fmt.Fprintf(b, "# deleted directory %s/ (%s)\n", show(ch.Path), plural(ch.Files, "file", "files"))
		return nil
	case ch.Op == Replace:
		fmt.Fprintf(b, "# %s\n", ch.String())
		if !ch.Type.IsRegular() {
			return nil
		}
	case ch.Type.IsDir():
		if ch.Op == Create {
			fmt.Fprintf(b, "# new directory %s/ (mode %04o)\n", show(ch.Path), modeBits(ch.Mode))
		} else {
			fmt.Fprintf(b, "# mode of %s/: %04o -> %04o\n", show(ch.Path), modeBits(ch.OldMode), modeBits(ch.Mode))
		}
		return nil
	case ch.Type == fs.ModeSymlink || ch.Op == Delete && !ch.Type.IsRegular():
		fmt.Fprintf(b, "# %s\n", ch.String())
		return nil
	}
	if ch.Op == Modify && ch.Mode != ch.OldMode {
		fmt.Fprintf(b, "# mode of %s: %04o -> %04o\n", show(ch.Path), modeBits(ch.OldMode), modeBits(ch.Mode))
	}
	if ch.Op == Modify && !ch.Content {
		return nil
	}
	if ch.Op == Create && ch.Mode&0o111 != 0 {
		fmt.Fprintf(b, "# new file %s (mode %04o)\n", show(ch.Path), modeBits(ch.Mode))
	}
	var before, after *string
	if ch.Op == Modify || ch.Op == Delete {
		if ch.OldSize > diffLimit {
			fmt.Fprintf(b, "# %s: large file, not shown\n", ch.String())
			return nil
		}
		t, err := readSmall(rr, ch.Path)
		if err != nil {
			return err
		}
		before = &t
	}
	if ch.Op != Delete {
		if ch.Size > diffLimit {
			fmt.Fprintf(b, "# %s: large file, not shown\n", ch.String())
			return nil
		}
		t, err := readSmall(s.upper, ch.Path)
		if err != nil {
			return err
		}
		after = &t
	}
	b.WriteString(diff(ch.Path, before, after))
	return nil
}

// readSmall reads a regular file of at most diffLimit bytes.
func readSmall(r *os.Root, rel string) (string, error) {
	f, err := openRegular(r, rel)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, diffLimit+1))
	if err != nil {
		return "", err
	}
	if len(data) > diffLimit {
		return "", errors.New("grew past 1 MiB")
	}
	return string(data), nil
}
