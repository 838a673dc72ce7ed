package wire

import (
	"crypto/rand"
	"strings"
)

// NewCallID returns a fresh tool call id ("call_" and 16 random letters and
// digits) for a call the server sent without one: the loop pairs every
// result with its call by id, so an id must exist and must not repeat
// within a conversation.
func NewCallID() string {
	return "call_" + strings.ToLower(rand.Text()[:16])
}
