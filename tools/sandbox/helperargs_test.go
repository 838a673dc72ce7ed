package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestHelperArgsRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		spec helperSpec
	}{
		{"the smallest spec", helperSpec{Root: "/p", Argv: []string{"true"}}},
		{"every field", helperSpec{
			Root: "/home/me/project", TempDir: "/tmp/agent-1", Network: true, Landlock: true,
			OuterUserNS: 4026531837, OuterNetNS: 4026531840, MaxProcesses: 2048, MaxFileSize: 1 << 31,
			Argv: []string{"bash", "-c", "echo hi"}}},
		{"paths with spaces, quotes, equals signs and dashes", helperSpec{
			Root: `/a b/--root=/c"d\e`, TempDir: "/t=1/-- x", Argv: []string{"x"}}},
		{"a command that looks like a policy", helperSpec{
			Root: "/p", Argv: []string{`{"version":1,"root":"/"}`, "--", "--net"}}},
		{"unicode and newlines", helperSpec{
			Root: "/проект/\n", Argv: []string{"printf", "%s\n", "é"}}},
		{"paths and a command that are not UTF-8", helperSpec{
			Root: "/p\xff", TempDir: "/t\xc3", CacheDir: "/c\x80x", AccountHome: "/home/\xfeme", MountNS: true,
			ReadOnly: []string{"/p\xff/.git", "/p\xff/sub\xe9/.git"}, Hide: []string{"~/.s\xff", "/etc/\xff"},
			Visible: []string{"/s/\xff"}, Argv: []string{"printf", "\xff"}}},
		{"mounts, visible paths and the account's home", helperSpec{
			Root: "/p", MountNS: true, ReadOnly: []string{"/p/.git"}, Hide: []string{"/s"},
			Visible: []string{"/s/output/1", "/s/output/2"}, AccountHome: "/home/me", Argv: []string{"true"}}},
		{"the largest numbers", helperSpec{
			Root: "/p", MaxProcesses: 1<<64 - 1, MaxFileSize: 1<<64 - 1, Argv: []string{"true"}}},
		{"a session helper", helperSpec{
			Root: "/p", TempDir: "/t", Landlock: true, MountNS: true, PIDNS: true, UnixWall: true, Session: true,
			ReadOnly: []string{"/p/.git"}, Argv: []string{"bash"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			readOnly := slices.Clone(tt.spec.ReadOnly)
			args, err := tt.spec.encode()
			if err != nil {
				t.Fatalf("encode(%+v) = %v", tt.spec, err)
			}
			if !slices.Equal(tt.spec.ReadOnly, readOnly) {
				t.Errorf("encode changed the caller's read-only paths to %q", tt.spec.ReadOnly)
			}
			if !json.Valid([]byte(args[0])) || !strings.Contains(args[0], `"version":1`) {
				t.Errorf("encode(%+v) = %q, want a JSON policy of version 1 first", tt.spec, args)
			}
			got, err := decodeHelperArgs(args)
			if err != nil {
				t.Fatalf("decodeHelperArgs(%q) = %v", args, err)
			}
			if !reflect.DeepEqual(got, tt.spec) {
				t.Errorf("decodeHelperArgs(%q) = %+v, want %+v", args, got, tt.spec)
			}
		})
	}
}

