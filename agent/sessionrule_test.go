package agent_test

import (
	"encoding/json"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func shellReq(command string, l classify.Level) agent.ApprovalRequest {
	args, _ := json.Marshal(map[string]string{"command": command})
	return agent.ApprovalRequest{Provider: "openai", Call: agent.CallInfo{ID: "c", Tool: "shell", Args: string(args)}, Verdict: classify.Verdict{Level: l}}
}

func toolReq(tool, args string, l classify.Level) agent.ApprovalRequest {
	return agent.ApprovalRequest{Provider: "openai", Call: agent.CallInfo{ID: "c", Tool: tool, Args: args}, Verdict: classify.Verdict{Level: l}}
}

func TestSessionRuleFor(t *testing.T) {
	tests := []struct {
		name string
		req  agent.ApprovalRequest
		want string
	}{
		{"a program and its subcommand", shellReq("go test ./...", classify.Warning), "shell commands starting with `go test`, up to warning"},
		{"a program whose next word is a path", shellReq("touch notes/a.txt", classify.Warning), "shell commands starting with `touch`, up to warning"},
		{"a shell gets the exact command only", shellReq("bash -c 'make all'", classify.Warning), "exactly the shell command `bash -c 'make all'`, up to warning"},
		{"a wrapper gets the exact command only", shellReq("sudo make install", classify.Dangerous), "exactly the shell command `sudo make install`, up to dangerous"},
		{"an interpreter without a subcommand gets the exact command", shellReq("python3 build.py", classify.Warning), "exactly the shell command `python3 build.py`, up to warning"},
		{"an interpreter with a subcommand gets the prefix", shellReq("bun install left-pad", classify.Warning), "shell commands starting with `bun install`, up to warning"},
		{"a pipeline gets the exact command", shellReq("go test ./... | tee log", classify.Warning), "exactly the shell command `go test ./... | tee log`, up to warning"},
		{"an assignment in front gets the exact command", shellReq("CGO_ENABLED=0 go build", classify.Warning), "exactly the shell command `CGO_ENABLED=0 go build`, up to warning"},
		{"a dangerous command gets the exact command, not its program", shellReq("rm -rf build", classify.Dangerous), "exactly the shell command `rm -rf build`, up to dangerous"},
		{"a dangerous command with a subcommand gets the exact command", shellReq("go clean -cache -modcache", classify.Dangerous), "exactly the shell command `go clean -cache -modcache`, up to dangerous"},
		{"a dangerous git call gets its exact arguments", toolReq("git", `{"args":["push","--force"]}`, classify.Dangerous), `git with exactly the arguments {"args":["push","--force"]}, up to dangerous`},
		{"a dangerous delete covers that path only", toolReq("delete_file", `{"path":"build"}`, classify.Dangerous), "delete_file of build, up to dangerous"},
		{"git keeps its subcommand", toolReq("git", `{"args":["commit","-m","x"]}`, classify.Warning), "git commit with any arguments, up to warning"},
		{"a write covers writes and edits of the path", toolReq("write_file", `{"path":"notes/a.txt","content":"x"}`, classify.Warning), "write_file and edit_file of notes/a.txt, up to warning"},
		{"a delete covers deletes of the path", toolReq("delete_file", `{"path":"./build/../out.log"}`, classify.Warning), "delete_file of out.log, up to warning"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := agent.ProposeRule(tt.req)
			if !ok {
				t.Fatalf("ProposeRule(%s %s) found no rule", tt.req.Call.Tool, tt.req.Call.Args)
			}
			if got := r.String(); got != tt.want {
				t.Errorf("ProposeRule(%s %s) = %q, want %q", tt.req.Call.Tool, tt.req.Call.Args, got, tt.want)
			}
			if !r.Matches(tt.req) {
				t.Errorf("the rule %q does not match the call it was made from", r)
			}
		})
	}
	t.Run("arguments that do not decode make no rule", func(t *testing.T) {
		if r, ok := agent.ProposeRule(toolReq("shell", `{"command":`, classify.Warning)); ok {
			t.Errorf("ProposeRule(broken JSON) = %q, want none", r)
		}
	})
}

