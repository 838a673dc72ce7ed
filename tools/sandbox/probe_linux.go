package sandbox

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// probe finds out what this kernel and this user can confine.
//
// Each namespace try clones a child, a few milliseconds apiece (a network
// namespace is slow to make and to tear down), and the screen waits for
// the report before anything can run. In the usual case one clone answers
// everything: a child made in user, network, mount and PID namespaces at
// once shows that each of them is allowed (the kernel judges each on its
// own: its sysctl, its count, the LSM's hook for user namespaces), so the
// smaller sets need no try of their own. A kernel that refuses it gets the tries of the smaller
// sets at once, and one that refuses the first of those is asked step by
// step. The report is the same either way.
func probe() Report { return probeWith(tryNamespaces) }

// probeWith is probe with the clone tried by try, so that tests can
// simulate kernels that refuse some namespaces.
func probeWith(try func(nsFlags) error) Report {
	var r Report
	r.LandlockABI, r.LandlockReason = probeLandlock()
	var both, mount error
	pid := try(nsFlags{user: true, net: true, mount: true, pid: true})
	if pid != nil {
		var wg sync.WaitGroup
		wg.Go(func() { both = try(nsFlags{user: true, net: true}) })
		wg.Go(func() { mount = try(nsFlags{user: true, net: true, mount: true}) })
		wg.Wait()
	}
	if both == nil {
		r.UserNamespaces, r.NetworkNamespace = true, true
	} else {
		r.UserNamespaces, r.NetworkNamespace, r.NamespaceReason = probeNamespaces(both, try)
		if r.UserNamespaces {
			mount = try(nsFlags{user: true, net: r.NetworkNamespace, mount: true})
			if mount == nil {
				pid = try(nsFlags{user: true, net: r.NetworkNamespace, mount: true, pid: true})
			}
		}
	}
	if r.UserNamespaces {
		// A PID namespace is only used inside a mount namespace.
		r.MountNamespace = mount == nil
		r.PIDNamespace = mount == nil && pid == nil
		switch {
		case mount != nil:
			r.IsolationReason = namespaceHint(mount)
		case pid != nil:
			r.IsolationReason = namespaceHint(pid)
		}
	} else {
		r.IsolationReason = "they need a user namespace"
	}
	switch {
	case !r.UserNamespaces:
		r.ProcessLimitReason = "without a user namespace RLIMIT_NPROC would count every process of the user"
	case os.Geteuid() == 0:
		r.ProcessLimitReason = "the kernel exempts root from RLIMIT_NPROC"
	default:
		r.ProcessLimit = true
	}
	r.SeatbeltReason = "macOS only"
	r.Summary = r.summary()
	return r
}

// useSeatbelt says New builds the macOS sandbox: not on Linux.
const useSeatbelt = false

// probeLandlock returns the usable Landlock ABI version, or 0 and why not.
func probeLandlock() (int, string) {
	v, err := ll.LandlockGetABIVersion()
	switch {
	case err == nil && v > 0:
		return usableABI(v), ""
	case errors.Is(err, syscall.ENOSYS):
		return 0, "the kernel has no Landlock (it needs Linux 5.13 or later built with CONFIG_SECURITY_LANDLOCK)"
	case errors.Is(err, syscall.EOPNOTSUPP):
		return 0, "Landlock is disabled at boot (add landlock to the kernel's lsm= parameter)"
	case err != nil:
		return 0, fmt.Sprintf("landlock_create_ruleset: %v", err)
	default:
		return 0, fmt.Sprintf("the kernel reports Landlock ABI %d", v)
	}
}

// probeNamespaces tries the namespaces Command would ask for once a user
// and a network namespace together failed with both: a user namespace
// alone, else (as root) a network namespace alone; try clones.
func probeNamespaces(both error, try func(nsFlags) error) (userns, netns bool, reason string) {
	user := try(nsFlags{user: true})
	if user == nil {
		return true, false, "network namespace: " + namespaceHint(both)
	}
	if try(nsFlags{net: true}) == nil {
		return false, true, "user namespace: " + namespaceHint(user)
	}
	return false, false, "user namespace: " + namespaceHint(user)
}

// namespaceHint explains the usual reasons behind a failed clone.
func namespaceHint(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Sprintf("%v (user.max_user_namespaces is 0 or exhausted)", err)
	case errors.Is(err, syscall.EPERM), errors.Is(err, syscall.EACCES):
		return fmt.Sprintf("%v (unprivileged user namespaces are disabled: kernel.unprivileged_userns_clone, or an AppArmor or SELinux policy)", err)
	case errors.Is(err, syscall.EINVAL):
		return fmt.Sprintf("%v (the kernel lacks namespace support)", err)
	}
	return err.Error()
}

// probePath cannot be executed on any system (/dev/null is not a
// directory), so a start that fails with ENOTDIR has got as far as execve:
// the clone, the id mappings and the ambient capability all worked, and
// nothing ran.
const probePath = "/dev/null/agent-sandbox-probe"

// tryNamespaces reports whether a child can be started in the namespaces
// Command would use, with the same process attributes.
func tryNamespaces(ns nsFlags) error {
	pid, err := syscall.ForkExec(probePath, []string{probePath}, &syscall.ProcAttr{Sys: namespaceAttr(ns)})
	if err == nil {
		// Unreachable unless someone made the path executable; do not
		// leave the child behind.
		_ = syscall.Kill(pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
		return fmt.Errorf("probe: %s unexpectedly ran", probePath)
	}
	if errors.Is(err, syscall.ENOTDIR) {
		return nil
	}
	return err
}
