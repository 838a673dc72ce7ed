package classify

import (
	"strings"
)

// gitCmd judges git by its global options, its subcommand and the flags
// that run programs or write files.
func gitCmd(c *cmd) {
	args := c.rest()
	i := 0
	d := c.d
	outside := c.outsideRoot(d)
	var worktree *dirs // --work-tree's directory
	var set gitSet     // what -c and --config-env set that the subcommand's judgement needs
loop:
	for ; i < len(args); i++ {
		a := args[i]
		s := a.s
		next := func() (field, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return field{}, false
		}
		switch {
		case a.dyn:
			c.add(Dangerous, "git option or subcommand is not known until it runs", "builtin:git-dynamic")
			return
		case s == "-c":
			if kv, ok := next(); ok {
				c.gitGlobalConfig(kv, "-c", &set)
			}
		case strings.HasPrefix(s, "-c") && len(s) > 2 && !strings.HasPrefix(s, "--"):
			// Read as -c KEY=VALUE in one word, as the option parsers of
			// some git versions and wrappers do.
			c.gitGlobalConfig(field{s: s[2:]}, "-c", &set)
		case s == "--config-env":
			if kv, ok := next(); ok {
				c.gitGlobalConfig(kv, "--config-env", &set)
			}
		case strings.HasPrefix(s, "--config-env="):
			c.gitGlobalConfig(field{s: strings.TrimPrefix(s, "--config-env=")}, "--config-env", &set)
		case s == "-C":
			if dir, ok := next(); ok {
				d = c.chdir(d, dir)
				outside = outside || c.outsideRoot(d)
			}
		case strings.HasPrefix(s, "--exec-path="):
			c.add(Dangerous, "changes where git finds its programs", "builtin:git-exec-path")
		case s == "--git-dir" || strings.HasPrefix(s, "--git-dir="):
			v := field{s: strings.TrimPrefix(s, "--git-dir=")}
			if s == "--git-dir" {
				v, _ = next()
			}
			if !c.isRepoGitDir(v, d) {
				c.add(Dangerous, "uses another repository's configuration and hooks", "builtin:git-dir-option")
			}
		case s == "--work-tree" || strings.HasPrefix(s, "--work-tree="):
			v := field{s: strings.TrimPrefix(s, "--work-tree=")}
			if s == "--work-tree" {
				v, _ = next()
			}
			wt := c.chdir(d, v)
			worktree = &wt
			if c.outsideRoot(wt) {
				outside = true
			}
		case s == "--namespace" || s == "--attr-source" || s == "--super-prefix":
			next()
		case s == "-p" || s == "--paginate":
			c.add(Warning, "runs a pager", "builtin:git-pager")
		case s == "--version" || s == "-v" || s == "--help" || s == "-h" || s == "--exec-path" ||
			s == "--html-path" || s == "--man-path" || s == "--info-path" || strings.HasPrefix(s, "--list-cmds"):
			c.add(Safe, "prints git's version or paths", "builtin:read-only")
			return
		case strings.HasPrefix(s, "--namespace=") || strings.HasPrefix(s, "--super-prefix="):
		case strings.HasPrefix(s, "-"):
			// --no-pager, --bare, --literal-pathspecs and friends change
			// nothing that runs; git(1) lists no other option.
			if !gitGlobalFlags[s] {
				c.notModelled(s)
			}
		default:
			break loop
		}
	}
	if i >= len(args) {
		c.add(Safe, "prints git's usage", "builtin:read-only")
		return
	}
	c.canon = joinFields(append([]field{lit("git")}, args[i:]...))
	saved := c.d
	c.d = d
	sub, rest := lower(args[i].s), args[i+1:]
	gitSub(c, sub, rest)
	if outside && c.wk.j.level(c.start) >= Warning {
		c.add(Dangerous, "changes a repository outside the project root", "builtin:git-outside")
	} else if outside {
		c.add(Warning, "reads a repository outside the project root", "builtin:git-outside")
	}
	// Then what the subcommand's words read: by its table, and an option
	// no table lists, or a subcommand with none, is not modelled.
	if t, key := gitTableFor(sub, rest); t != nil {
		c.gitJudgeTable(t, rest)
	} else if c.wk.j.level(c.start) == Safe {
		c.add(Warning, "not modelled: git "+key+" (a subcommand the classifier's tables for git do not list)", "builtin:unknown-option")
	}
	if set.noIndex && sub == "grep" {
		c.readTrees([]field{lit(".")})
	}
	if sub == "format-patch" {
		// format.outputDirectory is where format-patch writes without -o.
		for _, dir := range set.outDirs {
			c.path(accWrite, dir)
		}
	}
	if worktree != nil && gitReadsWorkTree[sub] {
		// The files it prints come from the work tree named, wherever
		// that is (git --work-tree=~ grep --untracked prints ~/.ssh).
		c.d = *worktree
		c.readTrees([]field{lit(".")})
	}
	c.d = saved
}

// outsideRoot reports whether any directory in d is outside the root.
func (c *cmd) outsideRoot(d dirs) bool {
	if d.unknown {
		return true
	}
	for _, p := range d.list() {
		if !c.wk.pl.inRoot(p) {
			return true
		}
	}
	return false
}

