package tools

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// docPage is an HTML page with what documentation has: headings, links,
// a code block, and things that are not content.
const docPage = `<!doctype html><html><head><title>Widget docs</title>
<style>body{color:red}</style><script>alert("x")</script></head>
<body><h1>Widget</h1><p>Install it, then read the <a href="/guide">guide</a>.</p>
<h2>Usage</h2><pre><code class="language-go">w := widget.New()
w.Run()</code></pre></body></html>`

// webSite is a loopback server with the pages the tests fetch.
func webSite(t *testing.T, elsewhere string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/doc", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, docPage)
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/doc", http.StatusFound)
	})
	mux.HandleFunc("/away", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere+"/doc", http.StatusFound)
	})
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/to-file", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	mux.HandleFunc("/to-creds", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://user:pw@"+r.Host+"/doc", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, "<h1>Not here</h1>")
	})
	mux.HandleFunc("/huge", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		line := strings.Repeat("x", 99) + "\n"
		for i := 0; i < 100000 && r.Context().Err() == nil; i++ { // 10 MB
			fmt.Fprintf(w, "%06d%s", i, line)
		}
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"version":"1.2.3","token":"sk-abcdefghijklmnopqrstuvwxyz0123"}`)
	})
	mux.HandleFunc("/image", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
	})
	mux.HandleFunc("/headers", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for k, v := range r.Header {
			fmt.Fprintf(w, "%s: %s\n", k, strings.Join(v, ","))
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// fetchRegistry is a registry whose allow-list names the servers' hosts
// and ports, the only way a loopback address is reached.
func fetchRegistry(t *testing.T, edit func(*Config), allow ...string) *Registry {
	return newTestRegistry(t, func(c *Config, o *Options) {
		c.FetchTimeoutSeconds = 2
		if edit != nil {
			edit(c)
		}
		o.Web.AllowDomains = allow
	})
}

// hostOf is "127.0.0.1:port" of a test server.
func hostOf(srv *httptest.Server) string { return strings.TrimPrefix(srv.URL, "http://") }

// fetchIt plans and runs a web_fetch of rawURL.
func fetchIt(t *testing.T, r *Registry, args string) (*Plan, Result) {
	t.Helper()
	p, err := r.Plan("web_fetch", args)
	if err != nil {
		t.Fatalf("Plan(web_fetch %s) = %v", args, err)
	}
	return p, p.Run(t.Context(), nil)
}

func TestWebFetch(t *testing.T) {
	other := webSite(t, "")
	srv := webSite(t, other.URL)
	r := fetchRegistry(t, func(c *Config) { c.OutputHeadBytes, c.OutputTailBytes = 4096, 4096 }, hostOf(srv))

	t.Run("an HTML page comes back as Markdown under a header", func(t *testing.T) {
		p, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+"/doc#usage"))
		if res.IsError {
			t.Fatalf("fetch /doc = error %q", res.Output)
		}
		for _, want := range []string{
			"URL: " + srv.URL + "/doc\n", "Status: 200 OK\n", "Content-Type: text/html; charset=utf-8\n",
			"# Widget", "## Usage", "[guide](" + srv.URL + "/guide)", "```go\nw := widget.New()\nw.Run()\n```",
		} {
			if !strings.Contains(res.Output, want) {
				t.Errorf("fetch /doc output lacks %q:\n%s", want, res.Output)
			}
		}
		for _, unwanted := range []string{"alert(", "color:red", "<h1>"} {
			if strings.Contains(res.Output, unwanted) {
				t.Errorf("fetch /doc output has %q:\n%s", unwanted, res.Output)
			}
		}
		if !p.Network || p.AllowedBy != hostOf(srv) || p.Action.URL != srv.URL+"/doc" {
			t.Errorf("plan Network %v, AllowedBy %q, URL %q; want true, %q, the URL without fragment", p.Network, p.AllowedBy, p.Action.URL, hostOf(srv))
		}
		if !strings.Contains(p.Summary, srv.URL+"/doc") || !strings.Contains(p.Summary, "127.0.0.1") {
			t.Errorf("summary %q lacks the full URL or the host", p.Summary)
		}
	})
	t.Run("a redirect on the same host is followed and the final URL shown", func(t *testing.T) {
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+"/moved"))
		if res.IsError || !strings.HasPrefix(res.Output, "URL: "+srv.URL+"/doc\n") {
			t.Errorf("fetch /moved = %v %q, want the page at /doc", res.IsError, res.Output)
		}
	})
	t.Run("a 404 is an error result that still shows the page", func(t *testing.T) {
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+"/missing"))
		if !res.IsError || !strings.Contains(res.Output, "Status: 404 Not Found") || !strings.Contains(res.Output, "# Not here") {
			t.Errorf("fetch /missing = %v %q", res.IsError, res.Output)
		}
	})
	t.Run("JSON is passed through as it is", func(t *testing.T) {
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+"/json"))
		if res.IsError || !strings.HasSuffix(res.Output, `{"version":"1.2.3","token":"sk-abcdefghijklmnopqrstuvwxyz0123"}`) {
			t.Errorf("fetch /json = %v %q", res.IsError, res.Output)
		}
	})
	t.Run("an image is described, not dumped", func(t *testing.T) {
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+"/image"))
		if !strings.Contains(res.Output, "16 bytes of image/png, not shown") || strings.Contains(res.Output, "PNG") {
			t.Errorf("fetch /image = %q", res.Output)
		}
	})
	t.Run("a huge page is read up to max_bytes and cut like command output", func(t *testing.T) {
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q, "max_bytes": 200000}`, srv.URL+"/huge"))
		if !strings.Contains(res.Output, "longer than 200000 bytes and was cut") {
			t.Errorf("fetch /huge lacks the max_bytes note:\n%.300s", res.Output)
		}
		if len(res.Output) > 4096+4096+400 || res.OutputFile == "" {
			t.Fatalf("fetch /huge returned %d bytes, file %q: want head and tail of the output limits and a saved file", len(res.Output), res.OutputFile)
		}
		if !strings.Contains(res.Output, "000000xxx") || !strings.Contains(res.Output, "bytes cut here") {
			t.Errorf("fetch /huge output is not head and tail:\n%.300s", res.Output)
		}
		saved, err := os.ReadFile(res.OutputFile)
		if err != nil || len(saved) < 200000 {
			t.Errorf("saved output: %d bytes, %v; want the whole response read", len(saved), err)
		}
	})
	t.Run("a slow page stops at the timeout", func(t *testing.T) {
		start := time.Now()
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+"/slow"))
		if !res.IsError || !strings.Contains(res.Output, "no complete response within 2s") {
			t.Errorf("fetch /slow = %v %q", res.IsError, res.Output)
		}
		if d := time.Since(start); d > 6*time.Second {
			t.Errorf("fetch /slow took %s, want about 2s", d)
		}
	})
	t.Run("the request carries no cookies, credentials or proxy headers", func(t *testing.T) {
		t.Setenv("HTTP_PROXY", "http://user:secret@127.0.0.1:1")
		t.Setenv("HTTPS_PROXY", "http://user:secret@127.0.0.1:1")
		_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+"/headers"))
		if res.IsError {
			t.Fatalf("fetch /headers = %q", res.Output)
		}
		for _, h := range []string{"Cookie", "Authorization", "Proxy-Authorization"} {
			if strings.Contains(res.Output, h+":") {
				t.Errorf("the request carried %s:\n%s", h, res.Output)
			}
		}
	})
}

