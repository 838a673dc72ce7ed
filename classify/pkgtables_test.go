package classify

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The package managers judge every word by their tables: the verbs and
// modes that print what is installed are safe with the options their
// manuals list; an option outside the table is warning; options that
// read, write or run are judged as such; asking a registry is warning
// and changing packages keeps its level.
func TestPackageManagersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// apt, apt-get, apt-cache: the verbs that read the package lists.
		{"apt list --installed", Safe}, {"apt list --upgradable", Safe}, {"apt show bash", Safe}, {"apt search ripgrep", Safe},
		{"apt policy bash", Safe}, {"apt depends --recurse bash", Safe}, {"apt-cache policy bash", Safe}, {"apt-cache search -n rip", Safe},
		{"apt-cache -n search x", Safe}, {"apt-cache show -a bash", Safe}, {"apt-cache madison bash", Safe}, {"apt info -a bash", Safe},
		{"apt list -o APT::Color=0", Safe}, {"apt-get check", Safe}, {"apt-get -qq check", Safe}, {"apt show --no-all-versions bash", Safe},
		{"apt list --frobnicate", Warning}, {"apt-get -l", Dangerous}, {"apt-get --zz check", Warning}, {"apt-cache search -x y", Warning},
		{"apt list -o Debug::pkgProblemResolver=1", Warning}, {"apt-get changelog bash", Warning},
		{"apt -c apt.conf list", Warning}, {"apt -c ~/.ssh/id_rsa list", Blocked},
		{"apt -o APT::Update::Pre-Invoke::=id list", Dangerous}, {"apt-get -o DPkg::Pre-Invoke::=id check", Dangerous},
		{"apt -o Dir::Etc=/tmp/x list", Dangerous}, {"apt-cache -p ~/.bashrc show bash", Blocked}, {"apt-cache --pkg-cache=/tmp/c show x", Dangerous},
		{"apt update", Dangerous}, {"apt-get install -y jq", Dangerous}, {"apt remove x", Dangerous}, {"apt-cache gencaches", Dangerous},
		{"apt-get list", Dangerous}, {"apt-get download x", Dangerous},
		// dpkg: actions that print, archives read, hooks and paths.
		{"dpkg -l", Safe}, {"dpkg -l 'lib*'", Safe}, {"dpkg -L bash", Safe}, {"dpkg -S /bin/ls", Safe}, {"dpkg -s bash", Safe},
		{"dpkg --get-selections", Safe}, {"dpkg --print-architecture", Safe}, {"dpkg --compare-versions 1.0 lt 2.0", Safe},
		{"dpkg --validate-version 1.0", Safe}, {"dpkg -c dist/x.deb", Safe}, {"dpkg -I dist/x.deb", Safe}, {"dpkg -V bash", Safe},
		{"dpkg --frobnicate -l", Warning}, {"dpkg -l -Z", Warning}, {"dpkg -c /tmp/x.deb", Warning},
		{"dpkg -c ~/.ssh/id_rsa", Blocked}, {"dpkg --admindir ~/.ssh -l", Blocked}, {"dpkg --log ~/.bashrc -l", Blocked},
		{"dpkg --log=/tmp/dpkg.log -l", Dangerous}, {"dpkg --pre-invoke 'rm -rf ~' -l", Blocked}, {"dpkg --post-invoke=x -l", Warning},
		{"dpkg --status-logger=logger -s bash", Warning},
		{"dpkg -i x.deb", Dangerous}, {"dpkg --force-all -i x.deb", Dangerous}, {"dpkg -r bash", Dangerous}, {"dpkg -P bash", Dangerous},
		{"dpkg -x x.deb out", Dangerous}, {"dpkg --set-selections", Dangerous}, {"dpkg --add-architecture i386", Dangerous}, {"dpkg", Dangerous},
		// rpm: query and verify modes; macros, package files, databases.
		{"rpm -qa", Safe}, {"rpm -qi bash", Safe}, {"rpm -ql bash", Safe}, {"rpm -qf /bin/ls", Safe}, {"rpm -qR bash", Safe},
		{"rpm -q --changelog bash", Safe}, {"rpm -qa --last", Safe}, {"rpm -qp dist/x.rpm", Safe}, {"rpm -Va", Safe},
		{"rpm -q --qf '%{NAME}\\n' bash", Safe}, {"rpm --querytags", Safe},
		{"rpm -q --frobnicate bash", Warning}, {"rpm -qa -Z", Warning}, {"rpm --eval '%{_libdir}'", Warning},
		{"rpm -q --qf '%(id)' bash", Warning}, {"rpm -q --pipe 'sh -c id' bash", Warning}, {"rpm -q --specfile x.spec", Warning},
		{"rpm -D '_dbpath /tmp' -qa", Warning}, {"rpm -qp http://example.com/x.rpm", Warning}, {"rpm -q --macros m.macros bash", Warning},
		{"rpm -qp ~/.ssh/id_rsa", Blocked}, {"rpm --dbpath ~/.ssh -qa", Blocked}, {"rpm -q --rcfile ~/.aws/credentials x", Blocked},
		{"rpm -i x.rpm", Dangerous}, {"rpm -Uvh x.rpm", Dangerous}, {"rpm -e bash", Dangerous}, {"rpm --import key.asc", Dangerous},
		{"rpm --rebuilddb", Dangerous}, {"rpm", Dangerous},
		// pip: what is installed, the index, files read and written.
		{"pip list", Safe}, {"pip3 list --format=json", Safe}, {"pip show -f requests", Safe}, {"pip freeze", Safe}, {"pip2 check", Safe},
		{"pip freeze -r requirements.txt", Safe}, {"pip config list", Safe}, {"pip config --user get global.index-url", Safe},
		{"pip cache dir", Safe}, {"pip hash dist/x.whl", Safe}, {"pip -V", Safe}, {"pip inspect --local", Safe}, {"pip debug --verbose", Safe},
		{"pip --disable-pip-version-check list", Safe}, {"pip help install", Safe},
		{"pip list --frobnicate", Warning}, {"pip --zz list", Warning}, {"pip list --outdated", Warning}, {"pip index versions requests", Warning},
		{"pip list --keyring-provider subprocess", Warning}, {"pip --python .venv/bin/python list", Warning}, {"pip cache purge", Warning},
		{"pip install -r requirements.txt", Warning},
		{"pip freeze -r ~/.ssh/id_rsa", Blocked}, {"pip --log ~/.bashrc list", Blocked}, {"pip hash ~/.aws/credentials", Blocked},
		{"pip --cache-dir /tmp/c list", Dangerous}, {"pip config set global.index-url x", Dangerous}, {"pip install --user x", Dangerous},
		{"pip list --client-cert ~/.ssh/id_rsa", Blocked}, {"pip list -f ~/.ssh", Blocked},
		// gem: local by default, the registry with -r, -b, search.
		{"gem list", Safe}, {"gem list --local", Safe}, {"gem list rails -d", Safe}, {"gem env", Safe}, {"gem which rake", Safe},
		{"gem contents rake", Safe}, {"gem info rails", Safe}, {"gem dependency rails -R", Safe}, {"gem specification rails --yaml", Safe},
		{"gem search -l rails", Safe}, {"gem check", Safe}, {"gem stale", Safe}, {"gem list --no-versions", Safe},
		{"gem list --frobnicate", Warning}, {"gem list -r rails", Warning}, {"gem search rails", Warning}, {"gem info -b x", Warning},
		{"gem fetch rails", Warning}, {"gem outdated", Warning},
		{"gem --config-file ~/.ssh/id_rsa list", Blocked}, {"gem contents -s ~/.ssh rake", Blocked}, {"gem specification ~/.ssh/id_rsa.gem", Blocked},
		{"gem check --doctor", Dangerous}, {"gem install rails", Dangerous}, {"gem update --system", Dangerous}, {"gem uninstall x", Dangerous},
		// rustup: what is installed; the release server; the browser.
		{"rustup show", Safe}, {"rustup +nightly show", Safe}, {"rustup show active-toolchain", Safe}, {"rustup toolchain list -v", Safe},
		{"rustup target list --installed", Safe}, {"rustup component list --toolchain stable", Safe}, {"rustup which cargo", Safe},
		{"rustup doc --path --std", Safe}, {"rustup completions bash", Safe}, {"rustup -v show", Safe},
		{"rustup --zz show", Warning}, {"rustup show --frobnicate", Warning}, {"rustup target list --frobnicate", Warning},
		{"rustup check", Warning}, {"rustup doc", Warning},
		{"rustup update", Dangerous}, {"rustup toolchain install nightly", Dangerous}, {"rustup default nightly", Dangerous},
		{"rustup self uninstall", Dangerous}, {"rustup run nightly cargo build", Dangerous},
		// pipx: list, environment and completions print.
		{"pipx list --json", Safe}, {"pipx list --short", Safe}, {"pipx environment --value PIPX_HOME", Safe}, {"pipx completions", Safe},
		{"pipx list --frobnicate", Warning}, {"pipx --frobnicate list", Warning},
		{"pipx run black", Dangerous}, {"pipx install black", Dangerous}, {"pipx upgrade-all", Dangerous},
		// aptitude: one table for every action.
		{"aptitude search '~i python'", Safe}, {"aptitude show bash", Safe}, {"aptitude versions bash", Safe}, {"aptitude why libc6", Safe},
		{"aptitude -F '%p' search x", Safe}, {"aptitude search --disable-columns -w 120 x", Safe},
		{"aptitude search --frobnicate x", Warning}, {"aptitude changelog bash", Warning}, {"aptitude -o Foo::Bar=1 show x", Warning},
		{"aptitude -S ~/.ssh/id_rsa show x", Blocked}, {"aptitude --log-file ~/.bashrc show x", Blocked},
		{"aptitude -o DPkg::Pre-Invoke::=id show x", Dangerous},
		{"aptitude", Dangerous}, {"aptitude install x", Dangerous}, {"aptitude -u search x", Dangerous}, {"aptitude update", Dangerous},
		// dnf and yum: local with -C, the mirrors otherwise.
		{"dnf -C list installed", Safe}, {"yum -C info bash", Safe}, {"dnf search -C ripgrep", Safe}, {"dnf -C repolist --all", Safe},
		{"dnf history list", Safe}, {"dnf history info 3", Safe}, {"dnf -C provides /bin/ls", Safe}, {"dnf help", Safe},
		{"dnf list installed", Warning}, {"yum search x", Warning}, {"dnf check-update", Warning}, {"dnf -C list --frobnicate", Warning},
		{"dnf -C --setopt=pluginpath=/tmp list", Warning}, {"dnf -C -c dnf.conf list", Warning}, {"dnf -C repoquery --requires x", Warning},
		{"dnf -C -c ~/.ssh/id_rsa list", Blocked}, {"dnf -C --installroot ~/.ssh list", Blocked},
		{"dnf install x", Dangerous}, {"yum -y update", Dangerous}, {"dnf remove x", Dangerous}, {"dnf history undo 3", Dangerous},
		{"dnf makecache", Dangerous}, {"dnf", Dangerous},
		// flatpak: what is installed; remote-ls asks the remote.
		{"flatpak list", Safe}, {"flatpak list --app --columns=application,version", Safe}, {"flatpak info org.gimp.GIMP", Safe},
		{"flatpak --installations", Safe}, {"flatpak search gimp", Safe}, {"flatpak remotes -d", Safe}, {"flatpak remote-ls --cached flathub", Safe},
		{"flatpak list --frobnicate", Warning}, {"flatpak --frobnicate list", Warning}, {"flatpak remote-ls flathub", Warning},
		{"flatpak install flathub x", Dangerous}, {"flatpak run org.gimp.GIMP", Dangerous}, {"flatpak update", Dangerous}, {"flatpak", Dangerous},
		// zypper: the repositories are refreshed unless --no-refresh.
		{"zypper --no-refresh search vim", Safe}, {"zypper --no-refresh se -i python3", Safe}, {"zypper lr -u", Safe}, {"zypper repos -d", Safe},
		{"zypper --no-refresh info -t pattern base", Safe}, {"zypper ll", Safe}, {"zypper -x --no-refresh packages --orphaned", Safe},
		{"zypper search vim", Warning}, {"zypper --no-refresh search --frobnicate x", Warning}, {"zypper --frobnicate lr", Warning},
		{"zypper --no-refresh -p http://example.com/repo se x", Warning},
		{"zypper -c ~/.ssh/id_rsa lr", Blocked}, {"zypper lr --export ~/.bashrc", Blocked}, {"zypper -C /tmp/zc --no-refresh se x", Dangerous},
		{"zypper install vim", Dangerous}, {"zypper refresh", Dangerous}, {"zypper -n dup", Dangerous}, {"zypper ar http://x/repo x", Dangerous},
		// apk: the cached indexes; -U refreshes them.
		{"apk info", Safe}, {"apk info -L busybox", Safe}, {"apk search -v curl", Safe}, {"apk list --installed", Safe}, {"apk policy bash", Safe},
		{"apk version -l '<'", Safe}, {"apk -v info -W /bin/ls", Safe}, {"apk stats", Safe},
		{"apk info --frobnicate", Warning}, {"apk -X https://example.com/alpine search x", Warning},
		{"apk -p ~/.ssh info", Blocked}, {"apk --repositories-file ~/.aws/credentials search x", Blocked}, {"apk --cache-dir ~/.bashrc info", Blocked},
		{"apk -U search x", Dangerous}, {"apk add curl", Dangerous}, {"apk update", Dangerous}, {"apk del curl", Dangerous}, {"apk", Dangerous},
		// brew: the manual's read verbs; files, browsers and the network.
		{"brew list", Safe}, {"brew list --versions", Safe}, {"brew ls -1", Safe}, {"brew info node", Safe}, {"brew info --json=v2 --installed", Safe},
		{"brew search ripgrep", Safe}, {"brew deps --tree node", Safe}, {"brew uses --installed openssl", Safe}, {"brew leaves -r", Safe},
		{"brew outdated", Safe}, {"brew config", Safe}, {"brew doctor", Safe}, {"brew --prefix", Safe}, {"brew --prefix node", Safe},
		{"brew --repo", Safe}, {"brew --cellar node", Safe}, {"brew -v", Safe}, {"brew desc -s json", Safe}, {"brew deps --graph --dot x", Safe},
		{"brew list --frobnicate", Warning}, {"brew --frobnicate list", Warning}, {"brew --prefix --frobnicate", Warning},
		{"brew info ./Formula/x.rb", Warning}, {"brew search --pull-request x", Warning}, {"brew info --analytics x", Warning},
		{"brew home node", Warning}, {"brew deps --graph node", Warning}, {"brew info --github node", Warning}, {"brew outdated --fetch-HEAD", Warning},
		{"brew info ~/.ssh/id_rsa", Blocked},
		{"brew install ripgrep", Dangerous}, {"brew upgrade", Dangerous}, {"brew uninstall x", Dangerous}, {"brew update", Dangerous},
		{"brew tap user/repo", Dangerous}, {"brew services start x", Dangerous}, {"brew", Dangerous},
		// xbps-install: only a dry run reads.
		{"xbps-install -n vim", Safe}, {"xbps-install -nu", Safe}, {"xbps-install -h", Safe},
		{"xbps-install -n --frobnicate vim", Warning}, {"xbps-install -nM vim", Warning},
		{"xbps-install -n -C ~/.ssh/id_rsa vim", Blocked},
		{"xbps-install -S vim", Dangerous}, {"xbps-install -Syu", Dangerous}, {"xbps-install vim", Dangerous}, {"xbps-install -l", Dangerous},
		// scoop: local buckets; search and status reach GitHub; config holds tokens.
		{"scoop list", Safe}, {"scoop info git", Safe}, {"scoop info -v git", Safe}, {"scoop which git", Safe}, {"scoop prefix git", Safe},
		{"scoop status --local", Safe}, {"scoop bucket list", Safe}, {"scoop cache show", Safe}, {"scoop --version", Safe}, {"scoop export", Safe},
		{"scoop list --frobnicate", Warning}, {"scoop search git", Warning}, {"scoop status", Warning}, {"scoop config", Warning},
		{"scoop export --config", Warning}, {"scoop home git", Warning}, {"scoop cat https://example.com/x.json", Warning},
		{"scoop cat ~/.ssh/id_rsa", Blocked},
		{"scoop install git", Dangerous}, {"scoop update *", Dangerous}, {"scoop config proxy x", Dangerous}, {"scoop config rm proxy", Dangerous},
		{"scoop bucket add extras", Dangerous}, {"scoop cache rm *", Dangerous}, {"scoop", Dangerous},
		// snap: the local snapd; info and find ask the store.
		{"snap list", Safe}, {"snap list --all", Safe}, {"snap version", Safe}, {"snap connections firefox", Safe}, {"snap changes", Safe},
		{"snap warnings --abs-time", Safe}, {"snap list --color=never", Safe}, {"snap --version", Safe},
		{"snap list --frobnicate", Warning}, {"snap info firefox", Warning}, {"snap find editor", Warning},
		{"snap info ~/.ssh/id_rsa", Blocked},
		{"snap install firefox", Dangerous}, {"snap refresh", Dangerous}, {"snap run firefox", Dangerous}, {"snap remove x", Dangerous}, {"snap", Dangerous},
		// yay: pacman's reads, the AUR's network, its programs.
		{"yay -Q", Safe}, {"yay -Qi bash", Safe}, {"yay -Qm", Safe}, {"yay -Pg", Safe}, {"yay -Pd", Safe},
		{"yay -Ss neovim", Warning}, {"yay -Si yay", Warning}, {"yay -Ps", Warning}, {"yay -Pw", Warning}, {"yay -Gp yay", Warning},
		{"yay -G yay", Warning}, {"yay -Q --frobnicate", Warning}, {"yay -Q --pacman ./fakepacman", Warning}, {"yay -Q --save", Warning},
		{"yay -Qp ~/.ssh/id_rsa", Blocked}, {"yay -Q --config ~/.aws/credentials", Blocked},
		{"yay", Dangerous}, {"yay -Syu", Dangerous}, {"yay -S yay-bin", Dangerous}, {"yay neovim", Dangerous}, {"yay -Yc", Dangerous},
		{"yay -Wv x", Dangerous}, {"yay -Q -S x", Dangerous},
		// pkg: the installed database; search refreshes the catalogue unless -U.
		{"pkg info", Safe}, {"pkg info -l curl", Safe}, {"pkg query '%n %v' curl", Safe}, {"pkg which /usr/local/bin/curl", Safe},
		{"pkg search -U curl", Safe}, {"pkg stats -l", Safe}, {"pkg -v", Safe}, {"pkg info -F dist/x.pkg", Safe},
		{"pkg info --frobnicate", Warning}, {"pkg search curl", Warning}, {"pkg -o PKG_PLUGINS_DIR=/tmp info", Warning},
		{"pkg -j web info", Warning}, {"pkg version -v", Warning},
		{"pkg info -F ~/.ssh/id_rsa", Blocked}, {"pkg -C ~/.aws/credentials info", Blocked},
		{"pkg install curl", Dangerous}, {"pkg upgrade", Dangerous}, {"pkg delete curl", Dangerous}, {"pkg", Dangerous},
		// paru: the same, with its own tools and the local repository.
		{"paru -Q", Safe}, {"paru -Qi bash", Safe}, {"paru -Ll", Safe}, {"paru -Qm --color never", Safe},
		{"paru -Ss neovim", Warning}, {"paru -Gp paru", Warning}, {"paru -Gc paru", Warning}, {"paru -Po", Warning}, {"paru -G paru", Warning},
		{"paru -Q --frobnicate", Warning}, {"paru -Q --pacman ./fakepacman", Warning}, {"paru -Q --savechanges", Warning},
		{"paru -Qp ~/.ssh/id_rsa", Blocked}, {"paru -Q --clonedir ~/.ssh", Blocked},
		{"paru", Dangerous}, {"paru -Syu", Dangerous}, {"paru -S paru-bin", Dangerous}, {"paru neovim", Dangerous}, {"paru -Ui", Dangerous},
		{"paru -Lc", Dangerous}, {"paru -C -u", Dangerous},
		// pacman: the operation decides; the targets of -Qo and -Ss are operands.
		{"pacman -Q", Safe}, {"pacman -Qi bash", Safe}, {"pacman -Qe", Safe}, {"pacman -Qdtq", Safe}, {"pacman -Ql bash", Safe},
		{"pacman -Qo /usr/bin/ls", Safe}, {"pacman -Ss ripgrep", Safe}, {"pacman -Si bash", Safe}, {"pacman -Sl core", Safe},
		{"pacman -Sg", Safe}, {"pacman -F libfoo.so", Safe}, {"pacman -T 'bash>=5'", Safe}, {"pacman -Dk", Safe}, {"pacman -Qp dist/x.pkg.tar.zst", Safe},
		{"pacman --query --info bash", Safe}, {"pacman -Qi --color never bash", Safe},
		{"pacman -Q --frobnicate", Warning}, {"pacman -Qw", Warning}, {"pacman -Qi --needed bash", Warning},
		{"pacman -Qp ~/.ssh/id_rsa", Blocked}, {"pacman -b ~/.ssh -Q", Blocked}, {"pacman -Q --logfile ~/.bashrc", Blocked},
		{"pacman -Q --config ~/.aws/credentials", Blocked}, {"pacman -Q --logfile /tmp/p.log", Dangerous},
		{"pacman -S bash", Dangerous}, {"pacman -Syu", Dangerous}, {"pacman -Sy", Dangerous}, {"pacman -Ssy x", Dangerous}, {"pacman -Scc", Dangerous},
		{"pacman -R bash", Dangerous}, {"pacman -U x.pkg.tar.zst", Dangerous}, {"pacman -Fy", Dangerous}, {"pacman -D --asdeps x", Dangerous},
		{"pacman -Q -S x", Dangerous}, {"pacman", Dangerous},
	})
}