// isRepoGitDir reports whether f names the project's own .git.
func (c *cmd) isRepoGitDir(f field, d dirs) bool {
	if f.dyn || c.wk.pl.root == "" {
		return false
	}
	cands, unknown := c.wk.resolve(f, d)
	if unknown {
		return false
	}
	for _, p := range cands {
		if p != c.wk.pl.root+"/.git" {
			return false
		}
	}
	return true
}

// gitRunKeys are configuration keys whose value is a program git runs
// (or a file of more configuration). "*" stands for a subsection.
var gitRunKeys = []string{
	"core.pager", "core.sshcommand", "core.fsmonitor", "core.hookspath", "core.editor",
	"core.askpass", "core.gitproxy", "core.alternaterefscommand", "core.worktree",
	"alias.*", "pager.*", "filter.*", "sendemail.*", "diff.external", "diff.*.textconv",
	"diff.*.command", "merge.*.driver", "credential.helper", "credential.*.helper",
	"sequence.editor", "gpg.program", "gpg.*.program", "remote.*.uploadpack",
	"remote.*.receivepack", "remote.*.proxy", "uploadpack.packobjectshook", "protocol.allow",
	"protocol.*.allow", "include.path", "includeif.*.path", "web.browser", "browser.*.cmd",
	"browser.*.path", "man.*.cmd", "man.*.path", "man.viewer", "interactive.difffilter",
	"difftool.*.cmd", "difftool.*.path", "mergetool.*.cmd", "mergetool.*.path",
	"submodule.*.update", "init.templatedir", "safe.directory", "ssh.variant",
	"core.attributesfile", "http.proxy", "https.proxy", "url.*.insteadof", "url.*.pushinsteadof",
	"merge.tool", "diff.tool", "diff.guitool", "merge.guitool", "gpg.ssh.defaultkeycommand",
	"imap.tunnel", "instaweb.*", "guitool.*", "trailer.*", "trace2.*", "lfs.customtransfer.*",
	"lfs.standalonetransferagent", "remote.*.vcs", "core.sshcommand", "receive.procreceiverefs",
	"uploadarchive.*", "transfer.credentialsinurl",
}

// gitFileKeys are configuration keys whose value is a file git reads.
var gitFileKeys = map[string]bool{
	"blame.ignorerevsfile": true, "core.excludesfile": true, "commit.template": true,
	"mailmap.file": true, "gpg.ssh.allowedsignersfile": true, "http.sslcert": true,
	"http.sslkey": true, "http.sslcainfo": true, "http.cookiefile": true, "core.attributesfile": true,
	"include.path": true, "gpg.ssh.revocationfile": true, "http.sslcapath": true,
	"diff.orderfile": true, "format.signaturefile": true, "sendemail.aliasesfile": true,
}

// gitKeyRuns reports whether setting key can make git run a program.
func gitKeyRuns(key string) bool {
	key = strings.ToLower(key)
	if strings.HasSuffix(key, ".textconv") || strings.HasSuffix(key, ".command") || strings.HasSuffix(key, ".cmd") {
		return true
	}
	section, rest, _ := strings.Cut(key, ".")
	name := rest
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		name = rest[i+1:]
	}
	for _, pat := range gitRunKeys {
		ps, pr, _ := strings.Cut(pat, ".")
		if ps != section {
			continue
		}
		switch {
		case pr == "*":
			return true
		case strings.HasPrefix(pr, "*."):
			if strings.Contains(rest, ".") && name == pr[2:] {
				return true
			}
		case pr == rest:
			return true
		}
	}
	return false
}

// gitSet is what the -c and --config-env options before the subcommand
// set that the subcommand's judgement needs.
type gitSet struct {
	// noIndex: grep.fallbackToNoIndex, with which git grep outside a
	// repository searches the whole directory.
	noIndex bool
	// outDirs: format.outputDirectory, where format-patch writes.
	outDirs []field
}

// gitGlobalConfig judges a configuration option before the subcommand in
// any of its forms (-c KEY=VALUE, -cKEY=VALUE, --config-env KEY=ENVVAR,
// --config-env=KEY=ENVVAR) and records in set what it sets. The value of
// --config-env comes from the environment, so it is not known.
func (c *cmd) gitGlobalConfig(kv field, opt string, set *gitSet) {
	c.gitConfigKey(kv, opt)
	if kv.dyn {
		set.noIndex = true
		return
	}
	key, val, _ := strings.Cut(kv.s, "=")
	switch lower(key) {
	case "grep.fallbacktonoindex":
		set.noIndex = true
	case "format.outputdirectory":
		dir := field{s: val, dyn: true}
		if opt == "-c" {
			dir = c.gitPathValue(val)
		}
		if dir.dyn || dir.s != "" {
			set.outDirs = append(set.outDirs, dir)
		}
	}
}

// gitConfigKey judges a -c key=value or --config-env key=ENV option.
func (c *cmd) gitConfigKey(kv field, opt string) {
	if kv.dyn {
		c.add(Dangerous, "sets a git option that is not known until it runs", "builtin:git-config-run")
		return
	}
	key, val, _ := strings.Cut(kv.s, "=")
	switch {
	case gitFileKeys[lower(key)] && opt == "--config-env":
		// The value is the environment variable's, not known here.
		c.path(accRead, field{s: val, dyn: true})
	case gitFileKeys[lower(key)] && val != "":
		c.path(accRead, c.gitPathValue(val))
	}
	if gitKeyRuns(key) {
		c.add(Dangerous, opt+" "+key+" makes git run a program", "builtin:git-config-run")
		if opt == "-c" || opt == "--config" {
			c.gitConfigValue(key, val)
		}
	}
}