func TestWebFetchRefuses(t *testing.T) {
	t.Parallel()
	other := webSite(t, "")
	srv := webSite(t, other.URL)
	r := fetchRegistry(t, nil, hostOf(srv))
	for _, c := range []struct{ name, path, want string }{
		{"a redirect to another port", "/away", "not the host that was approved"},
		{"a redirect to the metadata service", "/to-metadata", "plain http is fetched only from this machine"},
		{"a redirect to a file", "/to-file", "only https URLs"},
		{"a redirect that adds credentials", "/to-creds", "carries credentials"},
		{"a redirect loop", "/loop", "more than 10 redirects"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, res := fetchIt(t, r, fmt.Sprintf(`{"url": %q}`, srv.URL+c.path))
			if !res.IsError || !strings.Contains(res.Output, c.want) {
				t.Errorf("fetch %s = %v %q, want an error saying %q", c.path, res.IsError, res.Output, c.want)
			}
		})
	}
	t.Run("a redirect to another host on the allow-list is followed", func(t *testing.T) {
		both := fetchRegistry(t, nil, hostOf(srv), hostOf(other))
		_, res := fetchIt(t, both, fmt.Sprintf(`{"url": %q}`, srv.URL+"/away"))
		if res.IsError || !strings.HasPrefix(res.Output, "URL: "+other.URL+"/doc\n") {
			t.Errorf("fetch /away = %v %q", res.IsError, res.Output)
		}
	})
}

func TestWebFetchPlanRefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	r := fetchRegistry(t, nil, "127.0.0.1:8080")
	for _, u := range []string{
		"http://127.0.0.1:8081/", "http://127.0.0.1/", "http://localhost:8080/", "http://[::1]:8080/",
		"https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/", "https://[::ffff:127.0.0.1]:8080/",
	} {
		_, err := r.Plan("web_fetch", fmt.Sprintf(`{"url": %q}`, u))
		var ae *ArgError
		if !errors.As(err, &ae) || !strings.Contains(err.Error(), "private network") {
			t.Errorf("Plan(web_fetch %s) = %v, want an argument error about a private network", u, err)
		}
	}
	for _, args := range []string{`{}`, `{"url": ""}`, `{"url": "https://x.org/", "max_bytes": 0}`, `{"url": "%zz"}`} {
		if _, err := r.Plan("web_fetch", args); err == nil {
			t.Errorf("Plan(web_fetch %s) = nil error", args)
		}
	}
}

