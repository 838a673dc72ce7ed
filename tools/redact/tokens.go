package redact

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/agentcli/agent/internal/lazyre"
)

// token is one known format of API key or access token: a fixed prefix
// that says what it is (kept, so a reader can tell what was there), then
// a body of at least min characters of a class. The body is also redacted
// when it is cut short by an ellipsis ("ghp_abcdef…", "sk-proj-ab..."), as
// shortened reasons and summaries show tokens: part of a token is still
// part of a secret.
type token struct {
	prefix string // a regular expression; its text up to the first
	// metacharacter is also the hint that makes the pattern run
	body string // a character class, like [A-Za-z0-9]; with min 0, the
	// whole regular expression of the body
	min int
}

// tokens are the formats recognised by shape. The list follows the
// providers' documented formats; a body minimum below the real length
// leaves room for older or shortened forms while staying above words.
var tokens = []token{
	// OpenAI (sk-, sk-proj-, sk-svcacct-), Anthropic (sk-ant-api03-,
	// sk-ant-admin01-), DeepSeek, OpenRouter (sk-or-v1-) and most "sk-" keys.
	{`sk-`, `[A-Za-z0-9_\-]`, 16},
	// Stripe secret and restricted keys, webhook secrets.
	{`(?:sk|rk)_(?:live|test)_`, `[A-Za-z0-9]`, 16},
	{`whsec_`, `[A-Za-z0-9+/=]`, 16},
	// GitHub: personal, OAuth, user-to-server, server-to-server, refresh;
	// fine-grained personal tokens.
	{`gh[pousr]_`, `[A-Za-z0-9]`, 20},
	{`github_pat_`, `[A-Za-z0-9_]`, 20},
	// GitLab personal, deploy, runner, pipeline trigger, feed, OAuth tokens.
	{`gl(?:pat|dt|rt|ptt|ft|soat|oas)-`, `[A-Za-z0-9_\-]`, 20},
	{`GR1348941`, `[A-Za-z0-9_\-]`, 20},
	// Slack bot, user, app, refresh tokens and webhook URLs.
	{`xox[abeoprs]-`, `[A-Za-z0-9\-]`, 10},
	{`xapp-`, `[A-Za-z0-9\-]`, 10},
	{`hooks\.slack\.com/services/`, `[A-Za-z0-9/]`, 20},
	// AWS access key ids, long-term and temporary.
	{`(?:AKIA|ASIA)`, `[0-9A-Z]`, 16},
	// Google API keys, OAuth access tokens and client secrets.
	{`AIza`, `[0-9A-Za-z_\-]`, 30},
	{`ya29\.`, `[0-9A-Za-z_\-]`, 20},
	{`GOCSPX-`, `[0-9A-Za-z_\-]`, 20},
	// Package registries: npm, PyPI, RubyGems, Docker Hub.
	{`npm_`, `[A-Za-z0-9]`, 30},
	{`pypi-`, `[A-Za-z0-9_\-]`, 40},
	{`rubygems_`, `[a-f0-9]`, 40},
	{`dckr_pat_`, `[A-Za-z0-9_\-]`, 20},
	// Hugging Face, Groq, xAI, Replicate, Pinecone.
	{`hf_`, `[A-Za-z0-9]`, 30},
	{`gsk_`, `[A-Za-z0-9]`, 30},
	{`xai-`, `[A-Za-z0-9]`, 30},
	{`r8_`, `[A-Za-z0-9]`, 30},
	{`pcsk_`, `[A-Za-z0-9_]`, 30},
	// SendGrid, DigitalOcean, Shopify, Atlassian, Databricks.
	{`SG\.`, `[A-Za-z0-9_\-.]`, 30},
	{`do[opr]_v1_`, `[a-f0-9]`, 40},
	{`shp(?:at|ss|ca|pa)_`, `[a-fA-F0-9]`, 30},
	{`ATATT`, `[A-Za-z0-9_=\-]`, 30},
	{`dapi`, `[a-f0-9]`, 32},
	// HashiCorp Vault, Terraform Cloud, Pulumi, Tailscale, age keys.
	{`hv[sb]\.`, `[A-Za-z0-9_\-]`, 20},
	{`atlasv1\.`, `[A-Za-z0-9_\-]`, 30},
	{`pul-`, `[a-f0-9]`, 40},
	{`tskey-`, `[A-Za-z0-9\-]`, 20},
	{`AGE-SECRET-KEY-1`, `[0-9A-Z]`, 40},
	// Sentry, Grafana, New Relic, Linear, Postman, Figma, Supabase,
	// PlanetScale, Buildkite, Netlify, Fly.io, Notion, 1Password.
	{`sntry[su]_`, `[A-Za-z0-9_=+/]`, 20},
	{`gl(?:c|sa)_`, `[A-Za-z0-9_=+/\-]`, 20},
	{`NRAK-`, `[A-Z0-9]`, 20},
	{`lin_(?:api|oauth)_`, `[A-Za-z0-9]`, 30},
	{`PMAK-`, `[A-Za-z0-9\-]`, 30},
	{`figd_`, `[A-Za-z0-9_\-]`, 30},
	{`sbp_`, `[a-f0-9]`, 30},
	{`pscale_(?:tkn|pw|oauth)_`, `[A-Za-z0-9_\-]`, 30},
	{`bkua_`, `[a-f0-9]`, 30},
	{`nfp_`, `[A-Za-z0-9]`, 30},
	{`fo1_`, `[A-Za-z0-9_\-]`, 30},
	{`fm2_`, `[A-Za-z0-9_\-+/=]`, 30},
	{`ntn_`, `[A-Za-z0-9]`, 30},
	{`ops_eyJ`, `[A-Za-z0-9_\-.]`, 30},
	// JSON Web Tokens: a base64 JSON header, a dot, a base64 JSON payload.
	{`eyJ`, `[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-.]*`, 0},
	// Bearer tokens in headers and curl commands; Basic credentials.
	{`(?i:bearer\s+)`, `[A-Za-z0-9._~+/=\-]`, 16},
	{`(?i:authorization:\s*basic\s+)`, `[A-Za-z0-9+/=]`, 8},
}

