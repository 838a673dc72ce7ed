// Package llmtest drives the fake LLM servers that sit beside each
// provider adapter (openaitest, responsestest, ollamatest, anthropictest)
// and the loop's tests: one Script type says what the model answers turn
// by turn and which faults a turn suffers; a Player picks the turn for
// each request and records what the model was sent, converted back to
// []llm.Message; FakeServer.Answer plays the request flow every fake
// shares, each fake giving only its wire format (Wire); Provider plays a
// Script in-process, without HTTP; RunConformance checks an adapter
// against its fake with the same scenarios for every wire format.
//
// It is a test helper: nothing outside tests imports it.
package llmtest
