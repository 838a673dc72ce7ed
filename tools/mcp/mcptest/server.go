// Package mcptest is a small MCP server written with the official SDK, for
// the tests of the MCP client and of the agent's binary: tools with each
// combination of annotations, a failing tool, a slow tool that reports
// progress and notices cancellation, a tool that kills the server, one
// that returns an image with structured content, and one that changes the
// tool list. It serves stdio (Main) or streamable HTTP (Handler).
package mcptest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// LogEnv names the variable of a file where the stdio server appends one
// line per call it runs ("tool {args}") and "cancelled slow" when the slow
// tool is cancelled, so a test can see what ran.
const LogEnv = "MCPTEST_LOG"

// PNG is the image the image tool returns: a 1x1 PNG.
var PNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

// Server is the test server and what it saw.
type Server struct {
	*sdk.Server
	log func(string)

	mu        sync.Mutex
	cancelled int
}

// Cancelled returns how many calls of the slow tool ended because the
// client cancelled them.
func (s *Server) Cancelled() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cancelled
}

func hint(b bool) *bool { return &b }

var noteSchema = map[string]any{
	"type":                 "object",
	"properties":           map[string]any{"text": map[string]any{"type": "string"}},
	"required":             []string{"text"},
	"additionalProperties": false,
}

var emptySchema = map[string]any{"type": "object", "properties": map[string]any{}}

// New returns the test server. log, when not nil, gets one line per call.
func New(log func(string)) *Server {
	s := &Server{Server: sdk.NewServer(&sdk.Implementation{Name: "mcptest", Version: "1"}, nil), log: log}
	echo := func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		var args struct {
			Text string `json:"text"`
		}
		json.Unmarshal(req.Params.Arguments, &args)
		return text(req.Params.Name + ": " + args.Text), nil
	}
	s.add(&sdk.Tool{Name: "read_note", Description: "Reads a note (read-only, closed world).", InputSchema: noteSchema,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: hint(false)}}, echo)
	s.add(&sdk.Tool{Name: "search_web", Description: "Searches the web (read-only, open world).", InputSchema: noteSchema,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}}, echo)
	s.add(&sdk.Tool{Name: "write_note", Description: "Writes a note (no annotations).", InputSchema: noteSchema}, echo)
	s.add(&sdk.Tool{Name: "delete_note", Description: "Deletes a note (destructive).", InputSchema: noteSchema,
		Annotations: &sdk.ToolAnnotations{DestructiveHint: hint(true), OpenWorldHint: hint(false)}}, echo)
	s.add(&sdk.Tool{Name: "fail", Description: "Always fails.", InputSchema: emptySchema,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: hint(false)}},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "the note store is on fire"}}}, nil
		})
	s.add(&sdk.Tool{Name: "slow", Description: "Reports progress every 20ms for 30s, or until cancelled.", InputSchema: emptySchema,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: hint(false)}}, s.slow)
	s.add(&sdk.Tool{Name: "die", Description: "Kills the server in the middle of the call.", InputSchema: emptySchema},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			os.Exit(3)
			return nil, nil
		})
	s.add(&sdk.Tool{Name: "picture", Description: "Returns an image and structured content.", InputSchema: emptySchema,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: hint(false)}},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{
				Content:           []sdk.Content{&sdk.TextContent{Text: "a red dot"}, &sdk.ImageContent{Data: PNG, MIMEType: "image/png"}},
				StructuredContent: map[string]any{"width": 1, "height": 1},
			}, nil
		})
	s.add(&sdk.Tool{Name: "getenv", Description: "Returns the server's environment variable name.", InputSchema: map[string]any{
		"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}, "required": []string{"name"}}},
		func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var args struct {
				Name string `json:"name"`
			}
			json.Unmarshal(req.Params.Arguments, &args)
			v, ok := os.LookupEnv(args.Name)
			if !ok {
				return text(args.Name + " is not set"), nil
			}
			return text(args.Name + "=" + v), nil
		})
	s.add(&sdk.Tool{Name: "touch", Description: "Writes a file at path (to test confinement).", InputSchema: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []string{"path"}}},
		func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var args struct {
				Path string `json:"path"`
			}
			json.Unmarshal(req.Params.Arguments, &args)
			if err := os.WriteFile(args.Path, []byte("touched\n"), 0o644); err != nil {
				return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: err.Error()}}}, nil
			}
			return text("wrote " + args.Path), nil
		})
	s.add(&sdk.Tool{Name: "spawn", Description: "Starts a child process that sleeps, and returns its pid.", InputSchema: emptySchema},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			c := exec.Command("sleep", "300")
			if err := c.Start(); err != nil {
				return nil, err
			}
			go c.Wait()
			return text(strconv.Itoa(c.Process.Pid)), nil
		})
	s.add(&sdk.Tool{Name: "resources", Description: "Returns a resource link and two embedded resources.", InputSchema: emptySchema,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: hint(false)}},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			size := int64(1234)
			return &sdk.CallToolResult{Content: []sdk.Content{
				&sdk.ResourceLink{URI: "file:///notes/big.txt", Name: "big.txt", MIMEType: "text/plain", Size: &size},
				&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "notes://readme", MIMEType: "text/markdown", Text: "# Notes\n"}},
				&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "notes://blob", MIMEType: "application/octet-stream", Blob: []byte{0, 1, 2, 3}}},
			}}, nil
		})
	s.add(&sdk.Tool{Name: "grow", Description: "Adds the tool added_later (the list changes).", InputSchema: emptySchema},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			s.Server.AddTool(&sdk.Tool{Name: "added_later", Description: "Added by grow.", InputSchema: emptySchema,
				Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: hint(false)}},
				func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
					return text("added_later ran"), nil
				})
			return text("added a tool"), nil
		})
	return s
}