// pkgHelps are the package managers' tables with the command line that
// prints the options of each: the installed tools' --help must list no
// option a table does not know. CI installs Debian 12's rpm, ruby (gem),
// pipx and python3-pip; apt and dpkg are Debian's own. skip are the
// words of a --help that are families or placeholders, not options.
var pkgHelps = []struct {
	args  []string
	table *toolOpts
	skip  []string
}{
	{[]string{"dpkg", "--help"}, &dpkgOpts, []string{"--assert-", "--validate-", "--force-", "--no-force-", "--refuse-", "--no-"}},
	{[]string{"dpkg-deb", "--help"}, &dpkgOpts, []string{"-Z", "-S", "--nocheck", "--root-owner-group", "--threads-max",
		"--deb-format", "--compression", "-z", "--showformat", "-W", "--show", "--uniform-compression", "--verbose", "-v", "-D", "--debug",
		"--no-uniform-compression", "-R"}},
	{[]string{"rpm", "--help"}, &rpmOpts, nil},
	{[]string{"pip", "--help"}, &pipTool.global, nil},
	{[]string{"rustup", "--help"}, &rustupTool.global, nil},
	{[]string{"pipx", "--help"}, &pipxTool.global, nil},
	{[]string{"aptitude", "--help"}, &aptitudeOpts, []string{"--with"}},
	{[]string{"dnf", "--help"}, &dnfTool.global, nil},
	{[]string{"zypper", "help"}, &zypperTool.global, []string{"--bugzilla", "--cve", "--issue"}},
	{[]string{"flatpak", "--help"}, &flatpakTool.global, nil},
	{[]string{"pacman", "-Q", "--help"}, pacmanOps["Q"], nil},
	{[]string{"pacman", "-S", "--help"}, pacmanOps["S"], nil},
	{[]string{"pacman", "-F", "--help"}, pacmanOps["F"], nil},
	{[]string{"pacman", "-T", "--help"}, pacmanOps["T"], nil},
	{[]string{"pacman", "-D", "--help"}, pacmanOps["D"], nil},
	{[]string{"pacman", "-R", "--help"}, pacmanOps["R"], nil},
	{[]string{"pacman", "-U", "--help"}, pacmanOps["U"], nil},
}

