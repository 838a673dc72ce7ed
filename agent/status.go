package agent

// Status is how a run ended.
type Status string

// The ways a run ends.
const (
	// StatusFinished: the model answered without calling a tool.
	StatusFinished Status = "finished"
	// StatusTurnLimit: the run stopped at MaxTurns.
	StatusTurnLimit Status = "turn_limit"
	// StatusTokenLimit: the tokens reported for the run reached
	// MaxTokensPerRun.
	StatusTokenLimit Status = "token_limit"
	// StatusTruncated: the model's last reply was cut at its output token
	// limit, so the answer is incomplete.
	StatusTruncated Status = "truncated"
	// StatusCancelled: the context was cancelled (Ctrl+C, SIGINT).
	StatusCancelled Status = "cancelled"
	// StatusFailed: the provider failed (unreachable, bad key...).
	StatusFailed Status = "failed"
)
