package tools

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// escapeFixture is a project root full of ways out, and the directory
// outside it that they lead to.
type escapeFixture struct {
	r       *Registry
	root    string
	outside string
	home    string
}

// newEscapeFixture builds:
//
//	root/file.txt, root/sub/inner.txt, root/.git/config, root/sub/.git (file)
//	root/out-link -> OUTSIDE            (absolute link out)
//	root/out-file -> OUTSIDE/secret.txt
//	root/rel-out -> ../NAME/secret.txt  (relative link out)
//	root/chain1 -> chain2 -> chain3 -> OUTSIDE
//	root/in1 -> in2 -> sub              (chain that stays in)
//	root/dangling -> OUTSIDE/missing.txt
//	root/dangling-in -> nothere.txt
//	root/loop1 -> loop2 -> loop1
//	root/abs-in -> ROOT/file.txt        (absolute link that stays in)
//	root/sublink -> sub
//	root/gitlink -> .git
func newEscapeFixture(t testing.TB) *escapeFixture {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "root")
	outside := filepath.Join(base, "outside")
	home := filepath.Join(base, "home")
	for _, d := range []string{root, outside, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Resolve the temp dir itself, which may sit behind a link.
	root, _ = filepath.EvalSymlinks(root)
	outside, _ = filepath.EvalSymlinks(outside)
	mustWrite(t, outside, "secret.txt", "secret\n")
	mustWrite(t, root, "file.txt", "hello\n")
	mustWrite(t, root, "sub/inner.txt", "inner\n")
	mustWrite(t, root, ".git/config", "[core]\n")
	mustWrite(t, root, "sub/.git", "gitdir: ../.git/modules/sub\n")
	mustSymlink(t, outside, root, "out-link")
	mustSymlink(t, filepath.Join(outside, "secret.txt"), root, "out-file")
	mustSymlink(t, "../outside/secret.txt", root, "rel-out")
	mustSymlink(t, "chain2", root, "chain1")
	mustSymlink(t, "chain3", root, "chain2")
	mustSymlink(t, outside, root, "chain3")
	mustSymlink(t, "in2", root, "in1")
	mustSymlink(t, "sub", root, "in2")
	mustSymlink(t, filepath.Join(outside, "missing.txt"), root, "dangling")
	mustSymlink(t, "nothere.txt", root, "dangling-in")
	mustSymlink(t, "loop2", root, "loop1")
	mustSymlink(t, "loop1", root, "loop2")
	mustSymlink(t, filepath.Join(root, "file.txt"), root, "abs-in")
	mustSymlink(t, "sub", root, "sublink")
	mustSymlink(t, ".git", root, "gitlink")
	r := newTestRegistry(t, func(_ *Config, o *Options) {
		o.Root = root
		o.Home = home
	})
	return &escapeFixture{r: r, root: root, outside: outside, home: home}
}

// outsideState lists the outside directory's entries and contents, to prove
// nothing there changed.
func outsideState(t testing.TB, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(p + "\n")
		if d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			b.Write(data)
		}
		return nil
	})
	return b.String()
}

// pathArgs makes the arguments of a file tool naming path.
func pathArgs(tool, path string) string {
	a := map[string]any{"path": path}
	switch tool {
	case "write_file":
		a["content"] = "pwned\n"
	case "edit_file":
		a["old_string"], a["new_string"] = "secret", "pwned"
	case "grep":
		a["pattern"] = "."
	}
	b, _ := json.Marshal(a)
	return string(b)
}