// gitPathValue is a path-valued configuration value as git reads it:
// git expands a leading ~ or ~user itself (git-config(1), "pathname").
func (c *cmd) gitPathValue(v string) field {
	if !strings.HasPrefix(v, "~") {
		return lit(v)
	}
	prefix, rest, _ := strings.Cut(v, "/")
	home, ok := c.wk.tilde(prefix)
	if !ok {
		return field{s: v, dyn: true}
	}
	return lit(home + "/" + rest)
}

// gitConfigValue judges the command line a configuration value runs.
// Path-valued keys (hooksPath, include.path) are left at Dangerous.
func (c *cmd) gitConfigValue(key, val string) {
	k := strings.ToLower(key)
	switch {
	case strings.HasPrefix(k, "alias."):
		if rest, ok := strings.CutPrefix(val, "!"); ok {
			c.script(rest, bashLang)
		}
	case strings.HasPrefix(k, "credential."):
		if rest, ok := strings.CutPrefix(val, "!"); ok {
			c.script(rest, bashLang)
		}
	case strings.HasSuffix(k, "path") || strings.HasPrefix(k, "include") || strings.HasPrefix(k, "safe.") ||
		strings.HasPrefix(k, "protocol.") || strings.HasPrefix(k, "init.") || strings.HasSuffix(k, "proxy") ||
		k == "core.worktree" || k == "core.attributesfile" || k == "ssh.variant":
	default:
		c.script(val, bashLang)
	}
}

// gitURLs flags transports that run a command instead of connecting.
func (c *cmd) gitURLs(ops []field) {
	for _, op := range ops {
		if l := lower(op.s); strings.HasPrefix(l, "ext::") || strings.HasPrefix(l, "fd::") {
			c.add(Dangerous, "uses an ext:: URL, which runs a command", "builtin:git-ext-url")
			return
		}
	}
}

// gitSafe are subcommands that only read the repository.
var gitSafe = map[string]bool{
	"status": true, "diff": true, "log": true, "show": true, "blame": true, "annotate": true,
	"shortlog": true, "describe": true, "rev-parse": true, "rev-list": true, "ls-files": true,
	"ls-tree": true, "cat-file": true, "show-ref": true, "for-each-ref": true, "merge-base": true,
	"name-rev": true, "whatchanged": true, "range-diff": true, "cherry": true, "check-ignore": true,
	"check-attr": true, "check-ref-format": true, "check-mailmap": true, "diff-tree": true,
	"diff-index": true, "diff-files": true, "show-branch": true, "count-objects": true,
	"fsck": true, "verify-commit": true, "verify-tag": true, "verify-pack": true, "var": true,
	"help": true, "version": true, "grep": true, "stripspace": true, "column": true,
	"get-tar-commit-id": true, "patch-id": true, "fmt-merge-msg": true, "request-pull": true,
	"merge-tree": true, "show-index": true, "diff-pairs": true,
}

// gitSubFlags are the long options without a value that gitSub's
// handlers ask for: parseOpts reads their abbreviations (git's
// parse-options takes any unique prefix) as them.
const gitSubFlags = "--abort --add --all --amend --apply --cached --check --conflict --contains --copy --delete --discard-changes --dry-run " +
	"--edit --edit-description --edit-todo --ext-diff --filters --force --force-create --get --get-all --get-color --get-colorbool " +
	"--get-regexp --get-urlmatch --global --hard --help --info --interactive --list --local --lost-found --man --merge --merged --move " +
	"--no-contains --no-index --no-merged --numstat --ours --patch --points-at --prune --quit --remotes --remove-section --rename-section " +
	"--replace-all --show-current-patch --staged --stat --stdout --summary --system --textconv --theirs --track --trivial-merge " +
	"--unsafe-paths --unset --unset-all --unset-upstream --verify --web --worktree"

