package classify

// noVersionOption are known tools whose manuals give no --version or
// --help and which read those words as something else, so the rule that
// any known tool's --version only prints it does not hold for them. Each
// entry says what the word does instead.
var noVersionOption = map[string]string{
	"xte":       "xte(1), xautomation 1.09: getopt reads --version as -v -e -r -s and -i on, then reads commands to type from standard input",
	"wtype":     "wtype(1), wtype 0.4: every word is text to type or an option of its own; --help and --version are not among them",
	"osascript": "osascript(1), macOS 14: no version or help option; an operand is a script file to run",
	"manage.py": "a project's own Django script: even --version runs the project's code",
	"artisan":   "a project's own Laravel script: even --version boots the project's application",
}
