package classify

import (
	"path"
	"strings"
)

// Git's option tables, one per subcommand that can be judged read-only,
// taken from the git 2.39.5 manual pages of Debian 12 (git-SUB(1), whose
// diff and revision options are the shared gitDiffOpts and gitRevOpts)
// and checked against each subcommand's `git SUB -h` (TestGitTablesMatchInstalledHelp).
// Where a page shows an option both with and without a value, git takes
// the value only glued (--abbrev=7, -M50%): such options are flags here,
// and the word after them is never taken for their value. Which options
// take the next word was also tried on git 2.39.5 (git SUB OPT --x:
// an "unknown option --x" says it does not); where in doubt, the option
// is a flag, so the next word is judged as an option or an operand. The options
// that read, write or run are the handler's (gitSub) or the table's
// reads/writes/lists; an option no table lists makes the command Warning
// "not modelled".

// gitSource names the manual every git table was taken from.
const gitSource = "git(1), git-SUB(1) and git SUB -h, git 2.39.5 (Debian 12)"

// gitPart is an option table of git, or a part several subcommands share.
type gitPart struct {
	toolOpts
	// optional lists the short options whose value is optional and glued
	// to the letter (-M50%, -uno, -U5): the letter alone is the option.
	optional string
	// shared are the parts the subcommand also takes (the diff options).
	shared []*gitPart
}

// gitDiffOpts are the diff options of git-diff(1), git-log(1) and the
// diff plumbing (Documentation/diff-options.txt).
var gitDiffOpts = gitPart{optional: "BCMUX", toolOpts: toolOpts{flags: "BCDMRUWXabpsuwz", vals: "GIOSl",
	long:    "--abbrev --binary --break-rewrites --check --color --color-moved --color-words --compact-summary --cumulative --dirstat --dirstat-by-file --ext-diff --find-copies --find-copies-harder --find-renames --full-index --function-context --histogram --ignore-all-space --ignore-blank-lines --ignore-cr-at-eol --ignore-space-at-eol --ignore-space-change --ignore-submodules --indent-heuristic --irreversible-delete --ita-invisible-in-index --minimal --name-only --name-status --no-color --no-color-moved --no-color-moved-ws --no-ext-diff --no-indent-heuristic --no-patch --no-prefix --no-relative --no-rename-empty --no-renames --no-textconv --numstat --patch --patch-with-raw --patch-with-stat --patience --pickaxe-all --pickaxe-regex --quiet --raw --relative --rename-empty --shortstat --stat --submodule --summary --text --textconv --unified --word-diff",
	longVal: "--anchored --color-moved-ws --diff-algorithm --diff-filter --dst-prefix --find-object --ignore-matching-lines --inter-hunk-context --line-prefix --output --output-indicator-context --output-indicator-new --output-indicator-old --rotate-to --skip-to --src-prefix --stat-count --stat-graph-width --stat-name-width --stat-width --word-diff-regex --ws-error-highlight"}}

// gitRevOpts are the revision options of git-log(1) and git-rev-list(1)
// (Documentation/rev-list-options.txt).
var gitRevOpts = gitPart{optional: "", toolOpts: toolOpts{flags: "0123456789EFPgi", vals: "n",
	long:    "--abbrev-commit --all --all-match --alternate-refs --ancestry-path --author-date-order --basic-regexp --bisect --boundary --branches --cherry --cherry-mark --cherry-pick --children --date-order --dense --do-walk --exclude-first-parent-only --expand-tabs --extended-regexp --first-parent --fixed-strings --format --full-history --graph --ignore-missing --invert-grep --left-only --left-right --max-parents --merge --merges --min-parents --no-abbrev-commit --no-expand-tabs --no-max-parents --no-merges --no-min-parents --no-walk --not --oneline --parents --perl-regexp --pretty --reflog --regexp-ignore-case --relative-date --remotes --remove-empty --reverse --right-only --show-linear-break --show-pulls --show-signature --simplify-by-decoration --simplify-merges --single-worktree --sparse --stdin --tags --topo-order --walk-reflogs",
	longVal: "--after --author --before --committer --date --encoding --exclude --exclude-hidden --glob --grep --grep-reflog --max-count --since --since-as-filter --skip --until"}}