// gitSub judges a git subcommand with its arguments.
func gitSub(c *cmd, sub string, rest []field) {
	flags, ops := parseOpts(rest, optSpec{
		short: gitValueShorts(sub),
		long: []string{"--output", "--exec", "--upload-pack", "--receive-pack", "--template",
			"--config", "--onto", "--strategy", "--strategy-option", "--message", "--file",
			"--reference", "--separate-git-dir", "--orphan", "--set-upstream-to", "--format",
			"--pretty", "--author", "--since", "--until", "--grep", "--directory", "--remote",
			"--prefix", "--depth", "--branch", "--origin", "--tree-filter", "--index-filter",
			"--msg-filter", "--env-filter", "--commit-filter", "--parent-filter",
			"--tag-name-filter", "--subdirectory-filter", "--extcmd", "--tool", "--contents", "--output-directory"},
		noVal: strings.Fields(gitSubFlags),
	})
	dashdash := false
	paths := 0 // the operands after "--", the last of ops
	for i, a := range rest {
		if a.s == "--" && !a.dyn && !dashdash {
			dashdash = true
			paths = len(rest) - i - 1
		}
	}
	for _, f := range ops {
		if f.dyn {
			c.add(Warning, "git argument is not known until it runs", "builtin:git-dynamic")
			break
		}
	}
	if out, ok := value(flags, "--output"); ok && sub != "archive" {
		c.path(accWrite, out)
	}
	gitFileOptions(c, sub, rest)
	configs := values(flags, "--config")
	if sub == "clone" {
		configs = append(configs, values(flags, "c")...)
	}
	for _, kv := range configs {
		c.gitConfigKey(kv, "--config")
	}
	if has(flags, "--upload-pack", "--receive-pack") || (sub == "clone" && has(flags, "u")) || (sub != "rebase" && sub != "archive" && has(flags, "--exec")) {
		c.add(Dangerous, "runs a program of its choosing on the remote side", "builtin:git-pack-program")
	}
	if has(flags, "--ext-diff") {
		c.add(Warning, "runs the configured external diff program", "builtin:git-ext-diff")
	}
	if has(flags, "--textconv", "--filters") {
		c.add(Warning, "runs the configured text conversion filters", "builtin:git-ext-diff")
	}
	if (sub == "help" || has(flags, "--help")) && has(flags, "w", "--web", "i", "--info", "m", "--man") {
		c.add(Warning, "opens a browser, info or man viewer, which git's configuration may name", "builtin:git-tool")
		return
	}
	if sub == "fsck" && has(flags, "--lost-found") {
		c.add(Warning, "writes dangling objects into .git/lost-found", "builtin:git-write")
		return
	}
	if sub == "apply" {
		// The patch files are read (and printed by --stat and friends).
		c.read(ops)
	}
	switch {
	case sub == "request-pull":
		c.add(Warning, "contacts a remote to check what it has", "builtin:git-network")
		return
	case sub == "merge-tree" && !has(flags, "--trivial-merge"):
		c.add(Warning, "writes the merged trees into the object store", "builtin:git-write")
		return
	case sub == "verify-pack":
		c.read(ops)
	case sub == "diff" && !has(flags, "--no-index"):
		// With a path outside the work tree git diff compares files
		// as --no-index does (git-diff(1)); revisions are names in
		// the project, harmless to the path rules.
		c.readTrees(ops)
	}
	if gitSafe[sub] {
		c.add(Safe, "reads the repository", "builtin:git-read")
		if sub == "grep" && !has(flags, "e", "f") && len(ops) > 0 {
			ops = ops[1:] // the pattern
		}
		// (diff has read its operands above, but as files: REV:../x
		// and :/ are judged here.)
		c.readTrees(c.gitOutsidePaths(ops, paths))
		switch sub {
		case "diff", "grep":
			if has(flags, "--no-index") {
				// Outside the repository's index: any files, and the
				// whole tree below a directory; grep with no path
				// searches the current directory.
				if sub == "grep" && len(ops) == 0 {
					ops = []field{lit(".")}
				}
				c.readTrees(ops)
			}
			if sub == "grep" {
				gitGrepPager(c, rest)
			}
		case "ls-files":
			c.lists([]field{lit(".")}, true)
		}
		return
	}
	switch sub {
	case "branch":
		gitBranch(c, flags, ops)
	case "tag":
		switch {
		case has(flags, "f", "--force"):
			c.add(Dangerous, "moves an existing tag", "builtin:git-tag")
		case has(flags, "d", "--delete"):
			c.add(Warning, "deletes tags", "builtin:git-tag")
		case len(ops) > 0 && !has(flags, "l", "--list", "--contains", "--no-contains", "--points-at", "--merged", "--no-merged", "v", "--verify"):
			c.add(Warning, "creates a tag", "builtin:git-tag")
		default:
			c.add(Safe, "lists tags", "builtin:git-read")
		}
	case "remote":
		c.gitURLs(ops)
		switch first(ops) {
		case "", "get-url":
			c.add(Safe, "lists remotes", "builtin:git-read")
		case "show", "update", "prune":
			c.add(Warning, "contacts a remote", "builtin:git-network")
		default:
			c.add(Warning, "changes the repository's remotes", "builtin:git-config")
		}
	case "config":
		gitConfig(c, flags, ops)
	case "stash":
		switch first(ops) {
		case "list", "show":
			c.add(Safe, "reads stashed changes", "builtin:git-read")
		case "drop", "clear":
			c.add(Dangerous, "discards stashed changes", "builtin:git-stash-drop")
		default:
			c.add(Warning, "stashes or restores changes", "builtin:git-stash")
		}
	case "add", "mv", "merge", "cherry-pick", "revert", "am", "notes", "replace", "symbolic-ref",
		"update-index", "read-tree", "write-tree", "commit-tree", "mktag", "mktree", "pack-refs",
		"prune-packed", "unpack-objects", "index-pack", "merge-file", "repack", "rerere",
		"sparse-checkout", "bugreport", "diagnose", "fast-import", "p4", "svn", "cvsimport",
		"archimport", "quiltimport", "upload-pack", "receive-pack", "interpret-trailers", "backfill":
		c.add(Warning, "changes the repository", "builtin:git-write")
	case "commit":
		if has(flags, "--amend") {
			c.add(Dangerous, "rewrites the last commit", "builtin:git-history")
		} else {
			c.add(Warning, "creates a commit", "builtin:git-write")
		}
	case "checkout":
		gitCheckout(c, flags, ops, dashdash)
	case "switch":
		switch {
		case has(flags, "f", "--force", "--discard-changes"):
			c.add(Dangerous, "discards local changes", "builtin:git-discard")
		case has(flags, "C", "--force-create"):
			c.add(Dangerous, "resets an existing branch", "builtin:git-discard")
		default:
			c.add(Warning, "switches branches", "builtin:git-write")
		}
	case "restore":
		if has(flags, "S", "--staged") && !has(flags, "W", "--worktree") {
			c.add(Warning, "unstages changes", "builtin:git-write")
		} else {
			c.add(Dangerous, "discards changes to files", "builtin:git-discard")
		}
	case "reset":
		switch {
		case has(flags, "--hard"):
			c.add(Dangerous, "discards all local changes", "builtin:git-reset-hard")
		default:
			c.add(Warning, "moves HEAD or unstages changes", "builtin:git-write")
		}
	case "clean":
		switch {
		case has(flags, "n", "--dry-run"):
			c.add(Safe, "lists untracked files", "builtin:git-read")
		case has(flags, "f", "--force", "i", "--interactive"):
			c.add(Dangerous, "deletes untracked files", "builtin:git-clean")
		default:
			c.add(Warning, "cleans the work tree", "builtin:git-clean")
		}
	case "rm":
		switch {
		case has(flags, "n", "--dry-run"):
			c.add(Safe, "lists files it would remove", "builtin:git-read")
		case has(flags, "--cached"):
			c.add(Warning, "stops tracking files", "builtin:git-write")
		case has(flags, "f", "--force"):
			c.add(Dangerous, "deletes files and their uncommitted changes", "builtin:git-discard")
		default:
			c.add(Warning, "deletes tracked files", "builtin:git-write")
		}
	case "rebase":
		switch {
		case has(flags, "--abort", "--quit", "--edit-todo"):
			c.add(Warning, "stops a rebase", "builtin:git-write")
		case has(flags, "--show-current-patch"):
			c.add(Safe, "reads the repository", "builtin:git-read")
		default:
			c.add(Dangerous, "rewrites history", "builtin:git-history")
		}
		for _, x := range values(flags, "x", "--exec") {
			c.programString(x)
		}
	case "pull", "fetch":
		c.gitURLs(ops)
		c.add(Warning, "downloads from a remote", "builtin:git-network")
	case "clone":
		c.gitURLs(ops)
		c.add(Warning, "downloads a repository", "builtin:git-network")
		if has(flags, "--template") {
			c.add(Blocked, "installs hooks from a template, which git runs later outside any sandbox", "builtin:git-template")
		}
		if len(ops) > 1 {
			c.path(accWrite, ops[1])
		}
	case "ls-remote":
		c.gitURLs(ops)
		c.add(Warning, "contacts a remote", "builtin:git-network")
	case "push":
		c.gitURLs(ops)
		if has(flags, "n", "--dry-run") {
			c.add(Warning, "contacts a remote to check a push", "builtin:git-network")
		} else {
			c.add(Dangerous, "changes a remote repository", "builtin:git-push")
		}
	case "init":
		c.add(Warning, "creates a repository", "builtin:git-write")
		if has(flags, "--template") {
			c.add(Blocked, "installs hooks from a template, which git runs later outside any sandbox", "builtin:git-template")
		}
		c.write(ops)
	case "worktree":
		gitWorktree(c, flags, ops)
	case "submodule":
		gitSubmodule(c, flags, ops, rest)
	case "bisect":
		gitBisect(c, rest)
	case "gc":
		if v, ok := value(flags, "--prune"); ok && (v.s == "now" || v.s == "all") {
			c.add(Dangerous, "deletes unreachable objects for good", "builtin:git-prune")
		} else {
			c.add(Warning, "packs the repository", "builtin:git-write")
		}
	case "prune":
		c.add(Dangerous, "deletes unreachable objects for good", "builtin:git-prune")
	case "reflog":
		switch first(ops) {
		case "expire", "delete", "drop":
			c.add(Dangerous, "deletes reflog entries, the way back from mistakes", "builtin:git-prune")
		default:
			c.add(Safe, "reads the reflog", "builtin:git-read")
		}
	case "filter-branch", "filter-repo":
		c.add(Dangerous, "rewrites history", "builtin:git-history")
		for _, f := range values(flags, "--tree-filter", "--index-filter", "--msg-filter", "--env-filter", "--commit-filter", "--parent-filter", "--tag-name-filter") {
			c.programString(f)
		}
	case "update-ref":
		c.add(Dangerous, "rewrites refs directly", "builtin:git-history")
	case "apply":
		switch {
		case has(flags, "--unsafe-paths"):
			c.add(Dangerous, "applies a patch to paths outside the repository", "builtin:git-write")
		case has(flags, "--check", "--stat", "--numstat", "--summary") && !has(flags, "--apply"):
			c.add(Safe, "checks a patch", "builtin:git-read")
		default:
			c.add(Warning, "applies a patch", "builtin:git-write")
		}
	case "format-patch":
		if has(flags, "--stdout") {
			c.add(Safe, "prints patches", "builtin:git-read")
		} else {
			c.add(Warning, "writes patch files", "builtin:git-write")
		}
		c.optPath(accWrite, flags, "o", "--output-directory")
	case "archive":
		switch {
		case has(flags, "--exec"):
			c.add(Dangerous, "runs a program of its choosing on the remote side", "builtin:git-pack-program")
		case has(flags, "--remote"):
			c.gitURLs(values(flags, "--remote"))
			c.add(Warning, "contacts a remote", "builtin:git-network")
		default:
			c.add(Safe, "writes an archive", "builtin:git-read")
		}
		c.optPath(accWrite, flags, "o", "--output")
	case "bundle":
		switch first(ops) {
		case "verify", "list-heads":
			c.add(Safe, "reads a bundle", "builtin:git-read")
			if len(ops) > 1 {
				c.path(accRead, ops[1])
			}
		case "create":
			c.add(Warning, "writes a bundle", "builtin:git-write")
			if len(ops) > 1 {
				c.path(accWrite, ops[1])
			}
		default:
			c.add(Warning, "unpacks a bundle", "builtin:git-write")
			if len(ops) > 1 {
				c.path(accRead, ops[1])
			}
		}
	case "checkout-index":
		c.add(Warning, "writes files from the index", "builtin:git-write")
		for _, a := range rest {
			if p, ok := strings.CutPrefix(a.s, "--prefix="); ok {
				// The prefix is glued to each path: "dir/" writes in dir,
				// "x-" writes x-FILE beside it.
				c.path(accWrite, field{s: p + "x", dyn: a.dyn, w: a.w})
			}
		}
	case "difftool", "mergetool":
		c.add(Warning, "runs an external diff or merge tool", "builtin:git-tool")
		if x, ok := value(flags, "x", "--extcmd"); ok {
			c.programString(x)
		}
	case "send-email", "imap-send":
		c.add(Dangerous, "sends email", "builtin:git-push")
	case "daemon", "http-backend", "shell":
		c.add(Dangerous, "serves repositories to others", "builtin:git-push")
	case "instaweb":
		c.add(Warning, "starts a web server", "builtin:server")
	case "credential", "credential-store", "credential-cache":
		switch first(ops) {
		case "fill", "get":
			c.add(Blocked, "reveals stored credentials", "builtin:credential-store")
		default:
			c.add(Dangerous, "changes stored credentials", "builtin:credential-store")
		}
	case "maintenance":
		switch first(ops) {
		case "run":
			c.add(Warning, "runs maintenance tasks", "builtin:git-write")
		default:
			c.add(Dangerous, "schedules background jobs", "builtin:schedule")
		}
	case "hash-object":
		if has(flags, "w") {
			c.add(Warning, "writes objects", "builtin:git-write")
		} else {
			c.add(Safe, "hashes files", "builtin:git-read")
		}
	case "lfs":
		switch first(ops) {
		case "track":
			if len(ops) > 1 {
				c.add(Warning, "tracks files with LFS, writing .gitattributes", "builtin:git-write")
			} else {
				c.add(Safe, "lists LFS patterns", "builtin:git-read")
			}
		case "ls-files", "status", "env", "version", "":
			c.add(Safe, "reads LFS state", "builtin:git-read")
		case "install", "uninstall":
			if has(flags, "--local") {
				c.add(Warning, "changes the repository's LFS hooks", "builtin:git-config")
			} else {
				c.add(Dangerous, "changes git configuration for every repository", "builtin:git-config-global")
			}
		default:
			c.add(Warning, "transfers LFS objects", "builtin:git-network")
		}
	default:
		c.add(Warning, "unknown git subcommand (it may be an alias)", "builtin:git-unknown")
	}
}

