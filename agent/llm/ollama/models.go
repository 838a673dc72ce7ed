package ollama

import (
	"context"

	"github.com/ollama/ollama/api"

	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the models pulled on the server (GET /api/tags), sorted.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	return wire.Models(ctx, func(ctx context.Context) ([]string, error) {
		list, err := p.client.List(ctx)
		if err != nil {
			return nil, err
		}
		return wire.Names(list.Models, func(m api.ListModelResponse) string { return m.Name }), nil
	}, p.failure)
}
