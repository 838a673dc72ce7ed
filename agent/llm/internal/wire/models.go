package wire

import (
	"context"
	"slices"

	"github.com/agentcli/agent/agent/llm"
)

// Models is every adapter's Models: it calls list with a Slot for the
// response headers and returns the names it gives, sorted. When list
// fails it returns ctx's error if ctx ended, else failure's account of the
// error.
func Models(ctx context.Context, list func(context.Context) ([]string, error), failure func(error, *Slot) *llm.Error) ([]string, error) {
	sctx, slot := WithSlot(ctx)
	names, err := list(sctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, failure(err, slot)
	}
	slices.Sort(names)
	return names, nil
}

// Names returns the name of each item, in order: the model names of a
// list as a library decoded it.
func Names[T any](items []T, name func(T) string) []string {
	names := make([]string, 0, len(items))
	for _, it := range items {
		names = append(names, name(it))
	}
	return names
}
