package wire

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/agentcli/agent/agent/llm"
)

// BaseURL checks that raw is an http or https URL with a host and returns
// it without trailing slashes. Errors wrap llm.ErrBadBaseURL and name the
// provider.
func BaseURL(provider, raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%s: %w, not %q", provider, llm.ErrBadBaseURL, raw)
	}
	return strings.TrimRight(raw, "/"), nil
}
