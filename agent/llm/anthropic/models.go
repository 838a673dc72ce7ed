package anthropic

import (
	"context"
	"slices"

	sdk "github.com/anthropics/anthropic-sdk-go"

	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the model ids the API offers (GET /v1/models, every page),
// sorted.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	sctx, slot := wire.WithSlot(ctx)
	pager := p.client.Models.ListAutoPaging(sctx, sdk.ModelListParams{})
	var names []string
	for pager.Next() {
		names = append(names, pager.Current().ID)
	}
	if err := pager.Err(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, p.failure(err, slot)
	}
	slices.Sort(names)
	return names, nil
}
