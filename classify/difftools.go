package classify

import "strings"

// The tables of the diff viewers. difft's lists every option of its
// clap parser (src/options.rs at the release); its --dump-* options parse
// a file and print its syntax tree. delta's lists every field of its clap
// parser (src/cli.rs at the release): --pager runs a program, --config
// reads a git config file, and --diff-args are passed to the git diff it
// runs on two files.
var (
	difftOpts = toolOpts{source: "difft --help (src/options.rs), difftastic 0.70.0", flags: "hV", tree: true,
		long:    "--exit-code --check-only --ignore-comments --skip-unchanged --list-languages --sort-paths",
		longVal: "--background --byte-limit --color --context --display --dump-syntax --dump-syntax-dot --dump-ts --graph-limit --override --override-binary --parse-error-limit --strip-cr --syntax-highlight --tab-width --width",
		reads:   "--dump-syntax --dump-syntax-dot --dump-ts"}
	deltaOpts = toolOpts{source: "delta --help (src/cli.rs), git-delta 0.19.2", flags: "nshV", vals: "@w",
		long: "--color-only --dark --diff-highlight --diff-so-fancy --hyperlinks --keep-plus-minus-markers --light --line-numbers --list-languages --list-syntax-themes " +
			"--navigate --no-gitconfig --parse-ansi --raw --relative-paths --show-colors --show-config --show-syntax-themes --show-themes --side-by-side",
		longVal: "--blame-code-style --blame-format --blame-palette --blame-separator-format --blame-separator-style --blame-timestamp-format --blame-timestamp-output-format " +
			"--config --commit-decoration-style --commit-regex --commit-style --default-language --detect-dark-light --diff-args --diff-stat-align-width --features " +
			"--file-added-label --file-copied-label --file-decoration-style --file-modified-label --file-removed-label --file-renamed-label --file-style --file-transformation " +
			"--generate-completion --grep-context-line-style --grep-file-style --grep-header-decoration-style --grep-header-file-style --grep-line-number-style " +
			"--grep-output-type --grep-match-line-style --grep-match-word-style --grep-separator-symbol --hunk-header-decoration-style --hunk-header-file-style " +
			"--hunk-header-line-number-style --hunk-header-style --hunk-label --hyperlinks-commit-link-format --hyperlinks-file-link-format --inline-hint-style " +
			"--inspect-raw-lines --line-buffer-size --line-fill-method --line-numbers-left-format --line-numbers-left-style --line-numbers-minus-style " +
			"--line-numbers-plus-style --line-numbers-right-format --line-numbers-right-style --line-numbers-zero-style --map-styles --max-line-distance " +
			"--max-syntax-highlighting-length --max-line-length --merge-conflict-begin-symbol --merge-conflict-end-symbol " +
			"--merge-conflict-ours-diff-header-decoration-style --merge-conflict-ours-diff-header-style --merge-conflict-theirs-diff-header-decoration-style " +
			"--merge-conflict-theirs-diff-header-style --minus-empty-line-marker-style --minus-emph-style --minus-non-emph-style --minus-style --navigate-regex " +
			"--pager --paging --plus-emph-style --plus-empty-line-marker-style --plus-non-emph-style --plus-style --right-arrow --syntax-theme --tabs --true-color " +
			"--whitespace-error-style --width --word-diff-regex --wrap-left-symbol --wrap-max-lines --wrap-right-percent --wrap-right-prefix-symbol --wrap-right-symbol " +
			"--zero-style --24-bit-color",
		reads: "--config", runs: "--pager"}
)

// delta shows a diff it reads on standard input; given two files it runs
// git diff --no-index on them, with --diff-args added, so those are
// judged as that git diff.
func delta(c *cmd) {
	flags, ops := c.judgeOpts(&deltaOpts)
	c.add(Safe, "compares files", "builtin:read-only")
	if has(flags, "--config") {
		// Its [delta] section can set any option, the pager too.
		c.add(Warning, "takes its settings, which can name a program to run, from a file the classifier does not read", "builtin:tool-program")
	}
	args := values(flags, "@", "--diff-args")
	if len(args) == 0 {
		c.readTrees(ops)
		return
	}
	inner := []field{lit("git"), lit("diff"), lit("--no-index")}
	for _, a := range args {
		if a.dyn {
			inner = append(inner, a)
			continue
		}
		for _, w := range strings.Fields(a.s) {
			inner = append(inner, lit(w))
		}
	}
	c.run(append(inner, ops...))
}
