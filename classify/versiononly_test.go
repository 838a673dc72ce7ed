package classify

import (
	"context"
	"os/exec"
	"regexp"
	"slices"
	"testing"
	"time"
)

// The migration and framework tools (dataTool) and the tools that drive
// windows and terminals (inputDriver) are safe only with a version or
// help word their own manual gives (versionFlags): the same word means
// something else to another tool, so none is accepted for all of them.
func TestVersionWordsAreEachToolsOwn(t *testing.T) {
	checkLevels(t, []levelCase{
		// Words that are not a version flag to this tool.
		{"mongorestore version", Warning}, // restores the directory "version" into a database
		{"mongorestore -h", Warning},      // -h is --host
		{"mongorestore -h db.example.com dump/", Warning},
		{"osascript version", Dangerous},   // runs the AppleScript file "version"
		{"osascript --version", Dangerous}, // osascript has no such option
		{"pg_restore version", Warning},    // reads the archive file "version" into a database
		{"pg_restore -h", Warning},         // -h is --host
		{"goose version", Warning},         // asks the database for its version
		{"migrate version", Warning},       // asks the database for its migration version
		{"sequelize version", Warning},     // not a sequelize-cli command
		{"reptyr -V", Dangerous},           // -V is verbose, and reptyr needs a process
		{"conspy -v", Dangerous},           // -v is --viewonly
		{"xte --version", Dangerous},       // getopt letters, then commands from stdin
		{"wtype --help", Dangerous},        // wtype has no such option
		{"wtype version", Dangerous},       // types the word
		{"abduco -h", Dangerous},           // not documented
		{"dtach -h", Dangerous},            // "Invalid mode"
		{"manage.py --version", Warning},   // the project's own script
		{"artisan --version", Warning},     // boots the project's application
		{"rails -v", Warning},              // execs the project's bin/rails (Gemfile, config/boot.rb)
		{"rails version", Warning}, {"rails -h", Warning}, {"rails help", Warning}, {"rails --version", Warning},
		{"prisma -v", Warning}, // runs the engine binaries in node_modules
		{"prisma version", Warning}, {"prisma --version", Warning}, {"prisma -h", Warning},
		{"liquibase -v", Warning}, // loads the jars in ./liquibase_libs
		{"liquibase --version", Warning}, {"liquibase -h", Warning},
		{"kitty version", Dangerous}, // kitty runs the program "version"
		// The documented forms print and exit.
		{"mongorestore --version", Safe}, {"pg_restore -V", Safe}, {"pg_restore -?", Safe}, {"pg_restore --help", Safe},
		{"goose -version", Safe}, {"goose --version", Safe}, {"migrate -version", Safe}, {"migrate -help", Safe},
		{"rake -V", Safe}, {"rake -H", Safe}, {"knex -V", Safe}, {"knex help", Safe},
		{"typeorm version", Safe}, {"flyway -v", Safe}, {"flyway -?", Safe}, {"diesel -V", Safe},
		{"sqlx help", Safe}, {"dbmate -v", Safe}, {"supabase help", Safe}, {"atlas version", Safe},
		{"alembic -h", Safe}, {"alembic --version", Safe}, {"drizzle-kit --version", Safe}, {"sqitch --version", Safe},
		{"kitty -v", Safe}, {"kitty --version", Safe}, {"wezterm -V", Safe}, {"wezterm help", Safe}, {"xdotool version", Safe},
		{"xdotool -v", Safe}, {"xdotool help", Safe}, {"ydotool help", Safe}, {"reptyr -v", Safe}, {"reptyr -h", Safe},
		{"conspy -V", Safe}, {"abduco -v", Safe}, {"cliclick -V", Safe}, {"dtach --version", Safe},
		// A version word is safe only alone.
		{"xdotool version type id", Dangerous}, {"rails version db:drop", Dangerous}, {"prisma version --frobnicate", Warning},
		{"goose -version up", Warning}, {"kitty -v sh", Dangerous},
	})
}

// Every name of the two handlers: a word outside its versionFlags is not
// safe, whatever other tools read it as.
func TestNoVersionWordIsSharedByDataAndInputTools(t *testing.T) {
	names := []string{"knex", "rails", "rake", "sequelize", "sequelize-cli", "typeorm", "alembic", "flyway",
		"liquibase", "diesel", "sqlx", "dbmate", "goose", "migrate", "prisma", "supabase", "drizzle-kit",
		"atlas", "sqitch", "mikro-orm", "artisan", "manage.py", "mongorestore", "pg_restore",
		"kitty", "kitten", "wezterm", "xdotool", "ydotool", "wtype", "abduco", "dtach", "reptyr", "conspy", "osascript", "xte", "cliclick"}
	words := []string{"version", "help", "-v", "-V", "-h", "-?", "-version", "-help", "--version", "--help"}
	for _, n := range names {
		for _, w := range words {
			documented := slices.Contains(versionFlags[n], w) || slices.Contains(versionFlags[""], w) && noVersionOption[n] == ""
			got := Classify(shellAction(n+" "+w), Policy{}).Level
			if (got == Safe) != documented {
				t.Errorf("Classify(%q) = %v; documented as a version or help word: %v", n+" "+w, got, documented)
			}
		}
	}
}

// TestVersionWordsMatchInstalledTools runs each documented version or
// help word of the tools installed here and checks that it prints a
// version or usage, so a word that means something else to the installed
// tool (reptyr -V is verbose, conspy -v is view-only) cannot hide in
// versionFlags. A tool that is not installed is skipped, saying so.
func TestVersionWordsMatchInstalledTools(t *testing.T) {
	t.Parallel()
	// xdotool's version and help words open the X display first
	// (xdotool 3.20160805.1); without one they only fail.
	needsDisplay := map[string]bool{"xdotool version": true, "xdotool help": true}
	// ydotool 0.1.8 prints its usage and exits 1.
	exitsOne := map[string]bool{"ydotool -h": true, "ydotool help": true}
	prints := regexp.MustCompile(`(?i)version|usage|commands|\d+\.\d+`)
	for _, name := range []string{"xdotool", "ydotool", "reptyr", "conspy", "dtach", "pg_restore", "mongorestore", "kitty", "rake", "alembic"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(name)
			if err != nil {
				t.Skipf("%s is not installed here, so its version words are not checked", name)
			}
			for _, w := range versionFlags[name] {
				if needsDisplay[name+" "+w] {
					continue
				}
				ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
				cmd := exec.CommandContext(ctx, bin, w)
				cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin", "HOME=" + t.TempDir()}
				out, err := cmd.CombinedOutput()
				cancel()
				if !prints.Match(out) || err != nil && !exitsOne[name+" "+w] {
					t.Errorf("%s %s printed %q (%v), not a version or usage", name, w, firstLine(string(out)), err)
				}
			}
		})
	}
}
