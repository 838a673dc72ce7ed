package classify

import (
	"path"
	"strings"

	"github.com/agentcli/agent/classify/secrets"
)

// access is what an action does to a path.
type access uint8

const (
	accRead access = iota
	accWrite
	accDelete
	accDeleteTree
	// accReadTree reads every file below a directory (grep -r, tar c,
	// cp -r): a directory that holds a credential store reads the store.
	accReadTree
)

// place is what the classifier knows of the machine: the project root and
// the home directory, both cleaned and absolute.
type place struct {
	// root is empty when unknown: then nothing is inside the root.
	root string
	// home is a placeholder that matches no real path when unknown, so
	// that "~/.ssh" is still recognised as a credential store.
	home string
}

// unknownHome stands for the home directory when Action.Home is empty. It
// is absolute so that paths under it are judged as outside the root.
const unknownHome = "/~"

func newPlace(a Action) place {
	pl := place{home: unknownHome}
	if a.Root != "" {
		pl.root = path.Clean("/" + a.Root)
	}
	if a.Home != "" {
		pl.home = path.Clean("/" + a.Home)
	}
	return pl
}

// within reports whether p is dir or below it. Both must be clean.
func within(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == dir || (strings.HasPrefix(p, dir) && len(p) > len(dir) && p[len(dir)] == '/')
}

// inRoot reports whether p is the root or below it.
func (pl *place) inRoot(p string) bool { return pl.root != "" && within(p, pl.root) }

// homeRel splits a path under some user's home directory into that home
// and the rest: under Action.Home, /root, /var/root, /home/NAME or
// /Users/NAME. Other users' credentials are guarded as well as ours.
func (pl *place) homeRel(p string) (home, rel string, ok bool) {
	if within(p, pl.home) {
		return pl.home, strings.TrimPrefix(strings.TrimPrefix(p, pl.home), "/"), true
	}
	for _, h := range [...]string{"/root", "/var/root"} {
		if within(p, h) {
			return h, strings.TrimPrefix(strings.TrimPrefix(p, h), "/"), true
		}
	}
	for _, base := range [...]string{"/home/", "/Users/"} {
		if rest, found := strings.CutPrefix(p, base); found && rest != "" {
			name, rel, _ := strings.Cut(rest, "/")
			return base + name, rel, true
		}
	}
	return "", "", false
}

// isHomeDir reports whether p is a user's home directory itself.
func (pl *place) isHomeDir(p string) bool {
	_, rel, ok := pl.homeRel(p)
	return ok && rel == ""
}

// isAncestor reports whether p is dir or one of its parents.
func isAncestor(p, dir string) bool { return dir != "" && within(dir, p) }

// underAny reports whether the lower-cased path lp is one of dirs or below.
func underAny(lp string, dirs []string) bool {
	for _, d := range dirs {
		if within(lp, d) {
			return true
		}
	}
	return false
}

// systemDirs are never written by the agent. Compared in lower case, as
// macOS file systems ignore case.
var systemDirs = []string{
	"/etc", "/usr", "/boot", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
	"/libx32", "/sys", "/proc", "/efi", "/snap", "/var/lib", "/var/db",
	"/var/spool/cron", "/system", "/library", "/private/etc", "/private/var/db",
}

// kernelMemory are devices and files that expose the memory of the
// kernel or of every process. They are not in the secrets list, which the
// sandbox hides: its own /dev and /proc never hold them.
var kernelMemory = []string{"/proc/kcore", "/dev/mem", "/dev/kmem", "/dev/port"}

// startupFiles under a home run code at the next login or shell start, so
// writing them is as good as running a command later, unseen.
var startupFiles = []string{
	".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile",
	".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout", ".cshrc",
	".tcshrc", ".kshrc", ".mkshrc", ".config/fish", ".inputrc", ".xprofile",
	".xinitrc", ".xsession", ".config/autostart", ".config/systemd",
	".config/environment.d", ".pam_environment", "library/launchagents",
	// git runs the programs its user configuration names (core.pager,
	// core.fsmonitor, aliases with "!") in every repository.
	".gitconfig", ".config/git/config",
}

// isCredentialStore reports whether p (clean) holds credentials.
func (pl *place) isCredentialStore(p string) bool {
	lp := strings.ToLower(p)
	if _, ok := secrets.InSystem(p); ok || underAny(lp, kernelMemory) {
		return true
	}
	if rest, ok := strings.CutPrefix(lp, "/proc/"); ok {
		pid, file, _ := strings.Cut(rest, "/")
		if pid != "" && (file == "environ" || file == "mem") {
			return true
		}
		// /proc/PID/root is another view of the whole file system.
		if inner, ok := strings.CutPrefix(file, "root/"); ok {
			return pl.isCredentialStore("/" + inner)
		}
	}
	if rest, ok := strings.CutPrefix(lp, "/etc/ssh/ssh_host_"); ok && !strings.HasSuffix(rest, ".pub") {
		return true
	}
	if _, rel, ok := pl.homeRel(p); ok {
		if _, ok := secrets.InHome(rel); ok {
			return true
		}
	}
	return false
}

