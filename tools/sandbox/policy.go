package sandbox

import (
	"bufio"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/agentcli/agent/classify/secrets"
)

// This file is the sandbox's policy as plain data: what is hidden, which
// directories are private, which caches a command gets. It holds no
// OS-specific code, so that every OS's sandbox (Linux mounts, a macOS
// profile) applies the same policy.

// HiddenHomePaths are the credential stores under the home directory that
// no command may read: each is replaced by an empty read-only directory or
// file. Paths are relative to the home directory. They are the stores of
// the one list of secret locations (package secrets), which the
// classifier, redaction and doctor read as well.
var HiddenHomePaths = secrets.HomePaths()

// HiddenSystemPaths are credential stores outside any home directory,
// readable only by root (which a command may be), from the same list.
var HiddenSystemPaths = secrets.SystemPaths()

// PrivateTempDirs are the shared temp directories a command gets its own
// private temp directory in place of: other programs' files and sockets
// there (tmux, ssh-agent, X11) are out of its sight.
var PrivateTempDirs = []string{"/tmp", "/var/tmp"}

// PrivateScratchDirs are replaced by a fresh, empty, writable directory of
// the command's own: shared memory that other programs use.
var PrivateScratchDirs = []string{"/dev/shm"}

// EmptyDirs are replaced by an empty read-only directory: the per-user
// runtime directories, which hold the session bus, the keyring, the
// ssh-agent and gpg-agent sockets, the Wayland and PulseAudio sockets.
var EmptyDirs = []string{"/run/user"}

// CacheVar is one toolchain cache a command gets in its project's private
// cache directory.
type CacheVar struct {
	// Name is the environment variable the toolchain reads.
	Name string
	// Dir is the directory under the project's cache directory.
	Dir string
}

// CacheVars are the caches a confined command gets, private to its
// project and kept between commands: writes never reach the caches the
// person's own builds use, so a command cannot poison them, and builds
// work on a fresh home directory. Go modules the person already has are
// still found: GOPROXY first looks in the person's module cache, read
// only (see GoProxy); and what the person's builds compiled is reused
// through GOCACHEPROG, read only (see gocacheprog_linux.go).
var CacheVars = []CacheVar{
	{"GOCACHE", "go-build"},
	{"GOMODCACHE", "go-mod"},
	{"npm_config_cache", "npm"},
	{"YARN_CACHE_FOLDER", "yarn"},
	{"npm_config_store_dir", "pnpm"},
	{"PIP_CACHE_DIR", "pip"},
	{"UV_CACHE_DIR", "uv"},
	{"CARGO_HOME", "cargo"},
	{"GRADLE_USER_HOME", "gradle"},
	{"BUN_INSTALL_CACHE_DIR", "bun"},
	{"DENO_DIR", "deno"},
	{"XDG_CACHE_HOME", "xdg"},
}

// SharedConfig is a toolchain's config that a command sees, read-only, in
// its private cache directory: the person's settings (registry mirrors,
// build flags) follow the toolchain into the private cache.
type SharedConfig struct {
	// Var is the cache variable (of CacheVars) whose directory holds it.
	Var string
	// Default is the directory, relative to HOME, when the person's
	// environment does not set Var.
	Default string
	// Files are the config files, relative to that directory.
	Files []string
}

// SharedConfigs are the toolchain configs passed to commands. Only cargo's
// is: a private CARGO_HOME would otherwise hide it, and it holds settings,
// while cargo keeps tokens in credentials.toml, which is not passed (and
// is hidden). The others stay where the toolchain reads them or stay
// hidden: pip reads pip.conf from the home directory, which commands may
// read; npm's .npmrc, Gradle's gradle.properties and Maven's settings.xml
// hold registry credentials as often as mirrors, and stay hidden (see
// HiddenHomePaths); GRADLE_USER_HOME's init scripts, which are programs,
// are the project's own.
var SharedConfigs = []SharedConfig{
	{Var: "CARGO_HOME", Default: ".cargo", Files: []string{"config.toml", "config"}},
}

// sharedFile is a person's config file bound, read-only, over a file of
// the private caches.
type sharedFile struct{ src, dst string }

