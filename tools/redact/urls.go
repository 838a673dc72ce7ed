package redact

import (
	"strings"

	"github.com/agentcli/agent/internal/lazyre"
)

// URLs carry credentials in their user information: a password
// ("postgres://app:pw@db/app", "https://x-access-token:TOKEN@github.com")
// or a token as the user name (Sentry DSNs, "https://TOKEN@host"). The
// user name of a password is kept; a port is not a password.
var (
	urlPassword    = lazyre.New(`\b([a-zA-Z][a-zA-Z0-9+.\-]*://[^\s/:@"'<>]*:)[^\s/@"'<>]+@`)
	urlPasswordCut = lazyre.New(`\b([a-zA-Z][a-zA-Z0-9+.\-]*://[^\s/:@"'<>]*:)[^\s/@"'<>]*[^\s/@"'<>0-9.][^\s/@"'<>]*?` + ellipsis)
	urlUserToken   = lazyre.New(`\b([a-zA-Z][a-zA-Z0-9+.\-]*://)[A-Za-z0-9_\-]{20,}@`)
)

// redactURLs replaces the credentials in URLs.
func redactURLs(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	s = urlPassword().ReplaceAllString(s, "${1}"+Mask+"@")
	s = urlUserToken().ReplaceAllString(s, "${1}"+Mask+"@")
	if strings.Contains(s, "…") || strings.Contains(s, "...") {
		s = urlPasswordCut().ReplaceAllString(s, "${1}"+Mask+"${2}")
	}
	return s
}

// hasURLCredentials reports whether s holds a URL with a password or a
// token as its user name.
func hasURLCredentials(s string) bool {
	return strings.Contains(s, "://") && (urlPassword().MatchString(s) || urlUserToken().MatchString(s))
}