func TestHelperArgsRejected(t *testing.T) {
	t.Parallel()
	// spec is a JSON policy of version 1 with fields after the root.
	spec := func(fields string) string { return `{"version":1,"root":"/p"` + fields + `}` }
	tests := []struct {
		name   string
		policy string
		argv   []string
		want   string
	}{
		{"an empty policy", "", []string{"true"}, "does not decode"},
		{"the old flags", "--root=/p", []string{"--", "true"}, "does not decode"},
		{"a policy that is not an object", `["/p"]`, []string{"true"}, "does not decode"},
		{"a truncated policy", `{"version":1,"root":"/p","mount_ns":true,"hide":["/s"`, []string{"true"}, "does not decode"},
		{"a policy with another after it", spec("") + `{"root":"/"}`, []string{"true"}, "more after its end"},
		{"a policy with a stray brace after it", spec("") + `}`, []string{"true"}, "more after its end"},
		{"no version", `{"root":"/p"}`, []string{"true"}, "has no version"},
		{"a version of null", `{"version":null,"root":"/p"}`, []string{"true"}, "has no version"},
		{"another version", `{"version":2,"root":"/p"}`, []string{"true"}, "version 2; this helper reads version 1 only"},
		{"another version with fields this one lacks", `{"version":2,"root":"/p","walls":["x"]}`, []string{"true"}, "version 2"},
		{"a version that is a string", `{"version":"1","root":"/p"}`, []string{"true"}, "does not decode"},
		{"an unknown field", spec(`,"no_landlock":true`), []string{"true"}, `unknown field "no_landlock"`},
		{"the command inside the policy", spec(`,"Argv":["true"]`), []string{"true"}, `unknown field "Argv"`},
		{"a switch that is a string", spec(`,"network":"false"`), []string{"true"}, "does not decode"},
		{"a negative number", spec(`,"max_processes":-1`), []string{"true"}, "does not decode"},
		{"a fraction", spec(`,"max_file_size":1.5`), []string{"true"}, "does not decode"},
		{"an exponent", spec(`,"max_file_size":1e3`), []string{"true"}, "does not decode"},
		{"a number too large", spec(`,"max_file_size":18446744073709551616`), []string{"true"}, "does not decode"},
		{"a list of paths that is a string", spec(`,"mount_ns":true,"hide":"/s"`), []string{"true"}, "does not decode"},
		{"no command", spec(""), nil, "no command"},
		{"an empty command", spec(""), []string{""}, "no command"},
		{"a NUL in the command", spec(""), []string{"echo", "a\x00"}, "NUL"},
		{"no root", `{"version":1}`, []string{"true"}, "root is required"},
		{"a root of null", `{"version":1,"root":null}`, []string{"true"}, "root is required"},
		{"a root of /", `{"version":1,"root":"/"}`, []string{"true"}, "every file writable"},
		{"a relative root", `{"version":1,"root":"p"}`, []string{"true"}, `root "p" is not an absolute clean path`},
		{"an unclean root", `{"version":1,"root":"/p/../q"}`, []string{"true"}, "not an absolute clean path"},
		{"a root with a trailing slash", `{"version":1,"root":"/p/"}`, []string{"true"}, "not an absolute clean path"},
		{"a NUL in the root", `{"version":1,"root":"/p\u0000q"}`, []string{"true"}, "NUL"},
		{"a relative temp dir", spec(`,"temp_dir":"t"`), []string{"true"}, `temp_dir "t" is not an absolute clean path`},
		{"an unclean cache dir", spec(`,"cache_dir":"/c/./d"`), []string{"true"}, `cache_dir "/c/./d" is not an absolute clean path`},
		{"a relative account home", spec(`,"account_home":"~"`), []string{"true"}, "not an absolute clean path"},
		{"an empty read-only path", spec(`,"mount_ns":true,"read_only":[""]`), []string{"true"}, "read_only needs a path"},
		{"a relative read-only path", spec(`,"mount_ns":true,"read_only":["/p/.git","p/.git"]`), []string{"true"}, `read_only "p/.git"`},
		{"a relative visible path", spec(`,"mount_ns":true,"visible":["s/o"]`), []string{"true"}, "not an absolute clean path"},
		{"a hidden home", spec(`,"mount_ns":true,"hide":["~/"]`), []string{"true"}, "not ~/ and a clean path"},
		{"a hidden path that climbs out of the home", spec(`,"mount_ns":true,"hide":["~/../x"]`), []string{"true"}, "not ~/ and a clean path"},
		{"an escaped path that is UTF-8", spec(`,"mount_ns":true,"read_only":["\u0000L3AvLmdpdA=="]`), []string{"true"}, "which only the base64 of a path that is not UTF-8 may"},
		{"an escaped path that is not base64", spec(`,"mount_ns":true,"read_only":["\u0000*"]`), []string{"true"}, "which only the base64"},
		{"an escaped path with loose padding bits", spec(`,"mount_ns":true,"read_only":["\u0000L/9="]`), []string{"true"}, "which only the base64"},
		{"an escaped path that is relative", spec(`,"mount_ns":true,"read_only":["\u0000cP8="]`), []string{"true"}, "not an absolute clean path"},
		{"an escaped root of /", `{"version":1,"root":"\u0000Lw=="}`, []string{"true"}, "which only the base64 of a path that is not UTF-8 may"},
		{"read-only paths without a mount namespace", spec(`,"read_only":["/p/.git"]`), []string{"true"}, "need mount_ns"},
		{"a visible path without a mount namespace", spec(`,"visible":["/s/o"]`), []string{"true"}, "need mount_ns"},
		{"a PID namespace without a mount namespace", spec(`,"pid_ns":true`), []string{"true"}, "need mount_ns"},
		{"a socket wall with the network", spec(`,"mount_ns":true,"pid_ns":true,"network":true,"unix_wall":true`), []string{"true"}, "unix_wall needs pid_ns and no network"},
		{"a socket wall without an init", spec(`,"unix_wall":true`), []string{"true"}, "unix_wall needs pid_ns"},
		{"a status pipe without an init", spec(`,"status_fd":3`), []string{"true"}, "status_fd needs pid_ns"},
		{"a session without a PID namespace", spec(`,"mount_ns":true,"session":true`), []string{"bash"}, "session needs pid_ns"},
		{"a session with a status pipe", spec(`,"mount_ns":true,"pid_ns":true,"status_fd":3,"session":true`), []string{"bash"}, "session needs pid_ns and no status_fd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{tt.policy}, tt.argv...)
			got, err := decodeHelperArgs(args)
			if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("decodeHelperArgs(%q) = %v, want %v saying %q", args, err, ErrInvalidOptions, tt.want)
			}
			if !reflect.DeepEqual(got, helperSpec{}) {
				t.Errorf("decodeHelperArgs(%q) = %+v with its error, want no part of the policy", args, got)
			}
		})
	}
	if _, err := decodeHelperArgs(nil); !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "no policy") {
		t.Errorf("decodeHelperArgs(nil) = %v, want %v saying no policy", err, ErrInvalidOptions)
	}
}

