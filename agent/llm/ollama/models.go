package ollama

import (
	"context"

	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the models pulled on the server (GET /api/tags), sorted.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	return wire.Models(ctx, func(ctx context.Context) ([]string, error) {
		list, err := p.client.List(ctx)
		if err != nil {
			return nil, err
		}
		names := make([]string, 0, len(list.Models))
		for _, m := range list.Models {
			names = append(names, m.Name)
		}
		return names, nil
	}, p.failure)
}
