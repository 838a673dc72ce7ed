package classify

import (
	"strings"
	"sync"
)

// commands maps a normalised command name to its handler. It is filled
// once, by the first call of handlers (handlers refer back to it through
// wrappers), and never changed afterwards.
var commands map[string]handler

// tableSources maps each command name judged option by option by a table
// to the table's source: a name the classifier may call safe has one, or
// is a shell word without options of its own (TestEverySafeNameHasATable).
var tableSources = map[string]string{}

// handlers returns commands, filled on first use rather than at start:
// filling it takes a few milliseconds, which every start of the binary
// (the screen, the sandbox's helper, the build cache's helper) would
// otherwise pay before its first frame or its first command, whether it
// classifies anything or not.
func handlers() map[string]handler {
	registerOnce.Do(register)
	return commands
}

var (
	registerOnce sync.Once
	// register is registerCommands, set by init: handlers refer to
	// tables whose handlers classify inner commands through handlers, a
	// loop Go's variable initialisation would reject if handlers named
	// registerCommands itself.
	register func()
)

func init() { register = registerCommands }

// initialising is true until the command table has been filled: work
// asked of atFirstUse until then waits for it, and no option table is
// built (spec) before it.
var initialising = true

// firstUse is the work the package's initialisation left for the first
// use of the command table: building option tables.
var firstUse []func()

// atFirstUse runs f when the command table is first used, or now if it
// has been. It is meant for package initialisation, which is single
// threaded.
func atFirstUse(f func()) {
	if !initialising {
		f()
		return
	}
	firstUse = append(firstUse, f)
}

// untabled are the tools the classifier knows but has no complete option
// table for: build systems with hundreds of options per command (bazel,
// buck, pants), compilers and tools whose options change with every
// release (ghc, zig, kotlinc), and package managers of other systems.
// Their handlers still judge what they recognise (an install is
// dangerous, a credential blocked), but no use of them is safe: an
// option the classifier has not modelled could read, write or run
// anything. Their documented version words stay safe (versionFlags).
var untabled = strings.Fields(`bazel bazelisk buck buck2 pants xmake zig flutter lerna nx
	ghc cabal kotlinc scalac ktlint swiftlint rebar3 terragrunt rar unrar
	emerge nix-env port choco winget`)

// neverSafe wraps the handler of an untabled tool: what it finds stays,
// and a command it would call safe is warning instead.
func neverSafe(h handler) handler {
	return func(c *cmd) {
		h(c)
		if c.wk.j.level(c.start) <= Safe {
			c.add(Warning, "not modelled: "+c.name+" has no complete option table, so none of its uses is called safe", "builtin:unknown-option")
		}
	}
}

