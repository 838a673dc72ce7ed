package llm

import "context"

// ModelLister is implemented by providers whose server can list the models
// it offers, for the model picker. Providers wrapped by WithRetry are
// reached through their Unwrap method.
type ModelLister interface {
	// Models returns the model names the server offers, sorted. It blocks
	// for one request; errors are *Error like Stream's.
	Models(ctx context.Context) ([]string, error)
}
