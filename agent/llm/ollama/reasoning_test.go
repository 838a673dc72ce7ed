package ollama_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
)

// The reasoning effort goes out as Ollama's think: nothing by default,
// false for off, and for the rest true, or the level to gpt-oss, the
// only models that take one.
func TestReasoningEffortIsSentAsThink(t *testing.T) {
	tests := []struct {
		effort    llm.Effort
		model     string
		want      string // the think value sent; "" for none
		wantThink bool   // the reply keeps its thinking
	}{
		{effort: llm.EffortDefault, model: "qwen3", want: "", wantThink: true},
		{effort: llm.EffortOff, model: "qwen3", want: "false", wantThink: false},
		{effort: llm.EffortLow, model: "qwen3", want: "true", wantThink: true},
		{effort: llm.EffortHigh, model: "qwen3", want: "true", wantThink: true},
		{effort: llm.EffortMedium, model: "gpt-oss:20b", want: `"medium"`, wantThink: true},
		{effort: llm.EffortOff, model: "gpt-oss:20b", want: "false", wantThink: false},
	}
	for _, tt := range tests {
		t.Run(string(tt.effort)+" for "+tt.model, func(t *testing.T) {
			srv := ollamatest.NewServer(t, llmtest.Script{{Reasoning: "hmm", Text: "hi"}})
			p, err := ollama.New(ollama.Options{BaseURL: srv.URL(), Model: tt.model, Reasoning: tt.effort})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := p.Stream(t.Context(), hello(), nil)
			if err != nil {
				t.Fatalf("Stream() error = %v", err)
			}
			var body struct {
				Think json.RawMessage `json:"think"`
			}
			json.Unmarshal(srv.Requests()[0].Body, &body)
			if got := string(body.Think); got != tt.want {
				t.Errorf("think = %s, want %s", got, tt.want)
			}
			if got := resp.Message.ReasoningText() != ""; got != tt.wantThink {
				t.Errorf("reply has thinking = %v, want %v", got, tt.wantThink)
			}
		})
	}
}

// The fake refuses a level for a model that does not take one, as Ollama
// does, so the test above would catch an adapter that sent it.
func TestFakeRefusesAThinkLevelForOtherModels(t *testing.T) {
	srv := ollamatest.NewServer(t, llmtest.Script{llmtest.Say("hi")})
	resp, err := http.Post(srv.URL()+"/api/chat", "application/json",
		strings.NewReader(`{"model":"qwen3","messages":[{"role":"user","content":"hi"}],"think":"high"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct{ Error string }
	json.NewDecoder(resp.Body).Decode(&e)
	if resp.StatusCode != 400 || e.Error != `think value "high" is not supported for this model` {
		t.Errorf("think level for qwen3: %d %q, want 400 and Ollama's words", resp.StatusCode, e.Error)
	}
}