// gitParts are the tables of the subcommands, as their manuals list them.
var gitParts = map[string]*gitPart{
	"apply": {optional: "", toolOpts: toolOpts{flags: "3NRqvz", vals: "Cp",
		long:    "--3way --allow-binary-replacement --allow-empty --allow-overlap --apply --binary --cached --check --ignore-space-change --ignore-whitespace --inaccurate-eof --index --intent-to-add --no-add --numstat --quiet --recount --reject --reverse --stat --summary --unidiff-zero --unsafe-paths --verbose",
		longVal: "--build-fake-ancestor --directory --exclude --include --whitespace"}},
	"archive": {optional: "", toolOpts: toolOpts{flags: "0123456789lv", vals: "o",
		long:    "--list --verbose --worktree-attributes",
		longVal: "--add-file --add-virtual-file --exec --format --output --prefix --remote"}},
	"blame": {optional: "CM", shared: []*gitPart{&gitRevOpts}, toolOpts: toolOpts{flags: "CMbcefhlnpstw", vals: "LS",
		long:    "--abbrev --color-by-age --color-lines --first-parent --incremental --line-porcelain --minimal --no-progress --porcelain --progress --reverse --root --score-debug --show-email --show-name --show-number --show-stats",
		longVal: "--contents --date --encoding --ignore-rev --ignore-revs-file"}},
	"branch": {optional: "", toolOpts: toolOpts{flags: "CDMacdfilmqrtv", vals: "u",
		long:    "--abbrev --all --color --column --copy --create-reflog --delete --edit-description --force --ignore-case --list --move --no-abbrev --no-color --no-column --no-track --quiet --recurse-submodules --remotes --set-upstream --show-current --track --unset-upstream --verbose",
		longVal: "--contains --format --merged --no-contains --no-merged --points-at --set-upstream-to --sort"}},
	"cat-file": {optional: "", toolOpts: toolOpts{flags: "epstz",
		long: "--allow-unknown-type --batch --batch-all-objects --batch-check --batch-command --buffer --filters --follow-symlinks --mailmap --no-mailmap --no-use-mailmap --path --textconv --unordered --use-mailmap"}},
	"check-attr": {optional: "", toolOpts: toolOpts{flags: "az",
		long: "--all --cached --stdin"}},
	"check-ignore": {optional: "", toolOpts: toolOpts{flags: "nqvz",
		long: "--no-index --non-matching --quiet --stdin --verbose"}},
	"check-mailmap": {optional: "", toolOpts: toolOpts{
		long: "--stdin"}},
	"check-ref-format": {optional: "", toolOpts: toolOpts{
		long: "--branch --allow-onelevel --no-allow-onelevel --normalize --refspec-pattern"}},
	"cherry": {optional: "", toolOpts: toolOpts{flags: "v",
		long: "--abbrev --verbose"}},
	"clean": {optional: "", toolOpts: toolOpts{flags: "Xdfinqx", vals: "e",
		long:    "--dry-run --force --interactive --quiet",
		longVal: "--exclude"}},
	"column": {optional: "", toolOpts: toolOpts{
		long:    "--mode",
		longVal: "--command --indent --nl --padding --raw-mode --width"}},
	"config": {optional: "", toolOpts: toolOpts{flags: "eltz", vals: "f",
		long:    "--add --bool --bool-or-int --bool-or-str --edit --expiry-date --fixed-value --get --get-all --get-color --get-colorbool --get-regexp --get-urlmatch --global --includes --int --list --local --name-only --no-includes --no-type --null --path --remove-section --rename-section --replace-all --show-origin --show-scope --system --type --unset --unset-all --worktree",
		longVal: "--blob --default --file"}},
	"count-objects": {optional: "", toolOpts: toolOpts{flags: "Hv",
		long: "--human-readable --verbose"}},
	"describe": {optional: "", toolOpts: toolOpts{
		long:    "--abbrev --all --always --broken --contains --debug --dirty --exact-match --first-parent --long --tags",
		longVal: "--candidates --exclude --match"}},
	"diff": {optional: "", shared: []*gitPart{&gitDiffOpts}, toolOpts: toolOpts{flags: "0123",
		long: "--cached --staged --merge-base --no-index --base --diff-merges --exit-code --follow --ita-visible-in-index --ours --theirs"}},
	"diff-files": {optional: "", shared: []*gitPart{&gitDiffOpts}, toolOpts: toolOpts{flags: "0123cq",
		long: "--base --cc --diff-merges --exit-code --ours --theirs"}},
	"diff-index": {optional: "", shared: []*gitPart{&gitDiffOpts}, toolOpts: toolOpts{flags: "m",
		long: "--cached --diff-merges --exit-code --merge-base"}},
	"diff-tree": {optional: "", shared: []*gitPart{&gitDiffOpts}, toolOpts: toolOpts{flags: "cmrtv",
		long:    "--abbrev-commit --always --cc --combined-all-paths --diff-merges --exit-code --expand-tabs --merge-base --no-abbrev-commit --no-commit-id --no-expand-tabs --no-notes --no-standard-notes --notes --oneline --pretty --root --show-notes --show-signature --standard-notes --stdin",
		longVal: "--encoding --format"}},
	"fmt-merge-msg": {optional: "", toolOpts: toolOpts{vals: "Fm",
		long:    "--log --no-log --no-summary --summary",
		longVal: "--file --into-name --message"}},
	"for-each-ref": {optional: "", toolOpts: toolOpts{flags: "ps",
		long:    "--color --ignore-case --perl --python --shell --tcl",
		longVal: "--contains --count --format --merged --no-contains --no-merged --points-at --sort"}},
	"format-patch": {optional: "BCMUX", toolOpts: toolOpts{flags: "0123456789BCDMNUWXabknpqsw", vals: "IOlov",
		long:    "--abbrev --always --attach --binary --break-rewrites --compact-summary --cover-letter --cumulative --dirstat --dirstat-by-file --encode-email-headers --ext-diff --find-copies --find-copies-harder --find-renames --force-in-body-from --from --full-index --function-context --histogram --ignore-all-space --ignore-blank-lines --ignore-cr-at-eol --ignore-if-in-upstream --ignore-space-at-eol --ignore-space-change --ignore-submodules --indent-heuristic --inline --irreversible-delete --ita-invisible-in-index --keep-subject --minimal --no-attach --no-base --no-binary --no-cover-letter --no-encode-email-headers --no-ext-diff --no-force-in-body-from --no-indent-heuristic --no-notes --no-numbered --no-prefix --no-relative --no-rename-empty --no-renames --no-signature --no-stat --no-textconv --no-thread --notes --numbered --numbered-files --numstat --patience --progress --quiet --relative --rename-empty --rfc --root --shortstat --signoff --stat --stdout --summary --text --textconv --thread --unified --zero-commit",
		longVal: "--add-header --anchored --base --cc --cover-from-description --creation-factor --diff-algorithm --dst-prefix --filename-max-length --ignore-matching-lines --in-reply-to --inter-hunk-context --interdiff --line-prefix --output --output-directory --output-indicator-context --output-indicator-new --output-indicator-old --range-diff --reroll-count --rotate-to --signature --signature-file --skip-to --src-prefix --start-number --stat-count --stat-graph-width --stat-name-width --stat-width --subject-prefix --suffix --to"}},
	"fsck": {optional: "", toolOpts: toolOpts{flags: "v",
		long: "--cache --connectivity-only --dangling --full --lost-found --name-objects --no-dangling --no-progress --no-reflogs --progress --reflogs --root --strict --tags --unreachable --verbose"}},
	"get-tar-commit-id": {optional: "", toolOpts: toolOpts{}},
	"grep": {optional: "O", toolOpts: toolOpts{flags: "0123456789EFGHILOPWachilnopqrvwz", vals: "ABCefm",
		long:    "--all-match --and --basic-regexp --break --cached --color --column --count --exclude-standard --ext-grep --extended-regexp --files-with-matches --files-without-match --fixed-strings --full-name --function-context --heading --ignore-case --invert-match --line-number --name-only --no-color --no-exclude-standard --no-index --no-recursive --no-textconv --not --null --only-matching --open-files-in-pager --or --perl-regexp --quiet --recurse-submodules --recursive --show-function --text --textconv --untracked --word-regexp",
		longVal: "--after-context --before-context --context --max-count --max-depth --threads"}},
	"hash-object": {optional: "", toolOpts: toolOpts{flags: "w", vals: "t",
		long:    "--literally --no-filters --stdin --stdin-paths",
		longVal: "--path"}},
	"help": {optional: "", toolOpts: toolOpts{flags: "acgimvw",
		long: "--parent-basename --aliases --all --config --developer-interfaces --external-commands --guides --info --man --no-aliases --no-external-commands --user-interfaces --verbose --web"}},
	"log": {optional: "", shared: []*gitPart{&gitDiffOpts, &gitRevOpts}, toolOpts: toolOpts{flags: "qt", vals: "L",
		long:    "--clear-decorations --combined-all-paths --decorate --follow --full-diff --log-size --mailmap --no-decorate --no-diff-merges --no-mailmap --no-notes --no-standard-notes --no-use-mailmap --notes --show-notes --source --standard-notes --use-mailmap",
		longVal: "--decorate-refs --decorate-refs-exclude --diff-merges"}},
	"ls-files": {optional: "", toolOpts: toolOpts{flags: "cdfikmostuvz", vals: "Xx",
		long:    "--abbrev --cached --debug --deduplicate --deleted --directory --empty-directory --eol --error-unmatch --exclude-standard --full-name --ignored --killed --modified --no-empty-directory --others --recurse-submodules --resolve-undo --sparse --stage --unmerged",
		longVal: "--exclude --exclude-from --exclude-per-directory --format --with-tree"}},
	"ls-tree": {optional: "", toolOpts: toolOpts{flags: "dlrtz",
		long:    "--abbrev --full-name --full-tree --long --name-only --name-status --object-only",
		longVal: "--format"}},
	"merge-base": {optional: "", toolOpts: toolOpts{flags: "a",
		long: "--all --fork-point --independent --is-ancestor --octopus"}},
	"merge-tree": {optional: "", toolOpts: toolOpts{flags: "z",
		long: "--allow-unrelated-histories --messages --name-only --no-messages --stdin --trivial-merge --write-tree"}},
	"name-rev": {optional: "", toolOpts: toolOpts{
		long:    "--all --always --annotate-stdin --name-only --no-undefined --stdin --tags --undefined",
		longVal: "--exclude --refs"}},
	"patch-id": {optional: "", toolOpts: toolOpts{
		long: "--stable --unstable --verbatim"}},
	"range-diff": {optional: "", shared: []*gitPart{&gitDiffOpts}, toolOpts: toolOpts{
		long:    "--exit-code --follow --ita-visible-in-index --left-only --no-dual-color --no-notes --notes --right-only",
		longVal: "--creation-factor"}},
	"request-pull": {optional: "", toolOpts: toolOpts{flags: "p"}},
	"rev-list": {optional: "", shared: []*gitPart{&gitRevOpts}, toolOpts: toolOpts{
		long:    "--abbrev --bisect-all --bisect-vars --commit-header --count --disk-usage --exclude-promisor-objects --filter --filter-print-omitted --filter-provided-objects --header --in-commit-order --indexed-objects --missing --no-abbrev --no-commit-header --no-filter --no-object-names --object-names --objects --objects-edge --objects-edge-aggressive --progress --quiet --timestamp --unpacked --use-bitmap-index",
		longVal: "--max-age --min-age"}},
	"rev-parse": {optional: "", toolOpts: toolOpts{flags: "q",
		long:    "--abbrev-ref --absolute-git-dir --all --branches --flags --git-common-dir --git-dir --is-bare-repository --is-inside-git-dir --is-inside-work-tree --is-shallow-repository --keep-dashdash --local-env-vars --no-flags --no-revs --not --parseopt --quiet --remotes --revs-only --shared-index-path --short --show-cdup --show-object-format --show-prefix --show-superproject-working-tree --show-toplevel --sq --sq-quote --stop-at-non-option --stuck-long --symbolic --symbolic-full-name --tags --verify",
		longVal: "--after --before --default --disambiguate --exclude --exclude-hidden --git-path --glob --path-format --prefix --resolve-git-dir --since --until"}},
	"rm": {optional: "", toolOpts: toolOpts{flags: "fnqr",
		long:    "--cached --dry-run --force --ignore-unmatch --pathspec-file-nul --quiet --sparse",
		longVal: "--pathspec-from-file"}},
	"shortlog": {optional: "w", toolOpts: toolOpts{flags: "0123456789EFPceginsw",
		long:    "--all --all-match --alternate-refs --ancestry-path --basic-regexp --bisect --boundary --branches --cherry --cherry-mark --cherry-pick --committer --dense --email --exclude-first-parent-only --extended-regexp --first-parent --fixed-strings --format --full-history --ignore-missing --invert-grep --left-only --merge --merges --no-max-parents --no-merges --no-min-parents --not --numbered --perl-regexp --reflog --regexp-ignore-case --remotes --remove-empty --right-only --show-pulls --simplify-by-decoration --simplify-merges --single-worktree --sparse --stdin --summary --tags --walk-reflogs",
		longVal: "--after --author --before --date --exclude --exclude-hidden --glob --grep --grep-reflog --group --max-count --max-parents --min-parents --since --since-as-filter --skip --until"}},
	"show": {optional: "", shared: []*gitPart{&gitDiffOpts, &gitRevOpts}, toolOpts: toolOpts{flags: "qt", vals: "L",
		long:    "--abbrev-commit --clear-decorations --combined-all-paths --decorate --expand-tabs --format --mailmap --no-abbrev-commit --no-diff-merges --no-expand-tabs --no-notes --no-standard-notes --notes --oneline --pretty --show-notes --show-signature --source --standard-notes --use-mailmap",
		longVal: "--decorate-refs --decorate-refs-exclude --diff-merges --encoding"}},
	"show-branch": {optional: "", toolOpts: toolOpts{flags: "agr",
		long: "--pretty --all --color --current --date-order --independent --list --merge-base --more --no-color --no-name --reflog --remotes --sha1-name --sparse --topics --topo-order"}},
	"show-index": {optional: "", toolOpts: toolOpts{
		longVal: "--object-format"}},
	"show-ref": {optional: "", toolOpts: toolOpts{flags: "dqs",
		long: "--abbrev --dereference --exclude-existing --hash --head --heads --quiet --tags --verify"}},
	"status": {optional: "Mu", toolOpts: toolOpts{flags: "Mbsuvz",
		long: "--ahead-behind --branch --column --find-renames --ignore-submodules --ignored --long --no-ahead-behind --no-column --no-renames --null --porcelain --renames --short --show-stash --summary-limit --untracked-files --verbose"}},
	"stripspace": {optional: "", toolOpts: toolOpts{flags: "cs",
		long: "--comment-lines --strip-comments"}},
	"tag": {optional: "n", toolOpts: toolOpts{flags: "adefilnsv", vals: "Fmu",
		long:    "--annotate --color --column --create-reflog --delete --edit --force --ignore-case --list --no-column --no-sign --sign --verify",
		longVal: "--cleanup --contains --file --format --local-user --merged --message --no-contains --no-merged --points-at --sort"}},
	"var": {optional: "", toolOpts: toolOpts{flags: "l"}},
	"verify-commit": {optional: "", toolOpts: toolOpts{flags: "v",
		long: "--raw --verbose"}},
	"verify-pack": {optional: "", toolOpts: toolOpts{flags: "sv",
		long:    "--stat-only --verbose",
		longVal: "--object-format"}},
	"verify-tag": {optional: "", toolOpts: toolOpts{flags: "v",
		long:    "--raw --verbose",
		longVal: "--format"}},
	"version": {optional: "", toolOpts: toolOpts{
		long: "--build-options"}},

	// git rebase is safe only as --show-current-patch; its table closes that form.
	"rebase": {optional: "Sr", toolOpts: toolOpts{flags: "qvnfmiSr", vals: "CxsX",
		long:    "--keep-base --no-verify --verify --quiet --verbose --no-stat --stat --signoff --committer-date-is-author-date --reset-author-date --ignore-whitespace --force-rebase --no-ff --continue --skip --abort --quit --edit-todo --show-current-patch --apply --merge --interactive --rerere-autoupdate --autosquash --update-refs --gpg-sign --autostash --rebase-merges --fork-point --root --reschedule-failed-exec --reapply-cherry-picks --allow-empty-message --ignore-date --keep-empty",
		longVal: "--onto --whitespace --empty --exec --strategy --strategy-option"}},

	// Subcommands with verbs: the table of the verbs that only read,
	// keyed "SUB VERB" ("SUB" alone for none), each with the options
	// git-SUB(1) gives that verb.
	"remote":            {toolOpts: toolOpts{flags: "v", long: "--verbose"}},
	"remote get-url":    {toolOpts: toolOpts{long: "--push --all"}},
	"stash list":        {shared: []*gitPart{&gitDiffOpts, &gitRevOpts}, toolOpts: toolOpts{}},
	"stash show":        {shared: []*gitPart{&gitDiffOpts}, toolOpts: toolOpts{flags: "u", long: "--include-untracked --only-untracked --no-include-untracked"}},
	"reflog show":       {shared: []*gitPart{&gitDiffOpts, &gitRevOpts}, toolOpts: toolOpts{}},
	"reflog exists":     {toolOpts: toolOpts{}},
	"worktree":          {toolOpts: toolOpts{}},
	"worktree list":     {toolOpts: toolOpts{flags: "vz", long: "--verbose --porcelain"}},
	"submodule status":  {toolOpts: toolOpts{flags: "q", long: "--quiet --cached --recursive"}},
	"submodule summary": {toolOpts: toolOpts{flags: "q", vals: "n", long: "--quiet --cached --files", longVal: "--summary-limit"}},
	"bisect log":        {toolOpts: toolOpts{}},
	"bundle verify":     {toolOpts: toolOpts{flags: "q", long: "--quiet"}},
	"bundle list-heads": {toolOpts: toolOpts{}},
	// git-lfs is a program of its own: git-lfs 3.3.0 (Debian 12), git lfs help VERB.
	"lfs":          {toolOpts: toolOpts{}},
	"lfs ls-files": {toolOpts: toolOpts{flags: "lsdaIXn", long: "--long --size --debug --all --deleted --name-only", longVal: "--include --exclude"}},
	"lfs status":   {toolOpts: toolOpts{long: "--porcelain --json"}},
	"lfs env":      {toolOpts: toolOpts{}},
	"lfs version":  {toolOpts: toolOpts{}},
	"lfs track":    {toolOpts: toolOpts{flags: "vdl", long: "--verbose --dry-run --filename --lockable --not-lockable --no-excluded --no-modify-attrs"}},
}

