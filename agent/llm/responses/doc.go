// Package responses is the adapter for the OpenAI Responses API
// (POST /responses, streamed as typed server-sent events), the only API
// that serves OpenAI's coding models (the gpt-5-codex family). It speaks
// through the official library, github.com/openai/openai-go/v3, which does
// the HTTP, the SSE framing and the error statuses; the request body and
// the events are encoded and read here, so that reasoning items go back
// byte for byte as they came.
//
// It is stateless: every request carries the whole conversation with
// store false, and asks for the reasoning's encrypted content, which goes
// back in the next request's input.
package responses
