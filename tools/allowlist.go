package tools

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/agentcli/agent/classify"
)

// NetworkConfig is the [network] section of the config: the hosts the
// agent's own requests (web_fetch, web_search) may reach without asking.
// The zero value allows none.
type NetworkConfig struct {
	// AllowDomains are hosts whose fetches are safe. "docs.rs" allows
	// https on port 443 to docs.rs and every name under it; "host:port"
	// allows exactly that host and port. This machine and private networks
	// are reached only through an entry naming host and port
	// ("127.0.0.1:8080"), and never through a name that merely resolves to
	// such an address.
	AllowDomains []string `toml:"allow_domains"`
}

// Validate reports every entry that is not a host or host:port.
func (c NetworkConfig) Validate() error {
	var errs []error
	for _, s := range c.AllowDomains {
		if _, err := parseAllowEntry(s); err != nil {
			errs = append(errs, fmt.Errorf("network.allow_domains: %q: %w", s, err))
		}
	}
	return errors.Join(errs...)
}

// Restrict keeps only the entries of c that project also lists: a
// project's own config may remove hosts, never add one.
func (c NetworkConfig) Restrict(project []string) NetworkConfig {
	var kept []string
	for _, s := range c.AllowDomains {
		if slices.ContainsFunc(project, func(p string) bool { return strings.EqualFold(p, s) }) {
			kept = append(kept, s)
		}
	}
	return NetworkConfig{AllowDomains: kept}
}

// ProjectNetworkConfig is what a project's own .agent/config.toml may
// say in [network]: which of the user's hosts to keep. A nil AllowDomains
// says nothing.
type ProjectNetworkConfig struct {
	AllowDomains *[]string `toml:"allow_domains"`
}

// Tighten returns c Restricted to the hosts p keeps, and a note for each
// host p lists that c does not, which a project cannot add.
func (c NetworkConfig) Tighten(p ProjectNetworkConfig) (NetworkConfig, []string) {
	if p.AllowDomains == nil {
		return c, nil
	}
	var ignored []string
	for _, d := range *p.AllowDomains {
		if !slices.Contains(c.AllowDomains, d) {
			ignored = append(ignored, fmt.Sprintf("[network] allow_domains %q: not on your own config's list; a project may only keep hosts you allowed", d))
		}
	}
	return c.Restrict(*p.AllowDomains), ignored
}

// allowEntry is one parsed allow_domains entry.
type allowEntry struct {
	raw  string
	host string // lower case, no trailing dot, no brackets
	port string // "" allows https on 443, the host and names under it
}

// parseAllowEntry reads "host" or "host:port" ("[::1]:8080" for IPv6).
func parseAllowEntry(s string) (allowEntry, error) {
	e := allowEntry{raw: s}
	if strings.ContainsAny(s, "/@*?# \t") {
		return e, errors.New("want a host name or host:port, without scheme, path or wildcard")
	}
	host := s
	if h, p, err := net.SplitHostPort(s); err == nil {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return e, fmt.Errorf("port %q is not a port", p)
		}
		host, e.port = h, strconv.Itoa(n)
	} else if strings.Contains(s, ":") {
		if _, err := netip.ParseAddr(s); err == nil {
			return e, errors.New("write an IPv6 address as [address]:port")
		}
		return e, errors.New("want a host name or host:port")
	}
	e.host = normalHost(host)
	if e.host == "" {
		return e, errors.New("no host")
	}
	if _, err := netip.ParseAddr(e.host); err != nil && strings.Trim(e.host, "abcdefghijklmnopqrstuvwxyz0123456789-.") != "" {
		return e, errors.New("not a host name")
	}
	if e.port == "" && !publicHost(e.host) {
		return e, fmt.Errorf("this machine or a private address is allowed only with its port, as %s:PORT", e.host)
	}
	return e, nil
}

// publicHost reports whether host is a name that is not this machine's,
// or a public address literal.
func publicHost(host string) bool {
	if classify.LoopbackHost(host) {
		return false
	}
	if a, err := netip.ParseAddr(host); err == nil {
		return classify.PublicAddr(a)
	}
	return true
}

// normalHost lowers a host name and drops brackets and a trailing dot, so
// that "Docs.RS." and "docs.rs" are the same host.
func normalHost(h string) string {
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.ToLower(strings.TrimSuffix(h, "."))
}

// allowList is the parsed [network] allow_domains.
type allowList []allowEntry

// newAllowList parses entries that Validate accepted; others are dropped.
func newAllowList(entries []string) allowList {
	var l allowList
	for _, s := range entries {
		if e, err := parseAllowEntry(s); err == nil {
			l = append(l, e)
		}
	}
	return l
}

// match returns the entry that allows requests to host and port (the
// URL's, with the scheme's default filled in), or "".
func (l allowList) match(host, port string) string {
	host = normalHost(host)
	for _, e := range l {
		if e.port != "" {
			if host == e.host && port == e.port {
				return e.raw
			}
			continue
		}
		if port == "443" && (host == e.host || strings.HasSuffix(host, "."+e.host)) {
			return e.raw
		}
	}
	return ""
}

// exact reports whether an entry names host and port themselves: the only
// way to reach a private address.
func (l allowList) exact(host, port string) bool {
	host = normalHost(host)
	return slices.ContainsFunc(l, func(e allowEntry) bool { return e.port == port && e.host == host })
}
