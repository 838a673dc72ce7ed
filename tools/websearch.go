package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/internal/lazyre"
)

// WebSearchConfig is [tools.web_search]: the search backend web_search
// asks. Without a provider the tool is not offered.
type WebSearchConfig struct {
	// Provider is "searxng" (a SearXNG instance's JSON API), "brave"
	// (Brave's Web Search API) or "" for no web_search tool.
	Provider string `toml:"provider"`
	// BaseURL is the search endpoint: the SearXNG instance
	// ("https://searx.example.org"), or Brave's API (empty means
	// https://api.search.brave.com/res/v1/web/search).
	BaseURL string `toml:"base_url"`
	// APIKeyEnv names the environment variable holding the backend's key
	// (Brave's subscription token; SearXNG needs none). The key goes to
	// the backend only and never to commands.
	APIKeyEnv string `toml:"api_key_env"`
	// MaxResults is the most results one search returns.
	MaxResults int `toml:"max_results"`
}

// braveEndpoint is Brave's Web Search API.
const braveEndpoint = "https://api.search.brave.com/res/v1/web/search"

// validate reports what keeps the backend from working.
func (c WebSearchConfig) validate() []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf("tools.web_search."+format, args...)) }
	switch c.Provider {
	case "":
		return nil
	case "searxng":
		if c.BaseURL == "" {
			bad("base_url: SearXNG needs its instance's URL")
		}
	case "brave":
		if c.APIKeyEnv == "" {
			bad("api_key_env: Brave needs the variable that holds its key, such as BRAVE_API_KEY")
		}
	default:
		bad("provider = %q: want \"searxng\", \"brave\" or \"\" (no web_search)", c.Provider)
	}
	if c.BaseURL != "" {
		if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
			bad("base_url = %q: want an http(s) URL without credentials", c.BaseURL)
		}
	}
	if c.MaxResults < 1 || c.MaxResults > 50 {
		bad("max_results = %d: want 1 to 50", c.MaxResults)
	}
	return errs
}

// endpoint is the URL a search for query asks.
func (c WebSearchConfig) endpoint(query string, count int) string {
	q := url.Values{"q": {query}}
	switch c.Provider {
	case "brave":
		base := c.BaseURL
		if base == "" {
			base = braveEndpoint
		}
		q.Set("count", strconv.Itoa(count))
		return base + "?" + q.Encode()
	default:
		q.Set("format", "json")
		return strings.TrimSuffix(c.BaseURL, "/") + "/search?" + q.Encode()
	}
}

type webSearchArgs struct {
	Query string `json:"query"`
	Count *int   `json:"count,omitempty"`
}

var webSearchParams = []Param{
	{Name: "query", Type: ParamString, Required: true, Desc: "What to search the web for."},
	{Name: "count", Type: ParamInteger, Desc: "How many results to return (default and most set by the user's config)."},
}

var webSearchTool = newTool("web_search", webSearchParams, planWebSearch,
	"Search the web through the user's search backend and return a Markdown list of results: title, "+
		"URL and snippet. Read a result with web_fetch. The user approves searches unless the backend is on their allow-list.")

func planWebSearch(r *Registry, name string, a webSearchArgs) (*Plan, error) {
	a.Query = strings.TrimSpace(a.Query)
	if a.Query == "" {
		return nil, &ArgError{Tool: name, Field: "query", Problem: "empty query"}
	}
	max := r.cfg.WebSearch.MaxResults
	count := max
	if a.Count != nil {
		if *a.Count < 1 || *a.Count > max {
			return nil, &ArgError{Tool: name, Field: "count", Problem: fmt.Sprintf("%d is out of range: want 1 to %d", *a.Count, max)}
		}
		count = *a.Count
	}
	u, err := url.Parse(r.cfg.WebSearch.endpoint(a.Query, count))
	if err != nil {
		return nil, internalError(err)
	}
	host, port := hostPort(u)
	if !publicHost(host) && !r.web.allow.exact(host, port) {
		return nil, &ArgError{Tool: name, Field: "query", Problem: fmt.Sprintf(
			"the search backend %s is this machine or a private network, which the agent reaches only when the user's [network] allow_domains lists %q",
			host, net.JoinHostPort(host, port))}
	}
	summary := fmt.Sprintf("search %q via %s  [network: %s]", a.Query, r.cfg.WebSearch.Provider, host)
	p := r.newPlan(name, a, summary, func(ctx context.Context, out func(string)) Result {
		return r.search(ctx, u, a.Query, count, out)
	})
	p.Action = classify.Action{Kind: classify.Fetch, URL: u.String(), Root: r.root, Home: r.home}
	p.Network = true
	p.AllowedBy = r.web.allow.match(host, port)
	return p, nil
}

