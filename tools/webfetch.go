package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"

	"github.com/agentcli/agent/classify"
)

// webFetchArgs are the arguments of the web_fetch tool.
type webFetchArgs struct {
	URL      string `json:"url"`
	MaxBytes *int   `json:"max_bytes,omitempty"`
}

var webFetchParams = []Param{
	{Name: "url", Type: ParamString, Required: true, Desc: "The https URL to fetch (http only for this machine). No credentials in it."},
	{Name: "max_bytes", Type: ParamInteger, Desc: "Read at most this many bytes of the response (default and most set by the user's config)."},
}

var webFetchTool = newTool("web_fetch", webFetchParams, planWebFetch,
	"Fetch a web page with GET and return it as Markdown (HTML is converted; plain text and JSON "+
		"are returned as they are; other types are described, not shown), after a header with the final URL "+
		"after redirects, the HTTP status and the content type. Use it for documentation, changelogs and issue "+
		"threads. The user approves each host unless it is on their allow-list; a redirect to another host "+
		"stops the fetch and tells you where it led. No cookies or credentials are sent.")

func planWebFetch(r *Registry, name string, a webFetchArgs) (*Plan, error) {
	a.URL = strings.TrimSpace(a.URL)
	if a.URL == "" {
		return nil, &ArgError{Tool: name, Field: "url", Problem: "empty URL"}
	}
	u, err := url.Parse(a.URL)
	if err != nil {
		return nil, &ArgError{Tool: name, Field: "url", Problem: fmt.Sprintf("not a URL: %v", errors.Unwrap(err))}
	}
	limit := r.cfg.FetchMaxBytes
	if a.MaxBytes != nil {
		if *a.MaxBytes < 1 || *a.MaxBytes > r.cfg.FetchMaxBytes {
			return nil, &ArgError{Tool: name, Field: "max_bytes",
				Problem: fmt.Sprintf("%d is out of range: want 1 to %d", *a.MaxBytes, r.cfg.FetchMaxBytes)}
		}
		limit = *a.MaxBytes
	}
	u.Fragment, u.RawFragment = "", "" // never sent; the request is the rest
	target := u.String()
	host, port := hostPort(u)
	allowedBy := r.web.allow.match(host, port)
	if u.User == nil && (u.Scheme == "https" || u.Scheme == "http") && !publicHost(host) && !r.web.allow.exact(host, port) {
		return nil, &ArgError{Tool: name, Field: "url", Problem: fmt.Sprintf(
			"%s is this machine or a private network, which the agent reaches only when the user's [network] allow_domains lists %q",
			host, net.JoinHostPort(host, port))}
	}
	summary := "GET " + target + "  [network: " + host + "]"
	p := r.newPlan(name, a, summary, func(ctx context.Context, out func(string)) Result {
		return r.fetch(ctx, u, limit, out)
	})
	p.Action = classify.Action{Kind: classify.Fetch, URL: target, Root: r.root, Home: r.home}
	p.Network = true
	p.AllowedBy = allowedBy
	return p, nil
}

// fetch requests u and returns the response for the model: a header with
// the final URL, the status and the content type, then the body as
// Markdown or text, cut like command output.
func (r *Registry) fetch(ctx context.Context, u *url.URL, limit int, out func(string)) Result {
	timeout := time.Duration(r.cfg.FetchTimeoutSeconds) * time.Second
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return failuref("web_fetch: %v", err)
	}
	req.Header.Set("User-Agent", "agent-web-fetch/1 (a coding assistant reading documentation)")
	req.Header.Set("Accept", "text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.5")
	resp, err := r.web.client(u, timeout).Do(req)
	if err != nil {
		return fetchFailure(ctx, u, timeout, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
	if err != nil {
		return fetchFailure(ctx, u, timeout, err)
	}
	cut := len(body) > limit
	if cut {
		body = body[:limit]
	}
	ctype := resp.Header.Get("Content-Type")
	text := renderBody(ctx, resp.Request.URL, ctype, body)
	if cut {
		text += fmt.Sprintf("\n\n[... the response was longer than %d bytes and was cut there; ask for a later part another way, or raise max_bytes ...]\n", limit)
	}
	if ctype == "" {
		ctype = "(none)"
	}
	header := fmt.Sprintf("URL: %s\nStatus: %s\nContent-Type: %s\n\n", resp.Request.URL, resp.Status, ctype)

	capt := r.newCapture(spillPrefix("web_fetch"))
	capt.Write([]byte(header + text))
	kept, file := capt.finish()
	out(kept)
	res := Result{
		Output:      kept,
		IsError:     resp.StatusCode >= 400,
		ExitCode:    -1,
		OutputBytes: capt.total,
		OutputFile:  file,
	}
	switch resp.StatusCode {
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		res.Transient = "the server answered " + resp.Status
	}
	return res
}

// fetchFailure turns a request error into a result that says what
// happened, without Go's "Get \"url\":" wrapping.
func fetchFailure(ctx context.Context, u *url.URL, timeout time.Duration, err error) Result {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	switch {
	case errors.Is(err, errRefused):
		return failuref("web_fetch %s: %v", u, err)
	case errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		res := failuref("web_fetch %s: %v", u, err)
		res.Transient = "the connection was reset"
		return res
	case errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded):
		return failuref("web_fetch %s: no complete response within %s (the user's [tools] fetch_timeout_seconds)", u, timeout)
	}
	return failuref("web_fetch %s: %v", u, err)
}

// markdown converts HTML to CommonMark. html-to-markdown is used because
// real pages (nested lists, tables, code blocks with their language, links
// relative to the page) are far from what a hand-written converter gets
// right. Escaping is off: a model reads "a_b" better than "a\_b", and
// redaction must see secrets as they were written.
var markdown = converter.NewConverter(
	converter.WithPlugins(base.NewBasePlugin(), commonmark.NewCommonmarkPlugin()),
	converter.WithEscapeMode(converter.EscapeModeDisabled),
)

// renderBody turns a response body into what the model reads: HTML as
// Markdown (links made absolute against the final URL), text and JSON as
// they are, anything else described.
func renderBody(ctx context.Context, final *url.URL, ctype string, body []byte) string {
	mt, _, err := mime.ParseMediaType(ctype)
	if err != nil || mt == "" {
		mt = strings.ToLower(strings.TrimSpace(strings.Split(http.DetectContentType(body), ";")[0]))
	}
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		md, err := markdown.ConvertString(string(body),
			converter.WithContext(ctx), converter.WithDomain(final.Scheme+"://"+final.Host))
		if err != nil {
			return fmt.Sprintf("[the HTML could not be converted (%v); here it is as text]\n\n%s", err, strings.ToValidUTF8(string(body), "\uFFFD"))
		}
		return md
	case textual(mt):
		if !utf8.Valid(body) && !strings.HasPrefix(mt, "text/") {
			break
		}
		return strings.ToValidUTF8(string(body), "\uFFFD")
	}
	return fmt.Sprintf("[%d bytes of %s, not shown: web_fetch returns web pages, text and JSON]", len(body), mt)
}

// textual reports whether a media type is text a model can read.
func textual(mt string) bool {
	if strings.HasPrefix(mt, "text/") {
		return true
	}
	switch mt {
	case "application/json", "application/xml", "application/javascript", "application/x-ndjson",
		"application/toml", "application/yaml", "application/x-yaml":
		return true
	}
	return strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml")
}