// ellipsis is how shortened text ends: the character, or three dots.
const ellipsis = `(…|\.\.\.)`

// tokenPattern is a compiled token with the hints that make it run.
type tokenPattern struct {
	hints []string
	// need is a byte every match holds ('_' or '-'), 0 for none: text
	// without it (most plain text has no '_' or '-') skips the hints.
	need byte
	// re returns the token's expression, compiled the first time a text
	// holds one of its hints: compiling them all costs most of a
	// millisecond at every start, where the environment's values are
	// looked at and hardly any holds a hint.
	re func() *regexp.Regexp
}

// tokenPatterns are the tokens to look for. Group 1 of their expressions
// is the prefix kept; group 2 is the ellipsis of a cut token, kept too.
var tokenPatterns = compileTokens(tokens)

func compileTokens(ts []token) []tokenPattern {
	out := make([]tokenPattern, 0, len(ts))
	for _, t := range ts {
		expr := `\b(` + t.prefix + `)` + t.body + `()`
		if t.min != 0 {
			body := t.body + "{" + strconv.Itoa(t.min) + ",}"
			cut := t.body + "+" + ellipsis
			expr = `\b(` + t.prefix + `)(?:` + body + `|` + cut + `)`
		}
		re := lazyre.New(expr)
		out = append(out, tokenPattern{hints: hints(t.prefix), need: neededByte(t.prefix), re: re})
	}
	return out
}

// hints returns the literal text that any match of prefix contains: its
// start up to the first metacharacter, or, for an alternation or a
// case-insensitive group, the one word given per case.
func hints(prefix string) []string {
	switch prefix {
	case `(?:sk|rk)_(?:live|test)_`:
		return []string{"k_live_", "k_test_"}
	case `(?:AKIA|ASIA)`:
		return []string{"AKIA", "ASIA"}
	case `(?i:bearer\s+)`:
		return []string{"earer", "EARER"}
	case `(?i:authorization:\s*basic\s+)`:
		return []string{"asic", "ASIC"}
	}
	lit := prefix
	if i := strings.IndexAny(lit, `\[(?{+*.|`); i >= 0 {
		lit = lit[:i]
	}
	if len(lit) < 2 {
		panic("redact: token prefix without a literal start: " + prefix)
	}
	return []string{lit}
}

// neededByte returns '_' or '-' when the prefix, a regular expression
// without character classes holding them, has one as a literal: every
// match then holds it.
func neededByte(prefix string) byte {
	for _, c := range []byte{'_', '-'} {
		if strings.IndexByte(prefix, c) >= 0 {
			return c
		}
	}
	return 0
}

// active returns, in order, the patterns whose hints s holds. Each hint
// is looked for with strings.Contains, which is vectorised: a loop over
// the bytes of a flood of output would cost far more. A pattern whose
// matches need a '_' or a '-' is skipped at once in text without one:
// looking for its short hints ("gh", "sk-") in text full of their first
// letter is what costs.
func active(s string) []int {
	var on []int
	has := [256]bool{'_': strings.IndexByte(s, '_') >= 0, '-': strings.IndexByte(s, '-') >= 0}
	for i, p := range tokenPatterns {
		if p.need != 0 && !has[p.need] {
			continue
		}
		for _, h := range p.hints {
			if strings.Contains(s, h) {
				on = append(on, i)
				break
			}
		}
	}
	return on
}

// redactTokens replaces the body of every token in s.
func redactTokens(s string) string {
	for _, i := range active(s) {
		s = tokenPatterns[i].re().ReplaceAllString(s, "${1}"+Mask+"${2}")
	}
	return s
}

// hasToken reports whether s holds a token of a known format.
func hasToken(s string) bool {
	for _, i := range active(s) {
		if tokenPatterns[i].re().MatchString(s) {
			return true
		}
	}
	return false
}