// internalError is an error of ours, not of the call's arguments.
func internalError(err error) error { return fmt.Errorf("web_search: %w", err) }

// searchResult is one hit, whatever the backend.
type searchResult struct{ title, url, snippet string }

// search asks the backend and lists the results as Markdown.
func (r *Registry) search(ctx context.Context, u *url.URL, query string, count int, out func(string)) Result {
	timeout := time.Duration(r.cfg.FetchTimeoutSeconds) * time.Second
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return failuref("web_search: %v", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "agent-web-search/1")
	if r.searchKey != "" && r.cfg.WebSearch.Provider == "brave" {
		req.Header.Set("X-Subscription-Token", r.searchKey)
	}
	client := r.web.client(u, timeout)
	// The key goes to the backend only: no redirect is followed anywhere.
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Do(req)
	if err != nil {
		res := fetchFailure(ctx, u, timeout, err)
		res.Output = strings.Replace(res.Output, "web_fetch", "web_search", 1)
		return res
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return failuref("web_search: reading the answer: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		res := failuref("web_search: the %s backend answered %s: %s", r.cfg.WebSearch.Provider, resp.Status, firstLineOf(string(body)))
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			res.Transient = "the search backend answered " + resp.Status
		}
		return res
	}
	hits, err := parseResults(r.cfg.WebSearch.Provider, body)
	if err != nil {
		return failuref("web_search: the %s backend's answer is not what its API returns: %v", r.cfg.WebSearch.Provider, err)
	}
	if len(hits) > count {
		hits = hits[:count]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Results for %q (%s):\n", query, r.cfg.WebSearch.Provider)
	if len(hits) == 0 {
		b.WriteString("\nNo results.\n")
	}
	for i, h := range hits {
		fmt.Fprintf(&b, "\n%d. [%s](%s)\n", i+1, oneLineText(h.title), h.url)
		if s := oneLineText(h.snippet); s != "" {
			fmt.Fprintf(&b, "   %s\n", s)
		}
	}
	capt := r.newCapture(spillPrefix("web_search"))
	capt.Write([]byte(b.String()))
	kept, file := capt.finish()
	out(kept)
	return Result{Output: kept, ExitCode: -1, OutputBytes: capt.total, OutputFile: file}
}

// parseResults reads the backend's JSON: SearXNG's {"results": [{title,
// url, content}]} or Brave's {"web": {"results": [{title, url,
// description}]}}.
func parseResults(provider string, body []byte) ([]searchResult, error) {
	var hits []searchResult
	switch provider {
	case "brave":
		var v struct {
			Web *struct {
				Results []struct {
					Title       string `json:"title"`
					URL         string `json:"url"`
					Description string `json:"description"`
				} `json:"results"`
			} `json:"web"`
			Type string `json:"type"`
		}
		if err := json.Unmarshal(body, &v); err != nil {
			return nil, err
		}
		if v.Type != "search" {
			return nil, errors.New(`no "type": "search"`)
		}
		if v.Web != nil {
			for _, r := range v.Web.Results {
				hits = append(hits, searchResult{r.Title, r.URL, r.Description})
			}
		}
	default:
		var v struct {
			Results *[]struct {
				Title   string `json:"title"`
				URL     string `json:"url"`
				Content string `json:"content"`
			} `json:"results"`
		}
		if err := json.Unmarshal(body, &v); err != nil {
			return nil, err
		}
		if v.Results == nil {
			return nil, errors.New(`no "results"`)
		}
		for _, r := range *v.Results {
			hits = append(hits, searchResult{r.Title, r.URL, r.Content})
		}
	}
	return hits, nil
}

// tags matches the markup backends put in snippets (<strong>).
var tags = lazyre.New(`<[^>]*>`)

// oneLineText is a snippet or title without markup, entities or line
// breaks.
func oneLineText(s string) string {
	s = html.UnescapeString(tags().ReplaceAllString(s, ""))
	return strings.Join(strings.Fields(s), " ")
}

// firstLineOf is the first line of s, at most 200 bytes.
func firstLineOf(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// lookupEnv is the value of name in env (KEY=value entries), or "".
func lookupEnv(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
			return v
		}
	}
	return ""
}
