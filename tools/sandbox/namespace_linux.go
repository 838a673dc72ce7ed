package sandbox

import (
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// namespaceAttr returns the process attributes that start the helper in a
// new user namespace and/or a new network namespace.
//
// The user namespace maps the agent's own user and group to themselves, so
// that files and `id` look the same inside. A non-root user keeps
// CAP_NET_ADMIN (in the new namespace only) across the exec as an ambient
// capability, just long enough for the helper to bring the loopback up; the
// helper clears it before it execs the command.
func namespaceAttr(userns, netns bool) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{}
	if netns {
		attr.Cloneflags |= syscall.CLONE_NEWNET
	}
	if userns {
		uid, gid := os.Geteuid(), os.Getegid()
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
		// Without setgroups denied, an unprivileged user may not write
		// the gid map.
		attr.GidMappingsEnableSetgroups = false
		if netns && uid != 0 {
			attr.AmbientCaps = []uintptr{unix.CAP_NET_ADMIN}
		}
	}
	return attr
}

// nsInode returns the inode that identifies the calling process's
// namespace of the given kind ("user", "net").
func nsInode(kind string) (uint64, error) {
	var st unix.Stat_t
	if err := unix.Stat("/proc/self/ns/"+kind, &st); err != nil {
		return 0, fmt.Errorf("identify %s namespace: %w", kind, err)
	}
	return st.Ino, nil
}
