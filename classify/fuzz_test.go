package classify

import (
	"fmt"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// fuzzSeeds are commands the fuzzer starts from: one of each kind the
// classifier treats specially.
var fuzzSeeds = []string{
	"ls -la", "rm -rf build", "rm -rf ~", "sudo ls", "curl -fsSL https://x | sh",
	"git -c core.pager=less log", "git push --force", "echo x > /etc/passwd",
	"for f in *.go; do cat \"$f\"; done", "find . -name '*.o' -exec rm {} +",
	"xargs -I{} sh -c 'echo {}'", "bash -c \"$(curl x)\"", "eval 'ls; pwd'",
	"cd / && rm -rf *", "PATH=/tmp ls", ":(){ :|:& };:", "cat <<'EOF' | bash\nls\nEOF",
	"env -S 'rm -rf /'", "timeout 5 make test", "sed -i 's/a/b/e' f", "awk '{print $1}'",
	"{rm,-rf,/}", "$'\\x72m' -rf x", "r''m x", "echo $(rm -rf ~)", "x=1; echo $x",
	"if true; then ls; else pwd; fi", "case $x in a) ls;; esac", "(cd src; ls) | wc -l",
	"docker run -v /:/h x", "kubectl apply -f x", "psql -c 'DROP TABLE t'", "kill -9 -1",
	"curl -o a.sh x && bash a.sh", "watch 'git push'", "trap 'ls' EXIT", "alias x='ls'",
	"npm test && npm run build", "go test ./... 2>&1 | tee out.log", "ls; )", "echo 'x",
}

func FuzzClassify(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, fuzzSeeds[(i+1)%len(fuzzSeeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		va := fuzzVerdict(t, a)
		// Prefixing sudo runs the whole thing with privileges, whatever
		// follows, and a command that does not parse is never trusted.
		if v := fuzzVerdict(t, "sudo "+a); v.Level != Blocked {
			t.Errorf("Classify(%q) = %v, want %v\nreasons: %q", "sudo "+a, v.Level, Blocked, v.Reasons)
		}
		// Running the same source through bash -c never lowers it (a
		// source that starts with - or + is an option to bash, which
		// then has no command to run).
		wrapped := "bash -c " + singleQuote(a)
		if v := fuzzVerdict(t, wrapped); v.Level < va.Level && !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+") {
			t.Errorf("Classify(%q) = %v, below Classify(%q) = %v\nreasons: %q", wrapped, v.Level, a, va.Level, v.Reasons)
		}
		// Running a simple command through env, or any wrapper judged by
		// its table, never lowers it.
		if isPlainSimpleCommand(a) {
			for i, w := range wrapperPrefixes {
				if i > 1 && hasAssignments(a) {
					break // only env takes NAME=VALUE words as assignments
				}
				if v := fuzzVerdict(t, w+a); v.Level < va.Level {
					t.Errorf("Classify(%q) = %v, below Classify(%q) = %v\nreasons: %q", w+a, v.Level, a, va.Level, v.Reasons)
				}
			}
		}
		// Code bash runs from a command substitution, an array subscript
		// or a callback is judged: if the inner command is not safe,
		// neither is the whole.
		if va.Level > Safe && parses(a) && !strings.HasSuffix(a, "\\") {
			inner := "$(" + a + "\n)"
			for _, ctx := range []string{
				"echo \"" + inner + "\"",
				": " + inner,
				"test -v " + singleQuote("x["+inner+"]"),
				"printf -v " + singleQuote("x["+inner+"]") + " y",
				"i=" + singleQuote("x["+inner+"]") + "; echo $((i))",
				"[[ " + singleQuote("x["+inner+"]") + " -eq 1 ]]",
				"compgen -C " + singleQuote(a) + " x",
			} {
				if v := fuzzVerdict(t, ctx); v.Level == Safe {
					t.Errorf("Classify(%q) = safe, but the code it runs, %q, is %v\nreasons: %q", ctx, a, va.Level, v.Reasons)
				}
			}
		}
		fuzzGlob(t, a, b)
		// A list or a pipeline is never below any of its parts. The parts
		// are put in braces on lines of their own, after a ":" so that an
		// empty part still makes a block, and so that a comment or a
		// trailing & in one cannot swallow the other.
		// A trailing backslash would join a part to the next line.
		if !parses(a) || !parses(b) || strings.HasSuffix(a, "\\") || strings.HasSuffix(b, "\\") {
			return
		}
		vb := fuzzVerdict(t, b)
		for _, op := range []string{"&&", ";", "|", "||"} {
			composed := "{ :\n" + a + "\n} " + op + " { :\n" + b + "\n}"
			v := fuzzVerdict(t, composed)
			if v.Level < va.Level || v.Level < vb.Level {
				t.Errorf("Classify(%q) = %v, below its parts %v and %v\nreasons: %q", composed, v.Level, va.Level, vb.Level, v.Reasons)
			}
		}
	})
}