// sharedConfigFiles returns the person's config files of SharedConfigs
// that exist, given the person's environment (getenv, before the caches
// are set), each with where it goes under cacheDir. A file that is, or
// leads to, a hidden path (hidden, with the homes homes and the extra
// hidden paths) is left out.
func sharedConfigFiles(cacheDir string, getenv func(string) string, hidden []string) []sharedFile {
	var out []sharedFile
	for _, c := range SharedConfigs {
		dir := getenv(c.Var)
		if dir == "" && filepath.IsAbs(getenv("HOME")) {
			dir = filepath.Join(getenv("HOME"), c.Default)
		}
		if !filepath.IsAbs(dir) {
			continue
		}
		var sub string
		for _, v := range CacheVars {
			if v.Name == c.Var {
				sub = v.Dir
			}
		}
		for _, f := range c.Files {
			src := filepath.Join(dir, f)
			resolved, err := filepath.EvalSymlinks(src)
			if err != nil {
				continue
			}
			if fi, err := os.Stat(resolved); err != nil || !fi.Mode().IsRegular() {
				continue
			}
			if isHidden(src, hidden) || isHidden(resolved, hidden) {
				continue
			}
			out = append(out, sharedFile{src: resolved, dst: filepath.Join(cacheDir, sub, f)})
		}
	}
	return out
}

// isHidden reports whether p is one of hidden or inside one.
func isHidden(p string, hidden []string) bool {
	for _, h := range hidden {
		if p == h || within(p, h) {
			return true
		}
	}
	return false
}

// mavenRepoDir is the private Maven repository, passed in MAVEN_OPTS.
const mavenRepoDir = "m2"

// CacheEnv returns the environment changes that point the toolchains at
// the private caches under cacheDir, given the command's environment
// (getenv): new values for the variables of CacheVars, MAVEN_OPTS with a
// private local repository, and GOPROXY reading the person's module cache
// first.
func CacheEnv(cacheDir string, getenv func(string) string) []string {
	env := make([]string, 0, len(CacheVars)+2)
	for _, v := range CacheVars {
		env = append(env, v.Name+"="+filepath.Join(cacheDir, v.Dir))
	}
	maven := strings.TrimSpace(getenv("MAVEN_OPTS") + " -Dmaven.repo.local=" + filepath.Join(cacheDir, mavenRepoDir))
	env = append(env, "MAVEN_OPTS="+maven)
	if p := GoProxy(getenv); p != "" {
		env = append(env, "GOPROXY="+p)
	}
	return env
}

// GoProxy returns a GOPROXY that serves the modules of the person's own
// module cache (read only, as a file:// proxy) before the usual proxies,
// so that a project builds offline in its private module cache when the
// person has built it before. Empty when the person has no module cache
// or GOPROXY is "off".
func GoProxy(getenv func(string) string) string {
	proxy := getenv("GOPROXY")
	if proxy == "off" {
		return ""
	}
	if proxy == "" {
		proxy = "https://proxy.golang.org,direct"
	}
	modcache := getenv("GOMODCACHE")
	if modcache == "" {
		gopath := filepath.SplitList(getenv("GOPATH"))
		switch {
		case len(gopath) > 0 && gopath[0] != "":
			modcache = filepath.Join(gopath[0], "pkg", "mod")
		case getenv("HOME") != "":
			modcache = filepath.Join(getenv("HOME"), "go", "pkg", "mod")
		default:
			return ""
		}
	}
	download := filepath.Join(modcache, "cache", "download")
	if !filepath.IsAbs(download) {
		return ""
	}
	if fi, err := os.Stat(download); err != nil || !fi.IsDir() {
		return ""
	}
	return "file://" + filepath.ToSlash(download) + "," + proxy
}

// GitAccess is how much of the repository's git directories a command may
// change.
type GitAccess int

const (
	// GitReadOnly: every git directory the root uses is read-only. Shell
	// commands get this.
	GitReadOnly GitAccess = iota
	// GitObjectsAndRefs: objects, refs and the index are writable, but
	// nothing that makes git run a program or changes where the
	// repository is: config, hooks, info, modules, worktrees, the
	// gitfile. The git tool gets this.
	GitObjectsAndRefs
)

// gitProgramEntries are the entries of a git directory that can make git
// run programs or point it elsewhere; the git tool may not change them.
var gitProgramEntries = []string{"config", "config.worktree", "hooks", "info", "modules", "worktrees", "commondir", "objects/info/alternates"}

