package responsestest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	sdk "github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/agentcli/agent/agent/llm/llmtest"
)

// The official library, a client we did not write, holds a tool-using
// conversation with the fake: it encodes the requests its own way, and
// every event the fake sends decodes into the library's type for it, in
// the API's order. The reasoning item goes back as the library makes it,
// and the fake verifies its encrypted content.
func TestTheOfficialLibraryTalksToTheFake(t *testing.T) {
	t.Parallel()
	srv := NewServer(t, llmtest.Script{
		{Reasoning: "The file first.\n\nThen the answer.", Calls: []llmtest.Call{{ID: "call_1", Name: "read_file", Args: `{"path":"a.txt"}`}}},
		llmtest.Say("It says hello."),
	})
	svc := sdk.NewResponseService(option.WithBaseURL(srv.URL()+"/"), option.WithAPIKey(llmtest.APIKey), option.WithMaxRetries(0))
	params := sdk.ResponseNewParams{
		Model:        llmtest.Model,
		Instructions: param.NewOpt("Be brief."),
		Input: sdk.ResponseNewParamsInputUnion{OfInputItemList: sdk.ResponseInputParam{
			sdk.ResponseInputItemParamOfMessage("What does a.txt say?", sdk.EasyInputMessageRoleUser),
		}},
		Tools: []sdk.ToolUnionParam{{OfFunction: &sdk.FunctionToolParam{
			Name: "read_file", Strict: param.NewOpt(false),
			Parameters: map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}},
		}}},
		Store:     param.NewOpt(false),
		Include:   []sdk.ResponseIncludable{sdk.ResponseIncludableReasoningEncryptedContent},
		Reasoning: shared.ReasoningParam{Effort: shared.ReasoningEffortLow, Summary: shared.ReasoningSummaryAuto},
	}

	play := func(params sdk.ResponseNewParams) (types []string, summary string, final sdk.Response) {
		t.Helper()
		stream := svc.NewStreaming(t.Context(), params)
		defer stream.Close()
		var b strings.Builder
		for stream.Next() {
			ev := stream.Current()
			types = append(types, ev.Type)
			switch e := ev.AsAny().(type) {
			case sdk.ResponseReasoningSummaryTextDeltaEvent:
				b.WriteString(e.Delta)
			case sdk.ResponseCompletedEvent:
				final = e.Response
			}
		}
		if err := stream.Err(); err != nil {
			t.Fatalf("stream error = %v", err)
		}
		return types, b.String(), final
	}

	types, summary, final := play(params)
	if len(types) < 4 || types[0] != "response.created" || types[1] != "response.in_progress" || types[len(types)-1] != "response.completed" {
		t.Errorf("event types = %q, want response.created, response.in_progress first and response.completed last", types)
	}
	for _, want := range []string{"response.output_item.added", "response.reasoning_summary_text.delta", "response.function_call_arguments.delta", "response.output_item.done"} {
		if !strings.Contains(strings.Join(types, " "), want) {
			t.Errorf("event types = %q, want %s among them", types, want)
		}
	}
	if summary != "The file first.Then the answer." {
		t.Errorf("streamed summary = %q", summary)
	}
	input := params.Input.OfInputItemList
	var calls int
	for _, item := range final.Output {
		switch it := item.AsAny().(type) {
		case sdk.ResponseReasoningItem:
			if it.EncryptedContent == "" || len(it.Summary) != 2 {
				t.Errorf("reasoning item = %s, want its encrypted content and two summary parts", item.RawJSON())
			}
			p := it.ToParam()
			input = append(input, sdk.ResponseInputItemUnionParam{OfReasoning: &p})
		case sdk.ResponseFunctionToolCall:
			calls++
			if it.CallID != "call_1" || it.Name != "read_file" || it.Arguments != `{"path":"a.txt"}` {
				t.Errorf("function call = %s", item.RawJSON())
			}
			p := it.ToParam()
			input = append(input, sdk.ResponseInputItemUnionParam{OfFunctionCall: &p})
		}
	}
	if calls != 1 {
		t.Fatalf("output = %s, want one function call", final.RawJSON())
	}
	if final.Usage.InputTokens == 0 || final.Usage.TotalTokens != final.Usage.InputTokens+final.Usage.OutputTokens {
		t.Errorf("usage = %s", final.Usage.RawJSON())
	}
	out := sdk.ResponseInputItemParamOfFunctionCallOutput("hello")
	out.OfFunctionCallOutput.CallID = param.NewOpt("call_1")
	params.Input.OfInputItemList = append(input, out)

	_, _, final = play(params)
	if got := final.OutputText(); got != "It says hello." {
		t.Errorf("second reply = %q, want the second turn", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("the fake received %d requests, want 2", len(reqs))
	}
	second := reqs[1]
	if second.System != "Be brief." || len(second.Messages) != 3 || second.Messages[1].ReasoningText() != "The file first.\n\nThen the answer." {
		b, _ := json.Marshal(second.Messages)
		t.Errorf("second request decoded as system %q, messages %s", second.System, b)
	}
	if r := second.ToolResults(); len(r) != 1 || r[0].ToolCallID != "call_1" || r[0].Content != "hello" {
		t.Errorf("tool results = %+v, want the output of call_1", r)
	}
}
