package acp

import (
	"context"
	"sync"

	sdk "github.com/coder/acp-go-sdk"
)

// editorBuffers reads files through the client's fs/read_text_file, so
// that read_file sees what the person has not saved yet. The tool
// registry asks it only for files that passed every check on disk.
type editorBuffers struct {
	conn interface {
		ReadTextFile(ctx context.Context, params sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error)
	}
	mu  sync.Mutex
	sid sdk.SessionId
}

func (b *editorBuffers) setSession(sid sdk.SessionId) {
	b.mu.Lock()
	b.sid = sid
	b.mu.Unlock()
}

// ReadText asks the client for path's text; see tools.Buffers.
func (b *editorBuffers) ReadText(ctx context.Context, path string) (string, error) {
	b.mu.Lock()
	sid := b.sid
	b.mu.Unlock()
	resp, err := b.conn.ReadTextFile(ctx, sdk.ReadTextFileRequest{SessionId: sid, Path: path})
	if err != nil {
		return "", err
	}
	return resp.Content, nil
}