// storeBelow returns a credential store that lies below the clean path p,
// as "~/.ssh (SSH keys and known hosts)": reading p's whole tree reads it.
// A store that p is in is isCredentialStore's, not this.
func (pl *place) storeBelow(p string) (string, bool) {
	if _, rel, ok := pl.homeRel(p); ok {
		s, ok := homeStoreBelow[strings.ToLower(rel)]
		return s, ok
	}
	// An ancestor of a home directory holds every store of it.
	for _, h := range [...]string{pl.home, "/root", "/var/root", "/home/x", "/Users/x"} {
		if isAncestor(p, h) && p != h {
			return homeStoreBelow[""], true
		}
	}
	if s, ok := systemStoreBelow[strings.ToLower(p)]; ok {
		return s, true
	}
	// /proc and a process's directory hold its environment and memory.
	if rest, ok := strings.CutPrefix(p, "/proc"); ok && (rest == "" || rest[0] == '/' && !strings.Contains(rest[1:], "/")) {
		return "/proc/PID/environ (processes' environments)", true
	}
	return "", false
}

// homeStoreBelow and systemStoreBelow map each directory strictly above
// a store of the secret list (relative to a home, in lower case; "" is the
// home itself) to the first store below it, named with its reason.
var homeStoreBelow, systemStoreBelow = storeAncestors(secrets.Home, "~/"), storeAncestors(secrets.System, "")

func storeAncestors(entries []secrets.Entry, prefix string) map[string]string {
	m := map[string]string{}
	for _, e := range entries {
		name := prefix + e.Path + " (" + e.Reason + ")"
		for dir := path.Dir(e.Path); ; dir = path.Dir(dir) {
			key := strings.ToLower(dir)
			if key == "." {
				key = ""
			}
			if _, seen := m[key]; !seen {
				m[key] = name
			}
			if dir == "." || dir == "/" {
				break
			}
		}
	}
	return m
}

// isStartupFile reports whether p runs at a later login or shell start.
func (pl *place) isStartupFile(p string) bool {
	_, rel, ok := pl.homeRel(p)
	return ok && underAny(strings.ToLower(rel), startupFiles)
}

// isSecretName reports whether a file name looks like it holds secrets.
func isSecretName(base string) bool {
	_, ok := secrets.FileReason(base)
	return ok
}

// IsGitName reports whether a path component names a .git directory or
// file in any spelling a file system might fold to ".git": any case, with
// the trailing dots and spaces NTFS drops, with the zero-width characters
// HFS+ ignores, as NTFS's short name "git~1", or with an NTFS stream
// suffix (".git::$INDEX_ALLOCATION"). Git refuses the same names
// (is_ntfs_dotgit, is_hfs_dotgit). The classifier, the file tools and the
// held commands' effects all ask it, so that none of them misses a
// spelling another knows.
func IsGitName(comp string) bool {
	c := strings.Map(func(r rune) rune {
		switch {
		case r >= 0x200c && r <= 0x200f, r >= 0x202a && r <= 0x202e,
			r >= 0x206a && r <= 0x206f, r == 0xfeff:
			return -1
		}
		return r
	}, comp)
	c = strings.ToLower(strings.TrimRight(c, ". "))
	return c == ".git" || c == "git~1" || strings.HasPrefix(c, ".git::")
}

// touchesGitDir reports whether any component of p is a .git directory.
func touchesGitDir(p string) bool {
	for comp := range strings.SplitSeq(p, "/") {
		if IsGitName(comp) {
			return true
		}
	}
	return false
}

// device classifies a path under /dev: harmless ones are the terminal,
// the bit bucket and descriptors; everything else is hardware.
func device(lp string) (isDev, harmless bool) {
	rest, ok := strings.CutPrefix(lp, "/dev/")
	if !ok {
		return false, false
	}
	switch rest {
	case "null", "zero", "full", "stdin", "stdout", "stderr", "tty", "random", "urandom":
		return true, true
	}
	if strings.HasPrefix(rest, "fd/") {
		return true, true
	}
	if strings.HasPrefix(rest, "shm/") {
		// Shared memory is an ordinary temporary file system.
		return false, false
	}
	return true, false
}

