// Package mcp is the agent's client of Model Context Protocol servers,
// built on the official Go SDK. A Manager starts the configured servers
// (stdio programs or streamable HTTP endpoints) when a session starts, and
// offers their tools to the model as mcp__SERVER__TOOL through the tool
// registry (it is a tools.Source): each call is planned like any other
// tool call, with a classify.Action of kind MCP carrying the server's
// annotations, so that it is classified, shown and approved before it
// runs.
//
// What it never does: it never calls a tool that was not planned and
// approved through the registry, never passes the agent's secrets to a
// server unless its config names them, and never puts raw image or
// resource bytes in the model's transcript. It does not confine what a
// server does: a stdio server runs as the person's own program unless its
// config says sandbox = true, and an HTTP server is someone else's.
package mcp