// add adds a tool whose calls are logged.
func (s *Server) add(t *sdk.Tool, h sdk.ToolHandler) {
	s.Server.AddTool(t, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		if s.log != nil {
			s.log(req.Params.Name + " " + string(req.Params.Arguments))
		}
		return h(ctx, req)
	})
}

func text(s string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
}

// slow reports progress until it is cancelled or 30 seconds pass.
func (s *Server) slow(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	token := req.Params.GetProgressToken()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(30 * time.Second)
	for i := 1; ; i++ {
		select {
		case <-ctx.Done():
			s.mu.Lock()
			s.cancelled++
			s.mu.Unlock()
			if s.log != nil {
				s.log("cancelled slow")
			}
			return nil, ctx.Err()
		case <-deadline:
			return text("slow finished"), nil
		case <-tick.C:
			if token != nil {
				req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{
					ProgressToken: token, Progress: float64(i), Total: 1500, Message: fmt.Sprintf("step %d", i),
				})
			}
		}
	}
}

// Handler serves s over streamable HTTP.
func (s *Server) Handler() http.Handler {
	return sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.Server }, nil)
}

// Main runs a test server on stdin and stdout, as a test binary does when
// a test starts it as an MCP server. mode "stdio" serves; "silent" reads
// and never answers (a server that never answers initialize). It returns
// the exit code.
func Main(mode string) int {
	switch mode {
	case "silent":
		time.Sleep(time.Hour)
		return 0
	case "stdio":
	default:
		fmt.Fprintf(os.Stderr, "mcptest: unknown mode %q\n", mode)
		return 2
	}
	var log func(string)
	if p := os.Getenv(LogEnv); p != "" {
		var mu sync.Mutex
		log = func(line string) {
			mu.Lock()
			defer mu.Unlock()
			if f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600); err == nil {
				fmt.Fprintln(f, line)
				f.Close()
			}
		}
	}
	fmt.Fprintln(os.Stderr, "mcptest: serving on stdio")
	if err := New(log).Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, "mcptest:", err)
		return 1
	}
	return 0
}
