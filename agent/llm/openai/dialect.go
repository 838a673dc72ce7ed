package openai

import (
	"net/url"
	"strings"

	"github.com/agentcli/agent/agent/llm"
)

// dialect is what an OpenAI-compatible server adds to the format that the
// adapter must speak: today, how its reasoning knob is spelled.
type dialect int

const (
	// dialectOpenAI is OpenAI's reasoning_effort, which most compatible
	// servers (xAI, Groq, vLLM...) read too.
	dialectOpenAI dialect = iota
	// dialectOpenRouter is OpenRouter's reasoning object.
	dialectOpenRouter
	// dialectDeepSeek is DeepSeek's thinking switch beside
	// reasoning_effort.
	dialectDeepSeek
)

// dialectOf recognises a server by its host, or by the provider's name
// when the host says nothing (a proxy, a test).
func dialectOf(name, baseURL string) dialect {
	host := ""
	if u, err := url.Parse(baseURL); err == nil {
		host = u.Hostname()
	}
	switch {
	case host == "openrouter.ai" || strings.HasSuffix(host, ".openrouter.ai"):
		return dialectOpenRouter
	case host == "api.deepseek.com":
		return dialectDeepSeek
	case name == "openrouter":
		return dialectOpenRouter
	case name == "deepseek":
		return dialectDeepSeek
	}
	return dialectOpenAI
}

// setEffort writes effort e into the request the way d spells it;
// EffortDefault writes nothing.
func (d dialect) setEffort(r *chatRequest, e llm.Effort) {
	if e == llm.EffortDefault {
		return
	}
	switch d {
	case dialectOpenRouter:
		if e == llm.EffortOff {
			off := false
			r.Reasoning = &reasoningParam{Enabled: &off}
			return
		}
		r.Reasoning = &reasoningParam{Effort: string(e)}
	case dialectDeepSeek:
		if e == llm.EffortOff {
			r.Thinking = &thinkingParam{Type: "disabled"}
			return
		}
		r.Thinking = &thinkingParam{Type: "enabled"}
		r.ReasoningEffort = string(e)
	default:
		if e == llm.EffortOff {
			r.ReasoningEffort = "none"
			return
		}
		r.ReasoningEffort = string(e)
	}
}