// gitSameParts are the subcommands that take another's options, and
// whose table is built from that one's parts: git annotate is blame with
// another output, whatchanged is log, and git reflog and git submodule
// alone run their show and status.
var gitSameParts = map[string]string{"annotate": "blame", "whatchanged": "log", "reflog": "reflog show", "submodule": "submodule status"}

// gitFileOpts are the options of each table whose value is a file: read,
// a list of files, or written. The diff options' are gitDiffOpts'.
var gitFileOpts = map[string]toolOpts{
	"diff options":  {reads: "-O", writes: "--output"},
	"blame":         {reads: "--contents --ignore-revs-file -S"},
	"grep":          {reads: "-f"},
	"ls-files":      {reads: "-X --exclude-from --exclude-per-directory"},
	"fmt-merge-msg": {reads: "-F --file"},
	"format-patch":  {reads: "-O --signature-file", writes: "-o --output-directory --output"},
	"archive":       {reads: "--add-file", writes: "-o --output"},
	"tag":           {reads: "-F --file"},
	"config":        {reads: "-f --file"},
	"rm":            {lists: "--pathspec-from-file"},
	"apply":         {writes: "--build-fake-ancestor"},
}

// gitTable is a subcommand's whole table: its own options and the parts
// it shares, merged.
type gitTable struct {
	opts     toolOpts
	optional string
}