func TestEscapeAttemptsAreRefused(t *testing.T) {
	t.Parallel()
	fx := newEscapeFixture(t)
	before := outsideState(t, fx.outside)
	// linkItself marks paths whose last component is a link: delete_file
	// removes such a link, inside the root, and is tested apart.
	paths := []struct {
		name, path string
		linkItself bool
	}{
		{"a relative path climbs out with ..", "../outside/secret.txt", false},
		{"a path climbs out after going down", "sub/../../outside/secret.txt", false},
		{"a path climbs out through a link's parent", "sublink/../../outside/secret.txt", false},
		{"an absolute path names the outside", filepath.Join("OUTSIDE", "secret.txt"), false},
		{"an absolute path names a system file", "/etc/passwd", false},
		{"an absolute path with .. climbs out of the root", "ROOT/../outside/secret.txt", false},
		{"an absolute link leads out", "out-link/secret.txt", false},
		{"a link to an outside file", "out-file", true},
		{"a relative link leads out", "rel-out", true},
		{"a chain of links leads out", "chain1/secret.txt", false},
		{"a dangling link points out", "dangling", true},
		{"a home path is outside the root", "~/notes.txt", false},
		{"home itself is outside the root", "~", false},
	}
	tools := []string{"read_file", "write_file", "edit_file", "delete_file", "list_dir", "grep"}
	for _, tc := range paths {
		for _, tool := range tools {
			if tool == "delete_file" && tc.linkItself {
				continue
			}
			t.Run(tool+": "+tc.name, func(t *testing.T) {
				p := strings.ReplaceAll(tc.path, "OUTSIDE", fx.outside)
				p = strings.ReplaceAll(p, "ROOT", fx.root)
				plan, err := fx.r.Plan(tool, pathArgs(tool, p))
				if !errors.Is(err, ErrOutsideRoot) {
					res := Result{}
					if plan != nil {
						res = plan.Run(t.Context(), nil)
					}
					t.Fatalf("Plan(%s, %q) = %v, want ErrOutsideRoot (ran: %q)", tool, p, err, res.Output)
				}
				if !strings.Contains(err.Error(), p) {
					t.Errorf("Plan(%s, %q) error %q does not name the path", tool, p, err)
				}
			})
		}
	}
	if after := outsideState(t, fx.outside); after != before {
		t.Errorf("the outside directory changed:\n%s\nwant:\n%s", after, before)
	}
}

func TestPathsInsideTheRootResolve(t *testing.T) {
	t.Parallel()
	fx := newEscapeFixture(t)
	tests := []struct {
		name, tool, path, want string
	}{
		{"a relative file", "read_file", "file.txt", "file.txt"},
		{"a dotted relative file", "read_file", "./sub/../file.txt", "file.txt"},
		{"an absolute path inside", "read_file", "ROOT/sub/inner.txt", "sub/inner.txt"},
		{"an absolute link that stays inside", "read_file", "abs-in", "file.txt"},
		{"a chain of links that stays inside", "read_file", "in1/inner.txt", "sub/inner.txt"},
		{"a dangling link inside is written through", "write_file", "dangling-in", "nothere.txt"},
		{"a new file in a new directory", "write_file", "new/dir/f.txt", "new/dir/f.txt"},
		{"a link that leads out is itself deletable", "delete_file", "out-link", "out-link"},
		{"a dangling link is itself deletable", "delete_file", "dangling", "dangling"},
		{"the root is listable", "list_dir", ".", ""},
		{"the .git directory is readable", "read_file", ".git/config", ".git/config"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := strings.ReplaceAll(tc.path, "ROOT", fx.root)
			plan, err := fx.r.Plan(tc.tool, pathArgs(tc.tool, p))
			if err != nil {
				t.Fatalf("Plan(%s, %q) = %v, want success", tc.tool, p, err)
			}
			want := filepath.Join(fx.root, tc.want)
			if plan.Action.Path != want {
				t.Errorf("Plan(%s, %q).Action.Path = %q, want %q", tc.tool, p, plan.Action.Path, want)
			}
			if plan.Action.Root != fx.root || plan.Action.Home != fx.home {
				t.Errorf("Plan(%s, %q).Action Root, Home = %q, %q, want %q, %q",
					tc.tool, p, plan.Action.Root, plan.Action.Home, fx.root, fx.home)
			}
		})
	}
}

func TestDeletingALinkKeepsItsTarget(t *testing.T) {
	t.Parallel()
	fx := newEscapeFixture(t)
	res := runCall(t, fx.r, "delete_file", `{"path":"out-file"}`)
	if res.IsError {
		t.Fatalf("delete_file out-file: %s", res.Output)
	}
	if _, err := os.Lstat(filepath.Join(fx.root, "out-file")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the link is still there: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(fx.outside, "secret.txt")); err != nil || string(data) != "secret\n" {
		t.Errorf("the link's target = %q, %v, want it untouched", data, err)
	}
}

