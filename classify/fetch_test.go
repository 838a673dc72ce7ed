package classify

import (
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

func TestClassifyFetch(t *testing.T) {
	cases := []struct {
		url  string
		want Level
		rule string
	}{
		{"https://pkg.go.dev/net/http", Warning, "builtin:fetch"},
		{"https://docs.rs/serde/latest/serde/?search=x#top", Warning, "builtin:fetch"},
		{"https://93.184.215.14/", Warning, "builtin:fetch"},
		{"https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/", Warning, "builtin:fetch"},
		{"HTTPS://Example.COM/", Warning, "builtin:fetch"},

		// This machine and private networks: only an allow-list entry.
		{"http://127.0.0.1:8080/", Dangerous, "builtin:fetch-private"},
		{"http://127.9.9.9/", Dangerous, "builtin:fetch-private"},
		{"http://[::1]:3000/", Dangerous, "builtin:fetch-private"},
		{"http://localhost:11434/api/tags", Dangerous, "builtin:fetch-private"},
		{"http://LOCALHOST./", Dangerous, "builtin:fetch-private"},
		{"http://app.localhost/", Dangerous, "builtin:fetch-private"},
		{"https://10.0.0.1/", Dangerous, "builtin:fetch-private"},
		{"https://192.168.1.1/", Dangerous, "builtin:fetch-private"},
		{"https://172.16.0.1/", Dangerous, "builtin:fetch-private"},
		{"https://169.254.169.254/latest/meta-data/", Dangerous, "builtin:fetch-private"},
		{"https://100.100.100.200/", Dangerous, "builtin:fetch-private"},
		{"https://0.0.0.0:22/", Dangerous, "builtin:fetch-private"},
		{"https://[::ffff:127.0.0.1]/", Dangerous, "builtin:fetch-private"},
		{"https://[::ffff:169.254.169.254]/", Dangerous, "builtin:fetch-private"},
		{"https://[fe80::1]/", Dangerous, "builtin:fetch-private"},
		{"https://[fd00:ec2::254]/", Dangerous, "builtin:fetch-private"},
		{"https://[64:ff9b::a9fe:a9fe]/", Dangerous, "builtin:fetch-private"},
		{"https://[2002:7f00:1::]/", Dangerous, "builtin:fetch-private"},
		{"https://[::]/", Dangerous, "builtin:fetch-private"},
		{"https://224.0.0.1/", Dangerous, "builtin:fetch-private"},

		// Plain http leaves this machine in clear text.
		{"http://example.com/", Blocked, "builtin:fetch-plain-http"},
		{"http://169.254.169.254/latest/meta-data/", Blocked, "builtin:fetch-plain-http"},
		{"http://10.0.0.1/", Blocked, "builtin:fetch-plain-http"},

		// Credentials never travel in a URL.
		{"https://user:pass@example.com/", Blocked, "builtin:fetch-credentials"},
		{"https://token@example.com/", Blocked, "builtin:fetch-credentials"},
		{"https://:@example.com/", Blocked, "builtin:fetch-credentials"},
		{"http://user@127.0.0.1:8080/", Blocked, "builtin:fetch-credentials"},

		// Other schemes read files or talk other protocols.
		{"file:///etc/passwd", Blocked, "builtin:fetch-scheme"},
		{"ftp://example.com/x", Blocked, "builtin:fetch-scheme"},
		{"gopher://127.0.0.1:6379/_FLUSHALL", Blocked, "builtin:fetch-scheme"},
		{"dict://127.0.0.1:11211/", Blocked, "builtin:fetch-scheme"},
		{"javascript:alert(1)", Blocked, "builtin:fetch-scheme"},
		{"//example.com/x", Blocked, "builtin:fetch-scheme"},
		{"example.com", Blocked, "builtin:fetch-scheme"},
		{"", Blocked, "builtin:fetch-scheme"},
		{"https:example.com", Blocked, "builtin:fetch-url"},
		{"https:///path", Blocked, "builtin:fetch-url"},
		{"https://example.com:0/", Blocked, "builtin:fetch-url"},
		{"https://example.com:99999/", Blocked, "builtin:fetch-url"},
		{"https://exa mple.com/", Blocked, "builtin:fetch-url"},
		{"https://[fe80::1%25eth0]/", Blocked, "builtin:fetch-address"},

		// Numbers that the C resolver reads as addresses.
		{"https://2130706433/", Blocked, "builtin:fetch-address"},
		{"https://0x7f000001/", Blocked, "builtin:fetch-address"},
		{"https://0x7f.1/", Blocked, "builtin:fetch-address"},
		{"https://127.1/", Blocked, "builtin:fetch-address"},
		{"https://0177.0.0.1/", Blocked, "builtin:fetch-address"},
		{"https://169.254.43518/", Blocked, "builtin:fetch-address"},
		{"https://1.2.3.4./", Blocked, "builtin:fetch-address"},
	}
	for _, c := range cases {
		t.Run(c.url, func(t *testing.T) {
			v := Classify(Action{Kind: Fetch, URL: c.url}, Policy{})
			if v.Level != c.want || v.Rule != c.rule {
				t.Errorf("Classify(fetch %q) = %v (%s), want %v (%s)\nreasons: %q", c.url, v.Level, v.Rule, c.want, c.rule, v.Reasons)
			}
			if len(v.Reasons) == 0 || !strings.Contains(v.Reasons[0], "fetch") {
				t.Errorf("Classify(fetch %q) reasons = %q, want one naming the fetch", c.url, v.Reasons)
			}
		})
	}
}

func TestPublicAddr(t *testing.T) {
	for _, c := range []struct {
		addr string
		want bool
	}{
		{"8.8.8.8", true}, {"1.1.1.1", true}, {"2606:4700::1111", true},
		{"127.0.0.1", false}, {"10.1.2.3", false}, {"172.31.255.255", false},
		{"192.168.0.1", false}, {"169.254.169.254", false}, {"100.64.0.1", false},
		{"0.0.0.0", false}, {"255.255.255.255", false}, {"::1", false}, {"::", false},
		{"::ffff:10.0.0.1", false}, {"::ffff:8.8.8.8", true}, {"fc00::1", false},
		{"fe80::1", false}, {"ff02::1", false}, {"64:ff9b::808:808", false},
		{"::127.0.0.1", false}, {"2001:db8::1", false}, {"198.18.0.1", false},
	} {
		if got := PublicAddr(netip.MustParseAddr(c.addr)); got != c.want {
			t.Errorf("PublicAddr(%s) = %v, want %v", c.addr, got, c.want)
		}
	}
}

// FuzzClassifyFetch checks what must hold for any URL: a fetch is never
// safe by itself; what is not blocked is an http(s) URL with a host and no
// credentials, and plain http only goes to this machine.
func FuzzClassifyFetch(f *testing.F) {
	for _, s := range []string{
		"https://example.com/a?b=c", "http://127.0.0.1:8080/", "https://u:p@x.org/",
		"file:///etc/passwd", "https://[::ffff:127.0.0.1]/", "https://0x7f.1/",
		"http://localhost./", "https://169.254.169.254/", "HtTp://LocalHost:1/",
		"https://[fe80::1%25lo]/", "https://xn--e1afmkfd.xn--p1ai/", "http://[::1]:80",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v := Classify(Action{Kind: Fetch, URL: raw}, Policy{})
		if v.Level == Safe {
			t.Fatalf("Classify(fetch %q) = safe", raw)
		}
		if v.Level == Blocked {
			return
		}
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatalf("Classify(fetch %q) = %v, but it does not parse: %v", raw, v.Level, err)
		}
		if u.User != nil || u.Hostname() == "" || (u.Scheme != "https" && u.Scheme != "http") {
			t.Fatalf("Classify(fetch %q) = %v for user %v, host %q, scheme %q", raw, v.Level, u.User, u.Hostname(), u.Scheme)
		}
		if u.Scheme == "http" && !LoopbackHost(u.Hostname()) {
			t.Fatalf("Classify(fetch %q) = %v: plain http to %q", raw, v.Level, u.Hostname())
		}
		if a, err := netip.ParseAddr(u.Hostname()); err == nil && !PublicAddr(a) && v.Level < Dangerous {
			t.Fatalf("Classify(fetch %q) = %v for the private address %s", raw, v.Level, a)
		}
	})
}
