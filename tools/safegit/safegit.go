// Package safegit is the one way agent runs git: for its own work on the
// host (worktrees of --isolate, apply, checkpoints and undo, doctor, root
// detection) and for the git tool. Such a git must never run a program
// that a repository or a command put there.
//
// Git runs programs named in its config and chosen by attributes: hooks,
// an fsmonitor, filters (clean, smudge, process), diff drivers and
// textconv, merge drivers, pagers, editors, credential helpers, ssh and
// proxy commands, signing programs, upload-pack of local remotes... A
// repository's .git/config (a cloned tarball ships one; a command may have
// planted one; an include.path may pull in another file) can name any of
// them. safegit runs git with:
//
//   - a clean environment: no GIT_* variable of the caller (GIT_DIR and
//     GIT_WORK_TREE would point git at another repository, GIT_CONFIG_*,
//     GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF... name programs), no system
//     config or attributes, no prompts, and no PATH entry that is relative
//     or inside the directory git works in;
//   - every single-valued program-running key overridden in the command
//     scope (GIT_CONFIG_COUNT, GIT_CONFIG_KEY_n, GIT_CONFIG_VALUE_n, as -c
//     does, but with no parsing of "key=value": a driver may be named
//     "a=b"), which wins over every config file, and hooks pointed at
//     /dev/null;
//   - for the keys that have a name chosen by the repository
//     (filter.<driver>.clean, diff.<driver>.textconv, credential.<url>.
//     helper...), which cannot be named in advance, an override for each
//     one configured: they are listed first with "git config --list",
//     which reads config and runs nothing, also in the repositories of
//     submodules, whose gits inherit the overrides;
//   - for remote.<name>.uploadpack and receivepack, where git keeps the
//     first value it reads, git's own program given on the command line
//     (--upload-pack, --receive-pack), or a refusal where that option
//     would not reach every git that contacts a remote;
//   - --no-pager, and --no-ext-diff for diff (diff.external and diff
//     drivers have no value that runs nothing and still diffs).
//
// What it does not do: it does not stop git from reading the repository's
// config, only from running programs it names; a config that changes what
// git does without running anything (core.worktree, url.<base>.insteadOf)
// still applies.
package safegit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// fixed are the overrides given to every git: the program-running keys
// that have fixed names, set to a value that runs nothing (or the stock
// program, never one the repository names), and settings that would make
// git start programs or background work on its own.
var fixed = []Setting{
	{"core.hooksPath", "/dev/null"},
	{"core.fsmonitor", "false"},
	{"core.sshCommand", "ssh"},
	{"core.pager", "cat"},
	{"core.editor", "true"},
	{"sequence.editor", "true"},
	{"core.askPass", ""},
	{"core.alternateRefsCommand", ""},
	{"credential.helper", ""},
	{"diff.external", ""},
	{"interactive.diffFilter", ""},
	{"gpg.program", "gpg"},
	{"gpg.openpgp.program", "gpg"},
	{"gpg.x509.program", "gpgsm"},
	{"gpg.ssh.program", "ssh-keygen"},
	{"gpg.ssh.defaultKeyCommand", ""},
	{"commit.gpgSign", "false"},
	{"tag.gpgSign", "false"},
	{"push.gpgSign", "false"},
	{"log.showSignature", "false"},
	{"merge.verifySignatures", "false"},
	{"uploadpack.packObjectsHook", ""},
	{"protocol.ext.allow", "never"},
	{"imap.tunnel", ""},
	{"instaweb.httpd", ""},
	{"instaweb.browser", ""},
	{"web.browser", ""},
	{"help.browser", ""},
	{"man.viewer", ""},
	{"sendemail.smtpServer", ""},
	{"sendemail.sendmailCmd", ""},
	{"sendemail.toCmd", ""},
	{"sendemail.ccCmd", ""},
	{"gc.auto", "0"},
	{"gc.autoDetach", "false"},
	{"maintenance.auto", "false"},
}