func init() {
	for _, v := range []string{"list", "show", "freeze", "check", "inspect", "hash", "debug", "completion", "config", "cache", "index"} {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"pip", v, "--help"}, pipTool.verbs[v], nil})
	}
	for v, o := range gemTool.verbs {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"gem", v, "--help"}, o, nil})
	}
	for v, o := range rustupTool.verbs {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"rustup", v, "--help"}, o, nil})
	}
	for v, o := range rustupLists {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"rustup", v, "list", "--help"}, o, nil})
	}
	for v, o := range dnfTool.verbs {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"dnf", v, "--help"}, o, nil})
	}
	for v, o := range flatpakTool.verbs {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"flatpak", v, "--help"}, o, nil})
	}
	for v, o := range zypperTool.verbs {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"zypper", "help", v}, o, nil})
	}
	for v, o := range pipxTool.verbs {
		pkgHelps = append(pkgHelps, struct {
			args  []string
			table *toolOpts
			skip  []string
		}{[]string{"pipx", v, "--help"}, o, nil})
	}
}

// TestPackageTablesMatchInstalledHelp checks each package manager's
// tables against the --help of the installed tool; a tool that is not
// installed is skipped, saying so.
func TestPackageTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	for _, h := range pkgHelps {
		t.Run(strings.Join(h.args, " "), func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(h.args[0])
			if err != nil {
				t.Skipf("%s is not installed here, so its table is not checked against its --help", h.args[0])
			}
			cmd := exec.CommandContext(t.Context(), bin, h.args[1:]...)
			cmd.Env = []string{"LC_ALL=C", "PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
			out, _ := cmd.CombinedOutput()
			// dpkg writes "-i|--install", RubyGems "--[no-]installed".
			help := strings.NewReplacer("|", ", ", "--[no-]", "--", "=", " ").Replace(string(out))
			opts := helpOptions(help)
			if len(opts) < 2 {
				t.Skipf("%s lists no options (%q)", strings.Join(h.args, " "), firstLine(string(out)))
			}
			o := *h.table
			o.parsed = nil
			o.spec()
			for _, opt := range opts {
				if slices.ContainsFunc(h.skip, func(s string) bool { return opt == s || strings.HasSuffix(s, "-") && strings.HasPrefix(opt, s) }) {
					continue
				}
				if !o.helpKnows(opt) {
					t.Errorf("%s lists %s, which its table does not know", strings.Join(h.args, " "), opt)
				}
			}
		})
	}
}

