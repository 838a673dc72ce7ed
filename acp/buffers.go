package acp

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/tools"
)

// editorFiles is the client's file system, as the client offers it.
type editorFiles interface {
	ReadTextFile(ctx context.Context, params sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error)
	WriteTextFile(ctx context.Context, params sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error)
}

// editorBuffers reads files through the client's fs/read_text_file, so
// that read_file sees what the person has not saved yet. The tool
// registry asks it only for files that passed every check on disk.
type editorBuffers struct {
	conn editorFiles
	mu   sync.Mutex
	sid  sdk.SessionId
}

func (b *editorBuffers) setSession(sid sdk.SessionId) {
	b.mu.Lock()
	b.sid = sid
	b.mu.Unlock()
}

func (b *editorBuffers) session() sdk.SessionId {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sid
}

// ReadText asks the client for path's text; see tools.Buffers.
func (b *editorBuffers) ReadText(ctx context.Context, path string) (string, error) {
	resp, err := b.conn.ReadTextFile(ctx, sdk.ReadTextFileRequest{SessionId: b.session(), Path: path})
	if err != nil {
		return "", err
	}
	return resp.Content, nil
}

// editorWriter is editorBuffers that also writes through the client's
// fs/write_text_file: the tool registry's writes and edits, which it
// resolved inside the root and the person approved, land in the editor.
type editorWriter struct{ *editorBuffers }

var _ tools.BufferWriter = editorWriter{}

// WriteText asks the client to write text as path; see tools.BufferWriter.
func (w editorWriter) WriteText(ctx context.Context, path, text string) error {
	_, err := w.conn.WriteTextFile(ctx, sdk.WriteTextFileRequest{SessionId: w.session(), Path: path, Content: text})
	return editorError(err)
}

// editorError is what the client said of a request that failed, as the
// model reads it: its message (and data), not the JSON-RPC error object.
func editorError(err error) error {
	var re *sdk.RequestError
	if !errors.As(err, &re) {
		return err
	}
	msg := re.Message
	if re.Data != nil {
		if b, jerr := json.Marshal(re.Data); jerr == nil {
			msg += " (" + string(b) + ")"
		}
	}
	return errors.New(msg)
}
