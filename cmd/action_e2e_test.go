package cmd_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// actionYAML is the part of the GitHub Action's metadata these tests read.
type actionYAML struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Steps []struct {
			Name  string            `yaml:"name"`
			ID    string            `yaml:"id"`
			Shell string            `yaml:"shell"`
			Run   string            `yaml:"run"`
			Env   map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

// expression is a ${{ ... }} the tests fill in: an input, a step output.
var expression = regexp.MustCompile(`\$\{\{\s*([a-z.-]+)\s*\}\}`)

// runSteps are the Action's steps that runAction runs by default: those
// that need no GitHub. Installing a release needs GitHub's releases (a
// test fakes gh for it), and uploading the artifact GitHub's storage; the
// agent binary under test is on PATH instead.
var runSteps = []string{"Run agent", "Job summary", "Check the exit code"}

// runAction runs the Action's shell steps named (runSteps when none), in
// order, as a runner would: each as a bash script with -e and pipefail,
// with its env, its ${{ }} filled in from the inputs (the Action's
// defaults, then inputs) and earlier steps' outputs, and env. It returns
// the last step's exit code and output, the job summary, and the outputs.
// Every step but the last must succeed.
func runAction(t *testing.T, inputs map[string]string, env map[string]string, steps ...string) (code int, out, summary string, outputs map[string]string) {
	t.Helper()
	if len(steps) == 0 {
		steps = runSteps
	}
	b, err := os.ReadFile(filepath.Join("..", ".github", "actions", "agent", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action actionYAML
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	in := map[string]string{}
	for name, i := range action.Inputs {
		in[name] = i.Default
	}
	for k, v := range inputs {
		if _, ok := action.Inputs[k]; !ok {
			t.Fatalf("the Action has no input %q", k)
		}
		in[k] = v
	}
	tmp, home := t.TempDir(), t.TempDir()
	ghOutput, ghSummary := filepath.Join(tmp, "output"), filepath.Join(tmp, "summary")
	outputs = map[string]string{}
	fill := func(s string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string {
			name := expression.FindStringSubmatch(m)[1]
			switch {
			case strings.HasPrefix(name, "inputs."):
				return in[strings.TrimPrefix(name, "inputs.")]
			case strings.HasPrefix(name, "steps.run.outputs."):
				return outputs[strings.TrimPrefix(name, "steps.run.outputs.")]
			case name == "github.token":
				return "a-token"
			}
			t.Fatalf("action.yml uses %s, which this test cannot fill in", m)
			return ""
		})
	}
	ran := 0
	for _, step := range action.Runs.Steps {
		if !slices.Contains(steps, step.Name) {
			continue
		}
		ran++
		if step.Shell != "bash" {
			t.Fatalf("step %q: shell %q, want bash", step.Name, step.Shell)
		}
		// What a runner does with shell: bash.
		script := filepath.Join(tmp, "step.sh")
		if err := os.WriteFile(script, []byte(fill(step.Run)), 0o644); err != nil {
			t.Fatal(err)
		}
		c := exec.CommandContext(t.Context(), "bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		c.Dir = in["working-directory"]
		c.Env = []string{
			"PATH=" + env["PATH"] + string(os.PathListSeparator) + filepath.Dir(agentBin) + string(os.PathListSeparator) + os.Getenv("PATH"),
			"HOME=" + home,
			"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
			"RUNNER_TEMP=" + tmp,
			"GITHUB_OUTPUT=" + ghOutput,
			"GITHUB_STEP_SUMMARY=" + ghSummary,
			"GITHUB_PATH=" + filepath.Join(tmp, "path"),
		}
		for k, v := range step.Env {
			c.Env = append(c.Env, k+"="+fill(v))
		}
		for k, v := range env {
			if k != "PATH" {
				c.Env = append(c.Env, k+"="+v)
			}
		}
		b, err := c.CombinedOutput()
		out, code = string(b), c.ProcessState.ExitCode()
		if err != nil && code == -1 {
			t.Fatalf("step %q: %v", step.Name, err)
		}
		if step.Name != steps[len(steps)-1] && code != 0 {
			t.Fatalf("step %q failed (exit %d):\n%s", step.Name, code, out)
		}
		if o, err := os.ReadFile(ghOutput); err == nil {
			for line := range strings.Lines(string(o)) {
				if k, v, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "="); ok {
					outputs[k] = v
				}
			}
		}
	}
	if ran != len(steps) {
		t.Fatalf("found %d of the Action's steps %q", ran, steps)
	}
	s, _ := os.ReadFile(ghSummary)
	return code, out, string(s), outputs
}

// The Action's steps run agent headless on the task at the --yes level
// given, append the summary to the job's page, keep the session for the
// artifact, and fail the step on an exit code not allowed.
func TestActionRunsAgentSummarizesAndFailsOnExitCodes(t *testing.T) {
	t.Parallel()
	script := llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "rm -rf build"}`)),
		llmtest.Say("I could not clean build/."),
	}
	tests := []struct {
		name     string
		allow    string
		wantCode int
		wantOut  string
	}{
		{"a refused action fails the step", "", 1, "::error title=agent run exited 3::finished, but at least one action was denied or blocked"},
		{"unless its exit code is allowed", "3 4", 0, "agent run exited 3, allowed by allow-exit-codes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			os.Mkdir(filepath.Join(root, "build"), 0o755)
			os.WriteFile(filepath.Join(root, "build", "out.bin"), []byte("built\n"), 0o644)
			srv := openaitest.NewServer(t, script)
			code, out, summary, outputs := runAction(t, map[string]string{
				"task": "clean up; don't ask", "yes": "warning", "provider": "openai", "model": llmtest.Model,
				"working-directory": root, "allow-exit-codes": tt.allow,
			}, map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": srv.URL()})

			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) {
				t.Errorf("the exit code check: exit %d, output %q; want exit %d and %q", code, out, tt.wantCode, tt.wantOut)
			}
			if outputs["exit-code"] != "3" {
				t.Errorf("output exit-code = %q, want 3", outputs["exit-code"])
			}
			if _, err := os.Stat(filepath.Join(root, "build")); err != nil {
				t.Errorf("build/ is gone, though --yes warning does not cover rm -rf: %v", err)
			}
			for _, want := range []string{"## ⚠️ agent run: openai (test-model)", "> clean up; don't ask", "| dangerous | shell | ` rm -rf build ` | denied by policy | ran confined, changes discarded |"} {
				if !strings.Contains(summary, want) {
					t.Errorf("job summary lacks %q:\n%s", want, summary)
				}
			}
			sessions, _ := filepath.Glob(filepath.Join(outputs["session-dir"], "*"))
			if len(sessions) == 0 {
				t.Errorf("no session in session-dir %q, the artifact would be empty", outputs["session-dir"])
			}
			if reqs := srv.Requests(); len(reqs) == 0 || !strings.Contains(string(reqs[0].Body), "clean up; don't ask") {
				t.Errorf("the task did not reach the provider as given")
			}
		})
	}
}

// releaseDistEnv names a directory holding a release snapshot (make
// release-snapshot's dist/); make release-check sets it so that the
// Action's install step is tried on the real archives.
const releaseDistEnv = "AGENT_RELEASE_DIST"

// The Action's install step finds this platform's archive of a release,
// checks it against checksums.txt, and puts its agent on the PATH. gh is
// faked: it serves the snapshot's files as the release's assets.
func TestActionInstallsARelease(t *testing.T) {
	dist := os.Getenv(releaseDistEnv)
	if dist == "" {
		t.Skipf("%s is not set: make release-check runs this on a release snapshot", releaseDistEnv)
	}
	dist, _ = filepath.Abs(dist)
	fakeBin := t.TempDir()
	// gh release view ... --jq .tagName prints the tag; gh release
	// download TAG --pattern P... copies the matching files here.
	gh := `#!/usr/bin/env bash
set -euo pipefail
case "$1 $2" in
  "release view") echo v0.0.0-snapshot ;;
  "release download")
    shift 3
    while [ $# -gt 0 ]; do
      case "$1" in
        --pattern) for f in "$AGENT_RELEASE_DIST"/$2; do cp "$f" .; done; shift 2 ;;
        *) shift ;;
      esac
    done ;;
  *) echo "fake gh: $*" >&2; exit 2 ;;
