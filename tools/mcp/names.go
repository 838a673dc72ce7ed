package mcp

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/agentcli/agent/classify"
)

// maxNameLen is the longest tool name every provider accepts.
const maxNameLen = 64

// ToolName is the name the model sees for a server's tool: mcp__SERVER__TOOL
// with every character the providers refuse ([^A-Za-z0-9_-]) turned into
// "_". A name longer than 64 characters is cut and ends with a hash of the
// whole, so that two long names stay apart.
func ToolName(server, tool string) string {
	full := classify.MCPPrefix + sanitize(server) + "__" + sanitize(tool)
	if len(full) <= maxNameLen {
		return full
	}
	return hashed(full, server, tool)
}

// hashed cuts name to make room for "_" and 8 hex digits of the hash of
// the server and tool names.
func hashed(name, server, tool string) string {
	sum := sha256.Sum256([]byte(server + "\x00" + tool))
	suffix := "_" + hex.EncodeToString(sum[:4])
	if len(name) > maxNameLen-len(suffix) {
		name = name[:maxNameLen-len(suffix)]
	}
	return name + suffix
}

// sanitize keeps the characters providers accept in tool names.
func sanitize(s string) string {
	if s == "" {
		return "_"
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
