package safegit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hookNames are every hook git knows (githooks(5)).
var hookNames = []string{
	"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
	"prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
	"pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
	"reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate",
	"fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit",
	"post-index-change",
}

// hostile is a repository that names a program in every way git can be
// told to run one. Each program appends its name to the marker file,
// outside the repository, and passes its input through.
type hostile struct {
	dir, marker string
}

// ran returns what the planted programs wrote.
func (h hostile) ran() string {
	b, _ := os.ReadFile(h.marker)
	return string(b)
}

func gitT(t testing.TB, dir string, args ...string) string {
	t.Helper()
	c := exec.Command("git", args...)
	c.Dir = dir
	c.Env = append(Env(os.Environ()), "GIT_CONFIG_GLOBAL="+os.DevNull,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func newHostile(t *testing.T) hostile {
	t.Helper()
	base := t.TempDir()
	h := hostile{dir: filepath.Join(base, "repo"), marker: filepath.Join(base, "ran")}
	prog := func(name string) string {
		p := filepath.Join(base, "bin", name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		script := "#!/bin/sh\necho " + name + " >> '" + h.marker + "'\ncat 2>/dev/null\nexit 0\n"
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// An upstream repository, for a local remote.
	up := filepath.Join(base, "upstream")
	gitT(t, base, "init", "-q", "-b", "main", up)
	os.WriteFile(filepath.Join(up, "u.txt"), []byte("u\n"), 0o644)
	gitT(t, up, "add", ".")
	gitT(t, up, "commit", "-qm", "upstream")

	gitT(t, base, "init", "-q", "-b", "main", h.dir)
	files := map[string]string{
		"f.txt":          "one\n",
		"g.inc":          "included\n",
		"h.eq":           "equals\n",
		".gitattributes": "*.txt filter=evil diff=evil merge=evil\n*.inc filter=inc diff=inc\n*.eq filter=a=b diff=a=b\n",
	}
	for name, content := range files {
		os.WriteFile(filepath.Join(h.dir, name), []byte(content), 0o644)
	}
	gitT(t, h.dir, "add", ".")
	gitT(t, h.dir, "commit", "-qm", "first")
	gitT(t, h.dir, "tag", "v1")
	gitT(t, h.dir, "remote", "add", "origin", up)

	hooks := filepath.Join(h.dir, ".git", "hooks")
	elsewhere := filepath.Join(base, "hooks")
	os.MkdirAll(elsewhere, 0o755)
	for _, name := range hookNames {
		p := prog("hook-" + name)
		for _, d := range []string{hooks, elsewhere} {
			data, _ := os.ReadFile(p)
			os.WriteFile(filepath.Join(d, name), data, 0o755)
		}
	}
	// An included config inside the work tree, which a command could
	// write, and one pulled in by a condition.
	os.WriteFile(filepath.Join(h.dir, "included.config"),
		[]byte("[filter \"inc\"]\n\tclean = "+prog("include-clean")+"\n\tsmudge = "+prog("include-smudge")+
			"\n[diff \"inc\"]\n\ttextconv = "+prog("include-textconv")+"\n"), 0o644)
	os.WriteFile(filepath.Join(base, "conditional.config"),
		[]byte("[core]\n\tfsmonitor = "+prog("includeif-fsmonitor")+"\n[pager]\n\tstatus = "+prog("includeif-pager")+"\n"), 0o644)

	settings := [][2]string{
		{"core.fsmonitor", prog("fsmonitor")},
		{"core.hooksPath", elsewhere},
		{"core.pager", prog("core-pager")},
		{"core.editor", prog("core-editor")},
		{"sequence.editor", prog("sequence-editor")},
		{"core.sshCommand", prog("ssh-command")},
		{"core.askPass", prog("askpass")},
		{"core.alternateRefsCommand", prog("alternate-refs")},
		{"core.gitProxy", prog("git-proxy")},
		{"diff.external", prog("diff-external")},
		{"interactive.diffFilter", prog("diff-filter")},
		{"credential.helper", prog("credential-helper")},
		{"credential.https://example.com.helper", prog("credential-url-helper")},
		{"gpg.program", prog("gpg")},
		{"gpg.ssh.program", prog("gpg-ssh")},
		{"gpg.ssh.defaultKeyCommand", prog("gpg-default-key")},
		{"commit.gpgSign", "true"},
		{"tag.gpgSign", "true"},
		{"log.showSignature", "true"},
		{"filter.evil.clean", prog("filter-clean")},
		{"filter.evil.smudge", prog("filter-smudge")},
		{"filter.evil.process", prog("filter-process")},
		{"filter.evil.required", "true"},
		{"filter.a=b.clean", prog("filter-eq-clean")},
		{"filter.a=b.smudge", prog("filter-eq-smudge")},
		{"diff.a=b.textconv", prog("textconv-eq")},
		{"diff.evil.textconv", prog("textconv")},
		{"diff.evil.command", prog("diff-command")},
		{"merge.evil.driver", prog("merge-driver")},
		{"pager.log", prog("pager-log")},
		{"pager.diff", prog("pager-diff")},
		{"pager.status", prog("pager-status")},
		{"remote.origin.uploadpack", prog("upload-pack")},
		{"remote.origin.receivepack", prog("receive-pack")},
		{"tar.tgz.command", prog("tar-command")},
		{"uploadpack.packObjectsHook", prog("pack-objects-hook")},
		{"include.path", "../included.config"},
		{"includeIf.gitdir:" + filepath.Join(h.dir, ".git") + ".path", filepath.Join(base, "conditional.config")},
		{"gc.auto", "1"},
	}
	for _, kv := range settings {
		gitT(t, h.dir, "config", "--add", kv[0], kv[1])
	}
	// Changes of every kind for the operations to look at.
	os.WriteFile(filepath.Join(h.dir, "f.txt"), []byte("one\ntwo\n"), 0o644)
	os.WriteFile(filepath.Join(h.dir, "g.inc"), []byte("included\nmore\n"), 0o644)
	os.WriteFile(filepath.Join(h.dir, "h.eq"), []byte("equals\nmore\n"), 0o644)
	os.WriteFile(filepath.Join(h.dir, "new.txt"), []byte("new\n"), 0o644)
	if h.ran() != "" {
		t.Fatalf("setting the repository up ran %s", h.ran())
	}
	return h
}

// The test can fail: plain git on the hostile repository runs what it
// planted.
func TestPlainGitRunsWhatTheRepositoryPlanted(t *testing.T) {
	h := newHostile(t)
	c := exec.Command("git", "-c", "core.fsmonitor=", "status") // even without the fsmonitor
	c.Dir = h.dir
	c.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
	c.Run()
	c = exec.Command("git", "diff")
	c.Dir = h.dir
	c.Run()
	for _, want := range []string{"fsmonitor", "filter-process"} {
		if !strings.Contains(h.ran(), want) {
			t.Errorf("plain git did not run %s (ran: %q): the planted repository does not test anything", want, h.ran())
		}
	}
}

// Everything agent does with git, and everything the git tool may be
// asked, runs nothing the repository planted.
func TestHardenedGitRunsNothingPlanted(t *testing.T) {
	h := newHostile(t)
	g, err := New(os.Environ())
	if err != nil {
		t.Skip(err)
	}
	ident := Options{Env: []string{"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t"}}
	clone := filepath.Join(t.TempDir(), "clone")
	ops := [][]string{
		{"rev-parse", "--show-toplevel"},
		{"status"},
		{"status", "--porcelain"},
		{"diff"},
		{"diff", "HEAD"},
		{"diff", "--binary", "HEAD"},
		{"ls-files", "-z", "--others", "--exclude-standard"},
		{"add", "-A"},
		{"diff", "--cached", "--binary"},
		{"diff", "--cached", "--stat"},
		{"commit", "-qm", "second"},
		{"log", "-p", "-2"},
		{"show", "HEAD"},
		{"blame", "f.txt"},
		{"tag", "-a", "v2", "-m", "v2"},
		{"checkout", "-q", "-b", "side", "HEAD~1"},
		{"checkout", "-q", "main"},
		{"merge", "-q", "side"},
		{"stash", "list"},
		{"archive", "--format=tgz", "-o", filepath.Join(t.TempDir(), "a.tgz"), "HEAD"},
		{"clone", "-q", "--shared", "--no-checkout", h.dir, clone},
		{"gc", "--auto"},
		{"grep", "--textconv", "one"},
		{"cat-file", "--textconv", "HEAD:f.txt"},
	}
	for _, args := range ops {
		c, err := g.Command(t.Context(), h.dir, ident, args...)
		if err != nil {
			t.Fatalf("Command(%q): %v", args, err)
		}
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		t.Logf("git %s", strings.Join(args, " "))
		c.Run() // some fail (a signed tag with no key); what matters is what ran
		if ran := h.ran(); ran != "" {
			t.Fatalf("git %s ran planted programs: %s\n%s", strings.Join(args, " "), ran, out.String())
		}
	}
	// The planted upload-pack and receive-pack cannot be overridden in the
	// config: a single fetch, pull, push or ls-remote is given git's own
	// on the command line, and works.
	for _, args := range [][]string{
		{"fetch", "-q", "origin"}, {"ls-remote", "origin"}, {"-c", "x.y=z", "pull", "-q", "--no-rebase", "--allow-unrelated-histories", "--no-edit", "origin", "main"},
		{"push", "-q", "origin", "main:from-hostile"}, {"fetch", "-q", "--recurse-submodules=no", "origin"},
		{"remote", "-v"}, {"remote", "get-url", "origin"},
	} {
		c, err := g.Command(t.Context(), h.dir, ident, args...)
		if err != nil {
			t.Errorf("Command(%q) = %v, want it to run with git's own programs", args, err)
			continue
		}
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		if err := c.Run(); err != nil {
			t.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out.String())
		}
		if ran := h.ran(); ran != "" {
			t.Fatalf("git %s ran planted programs: %s\n%s", strings.Join(args, " "), ran, out.String())
		}
	}
	// Those whose other gits the option does not reach are refused.
	for _, args := range [][]string{
		{"fetch", "--all"}, {"fetch", "--multiple", "origin"}, {"fetch", "--recurse-submodules", "origin"},
		{"pull", "--all"}, {"remote", "update"}, {"remote", "show", "origin"}, {"remote", "prune", "origin"},
		{"submodule", "update", "--remote"}, {"maintenance", "run", "--task=prefetch"}, {"archive", "--remote=origin", "HEAD"},
	} {
		if _, err := g.Command(t.Context(), h.dir, ident, args...); !errors.Is(err, ErrRemoteProgram) {
			t.Errorf("Command(%q) = %v, want ErrRemoteProgram", args, err)
		}
	}
	// The work is still done: the commit (before the pull's merge) holds
	// the files as they are.
	if out := gitT(t, h.dir, "show", "--no-ext-diff", "--no-textconv", "--stat", "main^1"); !strings.Contains(out, "new.txt") {
		t.Errorf("the hardened commit lacks new.txt:\n%s", out)
	}
}

// A submodule's own repository may plant its own filters; the gits that
// status and diff start in it inherit the overrides.
func TestHardenedGitNeutralisesSubmodules(t *testing.T) {
	h := newHostile(t)
	sub := filepath.Join(t.TempDir(), "sub")
	gitT(t, filepath.Dir(sub), "init", "-q", "-b", "main", sub)
	os.WriteFile(filepath.Join(sub, "s.txt"), []byte("s\n"), 0o644)
	os.WriteFile(filepath.Join(sub, ".gitattributes"), []byte("*.txt filter=subevil\n"), 0o644)
	gitT(t, sub, "add", ".")
	gitT(t, sub, "commit", "-qm", "sub")
	gitT(t, h.dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "sub")
	modCfg := filepath.Join(h.dir, ".git", "modules", "sub", "config")
	script := filepath.Join(filepath.Dir(h.marker), "bin", "sub-clean")
	os.WriteFile(script, []byte("#!/bin/sh\necho sub-clean >> '"+h.marker+"'\ncat\n"), 0o755)
	gitT(t, h.dir, "config", "--file", modCfg, "filter.subevil.clean", script)
	gitT(t, h.dir, "config", "--file", modCfg, "core.fsmonitor", script)
	os.WriteFile(filepath.Join(h.dir, "sub", "s.txt"), []byte("changed\n"), 0o644)
	os.Chtimes(filepath.Join(h.dir, "sub", "s.txt"), testTime, testTime)
	os.Truncate(h.marker, 0)

	g, err := New(os.Environ())
	if err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{{"status"}, {"diff"}, {"diff", "HEAD"}, {"add", "-A"}} {
		c, err := g.Command(context.Background(), h.dir, Options{}, args...)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := c.CombinedOutput()
		if ran := h.ran(); ran != "" {
			t.Fatalf("git %s ran planted programs: %s\n%s", strings.Join(args, " "), ran, out)
		}
	}
}

// GIT_DIR and GIT_WORK_TREE in the caller's environment never reach git.
func TestTheCallersGitVariablesAreIgnored(t *testing.T) {
	h := newHostile(t)
	other := filepath.Join(t.TempDir(), "other")
	gitT(t, filepath.Dir(other), "init", "-q", other)
	environ := append(os.Environ(), "GIT_DIR="+filepath.Join(h.dir, ".git"), "GIT_WORK_TREE="+h.dir,
		"GIT_INDEX_FILE="+filepath.Join(h.dir, ".git", "index"), "GIT_CONFIG_PARAMETERS='core.fsmonitor'='x'",
		"GIT_EXTERNAL_DIFF=/bin/false", "GIT_SSH_COMMAND=/bin/false", "PATH=.:bin:"+os.Getenv("PATH"))
	g, err := New(environ)
	if err != nil {
		t.Skip(err)
	}
	c, err := g.Command(t.Context(), other, Options{}, "rev-parse", "--absolute-git-dir")
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(out)); got != filepath.Join(other, ".git") {
		t.Errorf("git ran in %s, want %s", got, filepath.Join(other, ".git"))
	}
	for _, kv := range c.Env {
		if strings.HasPrefix(kv, "GIT_DIR=") || strings.HasPrefix(kv, "GIT_EXTERNAL_DIFF=") || strings.HasPrefix(kv, "GIT_CONFIG_PARAMETERS=") {
			t.Errorf("the environment holds %s", kv)
		}
		if strings.HasPrefix(kv, "PATH=") && (strings.Contains(kv, "=.:") || strings.Contains(kv, ":bin:")) {
			t.Errorf("PATH keeps relative entries: %s", kv)
		}
	}
}

// testTime is a modification time far from now, so that git looks at the
// content of a file it changed in the same second.
var testTime = time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)

// A .git that is a file pointing elsewhere (as worktrees and submodules
// have) leads git to a repository whose config is listed and neutralised
// like any other.
func TestHardenedGitFollowsAGitfileAndStillRunsNothing(t *testing.T) {
	h := newHostile(t)
	away := filepath.Join(t.TempDir(), "away.git")
	if err := os.Rename(filepath.Join(h.dir, ".git"), away); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(h.dir, ".git"), []byte("gitdir: "+away+"\n"), 0o644)
	// The conditional include named the old git directory; name the new.
	gitT(t, h.dir, "config", "includeIf.gitdir:"+away+".path", filepath.Join(filepath.Dir(h.marker), "conditional.config"))
	g, err := New(os.Environ())
	if err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{{"status"}, {"diff"}, {"add", "-A"}, {"diff", "--cached"}, {"log", "-p"}} {
		c, err := g.Command(t.Context(), h.dir, Options{}, args...)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := c.CombinedOutput()
		if ran := h.ran(); ran != "" {
			t.Fatalf("git %s ran planted programs: %s\n%s", strings.Join(args, " "), ran, out)
		}
	}
	// The control: plain git through the gitfile runs them.
	c := exec.Command("git", "status")
	c.Dir = h.dir
	c.Run()
	if h.ran() == "" {
		t.Error("plain git status through the gitfile ran nothing: the test proves nothing")
	}
}
