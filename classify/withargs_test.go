package classify

import "testing"

// A handler that judges part of its line as another tool would (the
// words after docker's global options as docker's, yarn's command as
// npm's, cargo's line without +toolchain) gives the command its own words
// back when it is done: the user's rules are matched against the line as
// written, not against the words the handler judged.
func TestJudgingWordsAsAnotherToolKeepsTheLineForRules(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"docker -H tcp://build:2375 run alpine",        // dockerTabled's docker judgement
		"nerdctl --namespace k8s run alpine",           // containerCLI's docker judgement
		"podman --root /tmp/p run alpine",              // containerCLI's docker judgement
		"yarn --offline add left-pad",                  // yarn's npm judgement
		"pnpm -dd --global add left-pad",               // pnpm's expanded line and npm judgement
		"bun --silent add left-pad",                    // bun's npm judgement
		"npm -dd install left-pad",                     // npm's expanded line
		"git-grep -n TODO",                             // git grep's judgement
		"cargo +nightly build --release",               // cargo without its toolchain
		"rustup +beta toolchain install nightly",       // rustup without its toolchain
		"autopep8 --line-range 1 9 --in-place main.py", // autopep8 without its line numbers
		"cargo +nightly nextest run --workspace",       // nextest's words from cargo
	} {
		t.Run(line, func(t *testing.T) {
			t.Parallel()
			p := Policy{Rules: []Rule{{Command: line, Level: Blocked}}}
			v := Classify(shellAction(line), p)
			if v.Level != Blocked || v.Rule != "user:"+line {
				t.Errorf("Classify(%q) with a rule for the whole line = %v by %q, want %v by %q\nreasons: %q", line, v.Level, v.Rule, Blocked, "user:"+line, v.Reasons)
			}
		})
	}
}
