package sandbox

import (
	"errors"
	"fmt"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// writableDevices are the device files every command may write: sinks and
// sources that touch nothing else. /dev/tty is not among them, so a
// command cannot write over the agent's screen.
var writableDevices = []string{"/dev/null", "/dev/zero", "/dev/full"}

// presets are the library's rights per Landlock ABI version (index 0: no
// Landlock). A kernel newer than the library gets the newest preset.
var presets = []landlock.Config{{}, landlock.V1, landlock.V2, landlock.V3, landlock.V4, landlock.V5,
	landlock.V6, landlock.V7, landlock.V8, landlock.V9, landlock.V10, landlock.V11}

// Groups of filesystem rights.
const (
	readRights = ll.AccessFSExecute | ll.AccessFSReadFile | ll.AccessFSReadDir
	fileRights = ll.AccessFSExecute | ll.AccessFSReadFile | ll.AccessFSWriteFile | ll.AccessFSTruncate
	// notWritable are rights that even the writable trees do not get:
	// making device nodes (a root without a user namespace could make one
	// for a disk and write through it), device ioctls, and connecting to
	// unix sockets of programs outside the sandbox (docker.sock, the
	// session bus).
	notWritable = ll.AccessFSMakeChar | ll.AccessFSMakeBlock | ll.AccessFSIoctlDev | ll.AccessFSResolveUnix
)

// restrictFS confines the calling thread, and what it execs, with Landlock:
// read and execute everywhere; write, create, remove, rename and link only
// under the writable directories (the root, the temp and cache
// directories; never device nodes); write the harmless devices.
//
// It confines only the calling thread, which runHelper has locked: the
// helper execs from this thread right after, and execve ends every other
// thread.
// Confining all threads (what the library's Restrict does) means signalling
// each of them, which costs up to a millisecond per command for nothing.
// The library still provides the ABI presets and the system calls.
//
// It handles every right the kernel's ABI knows, except:
//   - TCP bind and connect (ABI 4) are handled only when the command has no
//     network namespace and may not use the network: then they are the
//     only network wall left. Inside a network namespace only the loopback
//     exists, and local test servers should work.
//   - With the network allowed, abstract unix sockets are not scoped (ABI
//     6) and pathname unix sockets outside the sandbox may be connected to
//     (ABI 9): reaching other programs is what network access means here.
func restrictFS(spec helperSpec, writable []string) error {
	abi, err := landlockABI()
	if err != nil {
		return err
	}
	cfg := presets[min(abi, len(presets)-1)]
	fs := uint64(cfg.HandledAccessFS)
	attr := ll.RulesetAttr{HandledAccessFS: fs, Scoped: uint64(cfg.Scoped)}
	if !spec.Network && spec.OuterNetNS == 0 {
		attr.HandledAccessNet = uint64(cfg.HandledAccessNet)
	}
	read := fs & readRights
	if spec.Network {
		attr.Scoped &^= ll.ScopeAbstractUnixSocket
		read |= fs & ll.AccessFSResolveUnix
	}
	// Refer (ABI 2) is among the handled rights when the kernel has it, so
	// renames and links work within and between the writable trees.
	write := fs &^ notWritable

	fd, err := ll.LandlockCreateRuleset(&attr, 0)
	if err != nil {
		return fmt.Errorf("landlock: create ruleset: %w", err)
	}
	defer unix.Close(fd)
	if err := allow(fd, "/", read); err != nil {
		return err
	}
	for _, dir := range writable {
		if dir == "" {
			continue
		}
		if err := allow(fd, dir, write); err != nil {
			return err
		}
	}
	for _, dev := range writableDevices {
		if err := allow(fd, dev, fs&fileRights); err != nil && !errors.Is(err, unix.ENOENT) {
			return err
		}
	}
	if spec.MountNS {
		// The private /dev's devpts holds only the command's own ptys,
		// which it may open, read, write and set up (ioctl).
		if err := allow(fd, "/dev/pts", fs&(fileRights|ll.AccessFSIoctlDev)); err != nil && !errors.Is(err, unix.ENOENT) {
			return err
		}
	}
	// Landlock requires no_new_privs (or CAP_SYS_ADMIN): setuid programs
	// must not gain rights inside. Both are per thread, like the domain.
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("landlock: set no_new_privs: %w", err)
	}
	if err := ll.LandlockRestrictSelf(fd, 0); err != nil {
		return fmt.Errorf("landlock: restrict: %w", err)
	}
	return nil
}

// landlockABI returns the ABI version to use, or an error when the kernel
// cannot confine.
func landlockABI() (int, error) {
	abi, err := ll.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		return 0, fmt.Errorf("landlock: the kernel cannot confine the filesystem (ABI %d): %v", abi, err)
	}
	return usableABI(abi), nil
}

// usableABI is the ABI version as far as it can be trusted. Like the
// library, it takes an ABI 6 or later whose signal-scoping fix (erratum 2)
// is missing for ABI 5.
func usableABI(abi int) int {
	if abi >= 6 {
		if errata, err := ll.LandlockGetErrata(); err != nil || errata&0x2 == 0 {
			return 5
		}
	}
	return abi
}

// allow adds a rule granting rights beneath path.
func allow(rulesetFD int, path string, rights uint64) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("landlock: open %s: %w", path, err)
	}
	defer unix.Close(fd)
	attr := ll.PathBeneathAttr{ParentFd: fd, AllowedAccess: rights}
	if err := ll.LandlockAddPathBeneathRule(rulesetFD, &attr, 0); err != nil {
		return fmt.Errorf("landlock: allow %s: %w", path, err)
	}
	return nil
}