// TestAptTablesMatchInstalledApt checks every long option of the apt
// tables against the installed apt: apt's --help lists no options, but
// its parser rejects one a verb does not take, before printing help.
func TestAptTablesMatchInstalledApt(t *testing.T) {
	for name, tool := range aptTools {
		bin, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("%s is not installed here, so its tables are not checked", name)
		}
		for verb, o := range tool.verbs {
			for _, opt := range strings.Fields(o.long + " " + o.longVal) {
				if strings.HasPrefix(opt, "--no-") {
					continue // apt accepts --no- only for its booleans
				}
				args := []string{verb, opt}
				if strings.Contains(" "+o.longVal+" ", " "+opt+" ") {
					args = append(args, aptValue(opt))
				}
				cmd := exec.CommandContext(t.Context(), bin, append(args, "--help")...)
				cmd.Env = []string{"LC_ALL=C", "PATH=" + os.Getenv("PATH")}
				out, err := cmd.CombinedOutput()
				if err != nil || strings.Contains(string(out), "not understood") {
					t.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
				}
			}
		}
	}
}

// aptValue is a value apt takes for the option without complaint.
func aptValue(opt string) string {
	switch opt {
	case "--config-file":
		return "/dev/null"
	case "--option":
		return "Foo::Bar=1"
	}
	return "x"
}

// The package managers' tables are closed too: FuzzClosedTablesNeverSafe
// puts an unknown option first on their command lines.
func init() {
	closedNames = append(closedNames, strings.Fields("apt apt-get apt-cache aptitude dpkg rpm dnf yum zypper apk pacman xbps-install "+
		"brew flatpak snap scoop yay paru pkg pip pip2 pip3 gem rustup pipx")...)
}
