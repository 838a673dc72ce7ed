package sandbox

import (
	"bytes"
	"encoding/binary"
	"path"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func TestRefusedAtOnce(t *testing.T) {
	t.Parallel()
	p := connectPolicy{dirs: []allowedDir{{path: "/r", fd: -1}, {path: "/tmp", fd: -1}}}
	unixAddr := func(path string) []byte {
		addr := binary.NativeEndian.AppendUint16(nil, unix.AF_UNIX)
		return append(addr, path...)
	}
	tests := []struct {
		name string
		addr []byte
		want bool
	}{
		{"nscd's socket", unixAddr("/var/run/nscd/socket\x00"), true},
		{"a socket in the root", unixAddr("/r/dev.sock"), false},
		{"the root itself", unixAddr("/r"), false},
		{"a socket in the private temp dir", unixAddr("/tmp/s\x00junk"), false},
		{"a path that climbs out of the root", unixAddr("/r/../etc/s"), true},
		{"a sibling that shares the root's prefix", unixAddr("/rx/s"), true},
		{"a relative path, left to the full check", unixAddr("s.sock"), false},
		{"an abstract socket, left to the full check", unixAddr("\x00name"), false},
		{"an empty path", unixAddr(""), false},
		{"an IPv4 address", binary.NativeEndian.AppendUint16(nil, unix.AF_INET), false},
		{"nothing", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := p.refusedAtOnce(tt.addr); got != tt.want {
				t.Errorf("refusedAtOnce(%q) = %v, want %v", tt.addr, got, tt.want)
			}
		})
	}
}

// FuzzRefusedAtOnce checks the early refusal against the rule it
// shortcuts: it refuses only an absolute pathname unix socket that no
// allowed directory holds once the path is cleaned (as the full check
// cleans it), and never one that an allowed directory holds.
func FuzzRefusedAtOnce(f *testing.F) {
	for _, s := range []string{"/var/run/nscd/socket", "/r/s", "/r/../etc/s", "/rx", "s", "\x00abstract", "/tmp//./a", "/", "//r/s", "/r/\x00/etc"} {
		f.Add(uint16(unix.AF_UNIX), []byte(s))
	}
	f.Add(uint16(unix.AF_INET), []byte("/etc/x"))
	p := connectPolicy{dirs: []allowedDir{{path: "/r", fd: -1}, {path: "/tmp/a b", fd: -1}}}
	f.Fuzz(func(t *testing.T, family uint16, name []byte) {
		addr := append(binary.NativeEndian.AppendUint16(nil, family), name...)
		got := p.refusedAtOnce(addr)
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		clean := path.Clean(string(name))
		held := false
		for _, d := range p.dirs {
			held = held || clean == d.path || strings.HasPrefix(clean, d.path+"/")
		}
		if got && (family != unix.AF_UNIX || len(name) == 0 || name[0] != '/' || held) {
			t.Errorf("refusedAtOnce(family %d, %q) refused a socket the full check would not refuse outright (cleaned %q)", family, name, clean)
		}
		if !got && family == unix.AF_UNIX && len(name) > 0 && name[0] == '/' && !held {
			t.Errorf("refusedAtOnce(%q) let through an absolute path outside every allowed directory (cleaned %q)", name, clean)
		}
	})
}
