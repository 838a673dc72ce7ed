package classify

import (
	"context"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// Git's read-only subcommands are safe only when every word is in their
// table; the options that read, write or run keep their honest level.
func TestGitTables(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday forms stay safe.
		{"git status -uno", Safe},
		{"git status --porcelain=v2 --branch", Safe},
		{"git status -s -b --ignored=matching", Safe},
		{"git log --oneline --graph --decorate=short -n 20", Safe},
		{"git log -5 --stat --format=%H", Safe},
		{"git log --since=2.weeks --author alice --no-merges", Safe},
		{"git log -L 1,5:main.go", Safe},
		{"git log -M50% --follow -- main.go", Safe},
		{"git log -p -U5 --word-diff=color", Safe},
		{"git log --no-decorate --no-color", Safe},
		{"git show --name-only --pretty=format:%s HEAD", Safe},
		{"git show -s --format=%ci HEAD", Safe},
		{"git diff --stat=100 --diff-filter=M HEAD~3", Safe},
		{"git diff -w --ignore-blank-lines --color-moved", Safe},
		{"git diff --staged --name-status", Safe},
		{"git diff --merge-base main", Safe},
		{"git whatchanged -3", Safe},
		{"git diff-tree --no-commit-id -r --name-only HEAD", Safe},
		{"git diff-index --quiet HEAD --", Safe},
		{"git diff-files --name-only", Safe},
		{"git blame -w -C -M --date=short main.go", Safe},
		{"git annotate -L 3,4 main.go", Safe},
		{"git shortlog -sne --all", Safe},
		{"git describe --tags --abbrev=0 --always --dirty", Safe},
		{"git rev-parse --short=8 HEAD", Safe},
		{"git rev-parse --git-dir --is-inside-work-tree", Safe},
		{"git rev-list --count --first-parent HEAD", Safe},
		{"git ls-files -m -o --exclude-standard", Safe},
		{"git ls-files --stage -- src", Safe},
		{"git ls-tree -r --name-only HEAD src", Safe},
		{"git cat-file -t HEAD", Safe},
		{"git cat-file --batch-check", Safe},
		{"git show-ref --heads --hash", Safe},
		{"git for-each-ref --format='%(refname:short)' --sort=-committerdate refs/heads", Safe},
		{"git merge-base --is-ancestor HEAD main", Safe},
		{"git name-rev --name-only HEAD", Safe},
		{"git count-objects -vH", Safe},
		{"git check-ignore -v --no-index build/", Safe},
		{"git check-attr -a main.go", Safe},
		{"git grep -n -i --break --heading -e TODO -- '*.go'", Safe},
		{"git grep -C3 -w func", Safe},
		{"git grep --no-index -l pattern src", Safe},
		{"git branch -a --sort=-committerdate --format='%(refname)'", Safe},
		{"git branch --merged main", Safe},
		{"git tag -n --sort=v:refname", Safe},
		{"git tag --points-at HEAD", Safe},
		{"git remote -v", Safe},
		{"git remote get-url --push origin", Safe},
		{"git stash list --date=relative", Safe},
		{"git stash show -p --stat stash@{1}", Safe},
		{"git reflog show --date=iso -n 5 main", Safe},
		{"git reflog -10", Safe},
		{"git worktree list --porcelain", Safe},
		{"git submodule status --recursive", Safe},
		{"git submodule summary -n 3", Safe},
		{"git config --show-origin --get-regexp '^alias'", Safe},
		{"git help -a", Safe},
		{"git version --build-options", Safe},
		{"git var -l", Safe},
		{"git fsck --no-dangling", Safe},
		{"git verify-commit -v HEAD", Safe},
		{"git range-diff --no-dual-color main~3..main HEAD~3..HEAD", Safe},
		{"git show-branch --topics main", Safe},
		{"git --no-optional-locks status", Safe},
		{"git --literal-pathspecs ls-files", Safe},
		{"git -C src --no-pager log -1", Safe},
		{"git lfs ls-files -l", Safe},
		{"git lfs track", Safe},
		{"git-grep -n TODO", Safe},
		{"git rebase --show-current-patch", Safe},
		{"git grep -n /api/v1", Safe},
		{"git log --oneline ..main", Safe},
		{"git log main..", Safe},
		{"git show :/fix", Safe},

		// Options no table lists, and subcommands with none.
		{"git --zz status", Warning},
		{"git status --zz", Warning},
		{"git log --zz-nope", Warning},
		{"git log -Y", Warning},
		{"git show --frob HEAD", Warning},
		{"git rev-parse --frobnicate", Warning},
		{"git ls-files --zz", Warning},
		{"git stash show --zz", Warning},
		{"git remote --zz", Warning},
		{"git diff-pairs", Warning},
		{"git-grep --zz x", Warning},
		{"git rebase --show-current-patch --zz", Warning},

		// Files the options read, write or run.
		{"git log -O ~/.ssh/id_rsa", Blocked},
		{"git diff -O/etc/shadow", Blocked},
		{"git diff --output ~/.bashrc", Blocked},
		{"git log -p --output=.git/hooks/pre-commit", Blocked},
		{"git show --output=../out.diff", Dangerous},
		{"git diff-tree --output ~/.profile HEAD", Blocked},
		{"git blame --contents ~/.aws/credentials main.go", Blocked},
		{"git blame --ignore-revs-file=../revs main.go", Warning},
		{"git blame -S ~/.netrc main.go", Blocked},
		{"git grep -f ~/.ssh/id_ed25519", Blocked},
		{"git ls-files -X ~/.ssh/id_rsa -o", Blocked},
		{"git ls-files --exclude-from=/etc/passwd -o", Warning},
		{"git fmt-merge-msg -F ~/.git-credentials", Blocked},
		{"git format-patch --stdout --signature-file ~/.ssh/id_rsa HEAD~1", Blocked},
		{"git format-patch -o ~/.config/autostart HEAD~1", Blocked},
		{"git format-patch -o /tmp/patches HEAD~1", Dangerous},
		{"git archive --add-file ~/.ssh/id_rsa HEAD", Blocked},
		{"git archive --add-file=/etc/hostname HEAD", Warning},
		{"git tag -l -F ~/.ssh/id_rsa", Blocked},
		{"git config -f ~/.aws/credentials --list", Blocked},
		{"git rm -n --pathspec-from-file ~/.ssh/id_rsa", Blocked},
		{"git rm -n --pathspec-from-file=list.txt", Warning},
		{"git apply --check --build-fake-ancestor ~/.bashrc fix.patch", Blocked},
		{"git diff --no-index ~/.ssh/id_rsa /dev/null", Blocked},
		{"git diff /dev/null ~/.ssh/id_rsa", Blocked},
		{"git diff ../other/a.txt b.txt", Warning},
		{"git grep --no-index -e x ~/.ssh", Blocked},
		{"git verify-pack -v ~/.ssh/id_rsa", Blocked},
		{"git log --ext-diff -p", Warning},
		{"git show --textconv HEAD:a.pdf", Warning},
		{"git cat-file --filters HEAD:a", Warning},
		{"git grep -Ovim x", Warning},
		{"git grep --open=vim x", Warning},
		{"git grep -nOvim x", Warning},
		{"git grep -iO'rm -rf ~' x", Blocked},
		{"git grep -e-O x", Safe},
		{"git grep -n x -- -Ofoo", Safe},
		{"git grep -e -- -Ovim", Warning},
		{"git grep -e -O x", Safe},
		{"git commit --fil ~/.ssh/id_rsa", Blocked},
		{"git tag -a v1 --fi ~/.netrc", Blocked},
		{"git grep --open-files='rm -rf ~' x", Blocked},
		{"git help -w log", Warning},
		{"git -c diff.orderFile=~/.ssh/id_rsa diff", Blocked},
		{"git -c core.excludesFile=~/.netrc status", Blocked},
		{"git -c diff.orderFile=order.txt diff", Safe},
		{"git archive --remote='ext::sh -c evil' HEAD", Dangerous},
		{"git request-pull v1.0 https://example.com/repo.git", Warning},
		{"git merge-tree main topic", Warning},
		{"git merge-tree --write-tree main topic", Warning},
		{"git lfs track '*.psd'", Warning},
		{"git-grep -O'rm -rf ~' x", Blocked},
		{"git-grep -f ~/.ssh/id_rsa", Blocked},

		// Paths above the project: a project in a subdirectory of a
		// larger repository lets git read them.
		{"git log -p -- ../secrets.env", Warning},
		{"git show HEAD:../secrets.env", Warning},
		{"git blame ../../other/main.go", Warning},
		{"git ls-files ~/.ssh", Blocked},
		{"git grep -e key -- /etc", Blocked},
		{"git grep -e key -- /opt/app", Warning},
		{"git grep --no-index /api/v1 src", Safe},
		{"git grep --no-index -e key", Safe},
		{"cd ~ && git grep --no-index -e key", Blocked},
		{"git -C ~ grep --no-index key", Blocked},
		{"git --work-tree=$HOME grep --untracked -e key", Blocked},
		{"git --work-tree ~ diff", Blocked},
		{"git --work-tree=/opt/app grep -e key", Warning},
		{"git --work-tree=. grep -e key", Safe},
		{"cd ~ && git -c grep.fallbackToNoIndex=true grep -e key", Blocked},
		{"git -c grep.fallbackToNoIndex=true grep -e key", Safe},

		// Paths above the project once cleaned, and pathspec magic for
		// the top of the work tree, which may lie above the project.
		{"git show HEAD:./../x", Warning},
		{"git show HEAD:./sub/../../x", Warning},
		{"git cat-file -p HEAD:./a/../../secrets.env", Warning},
		{"git log -- ./../x", Warning},
		{"git blame -- sub/../../x", Warning},
		{"git grep x -- sub/../../", Blocked},
		{"git grep x -- ./../", Blocked},
		{"git grep x :/", Blocked},
		{"git grep x -- ':(top)'", Blocked},
		{"git log -p -- ':/'", Blocked},
		{"git diff HEAD -- ':/'", Blocked},
		{"git grep -e key -- ':/secrets.env'", Warning},
		{"git grep -e key -- ':(top,icase)secrets.env'", Warning},
		{"git grep -e key -- ':(icase)../secrets.env'", Warning},
		{"git grep -e key -- ':!vendor'", Safe},
		{"git grep -e key -- ':(exclude)../x'", Safe},
		{"git grep -e key -- ':(icase)src'", Safe},
		{"git show HEAD:./main.go", Safe},
		{"git log -- ./src", Safe},
		{"git log main..", Safe},
		{"git log ..main", Safe},
		{"git log -1 :/fix", Safe},
		{"git log -p -- :/secrets.env", Warning},
		{"git log -p :/fix -- :/secrets.env", Warning},

		// Configuration keys naming a file git reads or writes.
		{"git -c format.signatureFile=~/.ssh/id_rsa log", Blocked},
		{"git -cformat.signatureFile=~/.ssh/id_rsa log", Blocked},
		{"git -c format.signatureFile=/etc/shadow format-patch --stdout -1", Blocked},
		{"git -c format.signatureFile=sig.txt format-patch --stdout -1", Safe},
		{"git -c sendemail.aliasesFile=~/.netrc log", Blocked},
		{"git -c format.outputDirectory=/root/x format-patch -1", Dangerous},
		{"git --config-env=format.outputDirectory=D format-patch -1", Dangerous},
		{"git --config-env=diff.orderFile=V log", Warning},

		// grep.fallbackToNoIndex in every form of -c and --config-env.
		{"cd ~ && git -cgrep.fallbackToNoIndex=true grep x", Blocked},
		{"cd ~ && git --config-env=grep.fallbackToNoIndex=V grep x", Blocked},
		{"cd ~ && git --config-env grep.fallbackToNoIndex=V grep x", Blocked},
		{"git -cgrep.fallbackToNoIndex=true grep x", Safe},
	})
}

