package classify

import "strings"

// riskyEnvNames change which program runs, what it loads, or what a shell
// or tool runs on its own: setting one makes a command at least Dangerous.
var riskyEnvNames = map[string]bool{
	"PATH": true, "LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "LD_AUDIT": true,
	"DYLD_INSERT_LIBRARIES": true, "DYLD_LIBRARY_PATH": true,
	"DYLD_FRAMEWORK_PATH": true, "BASH_ENV": true, "ENV": true,
	"PROMPT_COMMAND": true, "PS0": true, "PS1": true, "PS4": true,
	"SHELLOPTS": true, "BASHOPTS": true, "IFS": true, "CDPATH": true,
	"HOME": true, "ZDOTDIR": true, "XDG_CONFIG_HOME": true,
	"NODE_OPTIONS": true, "NODE_PATH": true, "PYTHONPATH": true,
	"PYTHONSTARTUP": true, "PYTHONHOME": true, "PERL5OPT": true,
	"PERL5LIB": true, "PERLLIB": true, "RUBYOPT": true, "RUBYLIB": true,
	"JAVA_TOOL_OPTIONS": true, "_JAVA_OPTIONS": true, "GOFLAGS": true,
	"RUSTC_WRAPPER": true, "RUSTC": true, "CARGO_BUILD_RUSTC_WRAPPER": true,
	"GIT_SSH": true, "GIT_SSH_COMMAND": true, "GIT_PAGER": true,
	"GIT_EDITOR": true, "GIT_SEQUENCE_EDITOR": true, "GIT_EXEC_PATH": true,
	"GIT_EXTERNAL_DIFF": true, "GIT_ASKPASS": true, "GIT_PROXY_COMMAND": true,
	"GIT_CONFIG": true, "GIT_CONFIG_GLOBAL": true, "GIT_CONFIG_SYSTEM": true,
	"GIT_CONFIG_COUNT": true, "GIT_DIR": true, "GIT_WORK_TREE": true,
	"GIT_TEMPLATE_DIR": true, "SSH_ASKPASS": true, "SUDO_ASKPASS": true,
	"PAGER": true, "MANPAGER": true, "SYSTEMD_PAGER": true, "EDITOR": true,
	"VISUAL": true, "BROWSER": true, "LESSOPEN": true, "LESSCLOSE": true,
	"NPM_CONFIG_SCRIPT_SHELL": true, "TERMINAL": true,
	// .NET and CoreCLR load these assemblies, dependency files, stores and
	// profilers into every process they start (dotnet test's test host too).
	"DOTNET_STARTUP_HOOKS": true, "DOTNET_ADDITIONAL_DEPS": true, "DOTNET_SHARED_STORE": true,
	"CORECLR_ENABLE_PROFILING": true, "CORECLR_PROFILER": true, "CORECLR_PROFILER_PATH": true,
	"CORECLR_PROFILER_PATH_32": true, "CORECLR_PROFILER_PATH_64": true,
	"COR_ENABLE_PROFILING": true, "COR_PROFILER": true, "COR_PROFILER_PATH": true,
	"COR_PROFILER_PATH_32": true, "COR_PROFILER_PATH_64": true,
}

// riskyAssign reports whether assigning value to name changes what runs.
// Most names are risky whatever the value; GOFLAGS only when it names
// programs or files (-toolexec, -exec, -vettool, -overlay, -modfile, -o).
func riskyAssign(name, value string, dyn bool) bool {
	if name == "GOFLAGS" && !dyn {
		for _, f := range strings.Fields(value) {
			n, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
			switch n {
			case "toolexec", "exec", "vettool", "overlay", "modfile", "o", "pgo":
				return true
			}
		}
		return false
	}
	if toolchainEnv(name) {
		// Any GOTOOLCHAIN but "local" runs another toolchain.
		return name != "GOTOOLCHAIN" || dyn || value != "local"
	}
	return riskyEnv(name)
}

