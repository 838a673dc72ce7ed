package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/classify/secrets"
)

func TestHiddenPaths(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name               string
		homes, extra, keep []string
		want, notWant      []string
	}{
		{name: "credential stores under every home",
			homes: []string{"/home/a", "/root"},
			want:  []string{"/home/a/.ssh", "/root/.ssh", "/home/a/.aws", "/home/a/.netrc", "/home/a/.config/gh", "/etc/shadow"}},
		{name: "~/ in the config means each home, absolute paths stay",
			homes: []string{"/home/a", "/home/b"}, extra: []string{"~/tokens", "/srv/secret"},
			want: []string{"/home/a/tokens", "/home/b/tokens", "/srv/secret"}},
		{name: "a path that covers the root is not hidden",
			homes: []string{"/home/a"}, extra: []string{"/home/a/work", "~/work/p"}, keep: []string{"/home/a/work/p"},
			notWant: []string{"/home/a/work", "/home/a/work/p"}},
		{name: "a root inside a credential store keeps it visible",
			homes: []string{"/home/a"}, keep: []string{"/home/a/.ssh/proj"},
			notWant: []string{"/home/a/.ssh"}, want: []string{"/home/a/.aws"}},
		{name: "relative homes are ignored",
			homes: []string{"relative"}, notWant: []string{"relative/.ssh"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := HiddenPaths(tt.homes, tt.extra, tt.keep)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("HiddenPaths(%q, %q, %q) lacks %s", tt.homes, tt.extra, tt.keep, w)
				}
			}
			for _, w := range tt.notWant {
				if slices.Contains(got, w) {
					t.Errorf("HiddenPaths(%q, %q, %q) has %s", tt.homes, tt.extra, tt.keep, w)
				}
			}
		})
	}
}

func TestCacheEnv(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	download := filepath.Join(home, "go", "pkg", "mod", "cache", "download")
	if err := os.MkdirAll(download, 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "MAVEN_OPTS": "-Xmx1g"}
	got := CacheEnv("/state/cache/p", func(k string) string { return env[k] })
	for _, want := range []string{
		"GOCACHE=/state/cache/p/go-build", "GOMODCACHE=/state/cache/p/go-mod", "npm_config_cache=/state/cache/p/npm",
		"PIP_CACHE_DIR=/state/cache/p/pip", "CARGO_HOME=/state/cache/p/cargo", "XDG_CACHE_HOME=/state/cache/p/xdg",
		"MAVEN_OPTS=-Xmx1g -Dmaven.repo.local=/state/cache/p/m2",
		"GOPROXY=file://" + download + ",https://proxy.golang.org,direct",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("CacheEnv() lacks %s; got %q", want, got)
		}
	}
	env["GOPROXY"] = "off"
	for _, kv := range CacheEnv("/c", func(k string) string { return env[k] }) {
		if strings.HasPrefix(kv, "GOPROXY=") {
			t.Errorf("CacheEnv() with GOPROXY=off sets %s", kv)
		}
	}
}

