package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentcli/agent/tools"
)

// errToolTimeout is the cause of a call's context when tool_timeout_seconds
// passed.
var errToolTimeout = errors.New("tool timeout")

// decodeArgs reads the model's arguments: a JSON object (empty text is {})
// that the tool's schema accepts.
func decodeArgs(name, args string, schema *jsonschema.Resolved) (map[string]any, error) {
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(args), &obj); err != nil || obj == nil {
		return nil, &tools.ArgError{Tool: name, Problem: "the arguments must be a JSON object"}
	}
	if schema != nil {
		if err := schema.Validate(obj); err != nil {
			return nil, &tools.ArgError{Tool: name, Problem: "the arguments do not match the tool's input schema: " + err.Error()}
		}
	}
	return obj, nil
}

// shortJSON is raw on one line, cut to at most n bytes.
func shortJSON(raw []byte, n int) string {
	s := string(raw)
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// details is what a person reads before approving: the server, the tool,
// its annotations and the arguments as indented JSON.
func details(s *server, e *entry, args map[string]any) string {
	var b strings.Builder
	how := "stdio: " + s.cfg.Command + "; runs as you, outside the sandbox"
	switch {
	case s.cfg.URL != "":
		how = "streamable HTTP: " + s.cfg.URL + "; the arguments are sent there"
	case s.cfg.Sandbox:
		how = "stdio: " + s.cfg.Command + "; inside the sandbox"
	}
	fmt.Fprintf(&b, "MCP server: %s (%s)\n", s.name, how)
	fmt.Fprintf(&b, "tool: %s\n", e.tool.Name)
	fmt.Fprintf(&b, "annotations: %s\n", annotations(e))
	b.WriteString("arguments:\n")
	ind, _ := json.MarshalIndent(args, "  ", "  ")
	b.WriteString("  ")
	b.Write(ind)
	b.WriteByte('\n')
	return b.String()
}

// annotations renders the hints a tool declares, "none" when none.
func annotations(e *entry) string {
	a := e.tool.Annotations
	if a == nil {
		return "none"
	}
	word := func(b *bool) string {
		if b == nil {
			return "not set"
		}
		return fmt.Sprint(*b)
	}
	return fmt.Sprintf("readOnlyHint %v, destructiveHint %s, openWorldHint %s, idempotentHint %v",
		a.ReadOnlyHint, word(a.DestructiveHint), word(a.OpenWorldHint), a.IdempotentHint)
}

// call runs one tool call: progress notifications stream to out (on the
// calling goroutine), cancelling ctx sends notifications/cancelled, and
// tool_timeout_seconds bounds it.
func (s *server) call(ctx context.Context, e *entry, args json.RawMessage, out func(string), stateDir string) tools.Result {
	s.mu.Lock()
	session, state, serr := s.session, s.state, s.err
	s.mu.Unlock()
	if session == nil {
		why := "it is not running"
		if serr != nil {
			why = serr.Error()
		}
		return failure(fmt.Sprintf("MCP server %s cannot take calls (%s): %s", s.name, state, why))
	}
	token := fmt.Sprintf("agent-%d", s.seq.Add(1))
	progress := make(chan string, 64)
	s.progress.Store(token, progress)
	defer s.progress.Delete(token)

	ctx, cancel := context.WithTimeoutCause(ctx, s.cfg.ToolTimeout(), errToolTimeout)
	defer cancel()
	params := &sdk.CallToolParams{Name: e.tool.Name, Arguments: args}
	params.SetProgressToken(token)
	type answer struct {
		res *sdk.CallToolResult
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := session.CallTool(ctx, params)
		done <- answer{res, err}
	}()
	for {
		select {
		case line := <-progress:
			out(line)
		case a := <-done:
			if a.err != nil {
				return s.callError(ctx, a.err)
			}
			return result(a.res, s.name, stateDir)
		}
	}
}

// callError says why a call got no result: the person cancelled it, it
// timed out, or the server went away.
func (s *server) callError(ctx context.Context, err error) tools.Result {
	switch {
	case context.Cause(ctx) == errToolTimeout:
		return failure(fmt.Sprintf("MCP server %s: the call timed out after %s (tool_timeout_seconds); it was cancelled", s.name, s.cfg.ToolTimeout()))
	case ctx.Err() != nil:
		return failure(fmt.Sprintf("MCP server %s: the call was cancelled", s.name))
	}
	msg := fmt.Sprintf("MCP server %s: the call failed: %v", s.name, err)
	s.mu.Lock()
	if s.session == nil || errors.Is(err, sdk.ErrConnectionClosed) {
		msg = fmt.Sprintf("MCP server %s stopped during the call: %v", s.name, err)
	}
	if s.logPath != "" {
		msg += " (its stderr is in " + s.logPath + ")"
	}
	s.mu.Unlock()
	return failure(msg)
}

func failure(msg string) tools.Result {
	return tools.Result{Output: msg, IsError: true, ExitCode: -1}
}

// result turns what the tool returned into what the model reads: text as
// it is, structured content as JSON, images, audio and resources as a
// short description with their data saved under stateDir. An isError
// result is an error.
func result(res *sdk.CallToolResult, server, stateDir string) tools.Result {
	if res == nil {
		return failure("MCP server " + server + " returned no result")
	}
	var parts []string
	var texts []string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *sdk.TextContent:
			parts = append(parts, c.Text)
			texts = append(texts, c.Text)
		case *sdk.ImageContent:
			parts = append(parts, saved("image", c.MIMEType, "", c.Data, server, stateDir))
		case *sdk.AudioContent:
			parts = append(parts, saved("audio", c.MIMEType, "", c.Data, server, stateDir))
		case *sdk.ResourceLink:
			d := "[resource link " + c.URI
			if c.MIMEType != "" {
				d += ", " + c.MIMEType
			}
			if c.Size != nil {
				d += fmt.Sprintf(", %d bytes", *c.Size)
			}
			if c.Name != "" {
				d += ", " + c.Name
			}
			parts = append(parts, d+"]")
		case *sdk.EmbeddedResource:
			r := c.Resource
			if r == nil {
				continue
			}
			data := r.Blob
			if data == nil {
				data = []byte(r.Text)
			}
			parts = append(parts, saved("resource", r.MIMEType, r.URI, data, server, stateDir))
		default:
			parts = append(parts, fmt.Sprintf("[content of a type this client does not read: %T]", c))
		}
	}
	if res.StructuredContent != nil {
		if b, err := json.Marshal(res.StructuredContent); err == nil && !sameJSON(b, texts) {
			parts = append(parts, "structured content:\n"+string(b))
		}
	}
	out := strings.Join(parts, "\n")
	if res.IsError && out == "" {
		out = "the tool reported an error and said nothing more"
	}
	return tools.Result{Output: out, IsError: res.IsError, ExitCode: -1}
}

