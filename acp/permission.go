package acp

import (
	"context"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent"
)

// The permission options every request offers (allow always only when a
// session rule can describe the call). Their ids are what the client
// answers with.
const (
	optionAllowOnce   = "allow_once"
	optionAllowAlways = "allow_always"
	optionRejectOnce  = "reject_once"
)

// permissionAsker is the Approver of one ACP session: it asks the client
// with session/request_permission and nothing else. No input but the
// client's answer approves a call.
type permissionAsker struct {
	conn  permissionClient
	sid   sdk.SessionId
	root  string
	rules *agent.SessionRules
}

// permissionClient is the part of the connection the asker uses.
type permissionClient interface {
	RequestPermission(ctx context.Context, params sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error)
}

// Ask sends req to the client and waits for its answer. When ctx is
// cancelled (session/cancel, the client gone) it returns ctx.Err(), which
// the gate counts as a denial; so does any failure to ask.
func (p *permissionAsker) Ask(ctx context.Context, req agent.ApprovalRequest) (agent.Answer, error) {
	for _, r := range p.rules.List() {
		// Made by an answer to another request while this one waited.
		if r.Matches(req) {
			return r.Approval(), nil
		}
	}
	params, rule := permissionRequest(p.sid, p.root, req)
	resp, err := p.conn.RequestPermission(ctx, params)
	if err != nil {
		if ctx.Err() != nil {
			return agent.Answer{}, ctx.Err()
		}
		return agent.Answer{Choice: agent.Deny, By: agent.ByPolicy, Reason: "the editor did not answer the permission request: " + err.Error()}, nil
	}
	return answerOf(resp.Outcome, rule, p.rules), nil
}

// permissionRequest is the one mapping from an approval request to
// session/request_permission: the tool call as the client shows it (title
// = the command or summary; our level, reasons and undo note in its
// content; the diff of a write or edit, from its plan) and the options;
// root is the project root its paths are under. It returns the
// session rule "allow always" would save, nil when no rule can describe
// the call or none may approve it. A command that ran held shows what it
// changed: the line of its changes and their unified diff (Preview).
func permissionRequest(sid sdk.SessionId, root string, req agent.ApprovalRequest) (sdk.RequestPermissionRequest, *agent.SessionRule) {
	c := req.Call
	var why strings.Builder
	why.WriteString("Level: " + req.Verdict.Level.String())
	for _, r := range req.Verdict.Reasons {
		why.WriteString("\n- " + r)
	}
	if req.Held != "" {
		// A command that ran held: the person approves what it changed.
		why.WriteString("\nIt ran confined, and its changes are held: " + req.Held + ". Approve applies exactly them; deny discards them.")
	}
	if req.Undo != "" {
		why.WriteString("\nUndo: " + req.Undo)
	}
	content := []sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(why.String()))}
	if d, ok := diffContent(req.Changes); ok {
		content = append(content, d...)
	} else if req.Preview != "" {
		content = append(content, sdk.ToolContent(sdk.TextBlock(req.Preview)))
	}
	title := c.Summary
	if title == "" {
		title = c.Tool
	}
	kind := toolKind(c.Tool)
	status := sdk.ToolCallStatusPending
	options := []sdk.PermissionOption{{Kind: sdk.PermissionOptionKindAllowOnce, Name: "Approve", OptionId: optionAllowOnce}}
	var rule *agent.SessionRule
	if r, ok := agent.ProposeRule(req); ok && !req.NoUndo {
		rule = r
		options = append(options, sdk.PermissionOption{Kind: sdk.PermissionOptionKindAllowAlways,
			Name: "Allow for this session: " + r.String(), OptionId: optionAllowAlways})
	}
	options = append(options, sdk.PermissionOption{Kind: sdk.PermissionOptionKindRejectOnce, Name: "Deny", OptionId: optionRejectOnce})
	return sdk.RequestPermissionRequest{
		SessionId: sid,
		ToolCall: sdk.ToolCallUpdate{
			ToolCallId: sdk.ToolCallId(c.ID),
			Title:      &title,
			Kind:       &kind,
			Status:     &status,
			Content:    content,
			Locations:  locations(root, c),
			RawInput:   rawInput(c.Args),
		},
		Options: options,
	}, rule
}

// answerOf turns the client's answer into the gate's: allow once
// approves; allow always saves rule in rules and approves as it; reject
// once, a cancelled request and an option we did not offer deny.
func answerOf(o sdk.RequestPermissionOutcome, rule *agent.SessionRule, rules *agent.SessionRules) agent.Answer {
	if o.Selected == nil {
		return agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: "the permission request was cancelled in the editor"}
	}
	switch o.Selected.OptionId {
	case optionAllowOnce:
		return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}
	case optionAllowAlways:
		if rule != nil && rules != nil {
			rules.Add(rule)
			return rule.Approval()
		}
	case optionRejectOnce:
		return agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: "denied in the editor"}
	}
	return agent.Answer{Choice: agent.Deny, By: agent.ByPolicy, Reason: "the editor chose an option that was not offered (" + string(o.Selected.OptionId) + ")"}
}