// named are the program-running keys whose middle part the repository
// chooses, by their first and last parts (lower case, as git config
// --list prints them), and the value that neutralises them. "cat" is the
// identity for filters and textconv; an empty command makes git fail
// rather than run anything where no value is neutral.
var named = []struct {
	section, key, value string
}{
	{"filter", "clean", "cat"},
	{"filter", "smudge", "cat"},
	{"filter", "process", ""},
	{"filter", "required", "false"},
	{"diff", "textconv", "cat"},
	{"diff", "command", ""},
	{"diff", "cachetextconv", "false"},
	{"merge", "driver", ""},
	{"credential", "helper", ""},
	{"difftool", "cmd", ""},
	{"difftool", "path", ""},
	{"mergetool", "cmd", ""},
	{"mergetool", "path", ""},
	{"man", "cmd", ""},
	{"man", "path", ""},
	{"browser", "cmd", ""},
	{"browser", "path", ""},
	{"guitool", "cmd", ""},
	{"tar", "command", ""},
	{"hook", "command", ""},
	{"sendemail", "smtpserver", ""},
	{"sendemail", "sendmailcmd", ""},
	{"sendemail", "tocmd", ""},
	{"sendemail", "cccmd", ""},
	{"pager", "", "cat"}, // pager.<command>; --no-pager already wins
}

// ErrRemoteProgram is returned for a git that would contact a remote whose
// config names the program to run for it (remote.<name>.uploadpack or
// receivepack) and that cannot be given the option that overrides it: git
// takes the first of those keys it reads, so no config override can
// replace them, only a command-line option (see remoteProgramOption).
var ErrRemoteProgram = errors.New("the repository's config names a program to run for a remote")

// remoteProgramOption is, for the commands that contact a single remote,
// the option that names the program to run for it, set to git's own: it
// wins over remote.<name>.uploadpack and receivepack.
var remoteProgramOption = map[string]string{
	"fetch":      "--upload-pack=git-upload-pack",
	"pull":       "--upload-pack=git-upload-pack",
	"ls-remote":  "--upload-pack=git-upload-pack",
	"fetch-pack": "--upload-pack=git-upload-pack",
	"push":       "--receive-pack=git-receive-pack",
	"send-pack":  "--receive-pack=git-receive-pack",
}

// remoteSubcommandsOffline are git remote's subcommands that contact no
// remote (show -n is not among them: show alone does).
var remoteSubcommandsOffline = []string{"add", "rename", "rm", "remove", "set-branches", "get-url", "set-url", "-v", "--verbose"}

// fansOut reports whether git fetch, pull or push with args (after the
// subcommand) may start other gits, for more remotes or for submodules,
// which the option given to this one does not reach.
func fansOut(args []string, groups bool) bool {
	for _, a := range args {
		switch {
		case a == "--":
			return false
		case a == "--all", a == "--multiple", a == "-m":
			return true
		case strings.HasPrefix(a, "--recurse-submodules") && a != "--recurse-submodules=no",
			a == "--recurse-submodules-default" || strings.HasPrefix(a, "--recurse-submodules-default="):
			return true
		case !strings.HasPrefix(a, "-") && groups:
			// A remote group (remotes.<group>) fetches several remotes.
			return true
		}
	}
	return false
}

// withRemoteProgram returns args with the option that overrides the
// configured program for the remote, or false when git with args would
// contact a remote in a way that option does not cover.
func withRemoteProgram(args []string, groups bool) ([]string, bool) {
	sub := subcommand(args)
	if sub < 0 {
		return args, true
	}
	name, rest := args[sub], args[sub+1:]
	if name == "remote" {
		return args, len(rest) == 0 || slices.Contains(remoteSubcommandsOffline, rest[0])
	}
	opt, ok := remoteProgramOption[name]
	if !ok || fansOut(rest, groups) {
		return args, false
	}
	out := append(slices.Clip(args[:sub+1]), opt)
	return append(out, rest...), true
}

// remoteCommands contact remotes, running remote.<name>.uploadpack or
// receivepack for local and ssh remotes.
var remoteCommands = []string{"fetch", "pull", "push", "ls-remote", "remote", "submodule", "fetch-pack", "send-pack", "maintenance"}

// contactsRemote reports whether git with args may contact a remote.
func contactsRemote(args []string) bool {
	sub := subcommand(args)
	if sub < 0 {
		return false
	}
	if args[sub] == "archive" {
		return slices.ContainsFunc(args[sub:], func(a string) bool { return strings.HasPrefix(a, "--remote") })
	}
	return slices.Contains(remoteCommands, args[sub])
}

// Setting is one config key and its value.
type Setting struct{ Key, Value string }

