package anthropictest

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"
)

// MaxBreakpoints is how many blocks of one request may carry
// cache_control, as the API allows.
const MaxBreakpoints = 4

// Breakpoint is one cache_control marker of a request: where it is
// ("tools.3", "system.0", "messages.4.content.1") and how many bytes of
// the request (tools, then system, then messages, as the API renders
// them) come before it and with it: the prefix it caches.
type Breakpoint struct {
	Path   string
	Prefix int
	key    [32]byte
}

// Breakpoints reads the cache_control markers of a messages request body
// and checks them as the API does: each is {"type": "ephemeral"} with an
// optional "ttl" of "5m" or "1h", on a tool, a system text block or a
// message content block that is not thinking, and there are at most
// MaxBreakpoints. The error is the API's message.
func Breakpoints(body []byte) ([]Breakpoint, error) {
	var req struct {
		Tools    []json.RawMessage `json:"tools"`
		System   json.RawMessage   `json:"system"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	var (
		out    []Breakpoint
		h      = sha256.New()
		prefix int
	)
	// see takes one block: it adds to the prefix, and records a breakpoint
	// when the block has one.
	see := func(path string, raw json.RawMessage) error {
		var b struct {
			Type         string          `json:"type"`
			CacheControl json.RawMessage `json:"cache_control"`
		}
		json.Unmarshal(raw, &b)
		// The marker is no part of what is cached: the same block marked
		// in one request and not in the next is the same prefix.
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) == nil {
			delete(fields, "cache_control")
			raw, _ = json.Marshal(fields)
		}
		h.Write(raw)
		prefix += len(raw)
		if len(b.CacheControl) == 0 || string(b.CacheControl) == "null" {
			return nil
		}
		var cc struct {
			Type string `json:"type"`
			TTL  string `json:"ttl"`
		}
		if err := json.Unmarshal(b.CacheControl, &cc); err != nil || cc.Type != "ephemeral" {
			return fmt.Errorf("%s.cache_control.type: Input should be 'ephemeral'", path)
		}
		if cc.TTL != "" && cc.TTL != "5m" && cc.TTL != "1h" {
			return fmt.Errorf("%s.cache_control.ttl: Input should be '5m' or '1h'", path)
		}
		if b.Type == "thinking" || b.Type == "redacted_thinking" {
			return fmt.Errorf("%s.%s.cache_control: Extra inputs are not permitted", path, b.Type)
		}
		bp := Breakpoint{Path: path, Prefix: prefix}
		copy(bp.key[:], h.Sum(nil))
		out = append(out, bp)
		return nil
	}
	for i, t := range req.Tools {
		if err := see(fmt.Sprintf("tools.%d", i), t); err != nil {
			return nil, err
		}
	}
	var system []json.RawMessage
	if json.Unmarshal(req.System, &system) == nil {
		for i, b := range system {
			if err := see(fmt.Sprintf("system.%d", i), b); err != nil {
				return nil, err
			}
		}
	} else if len(req.System) > 0 {
		h.Write(req.System)
		prefix += len(req.System)
	}
	for i, m := range req.Messages {
		h.Write([]byte(m.Role))
		var content []json.RawMessage
		if json.Unmarshal(m.Content, &content) != nil {
			h.Write(m.Content) // a plain string: no block to mark
			prefix += len(m.Content)
			continue
		}
		for j, b := range content {
			if err := see(fmt.Sprintf("messages.%d.content.%d", i, j), b); err != nil {
				return nil, err
			}
		}
	}
	if len(out) > MaxBreakpoints {
		//lint:ignore ST1005 the real API's words, which clients may match
		return nil, fmt.Errorf("A maximum of %d blocks with cache_control may be provided. Found %d.", MaxBreakpoints, len(out))
	}
	return out, nil
}

// promptCache is the fake's prompt cache: the prefixes that breakpoints of
// earlier requests wrote.
type promptCache struct {
	mu      sync.Mutex
	written map[[32]byte]bool
}

// use reports, for a request with breakpoints bps whose prompt is about
// input tokens, the tokens read from the cache (the longest prefix an
// earlier request wrote) and those written to it (the rest up to the last
// breakpoint), and remembers the new prefixes. A token is four bytes, as
// llmtest.EstimateUsage counts.
func (c *promptCache) use(bps []Breakpoint, input int) (read, write int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.written == nil {
		c.written = map[[32]byte]bool{}
	}
	hit := 0
	for _, bp := range bps {
		if c.written[bp.key] {
			hit = bp.Prefix
		}
	}
	last := 0
	for _, bp := range bps {
		c.written[bp.key] = true
		last = bp.Prefix
	}
	read = min(hit/4, input)
	write = min(max(last-hit, 0)/4, input-read)
	return read, write
}
