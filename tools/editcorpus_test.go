package tools

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The near-miss corpus: edits in the shapes models get wrong (line
// endings, trailing blanks, indentation shifted or half missing, tabs
// typed as spaces, typographic quotes and dashes, a typo, a stale view of
// the file, a copy that matches twice once normalised), each made against
// real-looking files. Every edit either applies exactly where it was
// meant to, or is refused with a hint that points at the right lines;
// none may apply anywhere else.

// corpusFiles are the files the corpus edits. Regions are picked from
// them by line ranges.
var corpusFiles = []struct {
	name, text string
	regions    [][2]int // [first, last] line, 1-based, inclusive
}{
	{"server.go", `package server

import (
	"errors"
	"net/http"
)

// Server answers the shop's requests.
type Server struct {
	addr    string
	running bool
}

// Start listens on the server's address.
func (s *Server) Start() error {
	if s.running {
		return errors.New("server: already running")
	}
	s.running = true
	return http.ListenAndServe(s.addr, nil)
}

// Stop stops it.
func (s *Server) Stop() {
	if !s.running {
		return
	}
	s.running = false
}

func handler(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case "GET":
		w.Write([]byte("ok"))
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}
`, [][2]int{{16, 18}, {19, 20}, {25, 27}, {32, 35}, {33, 34}, {10, 11}}},
	{"cart.py", `import json


class Cart:
    """A customer's cart."""

    def __init__(self, owner):
        self.owner = owner
        self.items = []

    def add(self, sku, qty=1):
        if qty <= 0:
            raise ValueError("qty must be positive")
        self.items.append({"sku": sku, "qty": qty})

    def total(self, prices):
        total = 0
        for item in self.items:
            total += prices[item["sku"]] * item["qty"]
        return total

    def dump(self):
        return json.dumps({"owner": self.owner, "items": self.items})
`, [][2]int{{12, 13}, {17, 20}, {8, 9}, {22, 23}, {14, 14}}},
	{"app.js", `'use strict';

const express = require('express');
const app = express();

app.get('/health', (req, res) => {
  res.json({ status: 'ok' });
});

app.post('/orders', async (req, res) => {
  const order = req.body;
  if (!order || !order.items) {
    return res.status(400).json({ error: 'no items' });
  }
  try {
    const id = await save(order);
    res.status(201).json({ id });
  } catch (err) {
    res.status(500).json({ error: err.message });
  }
});

module.exports = app;
`, [][2]int{{6, 8}, {12, 14}, {15, 17}, {18, 20}, {3, 4}}},
	{"config.yaml", `server:
  port: 8080
  host: "0.0.0.0"
database:
  url: "postgres://localhost/shop"
  pool:
    max: 10
    idle: 2
logging:
  level: info
  format: "json"
`, [][2]int{{2, 3}, {6, 8}, {10, 11}, {5, 5}}},
	{"README.md", "# Shop\n\nA small shop \u2014 orders, carts and payments.\n\n## Running\n\nRun \u201cmake run\u201d and open the page.\nThe server\u2019s port is set in config.yaml.\n\n## Testing\n\nRun `make test`; it needs no network.\n",
		[][2]int{{3, 3}, {7, 8}, {12, 12}}},
	{"Makefile", "GO ?= go\n\nbuild:\n\t$(GO) build ./...\n\ntest:\n\t$(GO) test ./...\n\t$(GO) vet ./...\n\n.PHONY: build test\n",
		[][2]int{{3, 4}, {6, 8}}},
}

// corpusCase is one near-miss edit and what it should do.
type corpusCase struct {
	shape    string
	file     string // the file as it is on disk
	old, new string // what the model sent
	// want is the file after a correct edit; "" when the edit must be
	// refused.
	want string
	// line is where the meant region starts in file, for the hint.
	line int
	// region is the meant region's byte span in file.
	start, end int
}

// rename makes a region's new text: a small, visible change.
func rename(s string) string {
	for _, w := range []string{"running", "qty", "items", "status", "port", "shop", "make", "GO", "order"} {
		if strings.Contains(s, w) {
			return strings.Replace(s, w, w+"_v2", 1)
		}
	}
	body := strings.TrimRight(s, "\n")
	return body + " // changed" + s[len(body):]
}

// lineSpan returns the byte span of lines [first, last] of s, with the
// last line's line ending.
func lineSpan(s string, first, last int) (int, int) {
	ls := splitLines(s)
	start := ls[first-1].start
	end := ls[last-1].end
	if end < len(s) && s[end] == '\r' {
		end++
	}
	if end < len(s) {
		end++
	}
	return start, end
}

func mapLines(s string, f func(i int, l string) string) string {
	parts := strings.SplitAfter(s, "\n")
	for i, p := range parts {
		body := strings.TrimSuffix(p, "\n")
		parts[i] = f(i, body) + p[len(body):]
	}
	return strings.Join(parts, "")
}

var (
	straightToCurly = strings.NewReplacer(`"`, "\u201c", "'", "\u2019")
	curlyToStraight = strings.NewReplacer("\u201c", `"`, "\u201d", `"`, "\u2019", "'", "\u2014", "-")
	identifier      = regexp.MustCompile(`[A-Za-z_]{4,}`)
)

// buildCorpus makes the cases: for every region of every file, each
// shape that applies to it.
func buildCorpus() []corpusCase {
	var out []corpusCase
	for _, f := range corpusFiles {
		for _, rg := range f.regions {
			base := f.text
			start, end := lineSpan(base, rg[0], rg[1])
			region := base[start:end]
			meant := rename(region)
			replaced := base[:start] + meant + base[end:]
			add := func(shape, file, old, new, want string, s, e int) {
				out = append(out, corpusCase{shape: f.name + ":" + fmt.Sprint(rg[0]) + ": " + shape, file: file, old: old, new: new,
					want: want, line: rg[0], start: s, end: e})
			}
			// Line endings: the file has CRLF, the model sends LF.
			crlf := strings.ReplaceAll(base, "\n", "\r\n")
			cs, ce := lineSpan(crlf, rg[0], rg[1])
			add("CRLF file, LF edit", crlf, region, meant, crlf[:cs]+strings.ReplaceAll(meant, "\n", "\r\n")+crlf[ce:], cs, ce)
			// Trailing blanks the model added.
			add("trailing blanks added", base, mapLines(region, func(_ int, l string) string {
				if l == "" {
					return l
				}
				return l + "  "
			}), meant, replaced, start, end)
			// Trailing blanks in the file the model left out.
			spaced := mapLines(base, func(i int, l string) string {
				if i+1 >= rg[0] && i+1 <= rg[1] && l != "" {
					return l + " \t"
				}
				return l
			})
			ss, se := lineSpan(spaced, rg[0], rg[1])
			add("file has trailing blanks", spaced, region, meant, spaced[:ss]+meant+spaced[se:], ss, se)
			// The last line's line ending left out of old and new.
			add("no final newline in old and new", base, strings.TrimSuffix(region, "\n"), strings.TrimSuffix(meant, "\n"), replaced, start, end)
			indent := indentOf(region)
			if indent != "" {
				// The whole region dedented by its first line's indentation.
				dedent := func(s string) string {
					return mapLines(s, func(_ int, l string) string { return strings.TrimPrefix(l, indent) })
				}
				add("dedented", base, dedent(region), dedent(meant), replaced, start, end)
				// The first line copied from after its indentation.
				add("first line without its indentation", base, strings.TrimPrefix(region, indent), strings.TrimPrefix(meant, indent), replaced, start, end)
			}
			// Indented one level deeper than the file.
			step := "\t"
			if strings.HasPrefix(indent, " ") || indent == "" && !strings.HasSuffix(f.name, ".go") && f.name != "Makefile" {
				step = "    "
			}
			deeper := func(s string) string {
				return mapLines(s, func(_ int, l string) string {
					if l == "" {
						return l
					}
					return step + l
				})
			}
			add("indented one level deeper", base, deeper(region), deeper(meant), replaced, start, end)
			// Tabs typed as spaces: not one consistent shift; refused.
			if strings.Contains(region, "\n\t") || strings.HasPrefix(region, "\t") {
				tabs := func(s string) string { return strings.ReplaceAll(s, "\t", "    ") }
				add("tabs typed as spaces", base, tabs(region), tabs(meant), "", start, end)
			}
			// Typographic quotes typed for straight ones, and the reverse.
			if strings.ContainsAny(region, `"'`) {
				add("curly quotes for straight ones", base, straightToCurly.Replace(region), meant, replaced, start, end)
			}
			if strings.ContainsAny(region, "\u201c\u201d\u2019\u2014") {
				add("straight quotes for curly ones", base, curlyToStraight.Replace(region), meant, replaced, start, end)
			}
			// A typo in an identifier: nothing matches; refused with the
			// closest lines.
			if loc := identifier.FindStringIndex(region); loc != nil {
				typo := region[:loc[0]] + region[loc[0]:loc[0]+2] + "x" + region[loc[0]+3:]
				add("typo in an identifier", base, typo, meant, "", start, end)
			}
			// A stale view: one line of the region is from an older
			// version of the file.
			if rg[1] > rg[0] {
				stale := mapLines(region, func(i int, l string) string {
					if i == 1 {
						return l + " // old"
					}
					return l
				})
				add("one line from an older version", base, stale, meant, "", start, end)
			}
			// The region appears twice once indentation is ignored: a
			// forgiving match would be a guess; refused, naming both.
			if strings.HasSuffix(f.name, ".go") || strings.HasSuffix(f.name, ".py") || strings.HasSuffix(f.name, ".js") {
				thrice := base + "\n" + deeper(region) + "\n" + deeper(deeper(region))
				add("matches three times ignoring indentation", thrice, deeper(deeper(deeper(region))), meant, "", start, end)
			}
			// A whole-word slip in old's last line, followed by trailing
			// blanks: must not match a longer line.
			if s := strings.TrimRight(region, "\n"); !strings.Contains(s, "\n") && len(s) > 6 {
				add("prefix of a line with a trailing blank", base, s[:len(s)-2]+" ", meant, "", start, end)
			}
		}
	}
	return out
}

// TestEditNearMissCorpus runs the corpus and reports its figures: applied
// correctly, refused with a useful hint, and applied in the wrong place,
// which must never happen.
func TestEditNearMissCorpus(t *testing.T) {
	t.Parallel()
	corpus := buildCorpus()
	if len(corpus) < 200 {
		t.Fatalf("the corpus has %d cases, want at least 200", len(corpus))
	}
	var applied, wantApplied, refusedHint, refusedMeant, wrongPlace, wrongText, refusedBare int
	for _, c := range corpus {
		got, _, _, err := applyEdits(c.file, []editSpec{{OldString: c.old, NewString: c.new}}, "f")
		if c.want != "" {
			wantApplied++
		}
		switch {
		case err == nil && c.want != "" && got == c.want:
			applied++
		case err == nil:
			// Where did it change the file?
			p := 0
			for p < len(got) && p < len(c.file) && got[p] == c.file[p] {
				p++
			}
			s := 0
			for s < len(got)-p && s < len(c.file)-p && got[len(got)-1-s] == c.file[len(c.file)-1-s] {
				s++
			}
			if p < c.start || len(c.file)-s > c.end {
				wrongPlace++
				t.Errorf("%s: applied in the wrong place: changed bytes %d-%d, the meant region is %d-%d\nold: %q\nfile after: %q",
					c.shape, p, len(c.file)-s, c.start, c.end, c.old, got)
			} else {
				wrongText++
				t.Errorf("%s: applied in the right place but the result differs:\ngot  %q\nwant %q", c.shape, got, c.want)
			}
		default:
			if c.want != "" {
				refusedMeant++
				t.Logf("%s: refused an edit that could apply: %v", c.shape, err)
			}
			if strings.Contains(err.Error(), fmt.Sprintf("lines %d", c.line)) || strings.Contains(err.Error(), fmt.Sprintf(", %d", c.line)) ||
				strings.Contains(err.Error(), fmt.Sprintf("%6d\t", c.line)) {
				refusedHint++
			} else {
				refusedBare++
				t.Errorf("%s: refused without pointing at line %d: %v", c.shape, c.line, err)
			}
		}
	}
	t.Logf("near-miss corpus: %d edits; %d applied correctly (of %d that should apply), %d refused with a hint at the right lines "+
		"(%d of them could have applied), %d refused without such a hint, %d applied in the wrong place, %d applied with a wrong text",
		len(corpus), applied, wantApplied, refusedHint, refusedMeant, refusedBare, wrongPlace, wrongText)
	if wrongPlace != 0 {
		t.Errorf("%d edits applied in the wrong place, want 0", wrongPlace)
	}
}

// FuzzLocateEdit checks what makes an edit never wrong, whatever the
// file and the edit: an old text found exactly once is replaced there and
// nowhere else; spans are in order and inside the file; and a forgiving
// match never stands in for an exact one.
func FuzzLocateEdit(f *testing.F) {
	f.Add("a\r\nb  \n\tc “d”\n", "b\n\tc \"d\"", "x", false)
	f.Add("x\n  y\n  y\n", "y", "z", true)
	f.Add("if a {\n\treturn\n}\n", "if a {\n    return\n}", "q", false)
	f.Fuzz(func(t *testing.T, content, old, repl string, all bool) {
		if old == "" || len(content) > 1<<12 || len(old) > 1<<10 {
			return
		}
		m, err := locateEdit(content, old, repl, all, "f")
		if err != nil {
			if strings.Count(content, old) == 1 {
				t.Fatalf("old occurs exactly once but locateEdit failed: %v", err)
			}
			return
		}
		prev := 0
		for _, sp := range m.spans {
			if sp.start < prev || sp.end < sp.start || sp.end > len(content) {
				t.Fatalf("span %d-%d out of order or outside the file (len %d, previous end %d)", sp.start, sp.end, len(content), prev)
			}
			prev = sp.end
		}
		if n := strings.Count(content, old); n > 0 {
			if m.how != "" {
				t.Fatalf("old occurs exactly, yet the match was forgiving (%s)", m.how)
			}
			if n == 1 && (len(m.spans) != 1 || content[m.spans[0].start:m.spans[0].end] != old) {
				t.Fatalf("exact match replaced %+v, want the one occurrence", m.spans)
			}
		}
	})
}