func TestSessionRuleMatches(t *testing.T) {
	goTest, _ := agent.ProposeRule(shellReq("go test ./...", classify.Warning))
	exact, _ := agent.ProposeRule(shellReq("bash -c 'make all'", classify.Warning))
	write, _ := agent.ProposeRule(toolReq("write_file", `{"path":"notes/a.txt","content":"x"}`, classify.Warning))
	commit, _ := agent.ProposeRule(toolReq("git", `{"args":["commit","-m","x"]}`, classify.Warning))
	rmBuild, _ := agent.ProposeRule(shellReq("rm -rf build", classify.Dangerous))
	netReq := shellReq("go test ./...", classify.Warning)
	netReq.Network = true
	noUndo := shellReq("go test ./...", classify.Warning)
	noUndo.NoUndo, noUndo.Undo = true, "NOT covered by undo: no checkpoint could be taken (disk full)"
	tests := []struct {
		name string
		rule *agent.SessionRule
		req  agent.ApprovalRequest
		want bool
	}{
		{"the same prefix with other arguments matches", goTest, shellReq("go test -run TestX ./pkg", classify.Warning), true},
		{"a lower level matches", goTest, shellReq("go test", classify.Safe), true},
		{"a higher level does not", goTest, shellReq("go test -exec 'rm -rf x' ./...", classify.Dangerous), false},
		{"another subcommand does not", goTest, shellReq("go run ./cmd", classify.Warning), false},
		{"a longer word does not", goTest, shellReq("go testx", classify.Warning), false},
		{"a list behind the prefix does not", goTest, shellReq("go test ./... && rm -rf build", classify.Warning), false},
		{"a substitution does not", goTest, shellReq("go test $(cat pkgs)", classify.Warning), false},
		{"a redirection does not", goTest, shellReq("go test ./... > /tmp/x", classify.Warning), false},
		{"a second line does not", goTest, shellReq("go test ./...\nrm -rf build", classify.Warning), false},
		{"a call that asks for the network does not", goTest, netReq, false},
		{"a change undo could not take back does not", goTest, noUndo, false},
		{"blocked never matches", goTest, shellReq("go test", classify.Blocked), false},
		{"another tool does not", goTest, toolReq("write_file", `{"path":"go"}`, classify.Safe), false},
		{"a dangerous call's rule matches that command", rmBuild, shellReq("rm -rf build", classify.Dangerous), true},
		{"a dangerous call's rule does not match the program on other paths", rmBuild, shellReq("rm -rf src", classify.Dangerous), false},
		{"a dangerous call's rule does not match a milder use of the program", rmBuild, shellReq("rm notes.txt", classify.Warning), false},
		{"an exact rule matches its command", exact, shellReq("bash -c 'make all'", classify.Warning), true},
		{"an exact rule does not match another", exact, shellReq("bash -c 'make all; rm -rf ~'", classify.Warning), false},
		{"a write rule matches an edit of the path", write, toolReq("edit_file", `{"path":"notes/./a.txt","old_string":"a","new_string":"b"}`, classify.Warning), true},
		{"a write rule does not match another path", write, toolReq("write_file", `{"path":"notes/b.txt","content":"x"}`, classify.Warning), false},
		{"a write rule does not match a delete", write, toolReq("delete_file", `{"path":"notes/a.txt"}`, classify.Warning), false},
		{"a git rule matches its subcommand", commit, toolReq("git", `{"args":["commit","--amend"]}`, classify.Warning), true},
		{"a git rule does not match another", commit, toolReq("git", `{"args":["push"]}`, classify.Warning), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.rule.Matches(tt.req); got != tt.want {
				t.Errorf("rule %q Matches(%s %s, %v) = %v, want %v", tt.rule, tt.req.Call.Tool, tt.req.Call.Args, tt.req.Verdict.Level, got, tt.want)
			}
		})
	}
}
