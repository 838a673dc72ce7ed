// Package tools is the model's hands: the catalog of tools an LLM may call
// (shell, file reads, writes and edits, directory listings, search, git) and
// the executor that runs them.
//
// Every call has two steps. Plan decodes and validates the arguments the
// model wrote, resolves paths inside the project root and describes the call
// as a classify.Action (plus a diff preview for writes, edits and deletes).
// Run executes that plan and nothing else: a file that changed since its
// preview is not clobbered, and a shell command is exactly the source that
// was classified.
//
// What it guarantees:
//   - file tools never touch anything outside the project root: paths are
//     resolved (symlinks, "..", "~") before classification and every file
//     operation goes through an os.Root opened on the root;
//   - .git is never written by the file tools, in any spelling;
//   - an editor that writes files (Options.Buffers, a BufferWriter) is
//     handed only paths that passed those checks;
//   - shell and git commands run in their own session and process group,
//     with stdin from /dev/null, a scrubbed non-interactive environment, a
//     timeout that stops the whole group (SIGTERM, then SIGKILL), bounded
//     memory for their output and, when one is given, inside the OS sandbox.
//
// What it never does: ask a person, print, or decide whether a call may run.
// Classification belongs to package classify and approval to package agent.
// Failures the model should see are Results with IsError set, not Go errors.
package tools