// gitHelpTables are the subcommands whose `git SUB -h` lists their own
// options (the parse-options ones): each must be in its table.
var gitHelpTables = []string{"status", "log", "show", "diff", "blame", "annotate", "shortlog", "describe",
	"ls-files", "ls-tree", "cat-file", "show-ref", "for-each-ref", "merge-base", "name-rev", "range-diff",
	"cherry", "check-ignore", "check-attr", "check-mailmap", "count-objects", "fsck", "verify-commit",
	"verify-tag", "verify-pack", "grep", "stripspace", "column", "patch-id", "fmt-merge-msg", "merge-tree",
	"show-branch", "branch", "tag", "config", "clean", "rm", "apply", "format-patch", "archive",
	"hash-object", "help", "version", "var", "rev-list", "show-index", "rebase"}

// TestGitTablesMatchInstalledHelp checks each table against the installed
// git's `git SUB -h`: every option it prints is one the table knows.
func TestGitTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed here, so its tables are not checked against git SUB -h")
	}
	for _, sub := range gitHelpTables {
		t.Run(sub, func(t *testing.T) {
			t.Parallel()
			table := gitTables[sub]
			if table == nil {
				t.Fatalf("git %s has no table", sub)
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, sub, "-h")
			cmd.Dir = t.TempDir()
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin", "HOME=" + t.TempDir(), "GIT_CONFIG_NOSYSTEM=1"}
			out, _ := cmd.CombinedOutput()
			opts := helpOptions(string(out))
			if len(opts) == 0 && !slices.Contains([]string{"version", "var", "show-index"}, sub) {
				t.Skipf("git %s -h lists no options (%q)", sub, firstLine(string(out)))
			}
			o := table.opts
			for _, opt := range opts {
				if !o.helpKnows(opt) {
					t.Errorf("git %s -h lists %s, which its table does not know", sub, opt)
				}
			}
		})
	}
}