// FuzzGitReadOnlyPaths feeds hostile .git files and .gitmodules to the git
// path finder: whatever they say, it returns only absolute clean paths, the
// root's .git among them whenever it exists, and nothing from .gitmodules
// outside the root.
func FuzzGitReadOnlyPaths(f *testing.F) {
	f.Add("gitdir: sub/x.git\n", "[submodule \"a\"]\n\tpath = a\n")
	f.Add("gitdir: /\n", "path = ../../etc\n")
	f.Add("gitdir: ../outside\n", "path = /abs\n")
	f.Add("garbage", "path=.\npath = a/../../b")
	f.Fuzz(func(t *testing.T, gitfile, gitmodules string) {
		root := t.TempDir()
		os.WriteFile(filepath.Join(root, ".git"), []byte(gitfile), 0o644)
		os.WriteFile(filepath.Join(root, ".gitmodules"), []byte(gitmodules), 0o644)
		os.MkdirAll(filepath.Join(root, "sub", "x.git", "hooks"), 0o755)
		for _, access := range []GitAccess{GitReadOnly, GitObjectsAndRefs} {
			got := GitReadOnlyPaths(root, access)
			if !slices.Contains(got, filepath.Join(root, ".git")) {
				t.Fatalf("GitReadOnlyPaths(%v) = %q, want the gitfile itself", access, got)
			}
			for _, p := range got {
				if !filepath.IsAbs(p) || filepath.Clean(p) != p {
					t.Fatalf("GitReadOnlyPaths(%v) = %q: %q is not absolute and clean", access, got, p)
				}
			}
		}
		for _, sub := range submodulePaths(root) {
			if filepath.IsAbs(sub) || sub == ".." || strings.HasPrefix(sub, "../") {
				t.Fatalf("submodulePaths gave %q, outside the root", sub)
			}
		}
		// Command walks once: the layout makeGitPlaceholders hands on is
		// what a new walk finds, with the gitfile and without a .git.
		bare := t.TempDir()
		os.WriteFile(filepath.Join(bare, ".gitmodules"), []byte(gitmodules), 0o644)
		os.MkdirAll(filepath.Join(bare, "sub", "x.git", "hooks"), 0o755)
		for _, r := range []string{root, bare} {
			for _, access := range []GitAccess{GitReadOnly, GitObjectsAndRefs} {
				checkOneWalk(t, r, access)
			}
		}
	})
}

// checkOneWalk fails t unless the layout makeGitPlaceholders returns from
// one walk of root gives the read-only paths a walk after it gives.
func checkOneWalk(t *testing.T, root string, access GitAccess) {
	t.Helper()
	once := makeGitPlaceholders(root, access, walkGitDirs(root))
	again := walkGitDirs(root)
	if !slices.Equal(once.dirs, again.dirs) || !slices.Equal(once.gitfiles, again.gitfiles) || !slices.Equal(once.missing, again.missing) {
		t.Fatalf("%s, %v: the one walk after placeholders = %+v, a new walk = %+v", root, access, once, again)
	}
	if got, want := once.readOnlyPaths(root, access, false), GitReadOnlyPaths(root, access); !slices.Equal(got, want) {
		t.Fatalf("%s, %v: read-only paths of the one walk = %q, of a new walk %q", root, access, got, want)
	}
}

// TestOneGitWalkPerCommand: what Command decides from its single walk of
// the git directories is what walking again after each step decides, for
// each kind of root, including one without .git (where the placeholder
// .git is made between the walks).
func TestOneGitWalkPerCommand(t *testing.T) {
	t.Parallel()
	layouts := map[string]func(t *testing.T, root string){
		"no .git":           func(t *testing.T, root string) {},
		"an empty .git dir": func(t *testing.T, root string) { os.Mkdir(filepath.Join(root, ".git"), 0o755) },
		"a repository": func(t *testing.T, root string) {
			mustWrite(t, filepath.Join(root, ".git", "HEAD"), "ref: refs/heads/main\n")
		},
		"a complete repository": func(t *testing.T, root string) {
			for _, e := range []string{"HEAD", "config", "objects/info/alternates"} {
				mustWrite(t, filepath.Join(root, ".git", e), "")
			}
			for _, e := range []string{"hooks", "info", "modules", "worktrees"} {
				os.MkdirAll(filepath.Join(root, ".git", e), 0o755)
			}
		},
		"a gitfile and a linked worktree": func(t *testing.T, root string) {
			common := t.TempDir()
			wt := filepath.Join(common, "worktrees", "w")
			mustWrite(t, filepath.Join(common, "HEAD"), "ref: refs/heads/main\n")
			mustWrite(t, filepath.Join(wt, "HEAD"), "ref: refs/heads/w\n")
			mustWrite(t, filepath.Join(wt, "commondir"), "../..\n")
			mustWrite(t, filepath.Join(root, ".git"), "gitdir: "+wt+"\n")
		},
		"a .git link": func(t *testing.T, root string) {
			elsewhere := t.TempDir()
			mustWrite(t, filepath.Join(elsewhere, "HEAD"), "ref: refs/heads/main\n")
			mustSymlink(t, elsewhere, filepath.Join(root, ".git"))
		},
		"submodules without a .git of the root": func(t *testing.T, root string) {
			mustWrite(t, filepath.Join(root, ".gitmodules"), "[submodule \"a\"]\n\tpath = a\n[submodule \"b\"]\n\tpath = b\n")
			mustWrite(t, filepath.Join(root, "a", ".git"), "gitdir: ../mods/a\n")
			mustWrite(t, filepath.Join(root, "mods", "a", "HEAD"), "ref: refs/heads/main\n")
			mustWrite(t, filepath.Join(root, "b", ".git", "HEAD"), "ref: refs/heads/main\n")
		},
	}
	for name, make := range layouts {
		for _, access := range []GitAccess{GitReadOnly, GitObjectsAndRefs} {
			t.Run(fmt.Sprintf("%s/%v", name, access), func(t *testing.T) {
				root := t.TempDir()
				make(t, root)
				checkOneWalk(t, root, access)
			})
		}
	}
}

