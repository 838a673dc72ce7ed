package anthropic

import (
	"context"

	sdk "github.com/anthropics/anthropic-sdk-go"

	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the model ids the API offers (GET /v1/models, every page),
// sorted.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	return wire.Models(ctx, func(ctx context.Context) ([]string, error) {
		pager := p.client.Models.ListAutoPaging(ctx, sdk.ModelListParams{})
		var names []string
		for pager.Next() {
			names = append(names, pager.Current().ID)
		}
		return names, pager.Err()
	}, p.failure)
}