// Every git table names git's manual and version as its source.
func TestGitTableSources(t *testing.T) {
	for key, table := range gitTables {
		want := "git 2.39"
		if strings.HasPrefix(key, "lfs") {
			want = "git-lfs 3.3"
		}
		if !strings.Contains(table.opts.source, want) {
			t.Errorf("git %s's table gives its source as %q", key, table.opts.source)
		}
	}
}

// FuzzGitTablesNeverSafe checks that an option no table lists, right
// after a read-only subcommand (and its verb), keeps git from being
// safe whatever follows it.
func FuzzGitTablesNeverSafe(f *testing.F) {
	keys := slices.Sorted(maps.Keys(gitTables))
	for i, s := range []string{"", "HEAD", "-p -- x", "--stat main..HEAD", "-n 5", "-e x", "--no-index a b", "-- --zz", "--output=x"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, n uint8, rest string) {
		cmd := "git " + keys[int(n)%len(keys)] + " --zz-not-modelled " + rest
		if !parses(cmd) || strings.ContainsAny(rest, "\n;&|`$(){}<>#") {
			return // another command, a comment or an expansion could follow
		}
		if v := Classify(shellAction(cmd), Policy{}); v.Level == Safe {
			t.Errorf("Classify(%q) = safe with an option its table does not list\nreasons: %q", cmd, v.Reasons)
		}
	})
}

