package tools

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// searxngAnswer and braveAnswer are trimmed real answers of the two APIs
// (SearXNG's /search?format=json and Brave's /res/v1/web/search).
const searxngAnswer = `{"query": "go html to markdown", "number_of_results": 0, "results": [
 {"url": "https://github.com/JohannesKaufmann/html-to-markdown", "title": "JohannesKaufmann/html-to-markdown", "content": "Convert HTML to Markdown. Even works with entire websites.", "engine": "duckduckgo", "parsed_url": ["https", "github.com", "/JohannesKaufmann/html-to-markdown", "", "", ""], "engines": ["duckduckgo"], "positions": [1], "score": 1.0, "category": "general"},
 {"url": "https://pkg.go.dev/github.com/JohannesKaufmann/html-to-markdown/v2", "title": "html-to-markdown package - Go Packages", "content": "Package htmltomarkdown converts\nHTML to &quot;Markdown&quot;.", "engine": "brave", "score": 0.5, "category": "general"}
 ], "answers": [], "corrections": [], "infoboxes": [], "suggestions": [], "unresponsive_engines": []}`

const braveAnswer = `{"query": {"original": "go html to markdown", "more_results_available": true}, "mixed": {"type": "mixed", "main": []},
 "type": "search", "web": {"type": "search", "results": [
  {"title": "JohannesKaufmann/html-to-markdown - GitHub", "url": "https://github.com/JohannesKaufmann/html-to-markdown", "is_source_local": false, "description": "Convert <strong>HTML</strong> to <strong>Markdown</strong>. Even works with entire websites.", "page_age": "2025-01-01T00:00:00", "profile": {"name": "GitHub"}, "language": "en", "family_friendly": true, "type": "search_result"},
  {"title": "Second", "url": "https://example.org/2", "description": "two", "type": "search_result"},
  {"title": "Third", "url": "https://example.org/3", "description": "three", "type": "search_result"}
 ], "family_friendly": true}}`

// searchBackend is a loopback fake of one API; it records the requests.
type searchBackend struct {
	*httptest.Server
	reqs []*http.Request
}

func newSearchBackend(t *testing.T, path, answer string) *searchBackend {
	b := &searchBackend{}
	b.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.reqs = append(b.reqs, r.Clone(r.Context()))
		if r.URL.Path != path {
			http.NotFound(w, r)
			return
		}
		if strings.Contains(r.URL.Query().Get("q"), "fail") {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"type": "ErrorResponse", "error": {"code": "SUBSCRIPTION_TOKEN_INVALID", "status": 401}}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, answer)
	}))
	t.Cleanup(b.Close)
	return b
}

func searchRegistry(t *testing.T, ws WebSearchConfig, env []string, allow ...string) *Registry {
	return newTestRegistry(t, func(c *Config, o *Options) {
		c.WebSearch = ws
		o.Env = append(append([]string(nil), testEnv...), env...)
		o.Web.AllowDomains = allow
	})
}

func TestWebSearchIsOfferedOnlyWithABackend(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	for _, s := range r.Specs() {
		if s.Name == "web_search" {
			t.Fatal("web_search is offered without a backend")
		}
	}
	if _, err := r.Plan("web_search", `{"query": "x"}`); err == nil || !strings.Contains(err.Error(), "unknown tool") {
		t.Errorf("Plan(web_search) without a backend = %v, want an unknown tool", err)
	}
	sx := newSearchBackend(t, "/search", searxngAnswer)
	r = searchRegistry(t, WebSearchConfig{Provider: "searxng", BaseURL: sx.URL, MaxResults: 10}, nil, hostOf(sx.Server))
	var names []string
	for _, s := range r.Specs() {
		names = append(names, s.Name)
	}
	if !slices.Contains(names, "web_search") {
		t.Errorf("Specs = %q, want web_search with a backend", names)
	}
}