// A policy cut anywhere is refused: the helper applies all of it or none.
func TestHelperArgsTruncatedAnywhere(t *testing.T) {
	t.Parallel()
	args, err := helperSpec{Root: "/p", TempDir: "/t", Landlock: true, MountNS: true, PIDNS: true, UnixWall: true,
		MaxProcesses: 2048, MaxFileSize: 1 << 31, CacheDir: "/c", ReadOnly: []string{"/p/.git", "/p/\xff/.git"},
		Hide: []string{"~/.aws", "/etc/shadow"}, Visible: []string{"/s/o"}, AccountHome: "/home/me",
		Argv: []string{"true"}}.encode()
	if err != nil {
		t.Fatal(err)
	}
	policy := args[0]
	for n := range len(policy) {
		if got, err := decodeHelperArgs([]string{policy[:n], "true"}); err == nil {
			t.Fatalf("decodeHelperArgs(%q) = %+v, want an error for a policy cut after %d bytes", policy[:n], got, n)
		}
	}
}

// A policy longer than one argument may be is refused by the agent, with
// what makes it long, rather than by exec.
func TestHelperPolicyTooLarge(t *testing.T) {
	t.Parallel()
	hide := make([]string, maxHide)
	for i := range hide {
		hide[i] = "/" + strings.Repeat("h", 600) + "/" + strings.Repeat("i", i%10+1)
	}
	_, err := helperSpec{Root: "/p", MountNS: true, Hide: hide, Argv: []string{"true"}}.encode()
	if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "256 hidden") {
		t.Errorf("encode with %d long hidden paths = %v, want %v naming them", len(hide), err, ErrInvalidOptions)
	}
}

func TestHelperMainRejectsBadArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"without the marker", []string{"agent", `{"version":1,"root":"/p"}`, "true"}, "without " + HelperArg},
		{"with nothing at all", nil, "without " + HelperArg},
		{"with a bad policy", []string{"agent", HelperArg, `{"version":1,"root":"relative"}`, "true"}, "not an absolute clean path"},
		{"with a policy of another version", []string{"agent", HelperArg, `{"version":9}`, "true"}, "version 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if code := helperMain(tt.args, &stderr); code != ExitSetup {
				t.Errorf("helperMain(%q) = %d, want %d", tt.args, code, ExitSetup)
			}
			if !strings.HasPrefix(stderr.String(), "agent sandbox: ") || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("helperMain(%q) printed %q, want one line saying %q", tt.args, stderr.String(), tt.want)
			}
		})
	}
}