// TestGitLFSTablesMatchInstalledHelp checks the git lfs verbs' tables
// against `git lfs help VERB`, whose options start their lines.
func TestGitLFSTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git-lfs"); err != nil {
		t.Skip("git-lfs is not installed here, so the git lfs tables are not checked against its help")
	}
	option := regexp.MustCompile(`^\s*(--?[A-Za-z][A-Za-z0-9-]*)[:= ]`)
	for _, verb := range []string{"ls-files", "status", "env", "version", "track"} {
		cmd := exec.CommandContext(t.Context(), "git", "lfs", "help", verb)
		cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin", "HOME=" + t.TempDir()}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git lfs help %s: %v\n%s", verb, err, out)
		}
		table := gitTables["lfs "+verb]
		checked := 0
		for _, line := range strings.Split(string(out), "\n") {
			m := option.FindStringSubmatch(line)
			if m == nil || strings.HasPrefix(strings.TrimSpace(line), "---") {
				continue
			}
			checked++
			if !table.opts.helpKnows(m[1]) {
				t.Errorf("git lfs help %s lists %s, which its table does not know", verb, m[1])
			}
		}
		t.Logf("git lfs %s: %d options checked", verb, checked)
	}
}

// BenchmarkClassifyGit measures the everyday git reads, which the tables
// judge word by word.
func BenchmarkClassifyGit(b *testing.B) {
	lines := []string{"git status --short", "git log --oneline -n 20 --decorate", "git diff --stat main...HEAD",
		"git show --name-only HEAD~1", "git grep -n TODO -- '*.go'", "git rev-parse --abbrev-ref HEAD",
		"git blame -L 10,20 main.go", "git branch -a --sort=-committerdate"}
	actions := make([]Action, len(lines))
	for i, l := range lines {
		actions[i] = shellAction(l)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, a := range actions {
			Classify(a, Policy{})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/cmd")
}