// gitFileOptions judges the options of git subcommands that read a file
// named by their value: blame --contents and -S, --ignore-revs-file,
// fmt-merge-msg -F, hash-object's files, the order file of -O, grep -f,
// ls-files --exclude-from, and any --stdin-paths list.
func gitFileOptions(c *cmd, sub string, rest []field) {
	reads := map[string]bool{}
	switch sub {
	case "blame", "annotate":
		reads["--contents"], reads["-S"], reads["--ignore-revs-file"] = true, true, true
	case "fmt-merge-msg":
		reads["-F"], reads["--file"] = true, true
	case "log", "show", "diff", "whatchanged", "diff-tree", "diff-index", "diff-files", "range-diff", "format-patch":
		reads["-O"] = true
	case "grep":
		reads["-f"] = true
	case "ls-files":
		reads["-X"], reads["--exclude-from"], reads["--exclude-per-directory"] = true, true, false
	case "check-ignore", "check-attr", "check-mailmap", "cat-file", "rev-list", "hash-object", "update-index", "pack-objects":
	case "commit", "tag", "notes", "merge", "stash":
		reads["-F"], reads["--file"], reads["-t"], reads["--template"] = true, true, true, true
	case "shortlog", "am", "apply", "mailinfo", "mailsplit":
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a.dyn {
			continue
		}
		name, val, eq := strings.Cut(a.s, "=")
		if !strings.HasPrefix(name, "-") {
			continue
		}
		if strings.HasPrefix(name, "--") {
			// git's option parser takes any abbreviation (--cont for
			// --contents).
			for long := range reads {
				if reads[long] && strings.HasPrefix(long, "--") && longMatch(name, long) {
					name = long
					break
				}
			}
		}
		if longMatch(name, "--stdin-paths") && len(name) > len("--stdin") {
			c.add(Warning, "hashes the files named on its input, which the classifier cannot see", "builtin:file-list")
			continue
		}
		short := len(name) > 2 && !strings.HasPrefix(name, "--") && reads[name[:2]]
		if !reads[name] && !short {
			continue
		}
		f := field{s: val}
		switch {
		case short:
			f = field{s: a.s[2:]}
		case !eq && i+1 < len(rest):
			i++
			f = rest[i]
		case !eq:
			continue
		}
		if f.s != "-" || f.dyn {
			c.path(accRead, f)
		}
	}
	if sub == "hash-object" {
		_, ops := parseOpts(rest, optSpec{short: "t", long: []string{"--path"}})
		c.read(ops)
	}
}