// gitTables are the merged tables, keyed like gitParts.
var gitTables = map[string]*gitTable{}

func init() { atFirstUse(buildGitTables) }

// buildGitTables merges each subcommand's parts into its table.
func buildGitTables() {
	gitDiffOpts.toolOpts.reads = gitFileOpts["diff options"].reads
	gitDiffOpts.toolOpts.writes = gitFileOpts["diff options"].writes
	for key := range gitParts {
		gitTables[key] = newGitTable(key, key)
	}
	for key, same := range gitSameParts {
		gitTables[key] = newGitTable(key, same)
	}
}

// newGitTable builds the table of the subcommand key from the parts and
// file options of the subcommand parts (key itself, or the one whose
// options it takes).
func newGitTable(key, parts string) *gitTable {
	source := strings.ReplaceAll(gitSource, "SUB", key)
	if verb, ok := strings.CutPrefix(key, "lfs "); ok || key == "lfs" {
		source = "git lfs help " + verb + ", git-lfs 3.3.0 (Debian 12)"
	}
	t := &gitTable{opts: toolOpts{source: source}}
	p := gitParts[parts]
	for _, part := range append(append([]*gitPart{}, p.shared...), p) {
		t.add(part)
	}
	files := gitFileOpts[parts]
	t.opts.reads = join(t.opts.reads, files.reads)
	t.opts.lists = join(t.opts.lists, files.lists)
	t.opts.writes = join(t.opts.writes, files.writes)
	t.close()
	return t
}

