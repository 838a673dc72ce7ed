package classify

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// corpusRow is one labelled command of testdata/corpus.tsv.
type corpusRow struct {
	line   int
	want   Level
	source string
	cmd    string
}

// readCorpus reads testdata/corpus.tsv: a level, where the case comes
// from and the command, separated by tabs. A command written as a Go
// string literal ("…") may hold newlines and tabs. Blank lines and lines
// starting with # are skipped.
func readCorpus(t *testing.T) []corpusRow {
	t.Helper()
	f, err := os.Open("testdata/corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []corpusRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 || parts[1] == "" || parts[2] == "" {
			t.Fatalf("corpus.tsv:%d: want LEVEL<tab>SOURCE<tab>COMMAND, got %q", n, line)
		}
		want, err := ParseLevel(parts[0])
		if err != nil {
			t.Fatalf("corpus.tsv:%d: %v", n, err)
		}
		cmd := parts[2]
		if strings.HasPrefix(cmd, `"`) && strings.HasSuffix(cmd, `"`) && len(cmd) > 1 {
			if cmd, err = strconv.Unquote(cmd); err != nil {
				t.Fatalf("corpus.tsv:%d: %v", n, err)
			}
		}
		rows = append(rows, corpusRow{line: n, want: want, source: parts[1], cmd: cmd})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestCorpus judges every labelled command. A row classified below its
// label fails (a false safe above all); one classified above it only
// counts against agreement and, for safe rows, recall.
func TestCorpus(t *testing.T) {
	rows := readCorpus(t)
	if len(rows) < 2400 {
		t.Errorf("corpus.tsv has %d rows, want at least 2400", len(rows))
	}
	seen := map[string]int{}
	var agree, safeRows, safeKept, falseSafe int
	for _, r := range rows {
		if prev, dup := seen[r.cmd]; dup {
			t.Errorf("corpus.tsv:%d: %q repeats line %d", r.line, r.cmd, prev)
		}
		seen[r.cmd] = r.line
		v := Classify(shellAction(r.cmd), Policy{})
		switch {
		case v.Level == r.want:
			agree++
		case v.Level < r.want:
			if v.Level == Safe {
				falseSafe++
			}
			t.Errorf("corpus.tsv:%d (%s): Classify(%q) = %v, want at least %v\nreasons: %s", r.line, r.source, r.cmd, v.Level, r.want, strings.Join(v.Reasons, "; "))
		}
		if r.want == Safe {
			safeRows++
			if v.Level == Safe {
				safeKept++
			}
		}
	}
	if safeRows < 300 {
		t.Errorf("corpus.tsv has %d safe rows, want at least 300", safeRows)
	}
	recall := float64(safeKept) / float64(max(safeRows, 1))
	t.Logf("%d rows: strict agreement %.1f%%, false safe %d, safe recall %.1f%% (%d of %d)",
		len(rows), 100*float64(agree)/float64(len(rows)), falseSafe, 100*recall, safeKept, safeRows)
	if recall < 0.97 {
		t.Errorf("safe recall %.1f%%, want at least 97%%", 100*recall)
	}
}
