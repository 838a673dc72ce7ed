package classify

import "testing"

// The information printers were one list that ignored its arguments:
// each now has its manual's options, and an option not in it is warning.
func TestInformationPrintersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"uname -a", Safe}, {"uname -srm", Safe}, {"id -un", Safe}, {"whoami", Safe}, {"nproc --all", Safe},
		{"seq 10 -1 1", Safe}, {"seq -w 1 10", Safe}, {"expr -5 + 1", Safe}, {"tr -d '\\r'", Safe},
		{"readlink -f build/out", Safe}, {"realpath --relative-to=. src", Safe}, {"free -h", Safe},
		{"vmstat 1 3", Safe}, {"lsblk -f", Safe}, {"findmnt -T .", Safe}, {"pgrep -fl node", Safe},
		{"lsof -i :8080", Safe}, {"lsof -t -i tcp:3000", Safe}, {"tput cols", Safe}, {"locale -a", Safe},
		{"who am i", Safe}, {"last -n 5", Safe}, {"getconf PAGESIZE", Safe}, {"type -a go", Safe},
		{"jobs -l", Safe}, {"uptime -p", Safe}, {"cal -3", Safe}, {"sleep 1", Safe}, {"hostname -I", Safe},
		{"sw_vers -productVersion", Safe},
		{"uname --frobnicate", Warning}, {"id --bogus", Warning}, {"tput -Z", Warning}, {"lsof -Y", Warning},
		{"free --bogus", Warning}, {"sleep --bogus 1", Warning}, {"sw_vers -bogus", Warning}, {"seq --bogus 3", Warning},
		{"hostname NEWNAME", Dangerous}, {"hostname -b new", Dangerous}, {"hostname --file /tmp/h", Dangerous},
		{"date -s '2020-01-01'", Dangerous},
		// Files their options or operands read go through the path rules.
		{"who ~/.ssh/id_rsa", Blocked}, {"users ~/.aws/credentials", Blocked}, {"last -f ~/.netrc", Blocked},
		{"findmnt -F ~/.ssh/id_rsa", Blocked}, {"pgrep -F ~/.ssh/id_rsa", Blocked}, {"lscpu -s ~/.ssh", Blocked},
		// jobs -x runs its command.
		{"jobs -x rm -rf ~", Blocked}, {"jobs -x cat ~/.ssh/id_rsa", Blocked}, {"jobs -x touch x", Warning},
	})
}

// The checkers' and bundlers' tables list every option of their --help;
// one they do not list is warning, and the file, program and shell
// options the full lists brought in are judged as such.
func TestCheckerOptionsOutsideTheTableAreWarning(t *testing.T) {
	checkLevels(t, []levelCase{
		{"webpack --frobnicate", Warning}, {"mypy --frobnicate src", Warning}, {"pylint --frobnicate src", Warning},
		{"tsc --frobnicate", Warning}, {"esbuild --frobnicate app.ts", Warning}, {"vite build --frobnicate", Warning},
		{"flake8 --frobnicate .", Warning}, {"bandit --frobnicate -r src", Warning}, {"cloc --frobnicate .", Warning},
		{"rollup --frobnicate", Warning}, {"pyright --frobnicate", Warning}, {"babel --frobnicate src", Warning},
		{"mypy --strict src", Safe}, {"mypy --python-version 3.11 src", Safe}, {"pylint -j4 src", Safe},
		{"pylint --disable=C0114 src", Safe}, {"flake8 --max-line-length 100 .", Safe}, {"bandit -r -ll src", Safe},
		{"tsc --noEmit", Safe}, {"tsc --noemit -p .", Safe}, {"rollup -c -w", Safe}, {"cloc --by-file src", Safe},
		{"pyright --outputjson", Safe}, {"vite build --mode production", Safe},
		{"rollup -c --watch.onEnd 'rm -rf ~'", Blocked}, {"rollup -c --watch.onEnd 'make'", Warning},
		{"pylint --import-graph ~/.bashrc src", Blocked}, {"pylint --evaluation '__import__(\"os\")' src", Warning},
		{"pylint --extension-pkg-allow-list=lxml src", Warning}, {"mypy --pdb src", Warning},
		{"cloc --extract-with 'sh -c id' x.tgz", Warning}, {"cloc --categorized /tmp/c.txt .", Dangerous},
		{"esbuild --certfile=/home/dev/.ssh/id_rsa --serve", Blocked}, {"esbuild --mangle-cache=/tmp/m.json app.ts", Dangerous},
		{"tsc --pprofDir /tmp/p", Dangerous}, {"vite build --emptyOutDir --outDir /tmp/x", Dangerous},
		{"babel src -d /tmp/out --delete-dir-on-start", Dangerous},
	})
}

// The compressors judge their options by their own tables: an output or
// dictionary an option names is a path like any other.
func TestCompressorsJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"gzip -c main.go", Safe}, {"gzip -l x.gz", Safe}, {"zstd -dc x.zst", Safe}, {"xz -l x.xz", Safe},
		{"lz4 -dc x.lz4", Safe}, {"lz4 --list x.lz4", Safe}, {"bzip2 -tv x.bz2", Safe}, {"zstd -19 -c x", Safe},
		{"gzip main.go", Warning}, {"gzip -c --frobnicate x", Warning}, {"lz4 -l x", Warning}, {"lz4 x out.lz4", Warning},
		{"zstd -c x -o out.zst", Warning}, {"zstd -c -o ~/.bashrc x", Blocked}, {"zstd -c -D ~/.ssh/id_rsa x", Blocked},
		{"zstd -c --patch-from=/home/dev/.netrc x", Blocked}, {"lz4 x ~/.profile", Blocked}, {"xz -c --files=/home/dev/.netrc", Blocked},
		{"zstd --output-dir-flat /tmp/out x", Dangerous}, {"zstd -c --filelist list.txt", Warning},
	})
}

// ag and ack have tables of their own instead of grep's.
func TestSearchersJudgeTheirOwnOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"ag -A 3 TODO src", Safe}, {"ag --hidden -G '\\.go$' Classify", Safe}, {"ack --type=go -w Classify", Safe},
		{"ack -f src", Safe}, {"ag --frobnicate x", Warning}, {"ack --frobnicate x", Warning},
		{"ack --pager='rm -rf ~' x", Blocked}, {"ack --files-from=list.txt x", Warning}, {"find . | ack -x TODO", Warning},
		{"ack --ackrc=/home/dev/.netrc x", Blocked}, {"ag -p ~/.ssh/id_rsa x", Blocked}, {"ag -A TODO ~", Blocked},
	})
}