func TestWebSearch(t *testing.T) {
	t.Parallel()
	t.Run("searxng's results come back as a Markdown list", func(t *testing.T) {
		sx := newSearchBackend(t, "/search", searxngAnswer)
		r := searchRegistry(t, WebSearchConfig{Provider: "searxng", BaseURL: sx.URL + "/", MaxResults: 10}, nil, hostOf(sx.Server))
		p, err := r.Plan("web_search", `{"query": "go html to markdown"}`)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Network || p.AllowedBy != hostOf(sx.Server) || !strings.Contains(p.Summary, `"go html to markdown" via searxng`) {
			t.Errorf("plan: network %v, allowed by %q, summary %q", p.Network, p.AllowedBy, p.Summary)
		}
		res := p.Run(t.Context(), nil)
		want := `Results for "go html to markdown" (searxng):

1. [JohannesKaufmann/html-to-markdown](https://github.com/JohannesKaufmann/html-to-markdown)
   Convert HTML to Markdown. Even works with entire websites.

2. [html-to-markdown package - Go Packages](https://pkg.go.dev/github.com/JohannesKaufmann/html-to-markdown/v2)
   Package htmltomarkdown converts HTML to "Markdown".
`
		if res.IsError || res.Output != want {
			t.Errorf("search = %v\n%s\nwant\n%s", res.IsError, res.Output, want)
		}
		q := sx.reqs[0].URL.Query()
		if q.Get("q") != "go html to markdown" || q.Get("format") != "json" || sx.reqs[0].Header.Get("X-Subscription-Token") != "" {
			t.Errorf("searxng was asked %s with headers %v", sx.reqs[0].URL, sx.reqs[0].Header)
		}
	})
	t.Run("brave gets its key and count, and its markup is removed", func(t *testing.T) {
		br := newSearchBackend(t, "/res/v1/web/search", braveAnswer)
		r := searchRegistry(t, WebSearchConfig{Provider: "brave", BaseURL: br.URL + "/res/v1/web/search", APIKeyEnv: "BRAVE_API_KEY", MaxResults: 10},
			[]string{"BRAVE_API_KEY=BSAbrave-test-key-123456"}, hostOf(br.Server))
		_, res := runSearch(t, r, `{"query": "go html to markdown", "count": 2}`)
		if res.IsError || !strings.Contains(res.Output, "1. [JohannesKaufmann/html-to-markdown - GitHub](https://github.com/JohannesKaufmann/html-to-markdown)\n   Convert HTML to Markdown.") ||
			!strings.Contains(res.Output, "2. [Second]") || strings.Contains(res.Output, "Third") {
			t.Errorf("search = %v\n%s", res.IsError, res.Output)
		}
		got := br.reqs[0]
		if got.Header.Get("X-Subscription-Token") != "BSAbrave-test-key-123456" || got.URL.Query().Get("count") != "2" || got.Header.Get("Accept") != "application/json" {
			t.Errorf("brave was asked %s with headers %v", got.URL, got.Header)
		}
		_, res = runSearch(t, r, `{"query": "fail"}`)
		if !res.IsError || !strings.Contains(res.Output, "401 Unauthorized") || !strings.Contains(res.Output, "SUBSCRIPTION_TOKEN_INVALID") {
			t.Errorf("a refused search = %v %q", res.IsError, res.Output)
		}
		out, _ := r.Plan("shell", `{"command": "echo key=$BRAVE_API_KEY"}`)
		if res := out.Run(t.Context(), nil); strings.TrimSpace(res.Output) != "key=" {
			t.Errorf("a command saw the search key: %q", res.Output)
		}
	})
	t.Run("an answer in another shape is an error", func(t *testing.T) {
		sx := newSearchBackend(t, "/search", `{"web": {"results": []}}`)
		r := searchRegistry(t, WebSearchConfig{Provider: "searxng", BaseURL: sx.URL, MaxResults: 10}, nil, hostOf(sx.Server))
		if _, res := runSearch(t, r, `{"query": "x"}`); !res.IsError || !strings.Contains(res.Output, `no "results"`) {
			t.Errorf("search = %v %q", res.IsError, res.Output)
		}
	})
	t.Run("a backend on this machine needs its host and port listed", func(t *testing.T) {
		sx := newSearchBackend(t, "/search", searxngAnswer)
		r := searchRegistry(t, WebSearchConfig{Provider: "searxng", BaseURL: sx.URL, MaxResults: 10}, nil)
		if _, err := r.Plan("web_search", `{"query": "x"}`); err == nil || !strings.Contains(err.Error(), "private network") {
			t.Errorf("Plan = %v, want refused", err)
		}
	})
}

func runSearch(t *testing.T, r *Registry, args string) (*Plan, Result) {
	t.Helper()
	p, err := r.Plan("web_search", args)
	if err != nil {
		t.Fatal(err)
	}
	return p, p.Run(t.Context(), nil)
}

func TestWebSearchConfig(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ws   WebSearchConfig
		want string
	}{
		{WebSearchConfig{Provider: "google", MaxResults: 10}, `provider = "google"`},
		{WebSearchConfig{Provider: "searxng", MaxResults: 10}, "base_url: SearXNG needs"},
		{WebSearchConfig{Provider: "brave", MaxResults: 10}, "api_key_env"},
		{WebSearchConfig{Provider: "searxng", BaseURL: "ftp://x", MaxResults: 10}, "base_url"},
		{WebSearchConfig{Provider: "searxng", BaseURL: "https://u:p@x", MaxResults: 10}, "without credentials"},
		{WebSearchConfig{Provider: "searxng", BaseURL: "https://x", MaxResults: 0}, "max_results"},
	} {
		cfg := DefaultConfig()
		cfg.WebSearch = c.ws
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v, want %q", c.ws, err, c.want)
		}
	}
	cfg := DefaultConfig()
	cfg.WebSearch = WebSearchConfig{Provider: "brave", APIKeyEnv: "BRAVE_API_KEY", MaxResults: 10}
	_, err := New(cfg, Options{Root: t.TempDir(), Env: testEnv})
	if err == nil || !strings.Contains(err.Error(), "BRAVE_API_KEY is not set") {
		t.Errorf("New without the key = %v", err)
	}
	var v any
	if json.Unmarshal([]byte(searxngAnswer), &v) != nil || json.Unmarshal([]byte(braveAnswer), &v) != nil {
		t.Fatal("the fakes' answers are not JSON")
	}
}