func TestLinkLoopsAreErrors(t *testing.T) {
	t.Parallel()
	fx := newEscapeFixture(t)
	for _, tool := range []string{"read_file", "write_file"} {
		_, err := fx.r.Plan(tool, pathArgs(tool, "loop1"))
		if !errors.Is(err, errPathLoop) {
			t.Errorf("Plan(%s, loop1) = %v, want a link loop error", tool, err)
		}
	}
}

func TestGitIsNeverWritten(t *testing.T) {
	t.Parallel()
	fx := newEscapeFixture(t)
	tests := []struct{ tool, path string }{
		{"write_file", ".git/config"},
		{"write_file", ".git/hooks/pre-commit"},
		{"write_file", ".GIT/config"},
		{"write_file", ".Git/HEAD"},
		{"write_file", "sub/.git"},
		{"write_file", "sub/.GIT"},
		{"write_file", "new/.git/config"},
		{"write_file", "gitlink/config"},
		{"write_file", ".git./config"},
		{"write_file", ".git /config"},
		{"write_file", ".g\u200cit/config"},
		{"write_file", "GIT~1/config"},
		{"write_file", "ROOT/.git/config"},
		{"write_file", "sub/../.git/config"},
		{"edit_file", ".git/config"},
		{"edit_file", "gitlink/config"},
		{"delete_file", ".git"},
		{"delete_file", ".git/config"},
		{"delete_file", "sub/.git"},
		{"delete_file", "sub"},
		{"delete_file", "gitlink/config"},
	}
	for _, tc := range tests {
		t.Run(tc.tool+" refuses "+tc.path, func(t *testing.T) {
			p := strings.ReplaceAll(tc.path, "ROOT", fx.root)
			_, err := fx.r.Plan(tc.tool, pathArgs(tc.tool, p))
			if !errors.Is(err, ErrGitDir) {
				t.Errorf("Plan(%s, %q) = %v, want ErrGitDir", tc.tool, p, err)
			}
		})
	}
	if data, _ := os.ReadFile(filepath.Join(fx.root, ".git/config")); string(data) != "[core]\n" {
		t.Errorf(".git/config = %q, want it unchanged", data)
	}
}

func TestResolvePath(t *testing.T) {
	t.Parallel()
	fx := newEscapeFixture(t)
	tests := []struct {
		name, path, want string
	}{
		{"a relative path joins the root", "sub/inner.txt", "ROOT/sub/inner.txt"},
		{"a missing tail is kept as written", "sub/new/../x.txt", "ROOT/sub/x.txt"},
		{"a link is followed", "out-link/secret.txt", "OUTSIDE/secret.txt"},
		{"a chain is followed", "chain1", "OUTSIDE"},
		{"a dangling link is followed to its target", "dangling", "OUTSIDE/missing.txt"},
		{".. applies after the link before it", "sublink/../file.txt", "ROOT/file.txt"},
		{".. above a link's target leaves the root", "sublink/../../outside", "OUTSIDE"},
		{"~ is home", "~", "HOME"},
		{"~/ is under home", "~/a/b", "HOME/a/b"},
		{"~user is a plain name", "~user", "ROOT/~user"},
		{"an absolute path stays", "/nonexistent/x", "/nonexistent/x"},
	}
	expand := func(s string) string {
		s = strings.ReplaceAll(s, "ROOT", fx.root)
		s = strings.ReplaceAll(s, "OUTSIDE", fx.outside)
		return strings.ReplaceAll(s, "HOME", fx.home)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ResolvePath(fx.root, fx.home, tc.path)
			if want := expand(tc.want); err != nil || got != want {
				t.Errorf("ResolvePath(%q) = %q, %v, want %q", tc.path, got, err, want)
			}
		})
	}
	for _, bad := range []string{"", "a\x00b", strings.Repeat("a/", maxPathLen/2) + "x"} {
		if got, err := ResolvePath(fx.root, fx.home, bad); err == nil {
			t.Errorf("ResolvePath(%.40q...) = %.40q..., want an error", bad, got)
		} else if len(err.Error()) > 200 {
			t.Errorf("ResolvePath(%.40q...) error is %d bytes long, want it not to repeat the path", bad, len(err.Error()))
		}
	}
	if got, err := ResolvePath(fx.root, "", "~/x"); err == nil {
		t.Errorf("ResolvePath(~/x) without a home = %q, want an error", got)
	}
}