// TestWebFetchDialsOnlyWhatItChecked plays a hostile DNS server: a name
// that resolves to this machine is refused, even when the name is on the
// allow-list, unless the entry names the host and port themselves.
func TestWebFetchDialsOnlyWhatItChecked(t *testing.T) {
	t.Parallel()
	srv := webSite(t, "")
	_, port, _ := net.SplitHostPort(hostOf(srv))
	for _, c := range []struct {
		name  string
		allow []string
		ok    bool
	}{
		{"a listed name resolving to loopback is refused", []string{"docs.example"}, false},
		{"an unlisted name resolving to loopback is refused", nil, false},
		{"a name listed with its port may resolve to loopback", []string{"docs.example:" + port}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := fetchRegistry(t, nil, c.allow...)
			r.web.lookup = func(context.Context, string, string) ([]netip.Addr, error) {
				return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
			}
			u := &url.URL{Scheme: "http", Host: "docs.example:" + port, Path: "/doc"}
			res := r.fetch(t.Context(), u, 1<<20, func(string) {})
			if c.ok == res.IsError {
				t.Errorf("fetch %s with allow %q = %v %q", u, c.allow, res.IsError, res.Output)
			}
			if !c.ok && !strings.Contains(res.Output, "is 127.0.0.1, this machine or a private network") {
				t.Errorf("fetch %s refusal = %q, want it to say where the name led", u, res.Output)
			}
		})
	}
}

func TestAllowList(t *testing.T) {
	t.Parallel()
	l := newAllowList([]string{"docs.rs", "Example.COM.", "127.0.0.1:8080", "[::1]:9000", "internal.corp:8443"})
	for _, c := range []struct {
		host, port, want string
	}{
		{"docs.rs", "443", "docs.rs"},
		{"DOCS.RS.", "443", "docs.rs"},
		{"api.docs.rs", "443", "docs.rs"},
		{"docs.rs", "8443", ""},
		{"evildocs.rs", "443", ""},
		{"docs.rs.evil.com", "443", ""},
		{"example.com", "443", "Example.COM."},
		{"127.0.0.1", "8080", "127.0.0.1:8080"},
		{"127.0.0.1", "8081", ""},
		{"::1", "9000", "[::1]:9000"},
		{"[::1]", "9000", "[::1]:9000"},
		{"internal.corp", "8443", "internal.corp:8443"},
		{"x.internal.corp", "8443", ""},
	} {
		if got := l.match(c.host, c.port); got != c.want {
			t.Errorf("match(%q, %q) = %q, want %q", c.host, c.port, got, c.want)
		}
	}
	bad := NetworkConfig{AllowDomains: []string{"https://docs.rs", "docs.rs/x", "*.docs.rs", "127.0.0.1", "localhost",
		"169.254.169.254", "user@docs.rs", "docs.rs:0", "docs.rs:http", "::1", "", "exa mple.com", "under_score!.com"}}
	err := bad.Validate()
	for _, s := range bad.AllowDomains {
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", s)) {
			t.Errorf("Validate() does not refuse %q: %v", s, err)
		}
	}
	good := NetworkConfig{AllowDomains: []string{"docs.rs", "localhost:3000", "[::1]:80", "10.0.0.5:8080", "pkg.go.dev"}}
	if err := good.Validate(); err != nil {
		t.Errorf("Validate(%q) = %v", good.AllowDomains, err)
	}
	if got := good.Restrict([]string{"PKG.go.dev", "evil.com"}).AllowDomains; len(got) != 1 || got[0] != "pkg.go.dev" {
		t.Errorf("Restrict = %q, want only pkg.go.dev: a project may remove hosts, never add", got)
	}
	project := []string{"pkg.go.dev", "evil.com"}
	tight, ignored := good.Tighten(ProjectNetworkConfig{AllowDomains: &project})
	if len(tight.AllowDomains) != 1 || len(ignored) != 1 || !strings.Contains(ignored[0], `"evil.com": not on your own config's list`) {
		t.Errorf("Tighten = %q, ignored %q; want only pkg.go.dev kept and evil.com noted", tight.AllowDomains, ignored)
	}
	if same, ignored := good.Tighten(ProjectNetworkConfig{}); len(same.AllowDomains) != len(good.AllowDomains) || ignored != nil {
		t.Errorf("Tighten of nothing = %q, %q; want the user's list", same.AllowDomains, ignored)
	}
}
