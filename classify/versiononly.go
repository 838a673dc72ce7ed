package classify

// noVersionOption are known tools whose manuals give no --version or
// --help and which read those words as something else, or which run the
// project's code (its scripts, boot files, engines or jars) before they
// print anything, so the rule that any known tool's --version only prints
// it does not hold for them. Each entry says what the word does instead.
var noVersionOption = map[string]string{
	"xte":       "xte(1), xautomation 1.09: getopt reads --version as -v -e -r -s and -i on, then reads commands to type from standard input",
	"wtype":     "wtype(1), wtype 0.4: every word is text to type or an option of its own; --help and --version are not among them",
	"osascript": "osascript(1), macOS 14: no version or help option; an operand is a script file to run",
	"manage.py": "a project's own Django script: even --version runs the project's code",
	"artisan":   "a project's own Laravel script: even --version boots the project's application",
	"rails":     "railties 7.0 (Rails::AppLoader): inside an application every command, -v, version and --help too, execs the project's bin/rails, which loads its Gemfile and config/boot.rb",
	"prisma":    "prisma --help, Prisma 4.16 to 6: -v and version run the query and schema engine binaries it finds in node_modules (or PRISMA_*_BINARY), and every command loads the project's .env and prisma.config.ts",
	"liquibase": "liquibase --help, Liquibase 4.17: its launcher puts ./liquibase_libs and the jars liquibase.properties names on the classpath, and loads them (picocli, service loaders) before it reads -v or --help",
}
