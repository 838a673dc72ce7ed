package classify

import "strings"

// clang-format's and clang-tidy's tables, from their --help in Debian
// 12's clang-format-14 and clang-tidy-14 (LLVM 14.0.6). Both parse
// options with LLVM's command line library: -name and --name are the
// same option, a value follows "=" or comes as the next word, and an
// operand "@FILE" reads more options from FILE.
var (
	clangFormatOpts = toolOpts{source: "clang-format --help, clang-format 14.0.6 (Debian clang-format-14)", oneDash: true,
		long:    "-Werror -dry-run -n -dump-config -i -output-replacements-xml -sort-includes -verbose -help -help-list -help-hidden -help-list-hidden -version",
		longVal: "-Wno-error -assume-filename -cursor -fallback-style -ferror-limit -files -length -lines -offset -qualifier-alignment -style",
		lists:   "-files"}
	clangTidyOpts = toolOpts{source: "clang-tidy --help, clang-tidy 14.0.6 (Debian clang-tidy-14)", oneDash: true,
		long: "-dump-config -enable-check-profile -explain-config -fix -fix-errors -fix-notes -list-checks -quiet -system-headers -use-color -help -help-list -help-hidden -help-list-hidden -version",
		longVal: "-checks -config -config-file -export-fixes -extra-arg -extra-arg-before -format-style -header-filter -line-filter -load -p " +
			"-store-check-profile -vfsoverlay -warnings-as-errors",
		reads: "-config-file", writes: "-export-fixes"}
)

// clangResponseFiles judges the "@FILE" operands LLVM tools read more
// options from, and returns the other operands.
func (c *cmd) clangResponseFiles(ops []field) []field {
	var files []field
	for _, op := range ops {
		if !op.dyn && strings.HasPrefix(op.s, "@") {
			c.responseFile(field{s: op.s[1:], glob: op.glob, w: op.w})
			continue
		}
		files = append(files, op)
	}
	return files
}

// clangFormat prints formatted source, unless -i rewrites the files;
// --style=file:PATH reads a style file.
func clangFormat(c *cmd) {
	flags, ops := c.judgeOpts(&clangFormatOpts)
	files := c.clangResponseFiles(ops)
	for _, s := range values(flags, "-style") {
		if path, ok := strings.CutPrefix(s.s, "file:"); ok && !s.dyn {
			c.path(accRead, field{s: path, glob: s.glob, w: s.w})
		}
	}
	if has(flags, "-i") && !has(flags, "-dry-run", "-n") {
		c.add(Warning, "rewrites project files", "builtin:format")
		c.write(files)
		return
	}
	c.add(Safe, "checks formatting", "builtin:lint")
	c.read(files)
}

// clangTidy checks C and C++ files with the compile commands of the
// project's build (-p names the directory of compile_commands.json,
// otherwise it is looked for above the files): the compiler options
// there and after "--" are judged as clang's. -load loads a plugin, the
// -fix options rewrite files.
func clangTidy(c *cmd) {
	args := c.rest()
	var compile []field
	for i, a := range args {
		if !a.dyn && a.s == "--" {
			args, compile = args[:i], args[i+1:]
			break
		}
	}
	flags, ops := c.judgeArgs(args, &clangTidyOpts)
	files := c.clangResponseFiles(ops)
	for _, p := range values(flags, "-p") {
		c.path(accRead, p)
	}
	for _, f := range values(flags, "-vfsoverlay") {
		c.path(accRead, f)
		c.add(Warning, "reads the files named in "+shorten(f.s)+", which the classifier cannot see", "builtin:file-list")
	}
	for _, f := range values(flags, "-store-check-profile") {
		c.path(accWrite, f)
	}
	for _, f := range values(flags, "-load") {
		c.path(accRead, f)
		c.add(Warning, "loads a plugin ("+shorten(f.s)+"), which runs its code", "builtin:tool-program")
	}
	// The extra arguments and the words after -- are clang's options.
	extra := values(flags, "-extra-arg", "-extra-arg-before")
	if len(extra)+len(compile) > 0 {
		clang := append([]field{lit("clang"), lit("-fsyntax-only")}, extra...)
		c.run(append(clang, compile...))
	}
	if has(flags, "-fix", "-fix-errors", "-fix-notes") {
		c.add(Warning, "rewrites project files with the checks' fixes", "builtin:format")
		c.write(files)
		return
	}
	c.add(Safe, "checks the project with its compile commands", "builtin:lint")
	c.read(files)
}
