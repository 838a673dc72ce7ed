package anthropic

import (
	"encoding/json"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go"

	"github.com/agentcli/agent/agent/llm"
)

// params converts a neutral request to the Messages API's.
func (p *Provider) params(req llm.Request) sdk.MessageNewParams {
	out := sdk.MessageNewParams{
		Model:     sdk.Model(p.at.Model),
		MaxTokens: int64(p.maxTokens),
		Messages:  messages(req.Messages),
	}
	if req.System != "" {
		out.System = []sdk.TextBlockParam{{Text: req.System}}
	}
	// No temperature is ever sent: with thinking on, the API takes none
	// but 1, its default.
	switch budget := ThinkingBudget(p.reasoning); {
	case budget > 0:
		out.Thinking = sdk.ThinkingConfigParamOfEnabled(int64(budget))
		out.MaxTokens += int64(budget)
	case p.reasoning == llm.EffortOff:
		out.Thinking = sdk.ThinkingConfigParamUnion{OfDisabled: &sdk.ThinkingConfigDisabledParam{}}
	}
	for _, t := range req.Tools {
		tool := &sdk.ToolParam{Name: t.Name, InputSchema: inputSchema(t.Parameters)}
		if t.Description != "" {
			tool.Description = sdk.String(t.Description)
		}
		out.Tools = append(out.Tools, sdk.ToolUnionParam{OfTool: tool})
	}
	markCache(&out)
	return out
}

// markCache sets the prompt cache's breakpoints, four as the API allows:
// on the last tool and the system prompt, the stable prefix of every
// request, and on the last block of the last two user messages, so that
// each request reads from the cache what the one before it wrote (its
// last user message is this one's second to last) and writes its own
// tail for the next. A prefix shorter than the model's minimum is simply
// not cached.
func markCache(p *sdk.MessageNewParams) {
	mark := sdk.NewCacheControlEphemeralParam()
	if n := len(p.Tools); n > 0 && p.Tools[n-1].OfTool != nil {
		p.Tools[n-1].OfTool.CacheControl = mark
	}
	if n := len(p.System); n > 0 {
		p.System[n-1].CacheControl = mark
	}
	marked := 0
	for i := len(p.Messages) - 1; i >= 0 && marked < 2; i-- {
		m := &p.Messages[i]
		if m.Role != sdk.MessageParamRoleUser || len(m.Content) == 0 {
			continue
		}
		if cc := m.Content[len(m.Content)-1].GetCacheControl(); cc != nil {
			*cc = mark
			marked++
		}
	}
}

// messages converts the conversation. The API wants user and assistant
// turns to alternate, so consecutive messages of one side merge: the
// results of one assistant message's calls become tool_result blocks of
// a single user message, followed by any text the person added. Empty
// text blocks are refused by the API, so they are left out.
func messages(msgs []llm.Message) []sdk.MessageParam {
	var out []sdk.MessageParam
	add := func(role sdk.MessageParamRole, blocks ...sdk.ContentBlockParamUnion) {
		if len(blocks) == 0 {
			return
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content = append(out[n-1].Content, blocks...)
			return
		}
		out = append(out, sdk.MessageParam{Role: role, Content: blocks})
	}
	for _, m := range msgs {
		switch m.Role {
		case llm.RoleAssistant:
			var blocks []sdk.ContentBlockParamUnion
			// Thinking comes first, signed blocks exactly as received:
			// with extended thinking the API refuses a tool_use turn
			// without them. Unsigned thinking (another provider's, from a
			// session) cannot be verified and is left out.
			for _, r := range m.Reasoning {
				switch {
				case r.Redacted != "":
					blocks = append(blocks, sdk.NewRedactedThinkingBlock(r.Redacted))
				case r.Signature != "":
					blocks = append(blocks, sdk.NewThinkingBlock(r.Signature, r.Text))
				}
			}
			if strings.TrimSpace(m.Content) != "" {
				blocks = append(blocks, sdk.NewTextBlock(m.Content))
			}
			for _, c := range m.ToolCalls {
				blocks = append(blocks, sdk.NewToolUseBlock(c.ID, input(c.Args), c.Name))
			}
			add(sdk.MessageParamRoleAssistant, blocks...)
		case llm.RoleTool:
			result := sdk.ToolResultBlockParam{ToolUseID: m.ToolCallID}
			if m.IsError {
				result.IsError = sdk.Bool(true)
			}
			if m.Content != "" {
				result.Content = []sdk.ToolResultBlockParamContentUnion{{OfText: &sdk.TextBlockParam{Text: m.Content}}}
			}
			add(sdk.MessageParamRoleUser, sdk.ContentBlockParamUnion{OfToolResult: &result})
		default:
			if strings.TrimSpace(m.Content) != "" {
				add(sdk.MessageParamRoleUser, sdk.NewTextBlock(m.Content))
			}
		}
	}
	return out
}

// input is a call's arguments as the JSON object tool_use wants. What the
// model wrote that is not an object cannot travel back, so it becomes an
// empty object; the tool's error result tells the model what was wrong.
func input(args string) json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(args), &obj) != nil || obj == nil {
		return json.RawMessage("{}")
	}
	return json.RawMessage(args)
}

// inputSchema splits a JSON schema into the fields the SDK names and the
// rest, which travel as they are.
func inputSchema(raw json.RawMessage) sdk.ToolInputSchemaParam {
	var schema map[string]any
	if len(raw) == 0 || json.Unmarshal(raw, &schema) != nil {
		return sdk.ToolInputSchemaParam{Properties: map[string]any{}}
	}
	out := sdk.ToolInputSchemaParam{Properties: schema["properties"]}
	if out.Properties == nil {
		out.Properties = map[string]any{}
	}
	if req, ok := schema["required"].([]any); ok {
		for _, r := range req {
			if s, ok := r.(string); ok {
				out.Required = append(out.Required, s)
			}
		}
	}
	delete(schema, "type")
	delete(schema, "properties")
	delete(schema, "required")
	if len(schema) > 0 {
		out.ExtraFields = schema
	}
	return out
}
