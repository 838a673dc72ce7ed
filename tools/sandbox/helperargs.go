package sandbox

import (
	"encoding/base64"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// helperSpec is everything the helper applies before it execs the command.
// The agent decides it (Command) and encodes it into the helper's argument
// vector; the helper decodes it and applies exactly that. Argument vectors
// carry any byte but NUL, so values need no quoting.
type helperSpec struct {
	// Root is the project root, the only tree besides TempDir the command
	// may write.
	Root string
	// TempDir is the private temp directory, writable and exported as
	// TMPDIR; empty for none.
	TempDir string
	// Network lets the command reach other programs: it keeps the network
	// and may connect to unix sockets outside the sandbox.
	Network bool
	// Landlock confines the filesystem; the helper fails if it cannot.
	Landlock bool
	// OuterUserNS, when non-zero, is the inode of the agent's user
	// namespace: the helper must be in another one, or it refuses to run.
	OuterUserNS uint64
	// OuterNetNS, when non-zero, is the inode of the agent's network
	// namespace: the helper must be in another one (or refuse) and brings
	// that namespace's loopback up.
	OuterNetNS uint64
	// MaxProcesses is RLIMIT_NPROC; 0 leaves the limit alone.
	MaxProcesses uint64
	// MaxFileSize is RLIMIT_FSIZE in bytes; 0 leaves the limit alone.
	MaxFileSize uint64
	// MountNS says the helper is in a mount namespace of its own, which
	// it makes private: the shared temp directories are replaced by
	// TempDir, ReadOnly becomes read-only, the credential stores are
	// hidden and, with PIDNS, /proc shows only the command's processes.
	MountNS bool
	// PIDNS says the helper is the first process of a PID namespace of its
	// own: it starts the command as its child, stays as the namespace's
	// init and, when the command ends, ends, which kills every process
	// the command left.
	PIDNS bool
	// StatusFD, when non-zero, is the file descriptor on which the helper
	// as init writes the command's wait status before it exits.
	StatusFD uint64
	// UnixWall hands the command's connect(2) calls to the helper, which
	// refuses unix sockets outside the command's writable trees (see
	// sockets_linux.go); with PIDNS only, and never with Network.
	UnixWall bool
	// CacheDir, when set, is the project's private cache directory: it is
	// writable and the toolchains' cache variables point into it.
	CacheDir string
	// Visible are paths the command may read, read-only, inside a hidden
	// path that holds them (the session's saved output, in the agent's
	// hidden state directory); with MountNS only.
	Visible []string
	// AccountHome is the home directory of the user's account, which the
	// agent looked up: its credential stores are hidden as well as those
	// of the command's HOME, which may differ. Empty when unknown.
	AccountHome string
	// ReadOnly are paths inside the writable trees made read-only (the git
	// directories); with MountNS only.
	ReadOnly []string
	// Hide are more paths to hide besides the built-in ones, absolute or
	// starting with "~/" (each home directory); with MountNS only.
	Hide []string
	// Session makes the helper a session helper (session_linux.go): it
	// makes the mounts once, then runs the commands the agent sends it
	// over the control socket on file descriptor 3, each confined on a
	// thread of its own and in a PID namespace of its own. Argv is then
	// only the first command, whose directory the mounts keep visible.
	// With MountNS and PIDNS only.
	Session bool
	// Argv is the command to exec, looked up in the command's PATH.
	Argv []string
}

// The helper's flags. Every flag is --name or --name=value, at most once,
// before "--"; everything after "--" is the command. Only --ro, --hide
// and --visible may be repeated, once per path.
const (
	flagRoot        = "--root"
	flagTempDir     = "--tmp"
	flagNetwork     = "--net"
	flagLandlock    = "--landlock"
	flagOuterUserNS = "--outer-userns"
	flagOuterNetNS  = "--outer-netns"
	flagNProc       = "--nproc"
	flagFSize       = "--fsize"
	flagMountNS     = "--mountns"
	flagPIDNS       = "--pidns"
	flagStatusFD    = "--status-fd"
	flagCacheDir    = "--cache"
	flagVisible     = "--visible"
	flagAccountHome = "--account-home"
	flagUnixWall    = "--unix-wall"
	flagReadOnly    = "--ro"
	flagHide        = "--hide"
	flagSession     = "--session"
	argvSeparator   = "--"
)

// encode returns the helper arguments that decode back to s.
func (s helperSpec) encode() []string {
	args := make([]string, 0, 18+len(s.ReadOnly)+len(s.Hide)+len(s.Visible)+len(s.Argv))
	args = append(args, flagRoot+"="+s.Root)
	if s.TempDir != "" {
		args = append(args, flagTempDir+"="+s.TempDir)
	}
	if s.Network {
		args = append(args, flagNetwork)
	}
	if s.Landlock {
		args = append(args, flagLandlock)
	}
	if s.MountNS {
		args = append(args, flagMountNS)
	}
	if s.PIDNS {
		args = append(args, flagPIDNS)
	}
	if s.UnixWall {
		args = append(args, flagUnixWall)
	}
	if s.Session {
		args = append(args, flagSession)
	}
	if s.CacheDir != "" {
		args = append(args, flagCacheDir+"="+s.CacheDir)
	}
	for _, p := range s.Visible {
		args = append(args, flagVisible+"="+p)
	}
	if s.AccountHome != "" {
		args = append(args, flagAccountHome+"="+s.AccountHome)
	}
	for _, p := range s.ReadOnly {
		args = append(args, flagReadOnly+"="+p)
	}
	for _, p := range s.Hide {
		args = append(args, flagHide+"="+p)
	}
	for _, n := range []struct {
		flag string
		v    uint64
	}{
		{flagOuterUserNS, s.OuterUserNS},
		{flagOuterNetNS, s.OuterNetNS},
		{flagNProc, s.MaxProcesses},
		{flagFSize, s.MaxFileSize},
		{flagStatusFD, s.StatusFD},
	} {
		if n.v != 0 {
			args = append(args, n.flag+"="+strconv.FormatUint(n.v, 10))
		}
	}
	args = append(args, argvSeparator)
	return append(args, s.Argv...)
}

// decodeHelperArgs parses what encode produced. It is strict, because
// anything it lets through is applied to a command: unknown, repeated or
// malformed flags, relative or unclean paths, a root of "/", NUL bytes and
// an empty command are errors wrapping ErrInvalidOptions.
func decodeHelperArgs(args []string) (helperSpec, error) {
	var s helperSpec
	seen := make(map[string]bool)
	for i, arg := range args {
		if arg == argvSeparator {
			s.Argv = args[i+1:]
			if err := s.validate(); err != nil {
				return helperSpec{}, err
			}
			return s, nil
		}
		name, value, hasValue := strings.Cut(arg, "=")
		if seen[name] && name != flagReadOnly && name != flagHide && name != flagVisible {
			return helperSpec{}, fmt.Errorf("%w: %s given twice", ErrInvalidOptions, name)
		}
		seen[name] = true
		var err error
		switch name {
		case flagRoot:
			s.Root, err = pathValue(name, value, hasValue)
		case flagTempDir:
			s.TempDir, err = pathValue(name, value, hasValue)
		case flagNetwork:
			s.Network, err = boolFlag(name, hasValue)
		case flagLandlock:
			s.Landlock, err = boolFlag(name, hasValue)
		case flagOuterUserNS:
			s.OuterUserNS, err = uintValue(name, value, hasValue)
		case flagOuterNetNS:
			s.OuterNetNS, err = uintValue(name, value, hasValue)
		case flagNProc:
			s.MaxProcesses, err = uintValue(name, value, hasValue)
		case flagFSize:
			s.MaxFileSize, err = uintValue(name, value, hasValue)
		case flagMountNS:
			s.MountNS, err = boolFlag(name, hasValue)
		case flagPIDNS:
			s.PIDNS, err = boolFlag(name, hasValue)
		case flagUnixWall:
			s.UnixWall, err = boolFlag(name, hasValue)
		case flagStatusFD:
			s.StatusFD, err = uintValue(name, value, hasValue)
		case flagSession:
			s.Session, err = boolFlag(name, hasValue)
		case flagCacheDir:
			s.CacheDir, err = pathValue(name, value, hasValue)
		case flagVisible:
			var p string
			p, err = pathValue(name, value, hasValue)
			s.Visible = append(s.Visible, p)
		case flagAccountHome:
			s.AccountHome, err = pathValue(name, value, hasValue)
		case flagReadOnly:
			var p string
			p, err = pathValue(name, value, hasValue)
			s.ReadOnly = append(s.ReadOnly, p)
		case flagHide:
			var p string
			p, err = hideValue(name, value, hasValue)
			s.Hide = append(s.Hide, p)
		default:
			err = fmt.Errorf("%w: unknown argument %q", ErrInvalidOptions, arg)
		}
		if err != nil {
			return helperSpec{}, err
		}
	}
	return helperSpec{}, fmt.Errorf("%w: no %q before the command", ErrInvalidOptions, argvSeparator)
}

// validate checks what decoding alone does not: the root is required and
// must not be "/" (that would make every file writable), and the command
// must be non-empty and free of NUL bytes, which exec cannot pass.
func (s helperSpec) validate() error {
	if s.Root == "" {
		return fmt.Errorf("%w: %s is required", ErrInvalidOptions, flagRoot)
	}
	if s.Root == "/" {
		return fmt.Errorf("%w: %s=/ would make every file writable", ErrInvalidOptions, flagRoot)
	}
	if len(s.Argv) == 0 || s.Argv[0] == "" {
		return fmt.Errorf("%w: no command", ErrInvalidOptions)
	}
	if (len(s.ReadOnly) > 0 || len(s.Hide) > 0 || len(s.Visible) > 0 || s.PIDNS) && !s.MountNS {
		return fmt.Errorf("%w: %s, %s, %s and %s need %s", ErrInvalidOptions, flagReadOnly, flagHide, flagVisible, flagPIDNS, flagMountNS)
	}
	if s.UnixWall && (!s.PIDNS || s.Network) {
		return fmt.Errorf("%w: %s needs %s and no %s", ErrInvalidOptions, flagUnixWall, flagPIDNS, flagNetwork)
	}
	if s.Session && (!s.PIDNS || s.StatusFD != 0) {
		return fmt.Errorf("%w: %s needs %s and no %s", ErrInvalidOptions, flagSession, flagPIDNS, flagStatusFD)
	}
	if s.StatusFD != 0 && !s.PIDNS {
		return fmt.Errorf("%w: %s needs %s", ErrInvalidOptions, flagStatusFD, flagPIDNS)
	}
	for _, a := range s.Argv {
		if strings.IndexByte(a, 0) >= 0 {
			return fmt.Errorf("%w: command argument %q contains a NUL byte", ErrInvalidOptions, a)
		}
	}
	return nil
}

// pathValue accepts an absolute, clean path without NUL bytes.
func pathValue(name, value string, hasValue bool) (string, error) {
	switch {
	case !hasValue || value == "":
		return "", fmt.Errorf("%w: %s needs a path", ErrInvalidOptions, name)
	case strings.IndexByte(value, 0) >= 0:
		return "", fmt.Errorf("%w: %s=%q contains a NUL byte", ErrInvalidOptions, name, value)
	case !filepath.IsAbs(value) || filepath.Clean(value) != value:
		return "", fmt.Errorf("%w: %s=%q is not an absolute clean path", ErrInvalidOptions, name, value)
	}
	return value, nil
}

// hideValue accepts what pathValue does, or "~/" and a clean relative
// path below the home directory.
func hideValue(name, value string, hasValue bool) (string, error) {
	rest, ok := strings.CutPrefix(value, "~/")
	if !ok {
		return pathValue(name, value, hasValue)
	}
	if _, err := pathValue(name, "/"+rest, true); err != nil || rest == "" {
		return "", fmt.Errorf("%w: %s=%q is not ~/ and a clean path", ErrInvalidOptions, name, value)
	}
	return value, nil
}

// boolFlag accepts a flag given without a value.
func boolFlag(name string, hasValue bool) (bool, error) {
	if hasValue {
		return false, fmt.Errorf("%w: %s takes no value", ErrInvalidOptions, name)
	}
	return true, nil
}

// uintValue accepts a positive decimal number in canonical form, so that
// every accepted argument has exactly one spelling.
func uintValue(name, value string, hasValue bool) (uint64, error) {
	if !hasValue {
		return 0, fmt.Errorf("%w: %s needs a number", ErrInvalidOptions, name)
	}
	n, err := strconv.ParseUint(value, 10, 64)
	if err != nil || n == 0 || strconv.FormatUint(n, 10) != value {
		return 0, fmt.Errorf("%w: %s=%q is not a positive decimal number", ErrInvalidOptions, name, value)
	}
	return n, nil
}

// rawPrefix starts a string that is not UTF-8, spelled in base64 after
// it (see exactString).
const rawPrefix = "\x00"

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
// exactString never makes (bad base64, or bytes it would not have
// escaped), so that each string has one spelling.
func fromExactString(s string) (string, bool) {
	encoded, ok := strings.CutPrefix(s, rawPrefix)
	if !ok {
		return s, true
	}
	b, err := base64.StdEncoding.Strict().DecodeString(encoded)
	if err != nil || exactString(string(b)) == string(b) {
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