// FuzzDecodeHelperArgs checks that whatever the decoder accepts is a spec
// the helper may apply (clean absolute paths, a root other than "/", the
// options together only as the helper can hold them, a command), and
// that it survives encoding: the helper applies what the agent meant.
func FuzzDecodeHelperArgs(f *testing.F) {
	for _, s := range []helperSpec{
		{Root: "/p", Argv: []string{"true"}},
		{Root: "/a b", TempDir: "/t", Network: true, Landlock: true, OuterUserNS: 1, OuterNetNS: 2,
			MaxProcesses: 3, MaxFileSize: 4, Argv: []string{"bash", "-c", "x"}},
		{Root: "/p", TempDir: "/t", Landlock: true, MountNS: true, PIDNS: true, UnixWall: true, StatusFD: 3,
			CacheDir: "/c", ReadOnly: []string{"/p/.git", "/p/.git"}, Hide: []string{"~/.x", "/etc/y"},
			Visible: []string{"/s/o/1"}, AccountHome: "/home/me", Argv: []string{"true"}},
		{Root: "/p\xff", MountNS: true, PIDNS: true, Session: true, ReadOnly: []string{"/p\xff/.git"},
			Hide: []string{"~/\xfe"}, Argv: []string{"bash"}},
	} {
		args, err := s.encode()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(args[0], strings.Join(args[1:], "\x00"))
	}
	for _, policy := range []string{
		`{"version":1,"root":"/"}`,
		`{"version":1,"root":"/p/.."}`,
		`{"version":1,"root":"/p","max_processes":01}`,
		`{"version":1,"root":"/p","read_only":["/p/.git"]}`,
		`{"version":1,"root":"/p","mount_ns":true,"hide":["~/"]}`,
		`{"version":1,"root":"/p","mount_ns":true,"hide":["~/../x"]}`,
		`{"version":1,"root":"/p","mount_ns":true,"pid_ns":true,"network":true,"unix_wall":true}`,
		`{"version":1,"root":"/p","status_fd":3}`,
		`{"version":1,"root":"/p","session":true}`,
		`{"version":1,"root":"\u0000L3D/","ROOT":"/q","Root":"/"}`,
		`{"version":1,"root":"/p","root":"/"}`,
		`{"version":2,"root":"/p"}`,
		`{"version":1,"root":"/p"} {}`,
		`{"version":1,"root":"/p","mount_ns":true,"read_only":null,"hide":[]}`,
	} {
		f.Add(policy, "true")
	}
	f.Fuzz(func(t *testing.T, policy, argv string) {
		args := append([]string{policy}, strings.Split(argv, "\x00")...)
		spec, err := decodeHelperArgs(args)
		if err != nil {
			if !errors.Is(err, ErrInvalidOptions) {
				t.Fatalf("decodeHelperArgs(%q) = %v, want it to wrap %v", args, err, ErrInvalidOptions)
			}
			if !reflect.DeepEqual(spec, helperSpec{}) {
				t.Fatalf("decodeHelperArgs(%q) = %+v with its error, want no part of the policy", args, spec)
			}
			return
		}
		for _, p := range append(append([]string{spec.Root, spec.TempDir, spec.CacheDir, spec.AccountHome}, spec.ReadOnly...), spec.Visible...) {
			if p != "" && (!filepath.IsAbs(p) || filepath.Clean(p) != p || strings.Contains(p, "\x00")) {
				t.Fatalf("decodeHelperArgs(%q) accepted the path %q", args, p)
			}
		}
		for _, h := range spec.Hide {
			rest, home := strings.CutPrefix(h, "~/")
			if home && (rest == "" || filepath.Clean("/"+rest) != "/"+rest) || !home && (!filepath.IsAbs(h) || filepath.Clean(h) != h) {
				t.Fatalf("decodeHelperArgs(%q) accepted the hidden path %q", args, h)
			}
		}
		if (len(spec.ReadOnly) > 0 || len(spec.Hide) > 0 || len(spec.Visible) > 0 || spec.PIDNS) && !spec.MountNS {
			t.Fatalf("decodeHelperArgs(%q) = %+v: mounts without a mount namespace", args, spec)
		}
		if spec.Session && (!spec.PIDNS || spec.StatusFD != 0) {
			t.Fatalf("decodeHelperArgs(%q) = %+v: a session helper that is not the init of its PID namespace", args, spec)
		}
		if spec.UnixWall && (!spec.PIDNS || spec.Network) || spec.StatusFD != 0 && !spec.PIDNS {
			t.Fatalf("decodeHelperArgs(%q) = %+v: a socket wall or status pipe without an init to hold it", args, spec)
		}
		if spec.Root == "" || spec.Root == "/" || len(spec.Argv) == 0 || spec.Argv[0] == "" {
			t.Fatalf("decodeHelperArgs(%q) = %+v, want a root other than / and a command", args, spec)
		}
		encoded, err := spec.encode()
		if err != nil {
			if len(policy) > maxPolicyBytes {
				return // it came in longer than the agent would send it
			}
			t.Fatalf("encode(%+v) = %v", spec, err)
		}
		again, err := decodeHelperArgs(encoded)
		if err != nil {
			t.Fatalf("decode(encode(%+v)) = %v; want the same spec", spec, err)
		}
		// Empty lists are no lists: they encode alike.
		if reencoded, _ := again.encode(); !slices.Equal(reencoded, encoded) || !slices.Equal(again.Argv, spec.Argv) {
			t.Fatalf("decode(encode(%+v)) = %+v; want the same spec", spec, again)
		}
	})
}