// Git runs git hardened. The zero value is not ready: use New.
type Git struct {
	path string
	env  []string // the caller's environment, cleaned; see Env
}

// New finds git on PATH and keeps a clean copy of environ (usually
// os.Environ()) for its runs. It fails when git is not installed.
func New(environ []string) (*Git, error) {
	path, err := exec.LookPath("git")
	if err != nil {
		return nil, fmt.Errorf("git is not installed (not on PATH): %w", err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, err
	}
	return &Git{path: path, env: Env(environ)}, nil
}

// Path is the absolute path of git.
func (g *Git) Path() string { return g.path }

// Env returns environ cleaned for git: without any GIT_ variable and
// without the variables that make git or ssh run a program of their
// choosing, plus the settings that keep git from reading system config
// and attributes, prompting, or using transports that run commands.
// PATH keeps only absolute entries; Command drops those inside the
// directory git works in.
func Env(environ []string) []string {
	out := make([]string, 0, len(environ)+12)
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "GIT_"),
			name == "SSH_ASKPASS", name == "SSH_ASKPASS_REQUIRE", name == "EDITOR", name == "VISUAL",
			name == "PAGER", name == "LESSOPEN", name == "LESSCLOSE", name == "BASH_ENV", name == "ENV":
			continue
		case name == "PATH":
			kv = "PATH=" + absolutePath(value, "")
		}
		out = append(out, kv)
	}
	return append(out,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_ATTR_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_ASKPASS=", // set and empty: no askpass program, whatever the config
		"GIT_EDITOR=true",
		"GIT_SEQUENCE_EDITOR=true",
		"GIT_PAGER=cat",
		"GIT_PROXY_COMMAND=", // set and empty: core.gitProxy is not read
		"GIT_SSH_COMMAND=ssh",
		"GIT_ALLOW_PROTOCOL=file:git:http:https:ssh",
		"GIT_MERGE_AUTOEDIT=no",
	)
}

// absolutePath keeps the absolute entries of a PATH value that are not
// inside dir: a relative entry ("", ".", "bin") or one in the project
// would let the project name the programs git runs ("cat", "ssh",
// "git-upload-pack", "git-remote-<helper>").
func absolutePath(value, dir string) string {
	var keep []string
	for _, p := range filepath.SplitList(value) {
		if !filepath.IsAbs(p) || dir != "" && within(dir, p) {
			continue
		}
		keep = append(keep, p)
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}

// within reports whether p is dir or inside it, also through symbolic
// links when they resolve.
func within(dir, p string) bool {
	in := func(dir, p string) bool {
		rel, err := filepath.Rel(dir, p)
		return err == nil && filepath.IsLocal(rel) || rel == "."
	}
	if in(dir, p) {
		return true
	}
	rd, err1 := filepath.EvalSymlinks(dir)
	rp, err2 := filepath.EvalSymlinks(p)
	return err1 == nil && err2 == nil && in(rd, rp)
}

// Options are what one run may add to the clean environment.
type Options struct {
	// Env holds more variables (KEY=value), added last: the GIT_DIR,
	// GIT_WORK_TREE and GIT_INDEX_FILE of a shadow repository, an
	// identity for commits.
	Env []string
	// NoGlobal also ignores the person's global config
	// (~/.gitconfig, $XDG_CONFIG_HOME/git/config).
	NoGlobal bool
}

// Command returns git with args, hardened, to run in dir: the overrides
// of the fixed program-running keys, and one for every key with a
// repository-chosen name that the config of the repository at dir (and
// of its submodules) sets. Listing those runs git once; ctx bounds it.
// The caller sets Stdin, Stdout and Stderr and runs the command.
func (g *Git) Command(ctx context.Context, dir string, opts Options, args ...string) (*exec.Cmd, error) {
	gitArgs, env, err := g.Prepare(ctx, dir, opts, args)
	if err != nil {
		return nil, err
	}
	c := exec.CommandContext(ctx, g.path, gitArgs...)
	c.Dir = dir
	c.Env = env
	return c, nil
}

// ConfigEnv returns the variables that give git the settings in the
// command scope, where they win over every config file.
func ConfigEnv(settings []Setting) []string {
	env := make([]string, 0, 1+2*len(settings))
	env = append(env, "GIT_CONFIG_COUNT="+strconv.Itoa(len(settings)))
	for i, s := range settings {
		n := strconv.Itoa(i)
		env = append(env, "GIT_CONFIG_KEY_"+n+"="+s.Key, "GIT_CONFIG_VALUE_"+n+"="+s.Value)
	}
	return env
}

// Args returns git's arguments for args: --no-pager first, and
// --no-ext-diff after a diff subcommand (diff.external and diff drivers
// have no value that runs nothing and still diffs).
func Args(args []string) []string {
	out := make([]string, 0, len(args)+2)
	out = append(out, "--no-pager")
	sub := subcommand(args)
	if sub < 0 {
		return append(out, args...)
	}
	out = append(out, args[:sub+1]...)
	switch {
	case args[sub] == "diff":
		out = append(out, "--no-ext-diff")
	case args[sub] == "stash" && sub+1 < len(args) && args[sub+1] == "show":
		out = append(out, args[sub+1], "--no-ext-diff")
		sub++
	}
	return append(out, args[sub+1:]...)
}

// valueOptions are git's global options that take the next argument as
// their value.
var valueOptions = []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--exec-path", "--super-prefix", "--list-cmds"}

// subcommand returns the index of the subcommand in git's args, -1 when
// there is none.
func subcommand(args []string) int {
	for i := 0; i < len(args); i++ {
		if !strings.HasPrefix(args[i], "-") {
			return i
		}
		if slices.Contains(valueOptions, args[i]) {
			i++
		}
	}
	return -1
}

// runEnv is the environment of one run in dir.
func (g *Git) runEnv(dir string, opts Options) []string {
	env := make([]string, 0, len(g.env)+len(opts.Env)+1)
	for _, kv := range g.env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok && dir != "" {
			kv = "PATH=" + absolutePath(v, dir)
		}
		env = append(env, kv)
	}
	if opts.NoGlobal {
		env = append(env, "GIT_CONFIG_GLOBAL="+os.DevNull)
	}
	return append(env, opts.Env...)
}

