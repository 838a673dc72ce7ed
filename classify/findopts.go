package classify

// findSource is where find's expression words come from.
const findSource = "find --help and find(1), GNU findutils 4.9.0"

// findWords are find's expression words by the number of arguments they
// take (-exec and its kin run to ";" or "+"); a word not listed is not
// modelled. -newerXY is matched by its shape.
var findWords = map[string]int{
	// Options.
	"-d": 0, "-depth": 0, "-help": 0, "--help": 0, "-ignore_readdir_race": 0, "-mount": 0, "-noignore_readdir_race": 0,
	"-noleaf": 0, "-version": 0, "--version": 0, "-xdev": 0, "-follow": 0, "-warn": 0, "-nowarn": 0, "-daystart": 0,
	"-maxdepth": 1, "-mindepth": 1, "-regextype": 1, "-files0-from": 1,
	// Tests.
	"-empty": 0, "-executable": 0, "-false": 0, "-nogroup": 0, "-nouser": 0, "-readable": 0, "-true": 0, "-writable": 0,
	"-amin": 1, "-anewer": 1, "-atime": 1, "-cmin": 1, "-cnewer": 1, "-context": 1, "-ctime": 1, "-fstype": 1, "-gid": 1,
	"-group": 1, "-ilname": 1, "-iname": 1, "-inum": 1, "-ipath": 1, "-iregex": 1, "-iwholename": 1, "-links": 1,
	"-lname": 1, "-mmin": 1, "-mtime": 1, "-name": 1, "-newer": 1, "-path": 1, "-perm": 1, "-regex": 1, "-samefile": 1,
	"-size": 1, "-type": 1, "-uid": 1, "-used": 1, "-user": 1, "-wholename": 1, "-xtype": 1,
	// Actions.
	"-delete": 0, "-ls": 0, "-print": 0, "-print0": 0, "-prune": 0, "-quit": 0, "-printf": 1,
	"-fls": 1, "-fprint": 1, "-fprint0": 1, "-fprintf": 2,
	// Operators.
	"(": 0, ")": 0, "!": 0, ",": 0, "-not": 0, "-a": 0, "-and": 0, "-o": 0, "-or": 0,
}

// findNewer matches -newerXY (X the file's time, Y the reference's), which
// takes a file or, with Y = t, a date.
var findNewer = lazyRegexp(`^-newer[aBcm][aBcmt]$`)

// fdOpts is fd's table (fd --help, fd 8.6.0, Debian fd-find 8.6.0, with
// the aliases its help names). -x and -X take the rest of the command
// line up to ";", and fd cuts them out before parsing.
var fdOpts = toolOpts{source: "fdfind --help, fd 8.6.0 (Debian fd-find)", flags: "HIusigFalLp0q1hVxX", vals: "dEteSojc",
	long: "--hidden --no-ignore --no-ignore-vcs --no-ignore-parent --unrestricted --case-sensitive --ignore-case --glob --regex --fixed-strings " +
		"--absolute-path --list-details --follow --full-path --print0 --prune --quiet --show-errors --strip-cwd-prefix --one-file-system --exec --exec-batch",
	longVal: "--and --max-depth --min-depth --exact-depth --exclude --type --extension --size --changed-within --change-newer-than --newer " +
		"--changed-after --changed-before --change-older-than --older --owner --batch-size --ignore-file --color --threads --max-results " +
		"--base-directory --path-separator --search-path"}
