package classify

import (
	"path"
	"strings"
)

// The archivers' option tables. Listing (-t), comparing (-d) and
// printing members (-x with -O) only read the archive; creating,
// extracting and changing an archive write. Options that name a file
// list, write a file or run a program are judged as such, and an option
// the table does not list makes the command warning.
var (
	gnuTarOpts = toolOpts{source: "tar --help, GNU tar 1.34 (Debian 12)",
		flags: "AcdrtuxGnSkUWOmpsMBiajJzZhPlRvwo?",
		vals:  "gCTXfFLbHVIKN",
		long: "--catenate --concatenate --create --diff --compare --delete --append --list --test-label --update --extract --get " +
			"--check-device --incremental --no-check-device --no-seek --seek --sparse " +
			"--exclude-backups --exclude-caches --exclude-caches-all --exclude-caches-under --exclude-vcs --exclude-vcs-ignores " +
			"--no-null --no-recursion --no-unquote --no-verbatim-files-from --null --recursion --unquote --verbatim-files-from " +
			"--anchored --ignore-case --no-anchored --no-ignore-case --no-wildcards --no-wildcards-match-slash --wildcards --wildcards-match-slash " +
			"--keep-directory-symlink --keep-newer-files --keep-old-files --no-overwrite-dir --one-top-level --overwrite --overwrite-dir " +
			"--recursive-unlink --remove-files --skip-old-files --unlink-first --verify " +
			"--ignore-command-error --no-ignore-command-error --to-stdout " +
			"--atime-preserve --clamp-mtime --delay-directory-restore --touch --no-delay-directory-restore --no-same-owner " +
			"--no-same-permissions --numeric-owner --preserve-permissions --same-permissions --preserve-order --same-order --same-owner " +
			"--acls --no-acls --no-selinux --no-xattrs --selinux --xattrs " +
			"--force-local --multi-volume --read-full-records --ignore-zeros --one-file-system " +
			"--auto-compress --bzip2 --xz --lzip --lzma --lzop --no-auto-compress --zstd --gzip --gunzip --ungzip --compress --uncompress " +
			"--backup --dereference --hard-dereference --absolute-names --ignore-failed-read --occurrence " +
			"--checkpoint --full-time --check-links --block-number --show-defaults --show-omitted-dirs --show-snapshot-field-ranges " +
			"--show-transformed-names --show-stored-names --totals --utc --verbose --interactive --confirmation " +
			"--old-archive --portability --posix --restrict --usage",
		longVal: "--listed-incremental --level --hole-detection --sparse-version " +
			"--add-file --directory --exclude --exclude-ignore --exclude-ignore-recursive --exclude-tag --exclude-tag-all --exclude-tag-under " +
			"--files-from --exclude-from --to-command --group --group-map --mode --mtime --owner --owner-map " +
			"--xattrs-exclude --xattrs-include --file --info-script --new-volume-script --tape-length --rmt-command --rsh-command --volno-file " +
			"--blocking-factor --record-size --format --label --pax-option --use-compress-program " +
			"--starting-file --newer --after-date --newer-mtime --exclude-from --sort --suffix " +
			"--transform --xform --strip-components --checkpoint-action --index-file --no-quote-chars --quote-chars --quoting-style --warning",
		// The file options are judged by tarCmd (tarFiles), by their
		// full names: --file is not --files-from.
	}
	bsdtarOpts = toolOpts{source: "bsdtar --help and bsdtar(1), bsdtar 3.6.2 (libarchive-tools, Debian 12)",
		flags: "acrtuxBHhJjkLlmnOoPpqSUvwyZz",
		vals:  "bfCITXs",
		long: "--create --append --list --update --extract --absolute-paths --acls --auto-compress --bunzip2 --bzip --bzip2 --check-links --chroot --clear-nochange-fflags --compress " +
			"--confirmation --dereference --exclude-vcs --fast-read --fflags --gunzip --gzip --hfsCompression --ignore-zeros --insecure " +
			"--interactive --keep-newer-files --keep-old-files --lrzip --lz4 --lzma --lzop --mac-metadata --modification-time --no-acls " +
			"--no-fflags --no-mac-metadata --no-read-sparse --no-recursion --no-safe-writes --no-same-owner --no-same-permissions --no-xattrs " +
			"--nodump --nopreserveHFSCompression --norecurse --null --numeric-owner --one-file-system --posix --preserve-permissions " +
			"--read-full-blocks --read-sparse --safe-writes --same-owner --to-stdout --totals --uncompress --unlink --unlink-first " +
			"--verbose --xattrs --xz --zstd",
		longVal: "--block-size --cd --directory --exclude --exclude-from --file --files-from --format --gid --gname --include " +
			"--newer --newer-mtime --newer-mtime-than --newer-than --older --older-mtime --older-mtime-than --older-than --options " +
			"--passphrase --strip-components --uid --uname --use-compress-program",
	}
)

