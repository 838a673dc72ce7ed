// Package acp is the Agent Client Protocol face of the agent, for editors
// (Zed, JetBrains IDEs, Neovim, Emacs...): `agent acp` serves one ACP agent
// over stdio with the same core as the screen and `agent run`. Each ACP
// session is one agent.Agent in one project root; the package turns the
// core's events into session/update notifications and is the Approver that
// asks the client with session/request_permission. When the client
// offers its files (fs/read_text_file, fs/write_text_file), the tool
// registry reads and writes through it (see tools.BufferWriter).
//
// It speaks JSON-RPC through github.com/coder/acp-go-sdk and never imports
// the screen. It decides nothing about safety: every call still goes
// through agent.Decide, and only the client's answer to a permission
// request approves a call that needs a person.
package acp