// gitValueShorts lists the short options of a subcommand that take an
// argument: git's letters mean different things in each subcommand.
func gitValueShorts(sub string) string {
	switch sub {
	case "rebase":
		return "xsX"
	case "commit":
		return "mFCct"
	case "checkout":
		return "bB"
	case "switch":
		return "cC"
	case "branch":
		return "u"
	case "clone":
		return "obucj"
	case "format-patch":
		return "ov"
	case "merge", "pull":
		return "msXFj"
	case "log", "show", "diff", "whatchanged", "range-diff":
		return "SGLO"
	case "grep":
		return "efABCm"
	case "tag", "notes", "stash":
		return "mFu"
	case "config":
		return "f"
	case "archive", "push":
		return "o"
	case "difftool", "mergetool":
		return "xt"
	case "clean":
		return "e"
	case "cherry-pick", "revert":
		return "mX"
	case "worktree":
		return "bB"
	case "restore":
		return "s"
	}
	return ""
}

func first(ops []field) string {
	if len(ops) == 0 || ops[0].dyn {
		return ""
	}
	return ops[0].s
}

// gitGrepPager judges git grep -O, which opens matches in a program.
func gitGrepPager(c *cmd, rest []field) {
	grep := gitTables["grep"]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		s := a.s
		if s == "--" && !a.dyn {
			return
		}
		if gitTakesNext(s, grep) {
			i++ // the next word is this option's value (-e --, -e -O)
			continue
		}
		prog, ok := gitPagerOption(s)
		if !ok {
			continue
		}
		c.add(Warning, "opens the matching files in a pager", "builtin:git-pager")
		if prog != "" {
			// git runs the pager through the shell.
			c.script(prog+` "$FILE"`, bashLang)
		}
		return
	}
}