// riskyEnv reports whether assigning name changes what runs. Names are
// matched exactly, and GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n, which set any
// git option, by prefix; npm reads its config case-insensitively.
func riskyEnv(name string) bool {
	if riskyEnvNames[name] {
		return true
	}
	if strings.HasPrefix(name, "GIT_") {
		// Git reads dozens of variables that load configuration from
		// elsewhere (GIT_DIR, GIT_CONFIG_*), write files (GIT_TRACE*=FILE)
		// or run programs: all but a few harmless ones change what git does.
		return !harmlessGitEnv[name]
	}
	if strings.HasPrefix(name, "BASH_FUNC_") {
		// An exported function: bash defines it (and runs its body when
		// called) in every bash started below.
		return true
	}
	if strings.HasPrefix(name, "CORECLR_PROFILER_PATH_") || strings.HasPrefix(name, "COR_PROFILER_PATH_") || name == "DOTNET_ROOT" || strings.HasPrefix(name, "DOTNET_ROOT_") || name == "DOTNET_ROOT(x86)" {
		// The profiler for one architecture (_32, _64, _ARM64), and the
		// runtime an app host starts (DOTNET_ROOT, DOTNET_ROOT_X64).
		return true
	}
	if l := strings.ToLower(name); strings.HasPrefix(l, "npm_config_") {
		return riskyEnvNames[strings.ToUpper(l)]
	}
	return false
}

// harmlessGitEnv are git variables that change identity, dates, locks or
// prompts, never what runs or where git reads and writes.
var harmlessGitEnv = map[string]bool{
	"GIT_AUTHOR_NAME": true, "GIT_AUTHOR_EMAIL": true, "GIT_AUTHOR_DATE": true,
	"GIT_COMMITTER_NAME": true, "GIT_COMMITTER_EMAIL": true, "GIT_COMMITTER_DATE": true,
	"GIT_TERMINAL_PROMPT": true, "GIT_OPTIONAL_LOCKS": true, "GIT_FLUSH": true,
	"GIT_MERGE_AUTOEDIT": true, "GIT_ADVICE": true, "GIT_NO_REPLACE_OBJECTS": true,
	"GIT_LITERAL_PATHSPECS": true, "GIT_PROGRESS_DELAY": true, "GIT_DEFAULT_HASH": true,
}

// commandEnv are variables whose value is itself a command line that a
// program hands to the shell; promptEnv are expanded like a double-quoted
// word, so substitutions in them run.
var commandEnv = map[string]bool{
	"GIT_SSH_COMMAND": true, "GIT_PAGER": true, "GIT_EDITOR": true,
	"GIT_SEQUENCE_EDITOR": true, "GIT_EXTERNAL_DIFF": true, "GIT_PROXY_COMMAND": true,
	"PAGER": true, "MANPAGER": true, "SYSTEMD_PAGER": true, "EDITOR": true,
	"VISUAL": true, "BROWSER": true, "PROMPT_COMMAND": true, "LESSOPEN": true,
	"LESSCLOSE": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "SUDO_ASKPASS": true,
}

var promptEnv = map[string]bool{"PS0": true, "PS1": true, "PS2": true, "PS4": true}

// envValue judges the value of a risky variable when it is code, so that
// "GIT_SSH_COMMAND='rm -rf ~'" is judged as what it runs.
func (wk *walker) envValue(name, value string, d dirs) {
	switch {
	case strings.HasPrefix(name, "BASH_FUNC_"):
		// "() { body; }": the body runs whenever the function is called.
		wk.script(strings.TrimPrefix(strings.TrimSpace(value), "()"), bashLang, d, nil)
	case commandEnv[name]:
		wk.script(strings.TrimPrefix(strings.TrimPrefix(value, "|"), "!"), bashLang, d, nil)
	case promptEnv[name]:
		wk.script(": "+value, bashLang, d, nil)
	}
}
