package sandbox

import (
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// namespaceAttr returns the process attributes that start the helper in
// the new namespaces ns asks for.
//
// The user namespace maps the agent's own user and group to themselves, so
// that files and `id` look the same inside. A non-root user keeps
// CAP_NET_ADMIN and CAP_SYS_ADMIN (in the new namespace only) across the
// exec as ambient capabilities, just long enough for the helper to bring
// the loopback up and to mount; the command gets none of them.
func namespaceAttr(ns nsFlags) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{}
	userns, netns := ns.user, ns.net
	if netns {
		attr.Cloneflags |= syscall.CLONE_NEWNET
	}
	if userns && ns.mount {
		// An IPC namespace of its own too: System V shared memory,
		// semaphores and message queues and POSIX message queues are
		// named by keys and names, not paths, so neither the mounts nor
		// Landlock keep a command from the person's programs' ones.
		attr.Cloneflags |= syscall.CLONE_NEWNS | syscall.CLONE_NEWIPC
		if ns.pid {
			attr.Cloneflags |= syscall.CLONE_NEWPID
		}
	}
	if userns {
		uid, gid := os.Geteuid(), os.Getegid()
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
		// Without setgroups denied, an unprivileged user may not write
		// the gid map.
		attr.GidMappingsEnableSetgroups = false
		if uid != 0 {
			if netns {
				attr.AmbientCaps = append(attr.AmbientCaps, unix.CAP_NET_ADMIN)
			}
			if ns.mount {
				attr.AmbientCaps = append(attr.AmbientCaps, unix.CAP_SYS_ADMIN)
			}
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