// gitTakesNext reports whether the option word s takes the next word as
// its value, by the table t: -e, -nA, --context or its abbreviation
// --cont (but not -Ovim, whose optional value is glued).
func gitTakesNext(s string, t *gitTable) bool {
	if strings.HasPrefix(s, "--") {
		_, _, takes := t.opts.spec().resolveLong(s)
		return !strings.Contains(s, "=") && takes
	}
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for j := 1; j < len(s); j++ {
		switch {
		case strings.IndexByte(t.optional, s[j]) >= 0:
			return false
		case strings.IndexByte(t.opts.vals, s[j]) >= 0:
			return j == len(s)-1
		}
	}
	return false
}

// gitPagerOption reads a word of git grep as -O/--open-files-in-pager
// and its glued program: whole, abbreviated (--open=vim, which git's
// option parser accepts) or after other letters (-nOvim).
func gitPagerOption(s string) (prog string, ok bool) {
	if name, val, _ := strings.Cut(s, "="); strings.HasPrefix(name, "--o") && strings.HasPrefix("--open-files-in-pager", name) {
		return val, true
	}
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return "", false
	}
	for j := 1; j < len(s); j++ {
		switch {
		case s[j] == 'O':
			return s[j+1:], true
		case strings.IndexByte(gitTables["grep"].opts.vals, s[j]) >= 0:
			return "", false // the rest is this option's value
		}
	}
	return "", false
}

