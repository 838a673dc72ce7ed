package responsestest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// request is the part of a POST /v1/responses body the fake reads,
// decoded independently of any client library so that it checks what the
// adapter really sent.
type request struct {
	Model        string            `json:"model"`
	Instructions string            `json:"instructions"`
	Input        json.RawMessage   `json:"input"`
	Tools        []json.RawMessage `json:"tools"`
	Stream       bool              `json:"stream"`
	// Store is true when left out, as on the API.
	Store     *bool    `json:"store"`
	Include   []string `json:"include"`
	Reasoning *struct {
		Effort  string `json:"effort"`
		Summary string `json:"summary"`
	} `json:"reasoning"`
	PreviousResponseID string `json:"previous_response_id"`
}

// stored reports whether the request asked the server to keep the
// response (the API's default).
func (r request) stored() bool { return r.Store == nil || *r.Store }

// encrypted reports whether the reasoning's encrypted content was asked
// for.
func (r request) encrypted() bool { return slices.Contains(r.Include, "reasoning.encrypted_content") }

// The values the API takes.
var (
	efforts   = []string{"none", "minimal", "low", "medium", "high", "xhigh"}
	summaries = []string{"auto", "concise", "detailed"}
	includes  = []string{
		"reasoning.encrypted_content", "message.output_text.logprobs", "file_search_call.results",
		"web_search_call.results", "web_search_call.action.sources", "message.input_image.image_url",
		"computer_call_output.output.image_url", "code_interpreter_call.outputs",
	}
)

// inputItem is one item of the input, with the fields of every type the
// fake knows.
type inputItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	ID        string          `json:"id"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Arguments *string         `json:"arguments"`
	Output    json.RawMessage `json:"output"`
	// A reasoning item's summary parts and encrypted content.
	Summary []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"summary"`
	EncryptedContent *string `json:"encrypted_content"`
}

// decode converts the request to neutral terms, refusing what the API
// refuses, with its words and status (0 means 400).
func (r request) decode(body []byte, h http.Header) (llmtest.Request, int, error) {
	req := llmtest.Request{Model: r.Model, System: r.Instructions, APIKey: apiKey(h), Body: body}
	if r.Model == "" {
		return req, 0, fmt.Errorf("Missing required parameter: 'model'.")
	}
	if r.PreviousResponseID != "" && !r.stored() {
		return req, 0, fmt.Errorf("Previous response with id '%s' not found.", r.PreviousResponseID)
	}
	for _, inc := range r.Include {
		if !slices.Contains(includes, inc) {
			return req, 0, fmt.Errorf("Invalid value: '%s'. Supported values are: '%s'.", inc, strings.Join(includes, "', '"))
		}
	}
	if re := r.Reasoning; re != nil {
		if re.Effort != "" && !slices.Contains(efforts, re.Effort) {
			return req, 0, fmt.Errorf("Invalid value: '%s'. Supported values are: 'none', 'minimal', 'low', 'medium', 'high', and 'xhigh'.", re.Effort)
		}
		if re.Summary != "" && !slices.Contains(summaries, re.Summary) {
			return req, 0, fmt.Errorf("Invalid value: '%s'. Supported values are: 'auto', 'concise', and 'detailed'.", re.Summary)
		}
	}
	for i, raw := range r.Tools {
		var t struct {
			Type        string          `json:"type"`
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
		}
		if err := json.Unmarshal(raw, &t); err != nil {
			return req, 0, fmt.Errorf("Invalid type for 'tools[%d]': expected an object.", i)
		}
		if t.Type != "function" {
			return req, 0, fmt.Errorf("Invalid value: '%s'. The fake knows only function tools (tools[%d].type).", t.Type, i)
		}
		if t.Name == "" {
			return req, 0, fmt.Errorf("Missing required parameter: 'tools[%d].name'.", i)
		}
		req.Tools = append(req.Tools, llm.ToolSpec{Name: t.Name, Description: t.Description, Parameters: t.Parameters})
	}
	msgs, status, err := r.messages()
	req.Messages = msgs
	return req, status, err
}

