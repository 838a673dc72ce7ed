package tools

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/agentcli/agent/classify"
)

// FuzzAllowListEntry checks what an allow-list entry can never do, whatever it
// is written as: open this machine or a private address without naming
// the port, or match a host that is neither the entry's nor under it.
func FuzzAllowListEntry(f *testing.F) {
	for _, s := range []string{
		"docs.rs", "127.0.0.1:8080", "[::1]:80", "localhost:3000", "169.254.169.254", "Docs.RS.",
		"10.0.0.1:443", "a.b.c", "x:0", "[fe80::1%lo]:80", "0x7f.1", "2130706433:80",
	} {
		f.Add(s, "docs.rs", "443")
	}
	f.Fuzz(func(t *testing.T, entry, host, port string) {
		e, err := parseAllowEntry(entry)
		if err != nil {
			return
		}
		if e.port == "" && !publicHost(e.host) {
			t.Fatalf("parseAllowEntry(%q) allows the non-public host %q on any port", entry, e.host)
		}
		if a, err := netip.ParseAddr(e.host); err == nil && e.port == "" && !classify.PublicAddr(a) {
			t.Fatalf("parseAllowEntry(%q) allows the private address %s without a port", entry, a)
		}
		got := allowList{e}.match(host, port)
		if got == "" {
			return
		}
		h := normalHost(host)
		switch {
		case e.port != "":
			if h != e.host || port != e.port {
				t.Fatalf("entry %q matched %q:%q", entry, host, port)
			}
		case port != "443" || (h != e.host && !strings.HasSuffix(h, "."+e.host)):
			t.Fatalf("entry %q matched %q:%q", entry, host, port)
		}
	})
}