// registerCommands fills commands and tableSources, after the work the
// package's initialisation left for now.
func registerCommands() {
	for _, f := range firstUse {
		f()
	}
	firstUse = nil
	defer func() {
		for _, n := range untabled {
			h, ok := commands[n]
			if !ok {
				panic("classify: untabled names " + n + ", which is no command")
			}
			commands[n] = neverSafe(h)
		}
		// From now on a table is built on its first use (spec).
		initialising = false
	}()
	commands = map[string]handler{}
	set := func(h handler, names ...string) {
		for _, n := range names {
			if _, dup := commands[n]; dup {
				// Two handlers for one name: the later would silently win.
				panic("classify: command " + n + " registered twice")
			}
			commands[n] = h
		}
	}
	// setTable registers a handler that judges every option by a table
	// taken from source (a manual or --help, with its version).
	setTable := func(source string, h handler, names ...string) {
		set(h, names...)
		for _, n := range names {
			tableSources[n] = source
		}
	}
	// setTool registers tool(why, o) under names, with o's source.
	setTool := func(why string, o toolOpts, names ...string) { setTable(o.source, tool(why, o), names...) }

	// Read-only utilities whose operands are files they read, each with
	// the options its manual lists (toolopts.go).
	setTool("lists files", lsOpts, "ls", "dir", "vdir")
	setTool("lists files", ezaOpts, "exa", "eza", "lsd")
	setTool("prints files", catOpts, "cat")
	setTool("prints files", tacOpts, "tac")
	setTool("prints files", nlOpts, "nl")
	setTool("prints files", zcatOpts, "zcat", "bzcat", "xzcat", "zstdcat", "gzcat")
	setTool("prints files", batOpts, "bat", "batcat")
	setTool("prints part of files", headOpts, "head")
	setTool("prints the end of files", tailOpts, "tail")
	setTool("counts", wcOpts, "wc")
	setTool("inspects files", fileOpts, "file")
	setTool("inspects files", statOpts, "stat")
	setTool("measures disk use", duOpts, "du")
	setTool("measures disk use", dfOpts, "df")
	setTool("hashes files", sumOpts, "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shasum", "b2sum", "cksum", "sum", "md5", "b3sum")
	setTool("dumps files", odOpts, "od")
	setTool("dumps files", hexOpts, "hexdump", "hd")
	setTool("dumps files", strOpts, "strings")
	setTool("formats text", colOpts, "column")
	setTool("formats text", pasteOpt, "paste")
	setTool("formats text", joinOpts, "join")
	setTool("formats text", foldOpts, "fold")
	setTool("formats text", fmtOpts, "fmt")
	setTool("formats text", prOpts, "pr")
	setTool("formats text", expOpts, "expand", "unexpand")
	setTool("formats text", revOpts, "rev")
	setTool("formats text", tsortOpts, "tsort")
	setTool("formats text", lookOpts, "look")
	setTool("cuts fields", cutOpts, "cut")
	setTool("compares files", diffOpts, "diff", "colordiff")
	setTool("compares files", cmpOpts, "cmp")
	setTool("compares files", commOpts, "comm")
	setTool("compares files", sdifOpts, "sdiff")
	setTool("compares files", diff3Opt, "diff3")
	setTool("compares files", difftOpts, "difft")
	setTable(deltaOpts.source, delta, "delta")
	setTool("encodes or decodes files", b64Opts, "base64", "base32", "basenc")
	setTable(jqOpts.source, jq, "jq", "gojq", "jaq")
	setTool("shows a directory tree", treeOpts, "tree")
	setTable(xxdSource, xxd, "xxd")
	setTool("searches files", whichOpt, "which")
	setTool("searches files", whereOpt, "whereis")
	setTool("searches files", locOpts, "locate", "plocate")
	for name, o := range lintOpts {
		setTable(o.source, lint, name)
	}
	setTable(iconvOpt.source, iconv, "iconv")
	setTable(recodeOpts.source, recode, "recode")
	set(static(Warning, "starts an interactive program", "builtin:interactive"), "ncdu")
	set(static(Warning, "formats text with a macro language the classifier does not read", "builtin:interpreter"), "nroff", "groff", "troff")
	setTable(grepOpts.source, grep, "grep", "egrep", "fgrep")
	setTable(rgOpts.source, grep, "rg", "ripgrep")
	setTable(agOpts.source, grep, "ag")
	setTable(ackOpts.source, grep, "ack")
	// zgrep passes grep's options on (zgrep --help, gzip 1.12), less a few.
	setTable("zgrep --help, gzip 1.12, with "+grepOpts.source, grep, "zgrep")
	setTable(gitSource, gitDashed, "git-grep")
	setTable(ptOpts.source, grep, "pt")
	setTable(ugrepOpts.source, grep, "ugrep")
	setTable(awkOpts.source, awk, "awk", "gawk", "mawk", "nawk")
	setTable(sedOpts.source, sed, "sed", "gsed")
	setTable(sortOpts.source, sortCmd, "sort")
	setTable(uniqOpts.source, uniq, "uniq")
	setTable(findSource, find, "find", "gfind")
	setTable(fdOpts.source, fd, "fd", "fdfind")

	// Read-only programs that take no file operands.
	setTool("waits, and changes nothing", sleepOpts, "sleep", "usleep")
	set(static(Safe, "does nothing but set the exit status", "builtin:read-only"), "true", "false", ":")
	set(static(Safe, "changes only the shell's own state", "builtin:read-only"),
		"shift", "exit", "return", "break", "continue", "set", "shopt", "compopt",
		"let", "local", "declare", "typeset", "export", "readonly", "disown", "unalias")
	// Shell words without options of their own (shellWords says why).
	set(static(Safe, "prints text or information", "builtin:read-only"), "echo", "times", "caller")
	// Programs that print information, each by its own table (infotools.go).
	setTool("prints information about the system", unameOpts, "uname")
	setTool("prints information about the user", noOptsWords, "whoami", "logname", "groups")
	setTool("prints information about the system", noOptsWords, "arch", "hostid")
	setTool("prints information about the user", idOpts, "id")
	setTool("prints information about the system", nprocOpts, "nproc")
	setTool("prints information about the terminal", ttyOpts, "tty")
	setTool("prints numbers", seqOpts, "seq")
	setTool("prints text", yesOpts, "yes")
	setTool("prints the environment", printenvOpts, "printenv")
	setTool("computes and prints the result", exprOpts, "expr", "factor")
	setTool("formats numbers", numfmtOpt, "numfmt")
	setTool("prints a path name", pathNameOpts, "basename", "dirname", "realpath", "readlink")
	setTool("translates text", trOpts, "tr")
	setTool("prints information about the system", uptimeOpts, "uptime")
	setTool("prints memory use", freeOpts, "free")
	setTool("prints system statistics", vmstatOpts, "vmstat")
	setTool("prints system statistics", iostatOpts, "iostat")
	setTool("prints who is logged in", wOpts, "w")
	setTable(whoOpts.source, who, "who")
	setTable(noOptsWords.source, users, "users")
	setTool("prints past logins", lastOpts, "last")
	setTool("finds processes", pgrepOpts, "pgrep", "pidof")
	setTable(lsofOpts.source, lsof, "lsof")
	setTool("prints configuration values", getconfOpt, "getconf")
	setTool("prints locale settings", localeOpts, "locale")
	setTool("prints terminal control strings", tputOpts, "tput", "clear", "reset")
	setTool("lists block devices", lsblkOpts, "lsblk")
	setTool("lists mounted file systems", findmntOpt, "findmnt")
	setTool("prints CPU information", lscpuOpts, "lscpu")
	setTool("lists USB devices", lsusbOpts, "lsusb")
	setTool("lists PCI devices", lspciOpts, "lspci")
	setTool("counts lines of code", tokeiOpts, "tokei")
	setTool("prints a calendar", calOpts, "cal", "ncal")
	setTool("prints text in large letters", bannerOpts, "banner")
	setTable("sw_vers(1), macOS 14", exactWords("prints the macOS version", swVersWords...), "sw_vers")
	setTable(jobsOpts.source, jobs, "jobs")
	setTool("describes a command", typeOpts, "type")
	setTool("prints the working directory", pwdOpts, "pwd")
	setTool("prints help for builtins", helpOpts, "help")
	setTool("prints the directory stack", dirsOpts, "dirs")
	setTable(psOpts.source, ps, "ps")
	setTable(dmesgOpts.source, dmesg, "dmesg")
	setTable(sttyOpts.source, stty, "stty")
	setTable(cowsayOpts.source, cowsay, "cowsay", "cowthink")
	setTool("prints text or information", figletOpts, "figlet", "toilet")
	setTable(clocOpts.source, checkerTool("counts lines of code", clocOpts), "cloc")
	setTable(sccOpts.source, checkerTool("counts lines of code", sccOpts), "scc")
	set(testCmd, "test", "[")
	set(printfCmd, "printf")
	set(readCmd, "read")
	set(mapfile, "mapfile", "readarray")
	set(compgen, "compgen", "complete")
	set(getopts, "getopts")
	set(unsetCmd, "unset")
	set(waitCmd, "wait")
	set(cd, "cd", "pushd")
	set(popd, "popd")
	set(kill, "kill")
	setTable(dateOpts.source, date, "date", "gdate")
	setTable(hostnameOpts.source, hostname, "hostname")
	set(history, "history")
	set(hash, "hash")
	set(enable, "enable")
	set(safeWithoutArgs("prints the file mode mask", Warning, "changes the file mode mask", "builtin:shell-builtin"), "umask")
	// "r" is also the R interpreter (R, lower-cased): both run code the
	// classifier does not see, and re-running history is the worse.
	set(static(Dangerous, "re-runs commands from the history, unseen", "builtin:dynamic-script"), "fc", "r")
	set(static(Warning, "changes key bindings or job state", "builtin:shell-builtin"), "bind", "fg", "bg", "suspend", "logout")
	set(ulimit, "ulimit")
	setTable(timedatectlTool.global.source, timedatectl, "timedatectl")

	// Shells, interpreters and the builtins that run strings.
	set(shell, "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "lksh", "oksh", "loksh", "bosh")
	set(foreignShell, "fish", "csh", "tcsh", "pwsh", "powershell", "nu", "xonsh", "elvish", "rc", "es", "ion", "oil", "osh", "ysh")
	set(eval, "eval")
	set(source, "source", ".")
	set(trap, "trap")
	set(alias, "alias")
	set(interpreter, "python", "python2", "python3", "pypy", "pypy3", "ipython", "ipython3", "node", "nodejs",
		"ruby", "irb", "perl", "php", "lua", "luajit", "rscript", "julia", "tclsh", "wish",
		"jshell", "groovy", "scala", "kotlin", "guile", "racket", "sbcl",
		"clisp", "ocaml", "ghci", "runghc", "runhaskell", "elixir", "erl", "escript", "crystal")

	// Wrappers.
	setTable(envTable.source, env, "env")
	set(commandBuiltin, "command")
	set(simpleWrapper("", 0), "builtin")
	setTable(nohupTable.source, tabledWrapper(nohupTable), "nohup")
	setTable(unbufferTable.source, tabledWrapper(unbufferTable), "unbuffer")
	setTable(catchsegvTable.source, tabledWrapper(catchsegvTable), "catchsegv")
	set(execBuiltin, "exec")
	setTable(niceTable.source, tabledWrapper(niceTable), "nice")
	setTable(ioniceTable.source, tabledWrapper(ioniceTable), "ionice")
	setTable(timeoutTable.source, tabledWrapper(timeoutTable), "timeout", "gtimeout")
	setTable(timeTable.source, timeCmd, "time")
	setTable(stdbufTable.source, tabledWrapper(stdbufTable), "stdbuf")
	setTable(setsidTable.source, tabledWrapper(setsidTable), "setsid")
	setTable(caffeinateTable.source, tabledWrapper(caffeinateTable), "caffeinate")
	setTable(valgrindTable.source, valgrind, "valgrind")
	setTable(chrtTable.source, tabledWrapper(chrtTable), "chrt")
	setTable(tasksetTable.source, tabledWrapper(tasksetTable), "taskset")
	setTable(straceTable.source, tracer, "strace")
	setTable(ltraceTable.source, tracer, "ltrace")
	setTable(flockTable.source, flock, "flock")
	setTable(xargsTable.source, xargs, "xargs", "gxargs")
	setTable(watchTable.source, watch, "watch")
	setTable(parallelOpts.source, parallel, "parallel")
	set(scriptCmd, "script")
	setTable(busyboxSource, busybox, "busybox")
	setTable(toyboxSource, toybox, "toybox")
	set(direnv, "direnv")
	setTable(prlimitTable.source, tabledWrapper(prlimitTable), "prlimit")
	setTable(setarchTable.source, setarch, "setarch", "linux32", "linux64", "i386", "x86_64", "uname26")
	setTable(fakerootTable.source, tabledWrapper(fakerootTable), "fakeroot")
	setTable(fakechrootTable.source, tabledWrapper(fakechrootTable), "fakechroot")
	setTable(eatmydataTable.source, tabledWrapper(eatmydataTable), "eatmydata")
	setTable(chronicTable.source, tabledWrapper(chronicTable), "chronic")
	setTable(ifneTable.source, tabledWrapper(ifneTable), "ifne")
	setTable(nocacheTable.source, tabledWrapper(nocacheTable), "nocache")
	setTable(uftraceOpts.source, uftrace, "uftrace")
	setTable(heaptrackTable.source, heaptrack, "heaptrack")
	setTable(memusageTable.source, tabledWrapper(memusageTable), "memusage")
	set(runAfter("records a program for replay", Warning, "builtin:debugger", "", 1), "rr")
	setTable(perfTool.global.source, perf, "perf")
	set(debugger, "gdb", "lldb", "cgdb", "gdbserver")
	setTable(coreutilsSource, coreutils, "coreutils")
	set(unshare, "unshare")
	set(runParts, "run-parts")
	setTable(numactlTable.source, tabledWrapper(numactlTable), "numactl")
	set(runAfter("runs a command that outlives its input", Warning, "builtin:wrapper", "cdprs", 0), "entr")
	setTable(cpulimitTable.source, tabledWrapper(cpulimitTable), "cpulimit")
	set(runAfter("runs a command under a sandbox profile the classifier does not read", Warning, "builtin:namespace", "", 0, "--profile", "--private", "--whitelist", "--blacklist", "--net", "--dns"), "firejail")
	set(runAfter("runs a command in a container the classifier does not read", Warning, "builtin:namespace", "", 0, "--bind", "--ro-bind", "--dev-bind", "--chdir", "--setenv", "--unsetenv", "--uid", "--gid", "--hostname", "--tmpfs", "--proc", "--dev", "--symlink", "--remount-ro", "--exec-label", "--file-label", "--seccomp", "--info-fd", "--args", "--cap-add", "--cap-drop"), "bwrap", "proot")
	set(runAfter("runs a command outside the sandbox, on the host", Dangerous, "builtin:namespace", "", 0, "--directory", "--env", "--forward-fd"), "flatpak-spawn", "host-spawn", "distrobox-host-exec")
	set(runAfter("runs a command through a proxy", Warning, "builtin:network", "fq", 0), "torsocks", "proxychains", "proxychains4", "tsocks")
	setTable(dbusRunTable.source, tabledWrapper(dbusRunTable), "dbus-run-session")
	setTable(xvfbRunTable.source, tabledWrapper(xvfbRunTable), "xvfb-run")
	setTable(inhibitTable.source, tabledWrapper(inhibitTable), "systemd-inhibit")
	setTable(faketimeTable.source, tabledWrapper(faketimeTable), "faketime")
	set(runAfterDash("runs a command with secrets injected", Dangerous, "builtin:credential-store", 1), "aws-vault", "op", "doppler", "infisical")
	set(runAfterDash("runs a command with an .env file loaded", Warning, "builtin:shell-script", 0), "dotenv", "env-cmd", "dotenvx", "with-contenv")
	set(crossEnv, "cross-env")
	set(nixShell, "nix-shell", "nix")
	set(runAfterDash("runs a command in a tool-managed environment", Warning, "builtin:install", 1), "devbox", "mise", "asdf", "rbenv", "pyenv", "nodenv", "goenv", "conda", "micromamba", "pixi", "rtx", "volta", "fnm", "nvm")
	setTable(retryTable.source, tabledWrapper(retryTable), "retry")
	set(runStrings("runs each command it is given", Warning, "builtin:wrapper", "wmrpPNcsu", "--warmup", "--min-runs", "--max-runs", "--runs", "--prepare", "--cleanup", "--parameter-scan", "--parameter-step-size", "--parameter-list", "--export-json", "--export-markdown", "--export-csv", "--shell", "--style", "--command-name", "--output"), "hyperfine")
	set(runStrings("runs each command it is given", Warning, "builtin:wrapper", "npcksP", "--names", "--prefix", "--prefix-colors", "--kill-others", "--success", "--max-processes", "--restart-tries"), "concurrently")
	set(runStrings("runs a command when files change", Warning, "builtin:wrapper", "wedsx", "--watch", "--exts", "--ignore", "--delay", "--signal", "--exec"), "watchexec", "nodemon")

	// Files.
	set(rm, "rm", "grm", "unlink")
	set(rmdir, "rmdir")
	set(copyLike("copies files", accRead), "cp", "gcp", "install", "ginstall")
	set(copyLike("moves files", accDelete), "mv", "gmv")
	set(copyLike("creates a link", accRead), "ln", "gln")
	set(writer(Warning, "creates directories", "builtin:mkdir", "m", "--mode", "--context"), "mkdir")
	set(writer(Warning, "creates or updates files", "builtin:touch", "dtr", "--date", "--reference", "--time"), "touch")
	set(writer(Warning, "changes file sizes", "builtin:truncate", "sro", "--size", "--reference"), "truncate")
	set(chmod, "chmod")
	set(chown, "chown", "chgrp")
	setTable(teeOpts.source, tee, "tee")
	setTable(ddSource, dd, "dd")
	set(shred, "shred", "srm", "wipe")
	setTable(gnuTarOpts.source, tarCmd(&gnuTarOpts, true), "tar", "gtar")
	setTable(bsdtarOpts.source, tarCmd(&bsdtarOpts, false), "bsdtar")
	set(zip, "zip")
	setTable(unzipSource, unzip, "unzip")
	setTool("lists an archive", zipinfoOpts, "zipinfo")
	set(static(Warning, "runs a Java program the classifier does not read", "builtin:interpreter"), "java")
	for name, o := range compressorOpts {
		setTable(o.source, compressor, name)
	}
	set(patch, "patch")
	setTable(mktempOpts.source, mktemp, "mktemp")
	set(splitCmd, "split", "csplit")
	setTable(shufOpts.source, shuf, "shuf")
	setTable(ptxOpts.source, ptx, "ptx")
	setTable(sevenZipSource, sevenZip, "7z", "7za", "7zr")
	set(unrar, "unrar", "rar")
	setTable(dcOpts.source, calculator, "dc")
	setTable(bcOpts.source, calculator, "bc")

	// Editors, pagers, servers and interactive programs.
	set(readerAt(Warning, "starts a pager", "builtin:pager", false, "pPxbhjyz", "--pattern", "--log-file", "--tag", "--tabs"), "less", "more", "most", "zless", "zmore")
	set(man, "man")
	set(static(Warning, "starts a pager", "builtin:pager"), "info", "pinfo")
	set(static(Warning, "starts an editor", "builtin:editor"), "vim", "vi", "nvim", "nano", "emacs", "code", "subl", "gedit", "kate", "micro", "hx", "helix", "ed", "ex", "view", "pico", "joe", "mate", "zed", "cursor")
	set(static(Warning, "opens a file or application", "builtin:open"), "open", "xdg-open", "gio", "start")
	set(static(Warning, "starts an interactive program", "builtin:interactive"), "top", "htop", "btop", "mc", "ranger", "nnn", "lf", "fzf", "tig", "lazygit", "gitui")
	set(multiplexer("ls", "list-sessions", "list-windows", "list-panes", "list-clients", "list-commands", "list-keys", "list-buffers", "has-session", "has", "lsw", "lsp", "lsc", "lscm", "lsk", "lsb", "info"), "tmux", "byobu")
	set(multiplexer("-ls", "-list"), "screen")
	set(multiplexer("ls", "list-sessions"), "zellij")
	set(inputDriver, "kitty", "kitten", "wezterm", "xdotool", "ydotool", "wtype", "abduco", "dtach", "reptyr", "conspy", "osascript", "xte", "cliclick")
	set(static(Warning, "uses the network", "builtin:network"), "ping", "ping6", "traceroute", "tracepath", "mtr", "whois", "dig", "nslookup", "host", "drill", "ssh-keyscan")

	// Network and remote machines.
	set(curl, "curl")
	set(wget, "wget", "wget2")
	set(httpie, "http", "https", "xh", "xhs")
	set(remote, "ssh", "scp", "sftp", "rsync", "mosh")
	set(netcat, "nc", "ncat", "netcat", "socat")
	set(static(Dangerous, "opens raw network connections", "builtin:remote"), "telnet", "ftp", "tftp", "lftp", "ssh-copy-id", "ssh-add")
	set(static(Warning, "manages SSH keys or agents", "builtin:ssh-key"), "ssh-keygen")
	set(runAfter("starts an SSH agent", Warning, "builtin:ssh-key", "aEPt", 0), "ssh-agent")
	setTable(dockerSource, dockerTabled, "docker")
	setTable(podmanSource, podman, "podman")
	setTable(nerdctlSource, nerdctl, "nerdctl")
	set(kubectl, "kubectl", "oc", "k", "microk8s.kubectl")
	setTable(helmTool.cli.global.source, helmTool.judge, "helm")
	setTable(terraformTool.cli.global.source, terraformTool.judge, "terraform", "tofu")
	setTable(pulumiTool.cli.global.source, pulumi, "pulumi")
	set(readVerbs("changes infrastructure", "plan", "validate", "show", "output", "graph", "providers", "version", "init", "fmt", "console", "list", "help", "get", "login-status", "preview", "ls", "whoami", "about", "logs", "stack"), "terragrunt")
	set(cloudCLI, "aws", "gcloud", "az", "gsutil", "doctl", "flyctl", "heroku")
	set(gh, "gh")
	setTable(opensslSource, openssl, "openssl")
	set(dbClient, "psql", "mysql", "mariadb", "sqlite3", "mongosh", "mongo", "redis-cli", "clickhouse-client", "clickhouse", "cockroach", "sqlcmd", "duckdb", "pgcli", "mycli", "litecli", "usql", "cqlsh")

	// Git.
	setTable(gitSource, gitCmd, "git")

	// Build, test and package tools.
	setTable(goSource, goCmd, "go")
	setTable(cargoSource, cargo, "cargo")
	setTable(rustfmtOpts.source, rustfmt, "rustfmt")
	setTable(nextestSource, nextestCmd, "nextest")
	setTable(gofmtOpts.source, goFormatter(&gofmtOpts), "gofmt")
	setTable(gofumptOpts.source, goFormatter(&gofumptOpts), "gofumpt")
	setTable(goimportsOpts.source, goFormatter(&goimportsOpts), "goimports")
	setTable(shfmtOpts.source, goFormatter(&shfmtOpts), "shfmt")
	setTable(gotestsumOpts.source, gotestsum, "gotestsum")
	setTable(golangciSource, golangciLint, "golangci-lint")
	setTable(ginkgoSource, ginkgo, "ginkgo")
	setTable(clangFormatOpts.source, clangFormat, "clang-format")
	setTable(clangTidyOpts.source, clangTidy, "clang-tidy")
	setTable(npmOpts.source, npmTabled, "npm")
	setTable(prettierOpts.source, checkerTool("formats or checks files with the project's configuration", prettierOpts), "prettier")
	setTable(pnpmSource, pnpmTabled, "pnpm")
	setTable(yarnSource, yarnTabled, "yarn")
	setTable(taploSource, taplo, "taplo")
	setTable(dprintOpts.source, dprint, "dprint")
	setTable(biomeTool.global.source, biome, "biome")
	setTable(bunSource, bun, "bun")
	setTable(denoSource, deno, "deno")
	setTable(turboSource, turbo, "turbo")
	set(wrapperTask("downloads and runs a package", Warning, "builtin:npx", "exec", "run", "--yes", "-y"), "npx", "bunx", "pnpx", "uvx")
	set(dataTool, "knex", "rails", "rake", "sequelize", "sequelize-cli", "typeorm", "alembic", "flyway",
		"liquibase", "diesel", "sqlx", "dbmate", "goose", "migrate", "prisma", "supabase", "drizzle-kit",
		"atlas", "sqitch", "mikro-orm", "artisan", "manage.py", "mongorestore", "pg_restore")
	set(static(Dangerous, "drops a database", "builtin:database-destructive"), "dropdb", "dropuser")
	set(mysqladmin, "mysqladmin")
	setTable(pipSource, pipTabled, "pip", "pip3", "pip2")
	set(bundle, "bundle", "bundler")
	set(projectRunner, "uv", "poetry", "pipenv", "pdm", "hatch", "rye")
	setTable(makeOpts.source, gnuMake, "make", "gmake")
	setTable(bmakeOpts.source, bsdMake, "bmake")
	build := handler(buildTool)
	setTable(swiftTool.global.source, swift(swiftPM), "swift")
	setTable(mvnOpts.source, mvn, "mvn", "mvnw")
	setTable(gradleOpts.source, gradle, "gradle", "gradlew")
	setTable(ninjaOpts.source, ninja, "ninja")
	setTable(cmakeOpts.source, cmake, "cmake")
	setTable(ctestOpts.source, ctest, "ctest")
	setTable(mesonTool.global.source, meson, "meson")
	setTable(sconsOpts.source, scons, "scons")
	setTable(antOpts.source, ant, "ant")
	setTable(dotnetTool.global.source, dotnet, "dotnet")
	setTable(dartTool.global.source, dart, "dart")
	setTable(sbtOpts.source, sbt, "sbt")
	setTable("lein help, Leiningen 2.10.0 (upstream docs)", lein, "lein")
	set(build, "rebar3", "bazel", "bazelisk", "buck", "buck2", "pants", "xmake", "zig", "flutter", "nx", "lerna")
	set(testRunner)
	// The JavaScript linters and test runners, each by its --help (jstest.go).
	for name, t := range jsTools {
		setTable(t.opts.source, t.handler(), name)
	}
	setTable(karmaTable.opts.source, karma, "karma")
	setTable(tapTable.opts.source, tap, "tap")
	setTable(jestTable.opts.source, jest, "jest")
	cabalBuild = build
	set(cabal, "cabal")
	set(ktlint, "ktlint")
	set(swiftlint, "swiftlint")
	// Python test runners and formatters, option by option (pytables.go).
	setTable(pytestOpts.source, pytest, "pytest", "py.test")
	setTable(blackFmt.opts.source, blackHandler, "black")
	setTable(isortFmt.opts.source, isort, "isort")
	setTable(autopep8Fmt.opts.source, autopep8, "autopep8")
	setTable(yapfFmt.opts.source, yapf, "yapf")
	setTable(ruffSource, ruff, "ruff")
	setTable(noxOpts.source, nox, "nox")
	setTable(behaveOpts.source, behave, "behave")
	// Other languages' test runners and checkers, option by option (langtables.go).
	setTable(toxOpts.source, tox, "tox")
	setTable(batsOpts.source, bats, "bats")
	setTable(rspecOpts.source, rspec, "rspec")
	setTable(rubocopOpts.source, rubocop, "rubocop")
	setTable(cucumberOpts.source, cucumber, "cucumber")
	setTable(phpunitOpts.source, phpunit, "phpunit")
	setTable(styluaFmt.opts.source, stylua, "stylua")
	setTable(duneBuild.source, dune, "dune")
	setTable(mixSource, mix, "mix")
	setTable(stackSource, stack, "stack")
	// Compilers and checkers, option by option (compilers.go, checkers.go).
	setTable("gcc(1) 12.2, Debian gcc-12; clang(1) 14, Debian clang-14", cc, "gcc", "g++", "cc", "c++", "clang", "clang++", "gccgo", "cpp")
	setTable("rustc --help -v, rustc 1.63, Debian rustc", rustc, "rustc")
	setTable("javac --help and --help-extra, OpenJDK 17, Debian openjdk-17-jdk-headless", javac, "javac")
	set(jvmCompiler, "kotlinc", "scalac")
	set(ghc, "ghc")
	setTable(nimSource, nim, "nim")
	setTable(tinygoSource, tinygo, "tinygo")
	setTable(tscOpts.source, checkerTool("compiles the project", tscOpts), "tsc", "vue-tsc")
	setTable(esbuildOpts.source, checkerTool("bundles the project", esbuildOpts), "esbuild")
	setTable(babelOpts.source, checkerTool("compiles the project with its configuration", babelOpts), "babel")
	setTable(swcOpts.source, checkerTool("compiles the project", swcOpts), "swc")
	setTable(webpackOpts.source, checkerTool("bundles the project with its configuration", webpackOpts), "webpack")
	setTable(rollupOpts.source, checkerTool("bundles the project with its configuration", rollupOpts), "rollup")
	setTable(viteOpts.source, checkerTool("builds the project with its configuration", viteOpts), "vite")
	setTable(parcelOpts.source, checkerTool("bundles the project with its configuration", parcelOpts), "parcel")
	setTable(mypyOpts.source, checkerTool("checks the project", mypyOpts), "mypy")
	setTable(pyrightOpts.source, checkerTool("checks the project", pyrightOpts), "pyright")
	setTable(pylintOpts.source, checkerTool("checks the project", pylintOpts), "pylint")
	setTable(flake8Opts.source, checkerTool("checks the project", flake8Opts), "flake8")
	setTable(banditOpts.source, checkerTool("checks the project", banditOpts), "bandit")
	setTable(lintOnlyOpts.source, checkerTool("checks the project", lintOnlyOpts), "pyflakes", "pycodestyle", "pydocstyle", "vulture")
	setTable(goCheckerOpts.source, checkerTool("checks the project", goCheckerOpts), "staticcheck", "revive", "golint", "errcheck", "ineffassign", "govet", "vet")
	set(formatter("--fix", "--write", "w", "fix", "--fix-only", "--fix-dry-run"))
	set(rewriter("--check", "c", "--diff", "l", "--list-different", "d", "--check-only", "n", "--dry-run"))
	// The package managers, verb by verb (pkgtables.go).
	setTable(aptSource, apt, "apt", "apt-get", "apt-cache")
	setTable(dpkgOpts.source, dpkg, "dpkg")
	setTable(rpmOpts.source, rpm, "rpm")
	setTable(gemSource, gem, "gem")
	setTable(rustupSource, rustup, "rustup")
	setTable(pipxSource, pipx, "pipx")
	setTable(pacmanSource, pacman, "pacman")
	setTable(aptitudeOpts.source, aptitude, "aptitude")
	setTable(dnfSource, dnf, "dnf", "yum")
	setTable(flatpakSource, flatpak, "flatpak")
	setTable(zypperSource, zypper, "zypper")
	setTable(apkSource, apk, "apk")
	setTable(brewSource, brew, "brew")
	setTable(xbpsOpts.source, xbpsInstall, "xbps-install")
	setTable(scoopSource, scoop, "scoop")
	setTable(snapSource, snap, "snap")
	setTable(yaySource, yay, "yay")
	setTable(paruSource, paru, "paru")
	setTable(pkgSource, pkg, "pkg")
	set(static(Dangerous, "installs programs outside the project", "builtin:global-install"), "sdk", "corepack", "mamba", "cpan", "cpanm", "opam", "ghcup")
	set(static(Warning, "installs or changes project dependencies", "builtin:install"), "composer", "renv", "go-task", "task", "just", "cargo-make", "earthly")
	set(systemPackages("search", "show", "list", "info", "policy", "depends", "rdepends", "showpkg", "madison", "outdated", "deps", "uses", "leaves", "doctor", "config", "--version", "-v", "help", "provides", "whatprovides", "repoquery"), "port", "emerge", "nix-env", "choco", "winget")

	// The system: privileges, disks, power, services, processes.
	set(blocked("privilege escalation"), "sudo", "su", "doas", "pkexec", "runuser", "chroot", "nsenter", "setpriv", "capsh", "sg", "newgrp", "visudo", "sudoedit")
	set(blocked("formats or rewrites a disk"), "mkfs", "mke2fs", "mkswap", "fdisk", "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "wipefs", "blkdiscard", "lvremove", "vgremove", "pvremove", "mdadm", "diskutil", "newfs", "format")
	set(blocked("shuts down or restarts the machine"), "shutdown", "reboot", "halt", "poweroff", "telinit", "kexec")
	set(initCmd, "init")
	set(static(Blocked, "signals every process", "builtin:kill-all"), "killall5")
	set(static(Dangerous, "kills processes by name", "builtin:kill-9"), "pkill", "killall", "skill", "slay")
	setTable(systemctlOpts.source, systemctl, "systemctl")
	set(service, "service", "rc-service", "update-rc.d", "sv")
	setTable(launchctlTool.global.source, launchctl, "launchctl")
	setTable(chkconfigOpts.source, chkconfig, "chkconfig")
	setTable(rcUpdateOpts.source, rcUpdate, "rc-update")
	setTable(crontabOpts.source, crontab, "crontab")
	set(static(Blocked, "schedules commands to run later, unseen", "builtin:schedule"), "at", "batch", "anacron", "systemd-run")
	set(firewall, "iptables", "ip6tables", "nft", "ufw", "firewall-cmd", "pfctl", "iptables-restore", "ip6tables-restore", "ebtables", "arptables")
	set(static(Blocked, "changes users, groups or passwords", "builtin:system-admin"), "useradd", "userdel", "usermod", "groupadd", "groupdel", "groupmod", "passwd", "chpasswd", "chsh", "chfn", "adduser", "deluser", "addgroup", "delgroup", "gpasswd", "vipw", "vigr", "chage", "newusers", "dscl", "sysadminctl", "pwconv", "grpconv")
	set(static(Blocked, "loads or removes kernel modules", "builtin:system-admin"), "modprobe", "insmod", "rmmod", "kmod", "depmod", "kextload", "kextunload", "kmutil")
	setTable(sysctlOpts.source, sysctl, "sysctl")
	setTable(ipSource, ip, "ip")
	setTable(ifconfigOpts.source, ifconfig, "ifconfig")
	setTable(routeOpts.source, route, "route")
	setTable(mountOpts.source, mount, "mount")
	set(static(Dangerous, "changes the system", "builtin:system"), "umount", "swapon", "swapoff", "setcap", "chattr", "hdparm", "cryptsetup", "dmsetup", "losetup", "update-alternatives", "ldconfig", "hostnamectl", "localectl", "scutil", "defaults", "csrutil", "spctl", "tccutil", "nvram", "bless")
}
