package sandbox

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// helperSpec is everything the helper applies before it execs the command.
// The agent decides it (Command, Sessions.start) and hands it to the
// helper as its policy, one versioned JSON document (helperPolicy); the
// helper decodes it and applies exactly that, or refuses to run.
//
// The policy is the helper's argument after HelperArg and the command
// the arguments after it, which exec wants as a list anyway (doc.go says
// why an argument).
type helperSpec struct {
	// Root is the project root, the only tree besides TempDir the command
	// may write.
	Root string `json:"root"`
	// TempDir is the private temp directory, writable and exported as
	// TMPDIR; empty for none.
	TempDir string `json:"temp_dir,omitempty"`
	// Network lets the command reach other programs: it keeps the network
	// and may connect to unix sockets outside the sandbox.
	Network bool `json:"network,omitempty"`
	// Landlock confines the filesystem; the helper fails if it cannot.
	Landlock bool `json:"landlock,omitempty"`
	// OuterUserNS, when non-zero, is the inode of the agent's user
	// namespace: the helper must be in another one, or it refuses to run.
	OuterUserNS uint64 `json:"outer_user_ns,omitempty"`
	// OuterNetNS, when non-zero, is the inode of the agent's network
	// namespace: the helper must be in another one (or refuse) and brings
	// that namespace's loopback up.
	OuterNetNS uint64 `json:"outer_net_ns,omitempty"`
	// MaxProcesses is RLIMIT_NPROC; 0 leaves the limit alone.
	MaxProcesses uint64 `json:"max_processes,omitempty"`
	// MaxFileSize is RLIMIT_FSIZE in bytes; 0 leaves the limit alone.
	MaxFileSize uint64 `json:"max_file_size,omitempty"`
	// MountNS says the helper is in a mount namespace of its own, which
	// it makes private: the shared temp directories are replaced by
	// TempDir, ReadOnly becomes read-only, the credential stores are
	// hidden and, with PIDNS, /proc shows only the command's processes.
	MountNS bool `json:"mount_ns,omitempty"`
	// PIDNS says the helper is the first process of a PID namespace of its
	// own: it starts the command as its child, stays as the namespace's
	// init and, when the command ends, ends, which kills every process
	// the command left.
	PIDNS bool `json:"pid_ns,omitempty"`
	// StatusFD, when non-zero, is the file descriptor on which the helper
	// as init writes the command's wait status before it exits.
	StatusFD uint64 `json:"status_fd,omitempty"`
	// UnixWall hands the command's connect(2) calls to the helper, which
	// refuses unix sockets outside the command's writable trees (see
	// sockets_linux.go); with PIDNS only, and never with Network.
	UnixWall bool `json:"unix_wall,omitempty"`
	// CacheDir, when set, is the project's private cache directory: it is
	// writable and the toolchains' cache variables point into it.
	CacheDir string `json:"cache_dir,omitempty"`
	// Visible are paths the command may read, read-only, inside a hidden
	// path that holds them (the session's saved output, in the agent's
	// hidden state directory); with MountNS only.
	Visible []string `json:"visible,omitempty"`
	// AccountHome is the home directory of the user's account, which the
	// agent looked up: its credential stores are hidden as well as those
	// of the command's HOME, which may differ. Empty when unknown.
	AccountHome string `json:"account_home,omitempty"`
	// ReadOnly are paths inside the writable trees made read-only (the git
	// directories); with MountNS only.
	ReadOnly []string `json:"read_only,omitempty"`
	// Hide are more paths to hide besides the built-in ones, absolute or
	// starting with "~/" (each home directory); with MountNS only.
	Hide []string `json:"hide,omitempty"`
	// Session makes the helper a session helper (session_linux.go): it
	// makes the mounts once, then runs the commands the agent sends it
	// over the control socket on file descriptor 3, each confined on a
	// thread of its own and in a PID namespace of its own. Argv is then
	// only the first command, whose directory the mounts keep visible.
	// With MountNS and PIDNS only.
	Session bool `json:"session,omitempty"`
	// Argv is the command to exec, looked up in the command's PATH. It
	// follows the policy as arguments of their own.
	Argv []string `json:"-"`
}

// helperPolicy is the policy as it travels: the spec and its version.
type helperPolicy struct {
	// Version is helperPolicyVersion; a helper refuses any other.
	Version int `json:"version"`
	helperSpec
}

// helperPolicyVersion is the version of the policy's JSON form. The agent
// and the helper are one binary, so a helper that meets another version
// was started by something else, and refuses rather than guess.
const helperPolicyVersion = 1

// maxPolicyBytes is the longest policy an argument can hold: Linux takes
// at most MAX_ARG_STRLEN (32 pages, the terminating NUL included) in one.
// A policy is about 100 bytes, and each hidden or read-only path adds
// its length; hide holds at most 256 (maxHide).
const maxPolicyBytes = 32*4096 - 1

