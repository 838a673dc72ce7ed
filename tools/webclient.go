package tools

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/agentcli/agent/classify"
)

// The agent's own HTTP requests run in its process, outside the sandbox,
// so the client is safe by construction rather than by environment: no
// proxy (the person's HTTP_PROXY may carry credentials and sees every URL),
// no cookie jar, no Authorization or other headers of the person's, and a
// dialer that checks the address it actually connects to.

// errRefused is wrapped by every refusal of the guard: a destination the
// rules do not let the agent reach.
var errRefused = errors.New("refused")

// webGuard decides which addresses and redirects a request may reach.
type webGuard struct {
	allow allowList
	// lookup resolves a host name; net.DefaultResolver.LookupNetIP, or a
	// fake in tests that plays a hostile DNS server.
	lookup func(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// dial resolves addr itself and connects only to an address it accepted,
// so a name cannot resolve to a public address when checked and to a
// private one when connected (DNS rebinding). A non-public address is
// accepted only when an allow_domains entry names the host and port of
// the URL exactly.
func (g *webGuard) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	listed := g.allow.exact(host, port)
	var ips []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{a}
	} else {
		if ips, err = g.lookup(ctx, "ip", host); err != nil {
			return nil, err
		}
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	var lastErr error
	for _, ip := range ips {
		if !classify.PublicAddr(ip) && !listed {
			lastErr = fmt.Errorf("%w: %s is %s, this machine or a private network; "+
				"only a [network] allow_domains entry naming %q lets the agent reach it",
				errRefused, host, ip, net.JoinHostPort(normalHost(host), port))
			continue
		}
		c, err := d.DialContext(ctx, network, netip.AddrPortFrom(ip.Unmap(), mustPort(port)).String())
		if err == nil {
			return c, nil
		}
		lastErr = err
	}
	if lastErr == nil {
		lastErr = fmt.Errorf("%s has no address", host)
	}
	return nil, lastErr
}

// mustPort reads a port the URL parser already checked.
func mustPort(p string) uint16 {
	n, _ := strconv.ParseUint(p, 10, 16)
	return uint16(n)
}

// hostPort is a URL's host and port, with the scheme's default port.
func hostPort(u *url.URL) (string, string) {
	port := u.Port()
	if port == "" {
		port = "443"
		if u.Scheme == "http" {
			port = "80"
		}
	}
	return normalHost(u.Hostname()), port
}

// maxRedirects bounds a chain of redirects.
const maxRedirects = 10

// redirectPolicy lets a request follow a redirect to the origin the person
// approved (same scheme, host and port) or to a host on the allow-list, and
// to nothing the classifier blocks. Anything else stops the request: the
// model is told where it led, and must make a new call, which is asked
// for again.
func (g *webGuard) redirectPolicy(approved *url.URL) func(*http.Request, []*http.Request) error {
	ah, ap := hostPort(approved)
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= maxRedirects {
			return fmt.Errorf("%w: more than %d redirects", errRefused, maxRedirects)
		}
		next := req.URL
		if v := classify.Classify(classify.Action{Kind: classify.Fetch, URL: next.String()}, classify.Policy{}); v.Level == classify.Blocked {
			return fmt.Errorf("%w: redirected to %s: %s", errRefused, next, strings.Join(v.Reasons, "; "))
		}
		h, p := hostPort(next)
		if next.Scheme == approved.Scheme && h == ah && p == ap {
			return nil
		}
		if g.allow.match(h, p) != "" {
			return nil
		}
		return fmt.Errorf("%w: redirected to %s, which is not the host that was approved (%s) nor on [network] allow_domains; "+
			"call web_fetch with that URL if you need it, which asks the user again", errRefused, next, net.JoinHostPort(ah, ap))
	}
}

// client returns an HTTP client for one request to approved, bounded by
// timeout as a whole.
func (g *webGuard) client(approved *url.URL, timeout time.Duration) *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                  nil,
			DialContext:            g.dial,
			ForceAttemptHTTP2:      true,
			TLSHandshakeTimeout:    10 * time.Second,
			ResponseHeaderTimeout:  timeout,
			MaxResponseHeaderBytes: 64 << 10,
			DisableKeepAlives:      true,
		},
		CheckRedirect: g.redirectPolicy(approved),
		Timeout:       timeout,
	}
}
