// Package sandbox confines shell commands, so that a command holds on its
// own whatever it was approved for: on Linux with Landlock, namespaces, a
// seccomp filter and rlimits, applied by a small helper (the agent's own
// binary, re-executed); on macOS with a Seatbelt profile made from the
// same policy. The agent process itself is never confined.
//
// It never silently gives full access: when confinement is unavailable,
// Status says so and the caller decides (see Mode). It never decides
// whether a command may run: that is classify's and the approval's job.
// What a person sees of all this is docs/sandbox.md; this page is the
// map for whoever changes the code.
//
// # The walls
//
// A command on Linux may:
//
//   - write only the project root, its private temp directory (on /tmp
//     and /var/tmp) and /dev/shm, the project's private cache directory,
//     its own ptys and /dev/null, /dev/zero and /dev/full (Landlock:
//     landlock_linux.go; a private /dev: mounts_linux.go);
//   - not write the root's git directories, which are mounted read-only,
//     nor create the git program entries that are missing (config, hooks,
//     ...), which get placeholders first (mounts_linux.go,
//     placeholders.go);
//   - not read the credential stores (policy.go's HiddenHomePaths and
//     HiddenSystemPaths, and Config.Hide), each covered by an empty
//     read-only file or directory, nor what is in the shared /tmp, which
//     is replaced by the private temp directory (mounts_linux.go);
//   - reach no network unless allowed: a network namespace of its own
//     with only a loopback (namespace_linux.go, loopback_linux.go);
//   - connect to unix sockets only in the trees it may write, make no
//     unix datagram socket and use no io_uring (the seccomp filter and the
//     helper answering its connect calls: sockets_linux.go);
//   - leave no process behind: its PID namespace ends with it
//     (init_linux.go, or a slot of a session helper);
//   - see no other program's System V IPC nor the agent's keyrings (an
//     IPC namespace, an empty session keyring: helper_linux.go);
//   - start at most Config.MaxProcesses processes and write no file
//     larger than Config.MaxFileMiB (rlimits), with no capability left.
//
// What the walls are made of (what is hidden, which caches are private,
// which configs are shared read-only) is plain data in policy.go;
// probe_linux.go finds what the kernel offers, once per process (Probe,
// Report), and Status says what Command applies.
//
// # Two ways to run a command
//
// Sandbox.Command (command.go) gives each command a helper of its own:
// exec.Cmd re-executes the agent's binary with HelperArg, the helper's
// policy and the command, in new user, mount, PID, network and IPC
// namespaces. The helper (helper.go, helper_linux.go) checks that
// it is in them, makes the mounts, confines itself on one locked thread
// (capabilities, no_new_privs and the Landlock domain belong to a
// thread) and execs the command; with a PID namespace it stays as its
// init instead (init_linux.go), passes signals on, reaps orphans, and
// writes the command's wait status on a pipe that Cmd.WaitStatus reads
// (cmd.go), since the process the caller waited for is the helper.
//
// Sessions (session_linux.go, Linux 6.17 and later) run the shell
// commands of one session through one long-lived helper instead, which
// saves each command the helper's start: a session is a root, its cache
// directory and whether the network is allowed (sessionKey).
//
// # The helper's policy
//
// What a helper applies is a helperSpec (helperargs.go), which travels as
// one JSON object with a "version" (helperPolicy) in the argument after
// HelperArg; the command's arguments follow it as arguments of their own.
// An argument, not an inherited descriptor or the session's control
// socket: both kinds of helper get it the same way before they do
// anything else, no descriptor has to be kept from the command, and it
// costs the exec nothing. One argument holds at most 128 KiB
// (maxPolicyBytes), which Command checks. The helper decodes it strictly:
// another version, an unknown field, a truncated or malformed object, a
// relative or unclean path or options it cannot hold together are an
// error before anything is applied, never a partial policy. A path that
// is not UTF-8 goes as a NUL and its bytes in base64 (exactString), as in
// the session's requests below.
//
// # The session helper's protocol
//
// The agent starts a session helper (session_linux.go) with one end of a
// SOCK_SEQPACKET socket pair as its file 3, the control socket, and the
// helper side (session_helper_linux.go) serves it. Every message is one
// packet of JSON:
//
//  1. helper -> agent, control socket: {"Ready":true} once the mounts
//     are made; before that, the agent waits (at most sessionStartLimit).
//  2. agent -> helper, control socket: a sessionRequest {Argv, Env, Dir}
//     with four files passed alongside (SCM_RIGHTS): the command's stdin,
//     stdout, stderr, and its own socket for the replies. A request larger
//     than maxInlineRequest travels in a memory file passed fifth, the
//     packet then being {}.
//  3. helper -> agent, the command's socket: {"Accepted":true} at once,
//     then {"Exited":true, "Status":..., "Rusage":...} when the command
//     has ended and its PID namespace is empty.
//  4. agent -> helper, the command's socket: {"Signal":N} for the
//     command's process group, any number of times. The agent closing
//     the command's socket before the Exited reply gives the command up:
//     the helper ends it.
//
// JSON strings hold only UTF-8 (encoding/json puts U+FFFD for the other
// bytes), so a request's argument, environment variable, directory or
// secret file to hide that is not goes as a NUL and its bytes in base64
// (exactString): else a command would run elsewhere, or read a secret
// file whose name is not UTF-8.
//
// Closing the control socket ends the helper and, since it is the init
// of the session's PID namespace, every command still running.
//
// # Slots
//
// A session helper runs each command in a slot (session_helper_linux.go):
// an OS thread it confined (Landlock, the socket filter, no capabilities)
// with a PID namespace of its own, whose first process is an idle init
// (cat reading a pipe nothing writes), and, where the kernel can, a /proc
// of that namespace in a mount namespace of the thread's, so that pkill
// and kill $(pidof ...) find the command's own processes. A command that
// left nothing behind gives its slot back for the next one (at most
// maxIdleSlots wait); otherwise the helper kills the slot's init, which
// ends everything in the namespace, before it sends Exited.
//
// # Restarts
//
// A session's helper starts with its first command. The agent starts a
// new one, retiring the old, when the helper died (errSessionLost: the
// command is sent again once) or when what its mounts were made for
// changed: the root's git directories (a new submodule or worktree), the
// credential stores that exist, the paths put back under hidden ones, or
// the command's environment. A retired helper ends once its last command
// has. Every helper is started from one locked spawner thread, so that
// its parent-death signal fires only when the agent ends; Sessions.Close
// ends them all.
//
// # Files
//
//	sandbox.go, config.go, errors.go   Mode, Config, Options, Status, the Sandbox interface, errors
//	command.go, cmd.go                 New, Sandbox.Command (Linux), Cmd and how a command ended
//	helper.go, helperargs.go           the helper's entry point (HelperMain) and its policy
//	helper_linux.go, init_linux.go     confining the helper, and the helper as its command's init
//	namespace_linux.go                 user namespace mappings and the namespace checks
//	loopback_linux.go                  the private network's loopback
//	mounts_linux.go, placeholders.go   the mount plan: private temp, hidden paths, read-only git dirs
//	landlock_linux.go                  the filesystem wall
//	sockets_linux.go                   the socket wall: the seccomp filter and connect(2) answers
//	policy.go                          what is hidden, cached, shared: the policy as data
//	gocacheprog_linux.go, gocache/     confined go reads the person's build cache (GOCACHEPROG)
//	probe_*.go, report.go              what the OS offers (Probe, Report)
//	session_linux.go                   Sessions: the agent's side of the session helpers
//	session_helper_linux.go            the session helper: serving requests, slots
//	seatbelt.go, seatbelt_darwin.go    the macOS sandbox: the Seatbelt profile
//	*_other.go                         the stubs of other systems
package sandbox