esac
`
	os.WriteFile(filepath.Join(fakeBin, "gh"), []byte(gh), 0o755)
	platform := map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
	env := map[string]string{"PATH": fakeBin, "AGENT_RELEASE_DIST": dist, "RUNNER_OS": "Linux", "RUNNER_ARCH": platform}

	code, out, _, _ := runAction(t, nil, env, "Install agent")
	if code != 0 || !strings.Contains(out, "agent ") || !strings.Contains(out, "(commit ") {
		t.Fatalf("install step: exit %d, output:\n%s", code, out)
	}

	// A damaged archive is refused.
	damaged := t.TempDir()
	archives, _ := filepath.Glob(filepath.Join(dist, "agent_*_linux_*.tar.gz"))
	for _, a := range append(archives, filepath.Join(dist, "checksums.txt")) {
		b, err := os.ReadFile(a)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(a, ".tar.gz") {
			b[len(b)/2] ^= 0xff
		}
		os.WriteFile(filepath.Join(damaged, filepath.Base(a)), b, 0o644)
	}
	env["AGENT_RELEASE_DIST"] = damaged
	code, out, _, _ = runAction(t, nil, env, "Install agent")
	if code == 0 || !strings.Contains(out, "FAILED") {
		t.Errorf("install step with a damaged archive: exit %d, output:\n%s", code, out)
	}
}
