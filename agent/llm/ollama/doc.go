// Package ollama is the adapter for a local or remote Ollama server: it
// converts the provider-neutral conversation to Ollama's chat API, streams
// the NDJSON reply with github.com/ollama/ollama/api using native tool
// calls, lists the pulled models for the model picker, and turns failures
// into *llm.Error that say what to run (`ollama serve`, `ollama pull`).
// Its fake server is in ollamatest.
package ollama