// GitReadOnlyPaths returns what must be read-only in root for access: the
// git directories the root uses (its .git, a gitfile's target, a
// worktree's common directory, the submodules' git directories named in
// .gitmodules) with access GitReadOnly, or their program-running entries
// with GitObjectsAndRefs, and in both cases every gitfile (a command that
// rewrites one points git at a directory of its choosing). Symbolic links
// are resolved, so a .git that links elsewhere protects its target.
// Paths that do not exist are left out; so with GitObjectsAndRefs a git
// directory that is not a repository, or misses one of the entries, is
// read-only as a whole (MakeGitPlaceholders makes the missing ones).
func GitReadOnlyPaths(root string, access GitAccess) []string {
	return walkGitDirs(root).readOnlyPaths(root, access, false)
}

// readOnlyPaths is GitReadOnlyPaths for the git directories of l, found in
// root; byName is for a sandbox whose rules name paths, which need not
// exist (macOS): every program-running entry is listed, and the root's
// .git even when there is none.
func (l gitLayout) readOnlyPaths(root string, access GitAccess, byName bool) []string {
	out := append([]string{}, l.gitfiles...)
	if byName && len(l.dirs) == 0 && len(l.gitfiles) == 0 {
		out = append(out, filepath.Join(root, ".git"))
	}
	for _, dir := range l.dirs {
		if access == GitReadOnly || (!byName && (!isRepository(dir) || (!isLinkedWorktree(dir) && !gitEntriesComplete(dir)))) {
			out = append(out, dir)
			continue
		}
		for _, e := range gitProgramEntries {
			if p := filepath.Join(dir, e); byName || exists(p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// gitLayout is what one walk of a root's git directories found
// (walkGitDirs). A command's sandbox walks once and decides from it
// whether the command may run, which placeholders to make and what to
// make read-only.
type gitLayout struct {
	// dirs are the git directories the root uses (its .git, a gitfile's
	// target, a worktree's common directory, the submodules' git
	// directories named in .gitmodules), symbolic links resolved;
	// gitfiles the gitfiles and .git symbolic links that lead to them;
	// each once.
	dirs, gitfiles []string
	// missing are the git directories a .git link, a gitfile or a
	// commondir names that do not exist: nothing can be mounted over
	// them, and whatever a command made there would be the repository
	// the person's git uses.
	missing []string
}

// walkGitDirs finds the git directories root uses (see gitLayout).
func walkGitDirs(root string) gitLayout {
	var l gitLayout
	seen := make(map[string]bool)
	add := func(list *[]string, p string) {
		if !seen[p] {
			seen[p] = true
			*list = append(*list, p)
		}
	}
	visit := func(worktree string) {
		dotgit := filepath.Join(worktree, ".git")
		fi, err := os.Lstat(dotgit)
		if err != nil {
			return
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			resolved, err := filepath.EvalSymlinks(dotgit)
			if err != nil {
				add(&l.missing, dotgit)
				return
			}
			add(&l.gitfiles, dotgit)
			dotgit = resolved
			if fi, err = os.Stat(resolved); err != nil {
				return
			}
		}
		gitDir := dotgit
		if !fi.IsDir() {
			add(&l.gitfiles, dotgit)
			target, ok := readGitfile(dotgit)
			if !ok {
				return
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(worktree, target)
			}
			resolved, err := filepath.EvalSymlinks(target)
			if err != nil {
				add(&l.missing, target)
				return
			}
			gitDir = resolved
		}
		add(&l.dirs, gitDir)
		if common, named := readCommonDir(gitDir); common != "" {
			add(&l.dirs, common)
		} else if named != "" {
			add(&l.missing, named)
		}
	}
	visit(root)
	for _, sub := range submodulePaths(root) {
		visit(filepath.Join(root, sub))
	}
	return l
}

// MissingGitDirs returns the git directories root's .git (a symbolic link
// or a gitfile), a submodule's or a worktree's commondir names that do not
// exist. A command could make one a repository (git init, a config with
// core.fsmonitor) that the person's own git would then use unconfined, and
// a read-only mount protects only what exists, so Command refuses to run
// while there is one.
func MissingGitDirs(root string) []string {
	return walkGitDirs(root).missing
}

// isLinkedWorktree says whether dir is a linked worktree's git directory,
// whose config, hooks and info are its common directory's.
func isLinkedWorktree(dir string) bool { return exists(filepath.Join(dir, "commondir")) }

// readGitfile returns the target of a gitfile ("gitdir: <path>").
func readGitfile(path string) (string, bool) {
	data, err := readSmall(path)
	if err != nil {
		return "", false
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(data), "gitdir:")
	target = strings.TrimSpace(target)
	return target, ok && target != ""
}

// readCommonDir returns the resolved common directory a worktree's git
// directory names in its commondir file, or "" with the path it names when
// that does not resolve (both "" without a commondir).
func readCommonDir(gitDir string) (resolved, named string) {
	data, err := readSmall(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return "", ""
	}
	common := strings.TrimSpace(data)
	if common == "" {
		return "", ""
	}
	if !filepath.IsAbs(common) {
		common = filepath.Join(gitDir, common)
	}
	if resolved, err = filepath.EvalSymlinks(common); err != nil {
		return "", common
	}
	return resolved, common
}

// submodulePaths returns the relative paths .gitmodules gives, those that
// stay inside the root.
func submodulePaths(root string) []string {
	data, err := readSmall(filepath.Join(root, ".gitmodules"))
	if err != nil {
		return nil
	}
	var paths []string
	sc := bufio.NewScanner(strings.NewReader(data))
	for sc.Scan() {
		key, value, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if !ok || strings.TrimSpace(key) != "path" {
			continue
		}
		p := filepath.Clean(strings.TrimSpace(value))
		if p == "." || filepath.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
			continue
		}
		paths = append(paths, p)
	}
	return paths
}

// readSmall reads at most 64 KiB of a file: git's small files, never a
// hostile repository's huge one.
func readSmall(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, err := f.Read(buf)
	if n == 0 && err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// HiddenPaths returns the absolute paths to hide for a command whose home
// directories are homes (the HOME it sees and the account's own): the
// built-in lists and extra, the [sandbox] hide setting, where "~/" means
// each home. Paths that cover a directory in keep (the root, the temp and
// cache directories) are left out, so the command can still work there.
func HiddenPaths(homes, extra, keep []string) []string {
	var out []string
	seen := make(map[string]bool)
	add := func(p string) {
		p = filepath.Clean(p)
		if seen[p] || p == "/" || !filepath.IsAbs(p) {
			return
		}
		for _, k := range keep {
			if k != "" && (k == p || within(k, p)) {
				return
			}
		}
		seen[p] = true
		out = append(out, p)
	}
	for _, home := range homes {
		if home == "" || !filepath.IsAbs(home) {
			continue
		}
		for _, rel := range HiddenHomePaths {
			add(filepath.Join(home, rel))
		}
	}
	for _, p := range HiddenSystemPaths {
		add(p)
	}
	for _, p := range extra {
		if rest, ok := strings.CutPrefix(p, "~/"); ok {
			for _, home := range homes {
				if home != "" {
					add(filepath.Join(home, rest))
				}
			}
			continue
		}
		add(p)
	}
	return out
}

// resolvedPaths returns paths with their symbolic links resolved, those
// that are absolute; one that does not exist is kept as spelled. The
// hidden and visible paths are compared with the root and the caches,
// which are resolved, so they must be too.
func resolvedPaths(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if r, err := filepath.EvalSymlinks(p); err == nil && filepath.IsAbs(p) {
			p = r
		}
		out = append(out, p)
	}
	return out
}

// existing returns the absolute paths of paths that exist.
func existing(paths []string) []string {
	var out []string
	for _, p := range paths {
		if filepath.IsAbs(p) && exists(p) {
			out = append(out, filepath.Clean(p))
		}
	}
	return out
}

// within reports whether path is strictly inside dir.
func within(path, dir string) bool {
	if dir == "/" {
		return path != "/"
	}
	return strings.HasPrefix(path, dir+"/")
}

// homeDirs returns the home directories whose credential stores are
// hidden: the command's HOME and the account's own home directory
// (accountHome), which differ when HOME was changed; either may be empty
// or relative, and is then left out.
func homeDirs(home, account string) []string {
	homes := []string{}
	if filepath.IsAbs(home) {
		homes = append(homes, filepath.Clean(home))
	}
	if filepath.IsAbs(account) && account != "/" {
		if h := filepath.Clean(account); len(homes) == 0 || homes[0] != h {
			homes = append(homes, h)
		}
	}
	return homes
}

// accountHome is the home directory of the user's account in the password
// database, "" when there is none. The agent looks it up once and passes
// it on to the helper (helperSpec.AccountHome), which so never reads the
// user database itself: with cgo that can mean NSS modules and their
// sockets, from inside the command's namespaces.
var accountHome = sync.OnceValue(func() string {
	u, err := user.LookupId(strconv.Itoa(os.Getuid()))
	if err != nil || !filepath.IsAbs(u.HomeDir) {
		return ""
	}
	return filepath.Clean(u.HomeDir)
})
