package classify

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// A fetch is judged by its URL alone. No fetch is Safe here: a request
// carries its whole URL (path and query) to the host, so a model could send
// what it has read anywhere. Only the person's [network] allow_domains,
// which the approval gate applies, lets a fetch run without asking.

// judgeURL returns the level, reason and rule of a fetch of raw.
func judgeURL(raw string) (Level, string, string) {
	what := "fetch " + shorten(raw)
	u, err := url.Parse(raw)
	if err != nil {
		return Blocked, what + ": not a URL", "builtin:fetch-url"
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return Blocked, what + ": only https URLs (and http to this machine) are fetched", "builtin:fetch-scheme"
	}
	if u.User != nil {
		return Blocked, what + ": the URL carries credentials (user@ or user:password@), which are never sent", "builtin:fetch-credentials"
	}
	host := u.Hostname()
	if u.Opaque != "" || host == "" {
		return Blocked, what + ": the URL names no host", "builtin:fetch-url"
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return Blocked, what + ": port " + p + " is not a port", "builtin:fetch-url"
		}
	}
	addr, err := netip.ParseAddr(host)
	isIP := err == nil
	switch {
	case isIP && addr.Zone() != "":
		return Blocked, what + ": an address with a zone names a local interface", "builtin:fetch-address"
	case !isIP && numericHost(host):
		// 2130706433, 0x7f.1, 127.1 and 0177.0.0.1 are 127.0.0.1 to the C
		// resolver: a number that does not look like an address is a trick.
		return Blocked, what + ": the host is a number that is not written as an address", "builtin:fetch-address"
	case !isIP && strings.ContainsAny(host, "%[]\\ "):
		return Blocked, what + ": the host name has characters no host name has", "builtin:fetch-url"
	}
	local := LoopbackHost(host)
	if u.Scheme == "http" && !local {
		return Blocked, what + ": plain http is fetched only from this machine (127.0.0.1, ::1, localhost): use https", "builtin:fetch-plain-http"
	}
	if local || isIP && !PublicAddr(addr) {
		return Dangerous, what + ": reaches this machine or a private network (local services, cloud metadata); " +
			"only a [network] allow_domains entry naming this host and port lets it run", "builtin:fetch-private"
	}
	return Warning, what + ": sends a request to " + host + ", which receives the whole URL", "builtin:fetch"
}

// LoopbackHost reports whether host (a URL's host name, without port or
// brackets) means this machine: a loopback address, "localhost" or a name
// under ".localhost" (RFC 6761 reserves them for loopback).
func LoopbackHost(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

// numericHost reports whether every dot-separated label of host is a
// decimal, octal or hexadecimal number, the forms inet_aton accepts.
func numericHost(host string) bool {
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return false
	}
	for label := range strings.SplitSeq(strings.ToLower(host), ".") {
		digits := label
		if rest, ok := strings.CutPrefix(label, "0x"); ok {
			if strings.Trim(rest, "0123456789abcdef") != "" {
				return false
			}
			continue
		}
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			return false
		}
	}
	return true
}

// nonPublic are the ranges PublicAddr refuses besides what netip already
// names (loopback, private, link-local, multicast, unspecified): shared
// address space, benchmarking, documentation, reserved, and the IPv6
// prefixes that embed an IPv4 address (NAT64, 6to4, Teredo) and so could
// lead back to a private one.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001::/32"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("2002::/16"),
}

// globalIPv6 is where IPv6 global unicast addresses are allocated.
var globalIPv6 = netip.MustParsePrefix("2000::/3")

// PublicAddr reports whether a is an address on the public internet: not
// this machine, not a private or link-local network (169.254.169.254, the
// cloud metadata service, is link-local), and not a reserved range. An
// IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
func PublicAddr(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || a.Zone() != "" || !a.IsGlobalUnicast() || a.IsPrivate() {
		return false
	}
	if a.Is6() && !globalIPv6.Contains(a) {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}