// add merges a part into the table.
func (t *gitTable) add(p *gitPart) {
	t.opts.merge(&p.toolOpts)
	t.optional += p.optional
}

// close finishes a merged table: git's parse-options takes --no-NAME for
// every long option (and NAME for an option named no-NAME), -h prints
// the usage, and an option one part lists with a value and another
// without is taken without one, so that no word is hidden as its value.
func (t *gitTable) close() {
	o := &t.opts
	o.flags += "h"
	longs := strings.Fields(o.long + " " + o.longVal)
	flagSet := map[string]bool{}
	for _, l := range strings.Fields(o.long) {
		flagSet[l] = true
	}
	var extra []string
	for _, l := range longs {
		if rest, ok := strings.CutPrefix(l, "--no-"); ok {
			extra = append(extra, "--"+rest)
		} else {
			extra = append(extra, "--no-"+strings.TrimPrefix(l, "--"))
		}
	}
	var vals []string
	for _, l := range strings.Fields(o.longVal) {
		if !flagSet[l] {
			vals = append(vals, l)
		}
	}
	o.longVal = strings.Join(vals, " ")
	o.long = join(o.long, strings.Join(extra, " "))
	v := ""
	for _, r := range o.vals {
		if !strings.ContainsRune(o.flags, r) && !strings.ContainsRune(t.optional, r) {
			v += string(r)
		}
	}
	o.vals = v
	o.spec()
}