// sameJSON reports whether one of the text parts is the structured content
// already (the protocol asks servers to send both).
func sameJSON(structured []byte, texts []string) bool {
	for _, t := range texts {
		var v any
		if json.Unmarshal([]byte(t), &v) != nil {
			continue
		}
		if b, err := json.Marshal(v); err == nil && string(b) == string(structured) {
			return true
		}
	}
	return false
}

// saved writes data under stateDir/mcp and describes it for the model:
// never the raw bytes.
func saved(kind, mimeType, uri string, data []byte, server, stateDir string) string {
	d := "[" + kind
	if mimeType != "" {
		d += " " + mimeType
	}
	d += fmt.Sprintf(", %d bytes", len(data))
	if uri != "" {
		d += ", " + uri
	}
	if stateDir == "" {
		return d + ", not saved]"
	}
	dir := filepath.Join(stateDir, "mcp")
	ext := ".bin"
	if exts, _ := mime.ExtensionsByType(mimeType); len(exts) > 0 {
		ext = exts[0]
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return d + ", not saved: " + err.Error() + "]"
	}
	f, err := os.CreateTemp(dir, sanitize(server)+"-"+kind+"-"+time.Now().Format("20060102-150405")+"-*"+ext)
	if err != nil {
		return d + ", not saved: " + err.Error() + "]"
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return d + ", not saved: " + err.Error() + "]"
	}
	return d + ", saved to " + f.Name() + "]"
}
