package sandbox

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// probe finds out what this kernel and this user can confine.
func probe() Report {
	var r Report
	r.LandlockABI, r.LandlockReason = probeLandlock()
	r.UserNamespaces, r.NetworkNamespace, r.NamespaceReason = probeNamespaces()
	if r.UserNamespaces {
		err := tryNamespaces(nsFlags{user: true, net: r.NetworkNamespace, mount: true})
		r.MountNamespace = err == nil
		if err == nil {
			err = tryNamespaces(nsFlags{user: true, net: r.NetworkNamespace, mount: true, pid: true})
			r.PIDNamespace = err == nil
		}
		if err != nil {
			r.IsolationReason = namespaceHint(err)
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

// probeNamespaces tries the namespaces Command would ask for: a user and a
// network namespace together, else a user namespace alone, else (as root)
// a network namespace alone.
func probeNamespaces() (userns, netns bool, reason string) {
	both := tryNamespaces(nsFlags{user: true, net: true})
	if both == nil {
		return true, true, ""
	}
	user := tryNamespaces(nsFlags{user: true})
	if user == nil {
		return true, false, "network namespace: " + namespaceHint(both)
	}
	if tryNamespaces(nsFlags{net: true}) == nil {
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