// gitTableFor finds the table of a subcommand and, for the subcommands
// with verbs, of its verb (the first operand).
func gitTableFor(sub string, rest []field) (*gitTable, string) {
	switch sub {
	case "remote", "stash", "reflog", "worktree", "submodule", "bisect", "bundle", "lfs":
		verb := ""
		for _, a := range rest {
			if a.s == "--" {
				break
			}
			if !strings.HasPrefix(a.s, "-") || a.dyn {
				verb = a.s
				break
			}
		}
		key := sub
		if verb != "" {
			key += " " + verb
		}
		if t, ok := gitTables[key]; ok {
			return t, key
		}
		if sub == "reflog" && verb != "" && verb != "expire" && verb != "delete" && verb != "drop" {
			// git reflog REF is git reflog show REF.
			return gitTables["reflog"], "reflog"
		}
		return nil, key
	}
	return gitTables[sub], sub
}

// gitJudgeTable judges a subcommand's words by its table: an option the
// table does not list is not modelled, and the files its options name
// are judged by the path rules.
func (c *cmd) gitJudgeTable(t *gitTable, rest []field) {
	words := make([]field, 0, len(rest))
	for i, a := range rest {
		if a.s == "--" && !a.dyn {
			words = append(words, rest[i:]...)
			break
		}
		words = append(words, gitGlued(a, t))
	}
	c.judgeArgs(words, &t.opts)
}