func TestSharedConfigFiles(t *testing.T) {
	t.Parallel()
	home, elsewhere, cache := t.TempDir(), t.TempDir(), t.TempDir()
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	hidden := HiddenPaths([]string{home}, nil, nil)
	// No config: nothing to pass.
	if got := sharedConfigFiles(cache, env(map[string]string{"HOME": home}), hidden); len(got) != 0 {
		t.Errorf("without a cargo config: %v, want nothing", got)
	}
	// The person's config, under HOME or under their own CARGO_HOME.
	cfg := filepath.Join(home, ".cargo", "config.toml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	os.WriteFile(cfg, []byte("[build]\n"), 0o644)
	got := sharedConfigFiles(cache, env(map[string]string{"HOME": home}), hidden)
	if len(got) != 1 || got[0].src != cfg || got[0].dst != filepath.Join(cache, "cargo", "config.toml") {
		t.Errorf("sharedConfigFiles = %+v, want %s into the private cargo", got, cfg)
	}
	own := filepath.Join(elsewhere, "config")
	os.WriteFile(own, []byte("[build]\n"), 0o644)
	got = sharedConfigFiles(cache, env(map[string]string{"HOME": home, "CARGO_HOME": elsewhere}), hidden)
	if len(got) != 1 || got[0].src != own || got[0].dst != filepath.Join(cache, "cargo", "config") {
		t.Errorf("with CARGO_HOME set: %+v, want %s", got, own)
	}
	// A config that is a link to a hidden file is not passed.
	key := filepath.Join(home, ".ssh", "id_ed25519")
	os.MkdirAll(filepath.Dir(key), 0o700)
	os.WriteFile(key, []byte("key"), 0o600)
	os.Remove(cfg)
	os.Symlink(key, cfg)
	if got := sharedConfigFiles(cache, env(map[string]string{"HOME": home}), hidden); len(got) != 0 {
		t.Errorf("a config linking to %s: %+v, want it left out", key, got)
	}
}

// TestEverySecretLocationIsHidden checks the sandbox against the one list
// of secret locations: every store is hidden by the path list both the
// Linux mounts and the macOS profile are built from, and the macOS
// profile denies reading a file in each.
func TestEverySecretLocationIsHidden(t *testing.T) {
	t.Parallel()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home, root := filepath.Join(base, "home"), filepath.Join(base, "proj")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range secrets.Home {
		want = append(want, filepath.Join(home, filepath.FromSlash(e.Path)))
	}
	for _, e := range secrets.System {
		want = append(want, e.Path)
	}
	hidden := HiddenPaths([]string{home}, nil, nil)
	p := seatbeltPolicyFor(helperSpec{Root: root}, GitReadOnly, walkGitDirs(root), []string{home})
	allowed := profileAllows(t, p)
	for _, w := range want {
		if !slices.Contains(hidden, w) {
			t.Errorf("HiddenPaths lacks %s", w)
		}
		if allowed("file-read*", filepath.Join(w, "x")) || allowed("file-read*", w) {
			t.Errorf("the macOS profile lets commands read %s", w)
		}
	}
}
