package classify

import "strings"

// netcat opens raw connections (Dangerous); given a program to run on
// the connection (nc -e, ncat --sh-exec, socat EXEC:) it is a remote shell
// for whoever is at the other end: Blocked.
func netcat(c *cmd) {
	c.add(Dangerous, "opens raw network connections", "builtin:remote")
	for _, a := range c.rest() {
		s := lower(a.s)
		switch {
		case s == "-e" || s == "-c" || s == "--exec" || s == "--sh-exec" || s == "--lua-exec" ||
			strings.HasPrefix(s, "--exec=") || strings.HasPrefix(s, "--sh-exec=") ||
			(len(s) > 2 && s[0] == '-' && s[1] != '-' && strings.ContainsAny(s[1:], "ec") && c.name != "socat"):
			c.add(Blocked, "runs a program on a network connection (a remote shell)", "builtin:reverse-shell")
			return
		case c.name == "socat" && (strings.Contains(s, "exec:") || strings.Contains(s, "system:")):
			c.add(Blocked, "runs a program on a network connection (a remote shell)", "builtin:reverse-shell")
			return
		}
	}
}

// remoteShellPipe reports a pipeline that joins a shell to a network
// connection (sh -i | nc host port, and the mkfifo variants): whoever is
// at the other end types the commands.
func remoteShellPipe(names []string) bool {
	net, sh := false, false
	for _, n := range names {
		switch n {
		case "nc", "ncat", "netcat", "socat", "telnet", "openssl", "cryptcat", "sshpass":
			net = true
		case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "busybox", "python", "python3", "perl", "ruby", "php":
			sh = true
		}
	}
	return net && sh
}

// extractInto judges the directory an archive is unpacked into: the file
// system's top or a system directory is Blocked, like writing there.
func (c *cmd) extractInto(target field) {
	if target.dyn {
		return
	}
	cands, _ := c.wk.resolve(target, c.d)
	for _, p := range cands {
		lp := lower(p)
		if p == "/" || underAny(lp, systemDirs) || isSystemTree(lp) && !c.wk.pl.inRoot(p) && lp != "/tmp" && lp != "/var/tmp" {
			c.add(Blocked, "unpacks an archive into a system directory", "builtin:system-path")
			return
		}
	}
}
