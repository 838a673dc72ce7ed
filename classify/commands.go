package classify

// commands maps a normalised command name to its handler. It is filled
// once by init (handlers refer back to it through wrappers) and never
// changed afterwards.
var commands map[string]handler

func init() {
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

	// Read-only utilities whose operands are files they read, each with
	// the options its manual lists (toolopts.go).
	set(tool("lists files", lsOpts), "ls", "dir", "vdir")
	set(tool("lists files", ezaOpts), "exa", "eza", "lsd")
	set(tool("prints files", catOpts), "cat")
	set(tool("prints files", tacOpts), "tac")
	set(tool("prints files", nlOpts), "nl")
	set(tool("prints files", zcatOpts), "zcat", "bzcat", "xzcat", "zstdcat", "gzcat")
	set(tool("prints files", batOpts), "bat", "batcat")
	set(tool("prints part of files", headOpts), "head")
	set(tool("prints the end of files", tailOpts), "tail")
	set(tool("counts", wcOpts), "wc")
	set(tool("inspects files", fileOpts), "file")
	set(tool("inspects files", statOpts), "stat")
	set(tool("measures disk use", duOpts), "du")
	set(tool("measures disk use", dfOpts), "df")
	set(tool("hashes files", sumOpts), "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shasum", "b2sum", "cksum", "sum", "md5", "b3sum")
	set(tool("dumps files", odOpts), "od")
	set(tool("dumps files", hexOpts), "hexdump", "hd")
	set(tool("dumps files", strOpts), "strings")
	set(tool("formats text", colOpts), "column")
	set(tool("formats text", pasteOpt), "paste")
	set(tool("formats text", joinOpts), "join")
	set(tool("formats text", foldOpts), "fold")
	set(tool("formats text", fmtOpts), "fmt")
	set(tool("formats text", prOpts), "pr")
	set(tool("formats text", expOpts), "expand", "unexpand")
	set(tool("formats text", toolOpts{}), "rev", "tsort")
	set(tool("formats text", lookOpts), "look")
	set(tool("cuts fields", cutOpts), "cut")
	set(tool("compares files", diffOpts), "diff", "colordiff")
	set(tool("compares files", cmpOpts), "cmp")
	set(tool("compares files", commOpts), "comm")
	set(tool("compares files", sdifOpts), "sdiff")
	set(tool("compares files", diff3Opt), "diff3")
	set(tool("compares files", toolOpts{}), "difft", "delta")
	set(tool("encodes or decodes files", b64Opts), "base64", "base32", "basenc")
	set(jq, "jq", "gojq", "jaq")
	set(tool("shows a directory tree", treeOpts), "tree")
	set(xxd, "xxd")
	set(tool("searches files", whichOpt), "which")
	set(tool("searches files", whereOpt), "whereis")
	set(tool("searches files", locOpts), "locate", "plocate")
	set(lint, "shellcheck", "hadolint", "yamllint", "markdownlint", "actionlint", "xmllint", "jsonlint", "tflint", "cppcheck", "codespell")
	set(iconv, "iconv")
	set(recode, "recode")
	set(static(Warning, "starts an interactive program", "builtin:interactive"), "ncdu")
	set(static(Warning, "formats text with a macro language the classifier does not read", "builtin:interpreter"), "nroff", "groff", "troff")
	set(grep, "grep", "egrep", "fgrep", "zgrep", "rg", "ripgrep", "ag", "ack", "pt", "ugrep", "git-grep")
	set(awk, "awk", "gawk", "mawk", "nawk")
	set(sed, "sed", "gsed")
	set(sortCmd, "sort")
	set(uniq, "uniq")
	set(find, "find", "gfind")
	set(fd, "fd", "fdfind")

	// Read-only programs that take no file operands.
	set(static(Safe, "waits, and changes nothing", "builtin:read-only"), "sleep", "usleep")
	set(static(Safe, "does nothing but set the exit status", "builtin:read-only"), "true", "false", ":")
	set(static(Safe, "changes only the shell's own state", "builtin:read-only"),
		"shift", "exit", "return", "break", "continue", "set", "shopt", "compopt",
		"let", "local", "declare", "typeset", "export", "readonly", "disown", "unalias")
	set(static(Safe, "prints text or information", "builtin:read-only"),
		"echo", "pwd", "type", "whoami", "id",
		"groups", "cal", "uname", "uptime", "arch", "nproc", "seq", "yes", "printenv",
		"locale", "tty", "ps", "pgrep", "pidof", "lsof", "free", "vmstat", "iostat", "w", "who", "last",
		"help", "dirs", "jobs", "times", "getconf", "logname", "users", "expr", "factor", "numfmt",
		"tput", "clear", "caller",
		"lsblk", "findmnt", "basename", "dirname", "realpath", "readlink", "tr", "tokei", "cloc",
		"scc",
		"lscpu", "lsusb", "lspci", "dmesg", "hostid", "sw_vers",
		"bc", "dc", "cowsay", "banner", "figlet", "stty", "reset")
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
	set(date, "date", "gdate")
	set(hostname, "hostname")
	set(history, "history")
	set(hash, "hash")
	set(enable, "enable")
	set(withArgs("prints the file mode mask", Warning, "changes the file mode mask", "builtin:shell-builtin"), "umask")
	// "r" is also the R interpreter (R, lower-cased): both run code the
	// classifier does not see, and re-running history is the worse.
	set(static(Dangerous, "re-runs commands from the history, unseen", "builtin:dynamic-script"), "fc", "r")
	set(static(Warning, "changes key bindings or job state", "builtin:shell-builtin"), "bind", "fg", "bg", "suspend", "logout")
	set(ulimit, "ulimit")
	set(timedatectl, "timedatectl")

	// Shells, interpreters and the builtins that run strings.
	set(shell, "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "lksh", "oksh", "loksh", "bosh")
	set(foreignShell, "fish", "csh", "tcsh", "pwsh", "powershell", "nu", "xonsh", "elvish", "rc", "es", "ion", "oil", "osh", "ysh")
	set(eval, "eval")
	set(source, "source", ".")
	set(trap, "trap")
	set(alias, "alias")
	set(interpreter, "python", "python2", "python3", "pypy", "pypy3", "ipython", "ipython3", "node", "nodejs",
		"ruby", "irb", "perl", "php", "lua", "luajit", "rscript", "julia", "tclsh", "wish",
		"osascript", "jshell", "groovy", "scala", "kotlin", "guile", "racket", "sbcl",
		"clisp", "ocaml", "ghci", "runghc", "runhaskell", "elixir", "erl", "escript", "crystal")

	// Wrappers.
	set(env, "env")
	set(commandBuiltin, "command")
	set(simpleWrapper("", 0), "builtin", "nohup", "unbuffer", "catchsegv")
	set(execBuiltin, "exec")
	set(simpleWrapper("n", 0, "--adjustment"), "nice")
	set(pidWrapper("cnt", 0), "ionice")
	set(simpleWrapper("sk", 1, "--signal", "--kill-after"), "timeout", "gtimeout")
	set(timeCmd, "time")
	set(simpleWrapper("ioe", 0, "--input", "--output", "--error"), "stdbuf")
	set(simpleWrapper("", 0), "setsid")
	set(simpleWrapper("tw", 0), "caffeinate")
	set(simpleWrapper("", 0, "--tool", "--log-file", "--suppressions"), "valgrind")
	set(pidWrapper("TPD", 1), "chrt")
	set(pidWrapper("", 1), "taskset")
	set(tracer, "strace", "ltrace")
	set(flock, "flock")
	set(xargs, "xargs", "gxargs")
	set(watch, "watch")
	set(parallel, "parallel")
	set(scriptCmd, "script")
	set(multicall, "busybox", "toybox")
	set(direnv, "direnv")
	set(runAfter("", Safe, "", "", 0, "--cpu", "--as", "--core", "--data", "--fsize", "--memlock", "--msgqueue", "--nice", "--nofile", "--nproc", "--rss", "--rtprio", "--rttime", "--sigpending", "--stack", "--pid", "--output"), "prlimit")
	set(setarch, "setarch", "linux32", "linux64", "i386", "x86_64", "uname26")
	set(runAfter("", Safe, "", "ilsb", 0, "--lib", "--faked", "--save-file", "--load-file"), "fakeroot", "fakechroot", "eatmydata", "chronic", "ifne", "nocache")
	set(runAfter("", Safe, "", "o", 0, "--output", "--pid"), "heaptrack", "uftrace", "memusage")
	set(runAfter("records a program for replay", Warning, "builtin:debugger", "", 1), "rr")
	set(perf, "perf")
	set(debugger, "gdb", "lldb", "cgdb", "gdbserver")
	set(coreutils, "coreutils")
	set(unshare, "unshare")
	set(runParts, "run-parts")
	set(runAfter("", Safe, "", "cmNpPTl", 0, "--cpunodebind", "--membind", "--physcpubind", "--preferred", "--interleave", "--localalloc"), "numactl")
	set(runAfter("runs a command that outlives its input", Warning, "builtin:wrapper", "cdprs", 0), "entr")
	set(runAfter("", Safe, "", "l", 0, "--limit", "--pid", "--exe", "--path"), "cpulimit")
	set(runAfter("runs a command under a sandbox profile the classifier does not read", Warning, "builtin:namespace", "", 0, "--profile", "--private", "--whitelist", "--blacklist", "--net", "--dns"), "firejail")
	set(runAfter("runs a command in a container the classifier does not read", Warning, "builtin:namespace", "", 0, "--bind", "--ro-bind", "--dev-bind", "--chdir", "--setenv", "--unsetenv", "--uid", "--gid", "--hostname", "--tmpfs", "--proc", "--dev", "--symlink", "--remount-ro", "--exec-label", "--file-label", "--seccomp", "--info-fd", "--args", "--cap-add", "--cap-drop"), "bwrap", "proot")
	set(runAfter("runs a command outside the sandbox, on the host", Dangerous, "builtin:namespace", "", 0, "--directory", "--env", "--forward-fd"), "flatpak-spawn", "host-spawn", "distrobox-host-exec")
	set(runAfter("runs a command through a proxy", Warning, "builtin:network", "fq", 0), "torsocks", "proxychains", "proxychains4", "tsocks")
	set(runAfter("", Safe, "", "", 0, "--config-file", "--address"), "dbus-run-session", "xvfb-run", "systemd-inhibit")
	set(runAfter("", Safe, "", "f", 1), "faketime")
	set(runAfterDash("runs a command with secrets injected", Dangerous, "builtin:credential-store", 1), "aws-vault", "op", "doppler", "infisical")
	set(runAfterDash("runs a command with an .env file loaded", Warning, "builtin:shell-script", 0), "dotenv", "env-cmd", "dotenvx", "with-contenv")
	set(crossEnv, "cross-env")
	set(nixShell, "nix-shell", "nix")
	set(runAfterDash("runs a command in a tool-managed environment", Warning, "builtin:install", 1), "devbox", "mise", "asdf", "rbenv", "pyenv", "nodenv", "goenv", "conda", "micromamba", "pixi", "rtx", "volta", "fnm", "nvm")
	set(runAfterDash("retries a command", Safe, "builtin:wrapper", 0), "retry")
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
	set(tee, "tee")
	set(dd, "dd")
	set(shred, "shred", "srm", "wipe")
	set(tar, "tar", "gtar", "bsdtar")
	set(zip, "zip")
	set(unzip, "unzip", "7z", "7za", "unrar")
	set(compressor, "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4", "lzma", "unlzma", "pigz")
	set(patch, "patch")
	set(mktemp, "mktemp")
	set(static(Warning, "splits files into pieces", "builtin:write-project"), "split", "csplit")

	// Editors, pagers, servers and interactive programs.
	set(readerAt(Warning, "starts a pager", "builtin:pager", false, "pPxbhjyz", "--pattern", "--log-file", "--tag", "--tabs"), "less", "more", "most", "zless", "zmore")
	set(man, "man")
	set(static(Warning, "starts a pager", "builtin:pager"), "info", "pinfo")
	set(static(Warning, "starts an editor", "builtin:editor"), "vim", "vi", "nvim", "nano", "emacs", "code", "subl", "gedit", "kate", "micro", "hx", "helix", "ed", "ex", "view", "pico", "joe", "mate", "zed", "cursor")
	set(static(Warning, "opens a file or application", "builtin:open"), "open", "xdg-open", "gio", "start")
	set(static(Warning, "starts an interactive program", "builtin:interactive"), "top", "htop", "btop", "tmux", "screen", "zellij", "mc", "ranger", "nnn", "lf", "fzf", "tig", "lazygit", "gitui")
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
	set(docker, "docker", "podman", "nerdctl")
	set(kubectl, "kubectl", "oc", "k", "microk8s.kubectl")
	set(readVerbs("changes the cluster", "list", "ls", "status", "get", "history", "show", "template", "lint", "search", "version", "env", "help"), "helm")
	set(readVerbs("changes infrastructure", "plan", "validate", "show", "output", "graph", "providers", "version", "init", "fmt", "console", "list", "help", "get", "login-status", "preview", "ls", "whoami", "about", "logs", "stack"), "terraform", "tofu", "terragrunt", "pulumi")
	set(cloudCLI, "aws", "gcloud", "az", "gsutil", "doctl", "flyctl", "heroku")
	set(gh, "gh")
	set(openssl, "openssl")
	set(dbClient, "psql", "mysql", "mariadb", "sqlite3", "mongosh", "mongo", "redis-cli", "clickhouse-client", "clickhouse", "cockroach", "sqlcmd", "duckdb", "pgcli", "mycli", "litecli", "usql", "cqlsh")

	// Git.
	set(gitCmd, "git")

	// Build, test and package tools.
	set(goCmd, "go")
	set(cargo, "cargo")
	set(npm, "npm", "pnpm", "yarn", "bun")
	set(wrapperTask("downloads and runs a package", Warning, "builtin:npx", "exec", "run", "--yes", "-y"), "npx", "bunx", "pnpx", "uvx")
	set(dataTool, "knex", "rails", "rake", "sequelize", "sequelize-cli", "typeorm", "alembic", "flyway",
		"liquibase", "diesel", "sqlx", "dbmate", "goose", "migrate", "prisma", "supabase", "drizzle-kit",
		"atlas", "sqitch", "mikro-orm", "artisan", "manage.py", "mongorestore", "pg_restore")
	set(static(Dangerous, "drops a database", "builtin:database-destructive"), "dropdb", "dropuser")
	set(mysqladmin, "mysqladmin")
	set(pip, "pip", "pip3", "pip2")
	set(bundle, "bundle", "bundler")
	set(projectRunner, "uv", "poetry", "pipenv", "pdm", "hatch", "rye")
	set(makeCmd, "make", "gmake", "bmake")
	build := buildTool([]string{"test", "verify", "compile", "package", "validate", "check", "build", "assemble", "clean", "lint", "dependencies", "tasks", "help", "projects", "properties"}, []string{"deploy", "release", "publish", "upload", "install"})
	set(swift(build), "swift")
	set(build, "mvn", "mvnw", "gradle", "gradlew", "ant", "sbt", "lein", "mix", "rebar3", "stack", "cabal", "dune", "bazel", "bazelisk", "buck", "buck2", "pants", "meson", "ninja", "cmake", "xmake", "scons", "zig", "dotnet", "deno", "flutter", "dart", "nx", "turbo", "lerna")
	set(testRunner, "pytest", "py.test", "jest", "vitest", "mocha", "ava", "tap", "rspec", "phpunit", "ctest", "bats", "jasmine", "karma", "nextest", "gotestsum", "ginkgo", "tox", "nox", "behave", "cucumber", "playwright", "cypress")
	set(compiler, "gcc", "g++", "cc", "c++", "clang", "clang++", "rustc", "javac", "tsc", "vue-tsc", "esbuild", "swc", "babel", "webpack", "rollup", "vite", "parcel", "kotlinc", "scalac", "ghc", "nim", "gccgo", "tinygo")
	set(static(Safe, "checks the project", "builtin:lint"), "mypy", "pyright", "pylint", "flake8", "pyflakes", "bandit", "staticcheck", "revive", "golint", "errcheck", "ineffassign", "govet", "vet", "pycodestyle", "pydocstyle", "vulture")
	set(formatter("--fix", "--write", "w", "fix", "--fix-only", "--fix-dry-run"), "eslint", "golangci-lint", "stylelint", "ruff", "biome", "rubocop", "standard", "xo", "oxlint", "clang-tidy", "swiftlint", "ktlint", "tslint", "markdownlint-cli2")
	set(rewriter("--check", "c", "--diff", "l", "--list-different", "d", "--check-only", "n", "--dry-run"), "prettier", "black", "isort", "gofmt", "goimports", "gofumpt", "rustfmt", "clang-format", "autopep8", "yapf", "shfmt", "stylua", "taplo", "dprint")
	set(static(Dangerous, "installs programs outside the project", "builtin:global-install"), "pipx", "gem", "rustup", "sdk", "corepack", "mamba", "cpan", "cpanm", "opam", "ghcup")
	set(static(Warning, "installs or changes project dependencies", "builtin:install"), "composer", "renv", "go-task", "task", "just", "cargo-make", "earthly")
	set(systemPackages("search", "show", "list", "info", "policy", "depends", "rdepends", "showpkg", "madison", "outdated", "deps", "uses", "leaves", "doctor", "config", "--version", "-v", "help", "provides", "whatprovides", "repoquery"), "apt", "apt-get", "apt-cache", "aptitude", "dpkg", "yum", "dnf", "rpm", "pacman", "yay", "paru", "apk", "zypper", "snap", "flatpak", "port", "emerge", "nix-env", "brew", "pkg", "xbps-install", "choco", "winget", "scoop")

	// The system: privileges, disks, power, services, processes.
	set(blocked("privilege escalation"), "sudo", "su", "doas", "pkexec", "runuser", "chroot", "nsenter", "setpriv", "capsh", "sg", "newgrp", "visudo", "sudoedit")
	set(blocked("formats or rewrites a disk"), "mkfs", "mke2fs", "mkswap", "fdisk", "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "wipefs", "blkdiscard", "lvremove", "vgremove", "pvremove", "mdadm", "diskutil", "newfs", "format")
	set(blocked("shuts down or restarts the machine"), "shutdown", "reboot", "halt", "poweroff", "telinit", "kexec")
	set(initCmd, "init")
	set(static(Blocked, "signals every process", "builtin:kill-all"), "killall5")
	set(static(Dangerous, "kills processes by name", "builtin:kill-9"), "pkill", "killall", "skill", "slay")
	set(systemctl, "systemctl")
	set(service, "service", "launchctl", "rc-service", "update-rc.d", "chkconfig", "sv", "rc-update")
	set(crontab, "crontab")
	set(static(Blocked, "schedules commands to run later, unseen", "builtin:schedule"), "at", "batch", "anacron", "systemd-run")
	set(firewall, "iptables", "ip6tables", "nft", "ufw", "firewall-cmd", "pfctl", "iptables-restore", "ip6tables-restore", "ebtables", "arptables")
	set(static(Blocked, "changes users, groups or passwords", "builtin:system-admin"), "useradd", "userdel", "usermod", "groupadd", "groupdel", "groupmod", "passwd", "chpasswd", "chsh", "chfn", "adduser", "deluser", "addgroup", "delgroup", "gpasswd", "vipw", "vigr", "chage", "newusers", "dscl", "sysadminctl", "pwconv", "grpconv")
	set(static(Blocked, "loads or removes kernel modules", "builtin:system-admin"), "modprobe", "insmod", "rmmod", "kmod", "depmod", "kextload", "kextunload", "kmutil")
	set(sysctl, "sysctl")
	set(netConfig, "ip", "ifconfig", "route")
	set(mount, "mount")
	set(static(Dangerous, "changes the system", "builtin:system"), "umount", "swapon", "swapoff", "setcap", "chattr", "hdparm", "cryptsetup", "dmsetup", "losetup", "update-alternatives", "ldconfig", "hostnamectl", "localectl", "scutil", "defaults", "csrutil", "spctl", "tccutil", "nvram", "bless")
}