// Prepare returns the arguments and the whole environment of a hardened
// git with args in dir: Args of args, with the option that overrides a
// remote's program when the config names one (remote.<name>.uploadpack or
// receivepack), and the clean environment, the overrides (see Command) and
// opts.Env. It is for callers that start git themselves, such as the git
// tool inside the sandbox. It fails with ErrRemoteProgram for a command
// that would contact a remote with a program named in the config and
// cannot be given the option: one that fetches several remotes or
// submodules, remote show, update, prune and set-head, submodule,
// maintenance, archive --remote, or any contact when a submodule's
// repository names such a program.
func (g *Git) Prepare(ctx context.Context, dir string, opts Options, args []string) (gitArgs, env []string, err error) {
	env = g.runEnv(dir, opts)
	ov, err := g.overrides(ctx, dir, env)
	if err != nil {
		return nil, nil, err
	}
	if planted := append(slices.Clone(ov.planted), ov.plantedInModules...); len(planted) > 0 && contactsRemote(args) {
		withOption, ok := withRemoteProgram(args, ov.groups)
		if !ok || len(ov.plantedInModules) > 0 {
			return nil, nil, fmt.Errorf("%w (%s): git %s is refused, since it could run it (a single fetch, pull, push or ls-remote is given git's own instead); remove it with git config --unset %s",
				ErrRemoteProgram, strings.Join(planted, ", "), args[subcommand(args)], planted[0])
		}
		args = withOption
	}
	return Args(args), append(env, ConfigEnv(ov.settings)...), nil
}

// configOverrides is what the config of a repository asks of safegit.
type configOverrides struct {
	// settings neutralise the program-running keys.
	settings []Setting
	// planted are the keys no setting can override,
	// remote.<name>.uploadpack and receivepack, in the repository's
	// config and in its submodules' repositories.
	planted, plantedInModules []string
	// groups says remote groups (remotes.<group>) are configured.
	groups bool
}