func gitBranch(c *cmd, flags []flag, ops []field) {
	del := has(flags, "d", "--delete")
	force := has(flags, "f", "--force")
	switch {
	case has(flags, "D") || (del && force):
		c.add(Dangerous, "force-deletes branches", "builtin:git-branch-delete")
	case del:
		c.add(Warning, "deletes merged branches", "builtin:git-write")
	case has(flags, "M", "C") || (force && has(flags, "m", "c", "--move", "--copy")):
		c.add(Dangerous, "overwrites a branch", "builtin:git-branch-delete")
	case has(flags, "m", "c", "--move", "--copy", "u", "--set-upstream-to", "--unset-upstream", "--edit-description", "t", "--track"):
		c.add(Warning, "changes a branch", "builtin:git-write")
	case force && len(ops) > 0:
		c.add(Dangerous, "resets a branch to another commit", "builtin:git-branch-delete")
	case len(ops) > 0 && !has(flags, "l", "--list", "--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "a", "--all", "r", "--remotes"):
		c.add(Warning, "creates a branch", "builtin:git-write")
	default:
		c.add(Safe, "lists branches", "builtin:git-read")
	}
}

func gitConfig(c *cmd, flags []flag, ops []field) {
	global := has(flags, "--global", "--system")
	c.optPath(accRead, flags, "f", "--file", "--blob")
	sub := first(ops)
	keyAt := 0
	switch sub {
	case "list", "get":
		c.add(Safe, "reads git configuration", "builtin:git-read")
		return
	case "set", "unset", "rename-section", "remove-section", "edit":
		keyAt = 1
	}
	read := has(flags, "l", "--list", "--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool")
	write := has(flags, "--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section", "e", "--edit") ||
		keyAt == 1 || len(ops) >= 2
	if read && !write || (!write && len(ops) <= 1) {
		c.add(Safe, "reads git configuration", "builtin:git-read")
		return
	}
	removing := has(flags, "--unset", "--unset-all", "--remove-section") || sub == "unset" || sub == "remove-section"
	c.optPath(accWrite, flags, "f", "--file")
	if has(flags, "e", "--edit") || sub == "edit" {
		c.add(Warning, "opens the configuration in an editor", "builtin:editor")
	}
	if keyAt < len(ops) && !removing {
		key := ops[keyAt]
		plainAlias := !key.dyn && strings.HasPrefix(lower(key.s), "alias.") && keyAt+1 < len(ops) && !ops[keyAt+1].dyn && !strings.HasPrefix(strings.TrimSpace(ops[keyAt+1].s), "!")
		if key.dyn || gitKeyRuns(key.s) && !plainAlias {
			// Whatever sets it, git (the person's, the agent's own) runs
			// it later, outside any sandbox.
			c.add(Blocked, "sets a git option that runs a program ("+key.s+")", "builtin:git-config-run")
			if keyAt+1 < len(ops) && !key.dyn && !ops[keyAt+1].dyn {
				c.gitConfigValue(key.s, ops[keyAt+1].s)
			}
		}
	}
	if global {
		c.add(Dangerous, "changes git configuration for every repository", "builtin:git-config-global")
		return
	}
	c.add(Warning, "changes the repository's configuration", "builtin:git-config")
}

func gitCheckout(c *cmd, flags []flag, ops []field, dashdash bool) {
	switch {
	case has(flags, "f", "--force"):
		c.add(Dangerous, "discards local changes", "builtin:git-discard")
	case has(flags, "B"):
		c.add(Dangerous, "resets an existing branch", "builtin:git-discard")
	case dashdash && len(ops) > 0:
		c.add(Dangerous, "discards changes to files", "builtin:git-discard")
	case len(ops) >= 2 && !has(flags, "b", "--orphan", "t", "--track"):
		c.add(Dangerous, "overwrites files from another commit", "builtin:git-discard")
	case len(ops) == 1 && pathLike(ops[0]) && !has(flags, "b", "--orphan"):
		c.add(Dangerous, "discards changes to files", "builtin:git-discard")
	case len(ops) == 1 && fileLike(ops[0]) && !has(flags, "b", "--orphan"):
		c.add(Dangerous, "discards the changes to "+shorten(ops[0].s)+" (unless it names a branch)", "builtin:git-discard")
	case has(flags, "p", "--patch", "--theirs", "--ours", "m", "--merge", "--conflict"):
		c.add(Dangerous, "discards changes to files", "builtin:git-discard")
	default:
		c.add(Warning, "switches branches", "builtin:git-write")
	}
}

// fileLike reports an argument whose last element has a file extension
// (main.go, src/app.tsx) rather than a version (release-1.2): git
// checkout takes it for a file when no branch has that name.
func fileLike(f field) bool {
	if f.dyn {
		return true
	}
	base := f.s[strings.LastIndexByte(f.s, '/')+1:]
	dot := strings.LastIndexByte(base, '.')
	if dot <= 0 || dot == len(base)-1 || len(base)-dot > 6 {
		return false
	}
	for _, r := range base[dot+1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// pathLike reports an argument that names files rather than a branch.
func pathLike(f field) bool {
	s := f.s
	return f.glob || s == "." || s == ".." || strings.HasPrefix(s, "./") ||
		strings.HasPrefix(s, "../") || strings.HasPrefix(s, ":") || strings.HasSuffix(s, "/") ||
		strings.ContainsAny(s, "*?[")
}

func gitWorktree(c *cmd, flags []flag, ops []field) {
	switch first(ops) {
	case "list", "":
		c.add(Safe, "lists work trees", "builtin:git-read")
	case "add":
		c.add(Warning, "adds a work tree", "builtin:git-write")
		if len(ops) > 1 {
			c.path(accWrite, ops[1])
		}
	case "remove":
		if has(flags, "f", "--force") {
			c.add(Dangerous, "removes a work tree with its changes", "builtin:git-discard")
		} else {
			c.add(Warning, "removes a work tree", "builtin:git-write")
		}
	default:
		c.add(Warning, "changes work trees", "builtin:git-write")
	}
}

func gitSubmodule(c *cmd, flags []flag, ops []field, rest []field) {
	switch first(ops) {
	case "", "status", "summary":
		c.add(Safe, "reads submodules", "builtin:git-read")
	case "foreach":
		c.add(Warning, "runs a command in every submodule", "builtin:git-submodule-foreach")
		var words []string
		started := false
		for _, a := range rest {
			if !started {
				started = a.s == "foreach"
				continue
			}
			if len(words) == 0 && (a.s == "--recursive" || a.s == "-q" || a.s == "--quiet") {
				continue
			}
			if a.dyn {
				c.shellString(a, bashLang)
				return
			}
			words = append(words, a.s)
		}
		c.script(strings.Join(words, " "), bashLang)
	case "deinit":
		if has(flags, "f", "--force", "--all") {
			c.add(Dangerous, "removes submodules with their changes", "builtin:git-discard")
		} else {
			c.add(Warning, "removes submodules", "builtin:git-write")
		}
	default:
		c.gitURLs(ops)
		c.add(Warning, "changes or downloads submodules", "builtin:git-network")
	}
}

func gitBisect(c *cmd, rest []field) {
	if len(rest) > 0 && rest[0].s == "log" {
		c.add(Safe, "reads the bisect log", "builtin:git-read")
		return
	}
	c.add(Warning, "moves HEAD to bisect", "builtin:git-write")
	if len(rest) > 1 && rest[0].s == "run" {
		c.add(Warning, "runs a command at each step", "builtin:git-bisect-run")
		c.run(rest[1:])
	}
}