// gitGlued cuts the glued value of an option whose value is optional
// (-M50% is -M, -uno is -u): the letters after it are not options.
func gitGlued(a field, t *gitTable) field {
	s := a.s
	if a.dyn || len(s) < 3 || s[0] != '-' || s[1] == '-' || t.optional == "" {
		return a
	}
	for j := 1; j < len(s); j++ {
		if strings.IndexByte(t.opts.vals, s[j]) >= 0 {
			return a
		}
		if strings.IndexByte(t.optional, s[j]) >= 0 {
			a.s = s[:j+1]
			return a
		}
	}
	return a
}

// gitGlobalFlags are the options git(1) takes before the subcommand
// that take no value and change nothing that runs; -c, -C, --git-dir,
// --work-tree, --exec-path, --namespace, --super-prefix, --config-env,
// -p and the version and help options are gitCmd's own cases.
var gitGlobalFlags = map[string]bool{
	"-P": true, "--no-pager": true, "--bare": true, "--no-replace-objects": true,
	"--literal-pathspecs": true, "--glob-pathspecs": true, "--noglob-pathspecs": true,
	"--icase-pathspecs": true, "--no-optional-locks": true,
}

// gitDashed judges git-grep, git's grep by its dashed name, as git grep.
func gitDashed(c *cmd) {
	c.withArgs(append([]field{lit(strings.TrimPrefix(c.name, "git-"))}, c.rest()...), gitCmd)
}