// judgePath judges one access to the clean absolute path p. Shell commands
// writing outside the root are Dangerous; the file tools never write there,
// so for them it is Blocked. It returns the level, why and the rule id.
func (pl *place) judgePath(acc access, p string, shell bool) (Level, string, string) {
	lp := strings.ToLower(p)
	if strings.HasPrefix(lp, "/dev/tcp/") || strings.HasPrefix(lp, "/dev/udp/") {
		// bash opens a network connection for these names.
		if acc == accRead {
			return Dangerous, "opens a raw network connection", "builtin:remote"
		}
		return Blocked, "sends data over a raw network connection", "builtin:remote"
	}
	isDev, harmless := device(lp)
	if acc == accRead {
		switch {
		case pl.isCredentialStore(p):
			return Blocked, "reads a credential store", "builtin:credential-store"
		case pl.inRoot(p) && isSecretName(path.Base(p)):
			return Warning, "reads a file that may hold secrets", "builtin:secret-file"
		case pl.inRoot(p):
			return Safe, "reads inside the project", "builtin:read-project"
		case isDev && harmless:
			return Safe, "reads a standard device", "builtin:read-device"
		}
		return Warning, "reads outside the project root", "builtin:read-outside"
	}
	switch {
	case isDev && harmless:
		if acc == accWrite {
			return Safe, "writes to a standard stream", "builtin:dev-null"
		}
		return Blocked, "deletes a device node", "builtin:device"
	case isDev && !harmless:
		return Blocked, "writes to a device", "builtin:device"
	case pl.isCredentialStore(p):
		return Blocked, "writes a credential store", "builtin:credential-store"
	case pl.isStartupFile(p):
		return Blocked, "writes a shell or login startup file", "builtin:startup-file"
	case underAny(lp, systemDirs):
		return Blocked, "writes a system path", "builtin:system-path"
	}
	if acc != accWrite {
		switch {
		case p == "/":
			return Blocked, "deletes the whole file system", "builtin:delete-root"
		case pl.isHomeDir(p) || isAncestor(p, pl.home):
			return Blocked, "deletes a home directory", "builtin:delete-home"
		case isAncestor(p, pl.root):
			return Blocked, "deletes the project root", "builtin:delete-root"
		case isSystemTree(lp):
			return Blocked, "deletes a system directory tree", "builtin:system-path"
		}
	} else if !shell && p == pl.root {
		return Blocked, "writes the project root itself", "builtin:write-root"
	}
	if pl.inRoot(p) {
		if touchesGitDir(strings.TrimPrefix(p, pl.root)) {
			return Blocked, "writes inside .git", "builtin:git-dir"
		}
		// A file the person's tools run later, or that holds secrets:
		// judged so for what is known to be written (the file tools, and
		// the changes a held command made), not for a command's predicted
		// writes, whose globs may match anything.
		if !shell {
			if lvl, why, rule, ok := protectedInProject(strings.TrimPrefix(p, pl.root+"/")); ok {
				return lvl, why, rule
			}
		}
		switch acc {
		case accDelete:
			return Warning, "deletes a project file", "builtin:delete-project"
		case accDeleteTree:
			return Dangerous, "deletes a directory tree", "builtin:delete-tree"
		}
		return Warning, "writes inside the project", "builtin:write-project"
	}
	if touchesGitDir(p) {
		return Blocked, "writes inside .git", "builtin:git-dir"
	}
	why := "writes outside the project root"
	switch acc {
	case accDelete:
		why = "deletes outside the project root"
	case accDeleteTree:
		why = "deletes a directory tree outside the project root"
	}
	if !shell {
		return Blocked, why, "builtin:write-outside"
	}
	return Dangerous, why, "builtin:write-outside"
}

// systemTops are top-level directories the system or other programs own;
// deleting one of them, or a directory just below, is deleting a system
// tree (below that, /opt/tool/cache may be anyone's).
var systemTops = map[string]bool{
	"var": true, "opt": true, "srv": true, "mnt": true, "media": true, "run": true,
	"nix": true, "applications": true, "private": true, "cores": true, "volumes": true,
	"home": true, "users": true, "root": true, "usr": true, "etc": true, "tmp": true,
}

// isSystemTree reports a lower-cased clean path that is a top-level
// directory or one just below a system top (/var/log, /opt/homebrew);
// /tmp's entries are anyone's scratch files and are left out.
func isSystemTree(lp string) bool {
	rest := strings.TrimPrefix(lp, "/")
	top, sub, deeper := strings.Cut(rest, "/")
	if !deeper {
		return true
	}
	return systemTops[top] && top != "tmp" && !strings.Contains(sub, "/")
}

// cleanPath cleans an absolute path lexically.
func cleanPath(p string) string { return path.Clean(p) }
