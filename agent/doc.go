// Package agent runs the conversation with one provider: it sends the task,
// streams the reply, plans each tool call through the tool registry, has the
// classifier judge it, lets the approval gate decide (one pure function,
// Decide: run, ask a person, or refuse), runs what was approved
// and sends every result back, until the model answers without calling a
// tool or a limit stops it. One tool is its own rather than the registry's:
// update_plan (PlanTool), the model's plan, which changes nothing and is
// published as EventPlan.
//
// Everything that happens leaves the package as an Event published to a
// Sink; approval comes back through an Approver. The package never prints,
// never draws, and never imports the screen.
package agent