// gitOutsidePaths are the operands of a reading subcommand that name a
// path above the current directory or from the root: git refuses those
// outside its work tree, but the work tree may reach above the project
// (a project in a subdirectory of a larger repository), and then git
// reads them. Each is cleaned first (./../x and sub/../../x are ../x).
// Ranges such as ..main are not paths. The last paths operands are those
// after "--", which are never revisions.
func (c *cmd) gitOutsidePaths(ops []field, paths int) []field {
	var out []field
	for i, op := range ops {
		if op.dyn {
			continue
		}
		if gitMessageSearch(op.s) && i < len(ops)-paths {
			// :/TEXT before "--" is the youngest commit whose
			// message matches TEXT, which git tries first.
			continue
		}
		if p, ok := c.gitPathspec(op.s); ok {
			op.s = p
			out = append(out, op)
		}
	}
	return out
}

// gitPathspec reports whether the operand s names a path outside the
// current directory's project, and the path to judge for it:
//   - REV:./path and REV:../path name a path relative to the current
//     directory, cleaned (HEAD:./sub/../../x is ../x);
//   - pathspec magic for the top of the work tree (:/x, :(top)x) names
//     a path below the work tree's top, which the classifier cannot
//     place: it may lie above the project root, so it stands for the
//     directory above the root (an exclusion, :!x or :(exclude)x, reads
//     nothing; :/TEXT before "--" is left to gitOutsidePaths);
//   - otherwise a path that cleans to .. or below it, or starts at / or ~.
func (c *cmd) gitPathspec(s string) (string, bool) {
	if strings.HasPrefix(s, ":") {
		top, exclude, rest := gitPathspecMagic(s)
		switch {
		case exclude:
			return "", false
		case top:
			if c.wk.pl.root == "" || c.wk.pl.root == "/" {
				return path.Join("..", rest), true
			}
			return path.Join(path.Dir(c.wk.pl.root), rest), true
		}
		s = rest
	}
	for i := 0; i < len(s); i++ {
		// REV:path, where the path starts with ./ or ../.
		if s[i] != ':' {
			continue
		}
		p := s[i+1:]
		if p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
			if cl := path.Clean(p); cl == ".." || strings.HasPrefix(cl, "../") {
				return cl, true
			}
			return "", false
		}
	}
	if strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") {
		return s, true
	}
	if cl := path.Clean(s); cl == ".." || strings.HasPrefix(cl, "../") {
		return cl, true
	}
	return "", false
}

// gitMessageSearch reports whether s may be the revision :/TEXT (the
// youngest commit whose message matches TEXT): :/ alone is not one.
func gitMessageSearch(s string) bool {
	text, ok := strings.CutPrefix(s, ":/")
	return ok && text != ""
}

// gitPathspecMagic reads the magic of a pathspec starting with ":"
// (gitglossary(7)): the short form :/!^ with an optional closing colon,
// or the long form :(top,exclude,...). It reports whether the pathspec is
// relative to the top of the work tree, whether it excludes, and the
// pattern after the magic.
func gitPathspecMagic(s string) (top, exclude bool, rest string) {
	s = s[1:]
	if body, ok := strings.CutPrefix(s, "("); ok {
		magic, pat, found := strings.Cut(body, ")")
		if !found {
			return false, false, s
		}
		for w := range strings.SplitSeq(magic, ",") {
			switch strings.TrimSpace(w) {
			case "top":
				top = true
			case "exclude":
				exclude = true
			}
		}
		return top, exclude, pat
	}
	for len(s) > 0 {
		switch s[0] {
		case '/':
			top = true
		case '!', '^':
			exclude = true
		case ':':
			return top, exclude, s[1:]
		default:
			return top, exclude, s
		}
		s = s[1:]
	}
	return top, exclude, s
}

// gitReadsWorkTree are the reading subcommands that print the contents of
// the work tree's files.
var gitReadsWorkTree = map[string]bool{"grep": true, "diff": true, "diff-files": true, "diff-index": true, "blame": true, "annotate": true}
