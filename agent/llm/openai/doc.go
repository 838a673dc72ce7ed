// Package openai is the adapter for the OpenAI chat completions API and
// every server that speaks it (DeepSeek, OpenRouter, vLLM, LM Studio, the
// llama.cpp server): it converts the provider-neutral conversation to the
// wire format, streams the reply with github.com/sashabaranov/go-openai,
// assembles tool calls from their deltas, and turns failures into
// *llm.Error. It is the only package that knows this wire format; its fake
// server is in openaitest.
package openai