// tarPrograms are the options whose value GNU tar hands to a shell or runs:
// a compressor, a command fed each extracted file, the remote shell and
// rmt used for host:file archives, and the volume-change scripts. bsdtar
// has only --use-compress-program (its -I is -T).
var tarPrograms = []string{"-I", "--use-compress-program", "--to-command", "--rsh-command", "--rmt-command", "-F", "--info-script", "--new-volume-script"}

// tarCmd returns the handler of GNU tar (gnu) or bsdtar by its table. It
// reads the old style too: "tar cvfT out.tar list" bundles the letters
// in the first word, and each letter that takes a value takes the next
// word in turn.
func tarCmd(o *toolOpts, gnu bool) handler {
	return func(c *cmd) {
		flags, ops := c.judgeArgs(tarArgs(c.rest(), o.vals), o)
		c.tarFiles(flags, gnu)
		archives := values(flags, "-f", "--file")
		dirs := tarDirs(flags)
		if gnu && !has(flags, "--force-local") {
			for _, a := range archives {
				// GNU tar takes [user@]host:file for a file on another
				// machine, reached through rsh or ssh and rmt.
				if host, _, ok := strings.Cut(a.s, ":"); ok && !a.dyn && host != "" && !strings.Contains(host, "/") {
					c.add(Warning, "contacts "+shorten(host)+" to reach the archive (host:file)", "builtin:network")
				}
			}
		}
		archive := func(acc access) {
			for _, a := range archives {
				if a.s != "-" || a.dyn {
					c.path(acc, a)
				}
			}
		}
		switch {
		case has(flags, "c", "--create"):
			c.add(Warning, "creates an archive", "builtin:tar")
			archive(accWrite)
			members := append(ops, values(flags, "--add-file")...)
			if !gnu {
				members = bsdtarMembers(c, members)
			}
			c.tarMembers(flags, gnu, dirs, members)
		case has(flags, "x", "--extract", "--get") && has(flags, "O", "--to-stdout") && !has(flags, "--to-command"):
			c.add(Safe, "prints members of an archive", "builtin:read-only")
			archive(accRead)
		case has(flags, "x", "--extract", "--get"):
			c.add(Warning, "extracts an archive", "builtin:tar")
			archive(accRead)
			targets := dirs
			if len(targets) == 0 {
				targets = []field{lit(".")}
			}
			targets = append(targets, values(flags, "--one-top-level")...)
			for _, t := range targets {
				c.path(accWrite, t)
				c.extractInto(t)
			}
			if has(flags, "P", "--absolute-names", "--absolute-paths") {
				c.add(Dangerous, "extracts absolute paths, which may land anywhere", "builtin:tar")
			}
		case has(flags, "t", "--list", "--test-label"):
			c.add(Safe, "lists an archive", "builtin:read-only")
			archive(accRead)
		case has(flags, "d", "--diff", "--compare"):
			// Compares the members with the files below -C's directory.
			c.add(Safe, "compares an archive with the files it holds", "builtin:read-only")
			archive(accRead)
			c.readTrees(dirs)
		case !has(flags, "A", "--catenate", "--concatenate", "--delete", "r", "--append", "u", "--update") &&
			has(flags, "?", "--show-defaults", "--usage"):
			c.add(Safe, "prints its usage", "builtin:read-only")
		default:
			c.add(Warning, "changes an archive", "builtin:tar")
			archive(accWrite)
			if !has(flags, "--delete") {
				// -r, -u and -A add the operands to the archive.
				c.tarMembers(flags, gnu, dirs, ops)
			}
		}
		programs := []string{"--use-compress-program"}
		if gnu {
			programs = tarPrograms
		}
		for _, p := range values(flags, programs...) {
			c.add(Warning, "runs a program of its own", "builtin:tar-program")
			c.programString(p)
		}
		for _, a := range values(flags, "--checkpoint-action") {
			if _, prog, ok := strings.Cut(a.s, "exec="); ok || a.dyn {
				c.add(Warning, "runs a program at checkpoints", "builtin:tar-program")
				c.programString(field{s: prog, dyn: a.dyn})
			}
		}
	}
}

