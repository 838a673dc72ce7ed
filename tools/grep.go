package tools

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/agentcli/agent/classify"
)

// maxGrepFileBytes is the largest file grep searches; larger ones are
// almost always generated or data, and are skipped.
const maxGrepFileBytes = 8 << 20

// maxGrepLineBytes is how much of a matching line grep shows.
const maxGrepLineBytes = 300

type grepArgs struct {
	Pattern string  `json:"pattern"`
	Path    *string `json:"path,omitempty"`
	Include *string `json:"include,omitempty"`
}

var grepParams = []Param{
	{Name: "pattern", Type: ParamString, Required: true, Desc: "Regular expression matched against each line."},
	{Name: "path", Type: ParamString, Desc: `File or directory to search (default ".", the project root).`},
	{Name: "include", Type: ParamString, Desc: `Only search files whose name matches this glob, like "*.go" or "*.{ts,tsx}"; a glob with / matches the path from the root.`},
}

var grepTool = newTool("grep", grepParams, planGrep,
	"Search file contents under the project root with a regular expression (RE2 syntax; (?i) for "+
		"case-insensitive). Prints path:line: text for each matching line. Skips .git, what .gitignore "+
		"ignores and binary files; names the files it did not search (over 8 MiB, unreadable).")

func planGrep(r *Registry, name string, a grepArgs) (*Plan, error) {
	if a.Pattern == "" {
		return nil, &ArgError{Tool: name, Field: "pattern", Problem: "empty pattern"}
	}
	re, err := regexp.Compile(a.Pattern)
	if err != nil {
		return nil, &ArgError{Tool: name, Field: "pattern", Problem: "not a valid regular expression: " + err.Error()}
	}
	var include [][]string
	if a.Include != nil && *a.Include != "" {
		pats := expandBraces(*a.Include)
		if pats == nil {
			return nil, &ArgError{Tool: name, Field: "include", Problem: fmt.Sprintf("braces expand to more than %d patterns", maxBraceExpansions)}
		}
		for _, p := range pats {
			segs := splitPattern(p)
			if len(segs) == 0 || !validPattern(segs) {
				return nil, &ArgError{Tool: name, Field: "include", Problem: fmt.Sprintf("%q is not a valid glob", p)}
			}
			if !strings.Contains(p, "/") {
				segs = append([]string{"**"}, segs...)
			}
			include = append(include, segs)
		}
	}
	where := "."
	if a.Path != nil && *a.Path != "" {
		where = *a.Path
	}
	t, _, err := r.resolveExisting(name, where)
	if err != nil {
		return nil, err
	}
	summary := fmt.Sprintf("grep %q in %s", a.Pattern, t.rel)
	p := r.newPlan(name, a, summary, func(ctx context.Context, _ func(string)) Result {
		return r.grep(ctx, t, re, include)
	})
	p.Action = classify.Action{Kind: classify.Read, Path: t.abs, Root: r.root, Home: r.home}
	return p, nil
}

// grepper collects matches up to a cap, and what it could not search.
type grepper struct {
	re      *regexp.Regexp
	max     int
	out     strings.Builder
	n       int
	more    bool
	skipped skipList
}

// notSearchable says why an entry of the tree that is not a regular file
// is not searched; "" for those that are not worth a word (directories,
// symbolic links, which the walk does not follow). Such entries are never
// opened: a named pipe would block, a device may act on being opened.
func notSearchable(d fs.DirEntry) string {
	if t := d.Type(); !t.IsRegular() && !t.IsDir() && t&fs.ModeSymlink == 0 {
		return KindOf(t)
	}
	return ""
}

// why is the reason in err, without the path it names.
func why(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func (r *Registry) grep(ctx context.Context, t target, re *regexp.Regexp, include [][]string) Result {
	g := &grepper{re: re, max: r.cfg.MaxEntries}
	fi, err := r.fsRoot.Stat(t.rel)
	if err != nil {
		return failure(pathError(t.arg, err).Error())
	}
	start := filepath.ToSlash(t.rel)
	if !fi.IsDir() {
		// A file named explicitly is searched even if ignored.
		skip, err := g.file(r.fsRoot, start)
		if err != nil {
			return failure(pathError(t.arg, err).Error())
		}
		if skip != "" {
			g.skipped.add(start, skip)
		}
	} else {
		err = r.walkTree(ctx, start, newIgnorer(r.fsRoot.FS()), func(rel string, d fs.DirEntry) error {
			if !d.Type().IsRegular() && !d.IsDir() {
				if w := notSearchable(d); w != "" && (include == nil || matchesAny(include, rel)) {
					g.skipped.add(rel, w)
				}
				return nil
			}
			if d.IsDir() || include != nil && !matchesAny(include, rel) {
				return nil
			}
			if skip, err := g.file(r.fsRoot, rel); err != nil {
				g.skipped.add(rel, why(err)) // the search goes on without it
			} else if skip != "" {
				g.skipped.add(rel, skip)
			}
			if g.more {
				return errStop
			}
			return nil
		}, func(rel string, err error) {
			g.skipped.add(rel+"/", why(err))
		})
		if err != nil {
			return failure(pathError(t.arg, err).Error())
		}
	}
	if g.n == 0 {
		if note := g.skipped.note("file", "files", "it could not search"); note != "" {
			return Result{Output: "no matches\n" + note, ExitCode: -1}
		}
		return Result{Output: "no matches", ExitCode: -1}
	}
	if g.more {
		fmt.Fprintf(&g.out, "[... stopped after %d matches (max_entries); narrow the pattern, path or include ...]\n", g.n)
	}
	g.out.WriteString(g.skipped.note("file", "files", "it could not search"))
	return Result{Output: g.out.String(), ExitCode: -1}
}

// matchesAny reports whether the slash path rel matches one of the globs.
func matchesAny(globs [][]string, rel string) bool {
	names := strings.Split(rel, "/")
	for _, g := range globs {
		if matchSegments(g, names) {
			return true
		}
	}
	return false
}

// file searches one regular file, skipping binary and oversized ones.
// skip says why a file was left out when the result should name it: an
// oversized file may well hold what the model looks for, so "no matches"
// alone would mislead; a binary file has no lines to match.
func (g *grepper) file(root *os.Root, rel string) (skip string, err error) {
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", nil
	}
	if fi.Size() > maxGrepFileBytes {
		return fmt.Sprintf("%.1f MiB, over the %s grep searches", float64(fi.Size())/(1<<20), mib(maxGrepFileBytes)), nil
	}
	br := bufio.NewReaderSize(f, 64<<10)
	if head, _ := br.Peek(sniffBytes); isBinary(head) {
		return "", nil
	}
	name := path.Clean(rel)
	for line := 1; ; line++ {
		text, _, err := readLine(br)
		if err == io.EOF && text == nil {
			return "", nil
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		if g.re.Match(text) {
			if g.n == g.max {
				g.more = true
				return "", nil
			}
			g.n++
			fmt.Fprintf(&g.out, "%s:%d: %s\n", name, line, clip(strings.ToValidUTF8(string(text), "\uFFFD"), maxGrepLineBytes))
		}
		if err == io.EOF {
			return "", nil
		}
	}
}