// overrides returns what the config in dir (and its submodules') asks:
// the settings that neutralise program-running keys, and the keys that
// cannot be neutralised so.
func (g *Git) overrides(ctx context.Context, dir string, env []string) (configOverrides, error) {
	ov := configOverrides{settings: slices.Clone(fixed)}
	// Outside a repository there is no repository config: git config
	// --list then reads only the global file, which is fine.
	cfg, err := g.list(ctx, dir, env)
	if err != nil {
		return configOverrides{}, err
	}
	ov.add(cfg, &ov.planted)
	for _, mod := range g.moduleConfigs(ctx, dir, env) {
		more, err := g.list(ctx, dir, env, "--includes", "--file", mod)
		if err == nil {
			ov.add(more, &ov.plantedInModules)
		}
	}
	return ov, nil
}

// add records what cfg asks, its remote programs in planted.
func (ov *configOverrides) add(cfg []Setting, planted *[]string) {
	for _, kv := range cfg {
		if strings.HasPrefix(kv.Key, "remote.") && (strings.HasSuffix(kv.Key, ".uploadpack") || strings.HasSuffix(kv.Key, ".receivepack")) {
			*planted = append(*planted, kv.Key)
		}
		if strings.HasPrefix(kv.Key, "remotes.") {
			ov.groups = true
		}
		if v, ok := neutral(kv.Key, kv.Value); ok {
			o := Setting{kv.Key, v}
			if !slices.Contains(ov.settings, o) {
				ov.settings = append(ov.settings, o)
			}
		}
	}
}

// list returns the settings of git config --list in dir, with extra
// options.
func (g *Git) list(ctx context.Context, dir string, env []string, extra ...string) ([]Setting, error) {
	args := append([]string{"--no-pager", "config", "--list", "-z"}, extra...)
	c := exec.CommandContext(ctx, g.path, args...)
	c.Dir, c.Env = dir, env
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		// Exit 1 with nothing said: no config at all.
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 && stderr.Len() == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("git config --list in %s: %v: %s", dir, err, strings.TrimSpace(stderr.String()))
	}
	var list []Setting
	for _, entry := range strings.Split(stdout.String(), "\x00") {
		key, value, _ := strings.Cut(entry, "\n")
		if key != "" {
			list = append(list, Setting{key, value})
		}
	}
	return list, nil
}

// moduleConfigs returns the config files of the submodules' repositories
// under the common git directory of the repository at dir.
func (g *Git) moduleConfigs(ctx context.Context, dir string, env []string) []string {
	c := exec.CommandContext(ctx, g.path, "rev-parse", "--git-common-dir")
	c.Dir, c.Env = dir, env
	out, err := c.Output()
	if err != nil {
		return nil
	}
	common := strings.TrimSpace(string(out))
	if !filepath.IsAbs(common) {
		common = filepath.Join(dir, common)
	}
	var files []string
	filepath.WalkDir(filepath.Join(common, "modules"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.Type().IsRegular() && d.Name() == "config" {
			files = append(files, p)
		}
		if d.IsDir() && (d.Name() == "objects" || d.Name() == "refs" || d.Name() == "logs") {
			return fs.SkipDir
		}
		return nil
	})
	return files
}

// neutral returns the override for a configured key, if it is a
// program-running one with a repository-chosen name. git config --list
// prints section and key in lower case and the middle part as written.
func neutral(key, value string) (string, bool) {
	section, rest, ok := strings.Cut(key, ".")
	if !ok {
		return "", false
	}
	i := strings.LastIndexByte(rest, '.')
	last := rest[i+1:]
	for _, n := range named {
		if section != n.section {
			continue
		}
		if n.key == "" || last == n.key && i >= 0 || section == "credential" && last == n.key {
			return n.value, true
		}
	}
	if section == "submodule" && i >= 0 && last == "update" && strings.HasPrefix(value, "!") {
		return "checkout", true // "!command" runs a command
	}
	return "", false
}

// RunsProgram reports whether setting key (as git config names it) can
// make git run a program or read more config that can: the keys safegit
// overrides, aliases and includes.
func RunsProgram(key string) bool {
	k := strings.ToLower(key)
	if strings.HasPrefix(k, "alias.") || strings.HasPrefix(k, "include.") || strings.HasPrefix(k, "includeif.") {
		return true
	}
	for _, f := range fixed {
		if strings.ToLower(f.Key) == k {
			return true
		}
	}
	section, rest, _ := strings.Cut(k, ".")
	if section == "remote" && (strings.HasSuffix(rest, ".uploadpack") || strings.HasSuffix(rest, ".receivepack")) {
		return true
	}
	_, ok := neutral(section+"."+rest, "!")
	return ok
}
