package openai

import (
	"context"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the model ids the server offers (GET /models), sorted.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	return wire.Models(ctx, func(ctx context.Context) ([]string, error) {
		list, err := p.client.ListModels(ctx)
		if err != nil {
			return nil, err
		}
		return wire.Names(list.Models, func(m goopenai.Model) string { return m.ID }), nil
	}, p.failure)
}
