package openai

import (
	"context"
	"slices"

	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the model ids the server offers (GET /models), sorted.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	sctx, slot := wire.WithSlot(ctx)
	list, err := p.client.ListModels(sctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, p.failure(err, slot)
	}
	names := make([]string, 0, len(list.Models))
	for _, m := range list.Models {
		names = append(names, m.ID)
	}
	slices.Sort(names)
	return names, nil
}