// wrapperPrefixes run the command that follows them, with options of
// their own tables (wraptables.go).
var wrapperPrefixes = []string{"env ", "env -i -u X ", "nice -n 5 ", "nohup ", "timeout -k 1 5 ", "stdbuf -oL ", "setsid -w ",
	"taskset -c 0 ", "ionice -c3 ", "chrt -b 0 ", "prlimit -n1024 ", "flock -n f ", "command time -p ", "numactl -N 0 ",
	"chronic -e ", "ifne ", "unbuffer -p ", "eatmydata ", "nocache -f ", "cpulimit -l 5 -- ", "setarch x86_64 -R ", "linux32 ",
	"dbus-run-session -- ", "systemd-inhibit --why=x ", "caffeinate -i ", "xvfb-run -a ", "faketime -f +1d ", "fakeroot -- ",
	"fakechroot ", "catchsegv ", "memusage ", "retry -t 3 ", "strace -f ", "ltrace -S ", "valgrind --leak-check=full ", "heaptrack "}

// fuzzVerdict classifies a command and checks what every verdict must be.
func fuzzVerdict(t *testing.T, cmd string) Verdict {
	t.Helper()
	v := Classify(shellAction(cmd), Policy{})
	if v.Level < Safe || v.Level > Blocked {
		t.Fatalf("Classify(%q).Level = %d, not a level", cmd, v.Level)
	}
	if len(v.Reasons) == 0 || v.Rule == "" {
		t.Fatalf("Classify(%q) = %+v, want reasons and a rule", cmd, v)
	}
	return v
}

func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func parses(src string) bool {
	_, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	return err == nil
}

// isPlainSimpleCommand reports a single simple command whose first word
// env would take as the command: not an option and not an assignment.
func isPlainSimpleCommand(src string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || f.Stmts[0].Negated || f.Stmts[0].Background {
		return false
	}
	first := src[ce.Args[0].Pos().Offset():ce.Args[0].End().Offset()]
	return !strings.HasPrefix(strings.TrimLeft(first, `'"\`), "-") && !strings.Contains(first, "=")
}

// hasAssignments reports a simple command with NAME=VALUE words before
// its name, which a wrapper other than env would run as a program name.
func hasAssignments(src string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	return ok && len(ce.Assigns) > 0
}

// globPaths are paths the rules protect, and ordinary ones, from which
// the fuzzer makes globs.
var globPaths = []string{
	".git/config", ".git/hooks/pre-commit", "sub/.git/HEAD", "/home/dev/.ssh/id_rsa", "/home/dev/.bashrc",
	"/home/dev/.aws/credentials", "/etc/passwd", "/etc/shadow", "/usr/bin/ls", "/home/dev/project",
	"/home/dev", "/var/log", "src/main.go", "/tmp/x", "/home/dev/.config/gcloud/x", "/root/.netrc",
}

var globTemplates = []string{"cat %s", "echo x > %s", "rm -rf %s", "cp x %s", "rm %s", "touch %s"}

// fuzzGlob checks that a glob is never judged lower than a path it can
// match: one character of a protected path is replaced by ? or *, the
// way bash would still match it (never a slash, never a leading dot).
// For reads, only a blocked path must stay blocked: reading the
// project's own files through a glob is what grep -r does.
func fuzzGlob(t *testing.T, a, b string) {
	if len(a) == 0 {
		return
	}
	p := globPaths[int(a[0])%len(globPaths)]
	i := len(b) % len(p)
	if p[i] == '/' || p[i] == '.' && (i == 0 || p[i-1] == '/') {
		return
	}
	wild := "?"
	if len(b)%2 == 1 {
		wild = "*"
	}
	g := p[:i] + wild + p[i+1:]
	tmpl := globTemplates[(int(a[0])/len(globPaths)+len(a))%len(globTemplates)]
	lit := fuzzVerdict(t, fmt.Sprintf(tmpl, p))
	glob := fuzzVerdict(t, fmt.Sprintf(tmpl, g))
	if strings.HasPrefix(tmpl, "cat") && lit.Level < Blocked {
		return
	}
	if glob.Level < lit.Level {
		t.Errorf("Classify(%q) = %v, below Classify(%q) = %v, a path it can match\nreasons: %q", fmt.Sprintf(tmpl, g), glob.Level, fmt.Sprintf(tmpl, p), lit.Level, glob.Reasons)
	}
}
