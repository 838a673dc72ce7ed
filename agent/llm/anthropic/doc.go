// Package anthropic is the adapter for the Anthropic Messages API: it
// converts the provider-neutral conversation to messages of content blocks
// (tool results as tool_result blocks in a user message, with is_error;
// the system prompt in "system"), streams the reply with the official
// github.com/anthropics/anthropic-sdk-go, assembles tool_use blocks from
// their input_json_delta fragments, and turns failures into *llm.Error.
// Its fake server is in anthropictest.
package anthropic