// messages converts the input items: the items of one assistant turn
// (reasoning, message, function calls) become one assistant message, as
// the adapter's history holds it.
func (r request) messages() ([]llm.Message, int, error) {
	var s string
	if json.Unmarshal(r.Input, &s) == nil {
		return []llm.Message{{Role: llm.RoleUser, Content: s}}, 0, nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(r.Input, &raws); err != nil {
		return nil, 0, fmt.Errorf("Invalid type for 'input': expected one of a string or an array of input items.")
	}
	var (
		out       []llm.Message
		assistant = -1 // the assistant message being built, in out
		calls     = map[string]bool{}
		answered  = map[string]bool{}
		order     []string
	)
	turn := func() *llm.Message {
		if assistant < 0 {
			out = append(out, llm.Message{Role: llm.RoleAssistant})
			assistant = len(out) - 1
		}
		return &out[assistant]
	}
	for i, raw := range raws {
		var it inputItem
		if err := json.Unmarshal(raw, &it); err != nil {
			return out, 0, fmt.Errorf("Invalid type for 'input[%d]': expected an input item.", i)
		}
		if it.Type == "" && it.Role != "" {
			it.Type = "message"
		}
		switch it.Type {
		case "message":
			text, err := content(it.Role, it.Content, i)
			if err != nil {
				return out, 0, err
			}
			switch it.Role {
			case "assistant":
				m := turn()
				m.Content += text
			case "user":
				assistant = -1
				out = append(out, llm.Message{Role: llm.RoleUser, Content: text})
			case "system", "developer":
				assistant = -1
			default:
				return out, 0, fmt.Errorf("Invalid value: '%s'. Supported values are: 'assistant', 'system', 'developer', and 'user'. (input[%d].role)", it.Role, i)
			}
		case "reasoning":
			if it.EncryptedContent == nil {
				if !r.stored() {
					return out, http.StatusNotFound, fmt.Errorf("Item with id '%s' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.", it.ID)
				}
			} else if *it.EncryptedContent != Encrypted(it.ID, summaryText(it)) {
				return out, 0, fmt.Errorf("The encrypted content for item %s could not be verified.", it.ID)
			}
			m := turn()
			m.Reasoning = append(m.Reasoning, llm.Reasoning{Text: summaryText(it), Item: string(raw)})
		case "function_call":
			switch {
			case it.CallID == "":
				return out, 0, fmt.Errorf("Missing required parameter: 'input[%d].call_id'.", i)
			case it.Name == "":
				return out, 0, fmt.Errorf("Missing required parameter: 'input[%d].name'.", i)
			case it.Arguments == nil:
				return out, 0, fmt.Errorf("Missing required parameter: 'input[%d].arguments'.", i)
			}
			m := turn()
			m.ToolCalls = append(m.ToolCalls, llm.ToolCall{ID: it.CallID, Name: it.Name, Args: *it.Arguments})
			calls[it.CallID] = true
			order = append(order, it.CallID)
		case "function_call_output":
			if !calls[it.CallID] {
				return out, 0, fmt.Errorf("No tool call found for function call output with call_id %s.", it.CallID)
			}
			output, err := outputText(it.Output)
			if err != nil {
				return out, 0, fmt.Errorf("Invalid type for 'input[%d].output': %v", i, err)
			}
			assistant = -1
			answered[it.CallID] = true
			out = append(out, llm.Message{Role: llm.RoleTool, ToolCallID: it.CallID, Content: output})
		default:
			return out, 0, fmt.Errorf("Invalid value: '%s'. The fake knows the input item types 'message', 'reasoning', 'function_call' and 'function_call_output' (input[%d].type).", it.Type, i)
		}
	}
	for _, id := range order {
		if !answered[id] {
			return out, 0, fmt.Errorf("No tool output found for function call %s.", id)
		}
	}
	return out, 0, nil
}

// content reads a message's content: a string, or parts whose types must
// suit the role (input_text from the person, output_text or refusal from
// the assistant).
func content(role string, raw json.RawMessage, i int) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var parts []struct {
		Type    string `json:"type"`
		Text    string `json:"text"`
		Refusal string `json:"refusal"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("Invalid type for 'input[%d].content': expected one of a string or an array of content parts.", i)
	}
	var b strings.Builder
	for j, p := range parts {
		allowed := []string{"input_text", "input_image", "input_file"}
		if role == "assistant" {
			allowed = []string{"output_text", "refusal"}
		}
		if !slices.Contains(allowed, p.Type) {
			return "", fmt.Errorf("Invalid value: '%s'. Supported values are: '%s'. (input[%d].content[%d].type)", p.Type, strings.Join(allowed, "' and '"), i, j)
		}
		b.WriteString(p.Text + p.Refusal)
	}
	return b.String(), nil
}

// outputText reads a function call's output: a string or text parts.
func outputText(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("expected a string or an array of content parts")
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

// summaryText is a reasoning item's summary parts joined as one text.
func summaryText(it inputItem) string {
	var parts []string
	for _, s := range it.Summary {
		parts = append(parts, s.Text)
	}
	return strings.Join(parts, "\n\n")
}

// Encrypted is the encrypted_content the fake gives the reasoning item id
// with summary text: the server can verify it when it comes back, and a
// changed id or summary fails the check, as on the API.
func Encrypted(id, summary string) string {
	return "gAAAAABfake" + base64.StdEncoding.EncodeToString([]byte(id+"\x00"+summary))
}
