package openai

import (
	"context"

	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the model ids the server offers (GET /models), sorted.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	return wire.Models(ctx, func(ctx context.Context) ([]string, error) {
		list, err := p.client.ListModels(ctx)
		if err != nil {
			return nil, err
		}
		names := make([]string, 0, len(list.Models))
		for _, m := range list.Models {
			names = append(names, m.ID)
		}
		return names, nil
	}, p.failure)
}
