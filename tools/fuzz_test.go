package tools

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/tools/safegit"
)

// FuzzPathsStayInRoot feeds arbitrary paths to the file tools over a root
// full of ways out (see newEscapeFixture). Invariants:
//   - every plan's Action.Path is the root or under it, and so is the real
//     location of its longest existing prefix;
//   - a plan that writes never names a .git component;
//   - running the write never changes anything outside the root;
//   - ResolvePath is deterministic and returns clean absolute paths.
func FuzzPathsStayInRoot(f *testing.F) {
	for _, seed := range []string{
		"file.txt", "../outside/secret.txt", "sub/../../outside/x", "sublink/../../outside/x",
		"out-link/secret.txt", "chain1/x", "dangling", "dangling-in", "loop1/x", "abs-in",
		"/etc/passwd", "~/x", "~", ".git/config", ".GIT/x", "sub/.git", "gitlink/config",
		"in1/../../outside", "./.", "..", "a/b/../../..", "//x", "sub//inner.txt/", ".g\u200cit/x",
	} {
		f.Add(seed)
	}
	fx := newEscapeFixture(f)
	before := outsideState(f, fx.outside)
	f.Fuzz(func(t *testing.T, path string) {
		abs, err := ResolvePath(fx.root, fx.home, path)
		if err == nil {
			if !filepath.IsAbs(abs) || filepath.Clean(abs) != abs {
				t.Fatalf("ResolvePath(%q) = %q, not clean and absolute", path, abs)
			}
			if again, err2 := ResolvePath(fx.root, fx.home, path); again != abs || err2 != nil {
				t.Fatalf("ResolvePath(%q) = %q then %q, %v", path, abs, again, err2)
			}
		}
		for _, tool := range []string{"read_file", "write_file", "delete_file", "list_dir"} {
			args, _ := json.Marshal(map[string]string{"path": path, "content": "fuzz\n"})
			if tool != "write_file" {
				args, _ = json.Marshal(map[string]string{"path": path})
			}
			p, err := fx.r.Plan(tool, string(args))
			if err != nil {
				continue
			}
			checkInRoot(t, fx.root, tool, path, p.Action.Path)
			if tool == "write_file" || tool == "delete_file" {
				rel, _ := filepath.Rel(fx.root, p.Action.Path)
				if hasGitComponent(rel) {
					t.Fatalf("Plan(%s, %q) writes %q, inside .git", tool, path, p.Action.Path)
				}
			}
			if tool == "write_file" {
				p.Run(t.Context(), nil)
				if after := outsideState(t, fx.outside); after != before {
					t.Fatalf("write_file(%q) changed the outside directory:\n%s", path, after)
				}
			}
		}
	})
}

// checkInRoot fails when p is not under root, lexically or once the links
// of its longest existing prefix are resolved by the OS.
func checkInRoot(t *testing.T, root, tool, arg, p string) {
	t.Helper()
	if !within(root, p) || filepath.Clean(p) != p {
		t.Fatalf("Plan(%s, %q).Action.Path = %q, outside %q", tool, arg, p, root)
	}
	check := p
	if tool == "delete_file" {
		// delete_file removes a final link itself: its parent is what
		// must be inside.
		check = filepath.Dir(p)
	}
	// Only a prefix that exists has links the OS can resolve.
	for {
		if _, err := os.Lstat(check); !errors.Is(err, os.ErrNotExist) {
			break
		}
		check = filepath.Dir(check)
	}
	real, err := filepath.EvalSymlinks(check)
	if err != nil {
		return // a link loop: the tools refuse it too
	}
	if !within(root, real) {
		t.Fatalf("Plan(%s, %q).Action.Path = %q, really %q, outside %q", tool, arg, p, real, root)
	}
}

// FuzzGitConfigOption checks that the git tool never lets a -c through
// that can make git run a program: such a -c would win over safegit's
// overrides.
func FuzzGitConfigOption(f *testing.F) {
	for _, s := range []string{"user.name=x", "core.pager=less", "alias.x=!sh", "color.ui=auto", "filter.x.clean=y", "User.Name=x", "include.path=x", "core.hooksPath=."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, kv string) {
		for _, args := range [][]string{{"-c", kv, "status"}, {"-c" + kv, "status"}} {
			if checkGitConfigOption(args, 0) != nil {
				continue
			}
			key, _, _ := strings.Cut(kv, "=")
			if safegit.RunsProgram(key) {
				t.Fatalf("git %q is accepted, but %s can run a program", args, key)
			}
		}
	})
}

// FuzzEditorWritesStayInRoot checks that whatever path the model gives,
// write_file, edit_file and apply_patch through an editor (an `agent acp`
// client that offers its files) ask the editor only about paths inside the
// root and outside .git, and change nothing outside the root.
func FuzzEditorWritesStayInRoot(f *testing.F) {
	for _, seed := range []string{
		"file.txt", "../outside/secret.txt", "out-link/x", "out-file", "rel-out", "chain1/x", "dangling",
		"dangling-in", "abs-in", "/etc/passwd", "~/x", ".git/config", "sub/.git", "gitlink/config", "sublink/new.txt",
		"new/dir/x.txt", "..", "in1/../../outside/x",
	} {
		f.Add(seed)
	}
	fx := newEscapeFixture(f)
	ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}}
	r := newTestRegistry(f, func(_ *Config, o *Options) {
		o.Root, o.Home, o.Buffers = fx.root, fx.home, ed
	})
	patch := newTestRegistry(f, func(_ *Config, o *Options) {
		o.Root, o.Home, o.Buffers, o.EditTool = fx.root, fx.home, ed, EditToolPatch
	})
	before := outsideState(f, fx.outside)
	f.Fuzz(func(t *testing.T, path string) {
		ed.asked, ed.writes = nil, nil
		var asked []string // the paths the editor was asked to write, then to read
		write, _ := json.Marshal(map[string]string{"path": path, "content": "fuzz\n"})
		edit, _ := json.Marshal(map[string]string{"path": path, "old_string": "hello", "new_string": "fuzz"})
		add, _ := json.Marshal(map[string]string{"input": "*** Begin Patch\n*** Add File: " + path + "\n+fuzz\n*** End Patch"})
		for _, c := range []struct {
			r          *Registry
			tool, args string
		}{{r, "write_file", string(write)}, {r, "edit_file", string(edit)}, {patch, "apply_patch", string(add)}} {
			p, err := c.r.Plan(c.tool, c.args)
			if err != nil {
				continue
			}
			ed.writes = nil
			res := p.Run(t.Context(), func(string) {})
			for _, ch := range p.Changes {
				// What a person is shown is where and what Run writes.
				checkInRoot(t, fx.root, "the plan's change", path, ch.Path)
				if got, ok := ed.writes[ch.Path]; !res.IsError && (!ok || got != ch.After) {
					t.Fatalf("path %q: %s planned %q as %s, but the editor was given %v", path, c.tool, ch.After, ch.Path, ed.writes)
				}
			}
			for w := range ed.writes {
				asked = append(asked, w)
			}
		}
		asked = append(asked, ed.asked...)
		for _, p := range asked {
			checkInRoot(t, fx.root, "the editor", path, p)
			if rel, _ := filepath.Rel(fx.root, p); hasGitComponent(rel) {
				t.Fatalf("path %q: the editor was asked about %q, inside .git", path, p)
			}
		}
		if after := outsideState(t, fx.outside); after != before {
			t.Fatalf("path %q changed the outside directory:\n%s", path, after)
		}
	})
}
