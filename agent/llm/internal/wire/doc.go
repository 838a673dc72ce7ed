// Package wire is the plumbing the provider adapters share and nobody else
// needs: an HTTP client fit for long streams that remembers each response's
// status and headers, where an adapter's requests go (Endpoint, checked
// once by NewEndpoint), the mapping from HTTP and transport failures to
// *llm.Error with messages a person can act on, and tool call ids for
// servers that send none. It knows no wire format.
package wire
