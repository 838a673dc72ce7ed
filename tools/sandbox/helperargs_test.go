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
		{"paths with spaces, equals signs and dashes", helperSpec{
			Root: "/a b/--root=/c", TempDir: "/t=1/-- x", Argv: []string{"x"}}},
		{"a command that looks like helper flags", helperSpec{
			Root: "/p", Argv: []string{"--root=/", "--", "--net", "--fsize=1"}}},
		{"unicode and newlines", helperSpec{
			Root: "/проект/\n", Argv: []string{"printf", "%s\n", "é"}}},
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
			args := tt.spec.encode()
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
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no arguments", nil, "before the command"},
		{"a session without a PID namespace", []string{"--root=/p", "--mountns", "--session", "--", "bash"}, "--session needs --pidns"},
		{"a session with a status pipe", []string{"--root=/p", "--mountns", "--pidns", "--status-fd=3", "--session", "--", "bash"}, "--session needs --pidns and no --status-fd"},
		{"a session given twice", []string{"--root=/p", "--mountns", "--pidns", "--session", "--session", "--", "bash"}, "given twice"},
		{"a session with a value", []string{"--root=/p", "--mountns", "--pidns", "--session=1", "--", "bash"}, "takes no value"},
		{"no separator", []string{"--root=/p", "true"}, "unknown argument"},
		{"no command", []string{"--root=/p", "--"}, "no command"},
		{"an empty command", []string{"--root=/p", "--", ""}, "no command"},
		{"no root", []string{"--", "true"}, "--root is required"},
		{"a root of /", []string{"--root=/", "--", "true"}, "every file writable"},
		{"a relative root", []string{"--root=p", "--", "true"}, "not an absolute clean path"},
		{"an unclean root", []string{"--root=/p/../q", "--", "true"}, "not an absolute clean path"},
		{"a root with a trailing slash", []string{"--root=/p/", "--", "true"}, "not an absolute clean path"},
		{"a root without a value", []string{"--root", "--", "true"}, "needs a path"},
		{"an empty root", []string{"--root=", "--", "true"}, "needs a path"},
		{"a NUL in the root", []string{"--root=/p\x00q", "--", "true"}, "NUL"},
		{"a NUL in the command", []string{"--root=/p", "--", "echo", "a\x00"}, "NUL"},
		{"a repeated flag", []string{"--root=/p", "--root=/q", "--", "true"}, "given twice"},
		{"a repeated switch", []string{"--root=/p", "--net", "--net", "--", "true"}, "given twice"},
		{"a switch with a value", []string{"--root=/p", "--net=false", "--", "true"}, "takes no value"},
		{"an unknown flag", []string{"--root=/p", "--no-landlock", "--", "true"}, "unknown argument"},
		{"a number without a value", []string{"--root=/p", "--nproc", "--", "true"}, "needs a number"},
		{"a negative number", []string{"--root=/p", "--nproc=-1", "--", "true"}, "positive decimal"},
		{"a zero", []string{"--root=/p", "--fsize=0", "--", "true"}, "positive decimal"},
		{"a leading zero", []string{"--root=/p", "--fsize=010", "--", "true"}, "positive decimal"},
		{"a plus sign", []string{"--root=/p", "--fsize=+1", "--", "true"}, "positive decimal"},
		{"a number too large", []string{"--root=/p", "--fsize=18446744073709551616", "--", "true"}, "positive decimal"},
		{"hex", []string{"--root=/p", "--outer-netns=0x10", "--", "true"}, "positive decimal"},
		{"a visible path without a mount namespace", []string{"--root=/p", "--visible=/s/o", "--", "true"}, "need --mountns"},
		{"a relative visible path", []string{"--root=/p", "--mountns", "--visible=s/o", "--", "true"}, "not an absolute clean path"},
		{"a relative account home", []string{"--root=/p", "--account-home=~", "--", "true"}, "not an absolute clean path"},
		{"a repeated account home", []string{"--root=/p", "--account-home=/a", "--account-home=/b", "--", "true"}, "given twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decodeHelperArgs(tt.args)
			if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("decodeHelperArgs(%q) = %v, want %v saying %q", tt.args, err, ErrInvalidOptions, tt.want)
			}
		})
	}
}

func TestHelperMainRejectsBadArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"without the marker", []string{"agent", "--root=/p", "--", "true"}, "without " + HelperArg},
		{"with nothing at all", nil, "without " + HelperArg},
		{"with bad options", []string{"agent", HelperArg, "--root=relative", "--", "true"}, "not an absolute clean path"},
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
// the helper may apply (a clean absolute root other than "/", a command),
// and that it survives encoding: the helper applies what the agent meant.
func FuzzDecodeHelperArgs(f *testing.F) {
	for _, s := range []helperSpec{
		{Root: "/p", Argv: []string{"true"}},
		{Root: "/a b", TempDir: "/t", Network: true, Landlock: true, OuterUserNS: 1, OuterNetNS: 2,
			MaxProcesses: 3, MaxFileSize: 4, Argv: []string{"bash", "-c", "x"}},
		{Root: "/p", TempDir: "/t", Landlock: true, MountNS: true, PIDNS: true, UnixWall: true, StatusFD: 3,
			CacheDir: "/c", ReadOnly: []string{"/p/.git", "/p/.git"}, Hide: []string{"~/.x", "/etc/y"},
			Visible: []string{"/s/o/1"}, AccountHome: "/home/me", Argv: []string{"true"}},
	} {
		f.Add(strings.Join(s.encode(), "\x00"))
	}
	f.Add("--root=/\x00--\x00true")
	f.Add("--root=/p/..\x00--\x00true")
	f.Add("--nproc=01\x00--root=/p\x00--\x00x")
	f.Add("--root=/p\x00--ro=/p/.git\x00--\x00x")
	f.Add("--root=/p\x00--mountns\x00--hide=~/\x00--\x00x")
	f.Add("--root=/p\x00--mountns\x00--hide=~/../x\x00--\x00x")
	f.Add("--root=/p\x00--mountns\x00--pidns\x00--net\x00--unix-wall\x00--\x00x")
	f.Add("--root=/p\x00--status-fd=3\x00--\x00x")
	f.Add("--root=/p\x00--mountns\x00--pidns\x00--session\x00--\x00x")
	f.Add("--root=/p\x00--session\x00--\x00x")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		spec, err := decodeHelperArgs(args)
		if err != nil {
			if !errors.Is(err, ErrInvalidOptions) {
				t.Fatalf("decodeHelperArgs(%q) = %v, want it to wrap %v", args, err, ErrInvalidOptions)
			}
			return
		}
		for _, p := range append(append([]string{spec.Root, spec.TempDir, spec.CacheDir, spec.AccountHome}, spec.ReadOnly...), spec.Visible...) {
			if p != "" && (!filepath.IsAbs(p) || filepath.Clean(p) != p) {
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
		again, err := decodeHelperArgs(spec.encode())
		if err != nil || !reflect.DeepEqual(again, spec) {
			t.Fatalf("decode(encode(%+v)) = %+v, %v; want the same spec", spec, again, err)
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
	for _, bad := range []string{"\x00L3AvLmdpdA==", "\x00*", "\x00L/9=", "\x00L3D"} {
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