// rawPrefix starts a string that is not UTF-8, spelled in base64 after
// it (see exactString).
const rawPrefix = "\x00"

// encode returns the helper's arguments after HelperArg: the policy, then
// the command. It fails only when the policy is longer than an argument
// can be, an error wrapping ErrInvalidOptions.
func (s helperSpec) encode() ([]string, error) {
	p := helperPolicy{Version: helperPolicyVersion, helperSpec: s}
	p.Root, p.TempDir, p.CacheDir, p.AccountHome = exactString(s.Root), exactString(s.TempDir), exactString(s.CacheDir), exactString(s.AccountHome)
	p.ReadOnly, p.Hide, p.Visible = exactStrings(s.ReadOnly), exactStrings(s.Hide), exactStrings(s.Visible)
	b, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("%w: sandbox policy: %w", ErrInvalidOptions, err)
	}
	if len(b) > maxPolicyBytes {
		return nil, fmt.Errorf("%w: the sandbox policy is %d bytes, more than the %d an argument holds (%d hidden and %d read-only paths)",
			ErrInvalidOptions, len(b), maxPolicyBytes, len(s.Hide), len(s.ReadOnly))
	}
	return append([]string{string(b)}, s.Argv...), nil
}

// decodeHelperArgs decodes what encode produced. It is strict, because
// anything it lets through is applied to a command: a policy that is not
// one whole JSON object of the known version with only known fields, a
// relative or unclean path, a root of "/", a NUL byte, a combination the
// helper cannot hold (see validate) and an empty command are errors
// wrapping ErrInvalidOptions, and then no part of the policy is returned.
func decodeHelperArgs(args []string) (helperSpec, error) {
	if len(args) == 0 {
		return helperSpec{}, fmt.Errorf("%w: no policy", ErrInvalidOptions)
	}
	var p helperPolicy
	dec := json.NewDecoder(strings.NewReader(args[0]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return helperSpec{}, policyError(args[0], err)
	}
	// Decode reads one value; whatever follows it is no part of a policy
	// this agent wrote (a second object, a truncated one).
	if err := dec.Decode(&json.RawMessage{}); err != io.EOF {
		return helperSpec{}, fmt.Errorf("%w: the sandbox policy has more after its end", ErrInvalidOptions)
	}
	if p.Version != helperPolicyVersion {
		return helperSpec{}, versionError(p.Version)
	}
	s := p.helperSpec
	err := s.eachPath(func(name string, path *string) error {
		exact, ok := fromExactString(*path)
		if !ok {
			return fmt.Errorf("%w: %s %q starts with a NUL, which only the base64 of a path that is not UTF-8 may", ErrInvalidOptions, name, *path)
		}
		*path = exact
		return nil
	})
	if err != nil {
		return helperSpec{}, err
	}
	s.Argv = args[1:]
	if err := s.validate(); err != nil {
		return helperSpec{}, err
	}
	return s, nil
}

// policyError explains why a policy did not decode: a version other than
// this helper's is said first, since its fields may well be unknown too.
func policyError(policy string, err error) error {
	var v struct {
		Version *int `json:"version"`
	}
	if json.Unmarshal([]byte(policy), &v) == nil && v.Version != nil && *v.Version != helperPolicyVersion {
		return versionError(*v.Version)
	}
	return fmt.Errorf("%w: the sandbox policy does not decode: %w", ErrInvalidOptions, err)
}

// versionError says a policy is of a version this helper does not know.
func versionError(v int) error {
	if v == 0 {
		return fmt.Errorf("%w: the sandbox policy has no version", ErrInvalidOptions)
	}
	return fmt.Errorf("%w: the sandbox policy is version %d; this helper reads version %d only",
		ErrInvalidOptions, v, helperPolicyVersion)
}

// exactString returns s as a JSON string carries it byte for byte. JSON
// strings hold only UTF-8, and encoding/json replaces other bytes with
// U+FFFD, so a path would reach the helper as another path, a wall put
// on the wrong file (Linux names may hold any byte but NUL and '/'). A
// string that is not UTF-8 goes as rawPrefix and its bytes in base64, and
// so does one that starts with rawPrefix (no path, argument or
// environment variable does: they hold no NUL).
func exactString(s string) string {
	if utf8.ValidString(s) && !strings.HasPrefix(s, rawPrefix) {
		return s
	}
	return rawPrefix + base64.StdEncoding.EncodeToString([]byte(s))
}

// exactStrings is exactString of each of list, which it returns itself
// when nothing needs escaping and never changes.
func exactStrings(list []string) []string {
	for i, s := range list {
		if exactString(s) != s {
			out := slices.Clone(list)
			for j := i; j < len(out); j++ {
				out[j] = exactString(out[j])
			}
			return out
		}
	}
	return list
}

// fromExactString undoes exactString. It reports false for what
// exactString never makes (bad base64, base64 spelled otherwise, as with
// the line breaks a decoder skips, or bytes it would not have escaped),
// so that each string has one spelling.
func fromExactString(s string) (string, bool) {
	encoded, ok := strings.CutPrefix(s, rawPrefix)
	if !ok {
		return s, true
	}
	b, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || exactString(string(b)) != s {
		return "", false
	}
	return string(b), true
}

// fromExactStrings undoes exactStrings in place, reporting false as
// fromExactString does.
func fromExactStrings(list []string) bool {
	for i, s := range list {
		var ok bool
		if list[i], ok = fromExactString(s); !ok {
			return false
		}
	}
	return true
}

// eachPath calls f with each path of s and its name in the policy,
// stopping at the first error.
func (s *helperSpec) eachPath(f func(name string, path *string) error) error {
	for _, p := range []struct {
		name string
		path *string
	}{{"root", &s.Root}, {"temp_dir", &s.TempDir}, {"cache_dir", &s.CacheDir}, {"account_home", &s.AccountHome}} {
		if err := f(p.name, p.path); err != nil {
			return err
		}
	}
	for _, list := range []struct {
		name  string
		paths []string
	}{{"visible", s.Visible}, {"read_only", s.ReadOnly}, {"hide", s.Hide}} {
		for i := range list.paths {
			if err := f(list.name, &list.paths[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// validate checks what decoding alone does not: the root is required and
// must not be "/" (that would make every file writable), every path is
// absolute and clean (a hidden one may start with ~/ instead), the
// options hold together, and the command is non-empty and free of NUL
// bytes, which exec cannot pass.
func (s helperSpec) validate() error {
	if s.Root == "" {
		return fmt.Errorf("%w: root is required", ErrInvalidOptions)
	}
	if s.Root == "/" {
		return fmt.Errorf("%w: a root of / would make every file writable", ErrInvalidOptions)
	}
	err := s.eachPath(func(name string, p *string) error {
		switch name {
		case "temp_dir", "cache_dir", "account_home":
			if *p == "" {
				return nil // none
			}
		case "hide":
			return checkHidePath(name, *p)
		}
		return checkPath(name, *p)
	})
	if err != nil {
		return err
	}
	if len(s.Argv) == 0 || s.Argv[0] == "" {
		return fmt.Errorf("%w: no command", ErrInvalidOptions)
	}
	if (len(s.ReadOnly) > 0 || len(s.Hide) > 0 || len(s.Visible) > 0 || s.PIDNS) && !s.MountNS {
		return fmt.Errorf("%w: read_only, hide, visible and pid_ns need mount_ns", ErrInvalidOptions)
	}
	if s.UnixWall && (!s.PIDNS || s.Network) {
		return fmt.Errorf("%w: unix_wall needs pid_ns and no network", ErrInvalidOptions)
	}
	if s.Session && (!s.PIDNS || s.StatusFD != 0) {
		return fmt.Errorf("%w: session needs pid_ns and no status_fd", ErrInvalidOptions)
	}
	if s.StatusFD != 0 && !s.PIDNS {
		return fmt.Errorf("%w: status_fd needs pid_ns", ErrInvalidOptions)
	}
	for _, a := range s.Argv {
		if strings.IndexByte(a, 0) >= 0 {
			return fmt.Errorf("%w: command argument %q contains a NUL byte", ErrInvalidOptions, a)
		}
	}
	return nil
}

// checkPath accepts an absolute, clean path without NUL bytes.
func checkPath(name, path string) error {
	switch {
	case path == "":
		return fmt.Errorf("%w: %s needs a path", ErrInvalidOptions, name)
	case strings.IndexByte(path, 0) >= 0:
		return fmt.Errorf("%w: %s %q contains a NUL byte", ErrInvalidOptions, name, path)
	case !filepath.IsAbs(path) || filepath.Clean(path) != path:
		return fmt.Errorf("%w: %s %q is not an absolute clean path", ErrInvalidOptions, name, path)
	}
	return nil
}

// checkHidePath accepts what checkPath does, or "~/" and a clean relative
// path below the home directory.
func checkHidePath(name, path string) error {
	rest, ok := strings.CutPrefix(path, "~/")
	if !ok {
		return checkPath(name, path)
	}
	if rest == "" || checkPath(name, "/"+rest) != nil {
		return fmt.Errorf("%w: %s %q is not ~/ and a clean path", ErrInvalidOptions, name, path)
	}
	return nil
}
