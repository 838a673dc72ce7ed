// Package effects computes, judges and applies what a confined shell
// command changed in the project.
//
// The sandbox runs such a command on an overlay of the project root: the
// real root is the lower layer and a private directory the upper one, so
// nothing real changes while it runs. Afterwards the upper layer holds
// exactly what the command did: new and changed files (copied up whole),
// whiteouts (character devices 0:0) for what it deleted, opaque
// directories (user.overlay.opaque or trusted.overlay.opaque = "y") for a
// directory deleted and made again, symlinks, and whatever special files
// it made.
//
// Collect compares the upper layer with the real root and returns a Set:
// the Changes (create, modify content or mode, delete a file or a tree,
// replace one type by another), the Refused entries, each change judged
// by the classifier's path rules (package classify: a file write or
// delete, exactly as the file tools are judged), and what the real root
// held at every touched path. Set.Lines and Set.Summary describe it in
// one line per change; Set.Diff renders it for a person. Apply checks
// that the real root still holds what was recorded (else a
// *ConflictError and nothing applied), then applies the changes: staged
// first, then renamed into place. Closing a Set without Apply discards
// it.
//
// What it never does:
//   - apply a refused entry: anything under a git directory (in any
//     spelling, including a .git made in a root that has none, and the
//     deletion of a tree that holds one), fifos, sockets and device
//     nodes, and entries it cannot read faithfully (a metadata-only
//     copy-up, a directory renamed by the overlay's redirect);
//   - follow a symlink out of either layer: both are opened with os.Root,
//     so a symlink in the real root (new or old) is never a way out;
//   - set set-id bits, or keep a hard link: linked files are applied as
//     independent copies, and the change says so;
//   - run anything: whether git ignores a path is asked of the caller
//     (Options.GitIgnored); without it the ignore list is taken alone;
//   - decide whether to apply: the Set carries a Level; asking a person,
//     and the undo checkpoint, belong to the caller.
//
// A symlink whose target resolves outside the root (by its text, or
// through the real root's symlinks or the command's) is at least
// Dangerous; deleting
// a directory tree, or more than ManyFiles files, is Dangerous; a change
// only inside the build outputs and caches of Config.Ignore counts as
// Safe unless a rule other than the ordinary project write or delete
// judged it. The work is bounded: Options.MaxEntries entries and
// Config.MaxMiB bytes of files.
//
// Known differences from the merged view: mtimes, owners and extended
// attributes are not applied (a change of mtime alone is no effect), and
// a directory renamed by the command is applied as a copy plus a
// deletion, the way the overlay shows it.
package effects