func TestExactString(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, wire string }{
		{"", ""},
		{"/home/me/project", "/home/me/project"},
		{"/проект/é", "/проект/é"},
		{"/p\xff", "\x00L3D/"},
		{"\xc3", "\x00ww=="},
		{"a\x00\xff", "\x00YQD/"},
		{"\x00/p", "\x00AC9w"},
	}
	for _, tt := range tests {
		wire := exactString(tt.in)
		if wire != tt.wire {
			t.Errorf("exactString(%q) = %q, want %q", tt.in, wire, tt.wire)
		}
		if back, ok := fromExactString(wire); !ok || back != tt.in {
			t.Errorf("fromExactString(%q) = %q, %v; want %q", wire, back, ok, tt.in)
		}
	}
	for _, bad := range []string{"\x00", "\x00L3AvLmdpdA==", "\x00*", "\x00L/9=", "\x00L3D", "\x00L3\nD/", "\x00L3D/\r"} {
		if got, ok := fromExactString(bad); ok {
			t.Errorf("fromExactString(%q) = %q, want it refused: exactString never makes it", bad, got)
		}
	}
	list := []string{"/a", "/b\xff"}
	wire := exactStrings(list)
	if list[1] != "/b\xff" || wire[0] != "/a" || wire[1] != "\x00L2L/" {
		t.Errorf("exactStrings(%q) = %q, and the list became %q", []string{"/a", "/b\xff"}, wire, list)
	}
	if !fromExactStrings(wire) || !slices.Equal(wire, []string{"/a", "/b\xff"}) {
		t.Errorf("fromExactStrings undid exactStrings as %q", wire)
	}
}

// FuzzExactString checks that any string survives exactString and JSON
// byte for byte, and that fromExactString accepts one spelling of each.
func FuzzExactString(f *testing.F) {
	for _, s := range []string{"", "/p", "/p\xff", "\x00", "\x00L3D/", "é\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := json.Marshal(exactString(s))
		if err != nil {
			t.Fatal(err)
		}
		var wire string
		if err := json.Unmarshal(b, &wire); err != nil {
			t.Fatal(err)
		}
		if back, ok := fromExactString(wire); !ok || back != s {
			t.Fatalf("%q came back as %q, %v", s, back, ok)
		}
		// What JSON hands the helper is UTF-8.
		if back, ok := fromExactString(s); utf8.ValidString(s) && ok && exactString(back) != s {
			t.Fatalf("fromExactString(%q) = %q, which exactString spells %q", s, back, exactString(back))
		}
	})
}

// BenchmarkHelperPolicy measures the agent encoding a typical helper
// policy (a session's: every wall, two git directories, a visible path)
// and the helper decoding it, which every helper start pays.
//
//	go test -run '^$' -bench BenchmarkHelperPolicy ./tools/sandbox/
func BenchmarkHelperPolicy(b *testing.B) {
	s := helperSpec{Root: "/home/me/src/project", TempDir: "/tmp/agent-session-123456789", Landlock: true,
		OuterUserNS: 4026531837, OuterNetNS: 4026531840, MaxProcesses: 2048, MaxFileSize: 2 << 30,
		MountNS: true, PIDNS: true, UnixWall: true, Session: true, CacheDir: "/home/me/.cache/agent/projects/0123456789abcdef",
		ReadOnly:    []string{"/home/me/src/project/.git", "/home/me/src/project/vendor/lib/.git"},
		Visible:     []string{"/home/me/.local/state/agent/output/session-1"},
		AccountHome: "/home/me", Argv: []string{"bash", "-c", "go test ./..."}}
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.encode(); err != nil {
				b.Fatal(err)
			}
		}
	})
	args, err := s.encode()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			if _, err := decodeHelperArgs(args); err != nil {
				b.Fatal(err)
			}
		}
	})
}