// tarArgs turns an old-style first word ("xzf") into options, giving each
// letter that takes a value (vals) the next word in turn.
func tarArgs(args []field, vals string) []field {
	if len(args) == 0 || args[0].dyn || args[0].s == "" || strings.HasPrefix(args[0].s, "-") {
		return args
	}
	letters, rest := args[0].s, args[1:]
	var out []field
	for i := 0; i < len(letters); i++ {
		out = append(out, lit("-"+letters[i:i+1]))
		if strings.IndexByte(vals, letters[i]) >= 0 && len(rest) > 0 {
			out = append(out, rest[0])
			rest = rest[1:]
		}
	}
	return append(out, rest...)
}

// tarDirs returns the directories -C changes to. Each -C applies to the
// words after it and a relative one is taken from the one before, so
// "-C ~ -C .ssh" is ~/.ssh: every directory is returned alone and joined
// to the one before it.
func tarDirs(flags []flag) []field {
	var out []field
	var last field
	for _, d := range values(flags, "-C", "--directory", "--cd") {
		out = append(out, d)
		if last.s != "" && !d.dyn && !last.dyn && !strings.HasPrefix(d.s, "/") {
			d = field{s: path.Join(last.s, d.s), glob: d.glob || last.glob}
			out = append(out, d)
		}
		last = d
	}
	return out
}

// tarMembers judges the files an archive is made of: each operand is
// read (with the files below it, unless --no-recursion) where tar finds
// it, here or below any -C directory; --remove-files deletes them. GNU
// tar's -n is --seek; bsdtar's is --norecurse.
func (c *cmd) tarMembers(flags []flag, gnu bool, dirs, ops []field) {
	var members []field
	for _, op := range ops {
		if len(dirs) == 0 || op.s == "-" && !op.dyn {
			members = append(members, op)
			continue
		}
		for _, d := range dirs {
			switch {
			case d.dyn:
				members = append(members, d)
			case op.dyn || strings.HasPrefix(op.s, "/"):
				members = append(members, op)
			default:
				members = append(members, field{s: path.Join(d.s, op.s), glob: op.glob || d.glob})
			}
		}
	}
	if has(flags, "--no-recursion") || !gnu && has(flags, "n", "--norecurse") {
		c.read(members)
	} else {
		c.readTrees(members)
	}
	if has(flags, "--remove-files") {
		c.add(Warning, "removes the files it archives", "builtin:tar")
		for _, m := range members {
			c.path(accDelete, m)
		}
	}
}

// bsdtarMembers reads bsdtar's "@archive" operands, whose entries it
// copies into the new archive, as the archive file they name.
func bsdtarMembers(c *cmd, ops []field) []field {
	var out []field
	for _, op := range ops {
		if !op.dyn && strings.HasPrefix(op.s, "@") && len(op.s) > 1 {
			c.path(accRead, field{s: op.s[1:], glob: op.glob})
			continue
		}
		out = append(out, op)
	}
	return out
}

// tarFiles judges the options that name files: -T and -X name files
// listing more names (GNU tar prints a name it cannot find, so a secret
// read as a list reaches the output), the owner and group maps are read,
// and the index, volume-number and snapshot files are written (-g reads
// and rewrites its snapshot). bsdtar's -I is its -T.
func (c *cmd) tarFiles(flags []flag, gnu bool) {
	lists := []string{"-T", "--files-from", "-X", "--exclude-from"}
	if !gnu {
		lists = append(lists, "-I")
	}
	for _, l := range values(flags, lists...) {
		c.path(accRead, l)
		c.add(Warning, "reads the files named in "+shorten(l.s)+", which the classifier cannot see", "builtin:file-list")
	}
	if !gnu {
		return
	}
	for _, r := range values(flags, "--owner-map", "--group-map") {
		c.path(accRead, r)
	}
	for _, w := range values(flags, "--index-file", "--volno-file", "-g", "--listed-incremental") {
		c.path(accWrite, w)
	}
}
