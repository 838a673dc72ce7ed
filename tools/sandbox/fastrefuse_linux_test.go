package sandbox

import (
	"encoding/binary"
	"testing"

	"golang.org/x/sys/unix"
)

func TestRefusedAtOnce(t *testing.T) {
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
