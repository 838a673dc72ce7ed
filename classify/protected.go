package classify

import (
	"strings"

	"github.com/agentcli/agent/classify/secrets"
)

// Files inside the project that run code later, outside any sandbox, or
// hold secrets: a change to one of them is Dangerous, wherever it comes
// from (a command's changes, the file tools), so that a person sees it.
// The project's own files are otherwise an ordinary write (Warning).

// protectedDirs are directories (lower case, relative to the root, with a
// trailing slash) whose files run as CI jobs, editor tasks or git hooks.
var protectedDirs = []string{
	".github/workflows/", ".github/actions/", ".circleci/", ".buildkite/", ".gitlab/",
	".husky/", ".githooks/", ".devcontainer/", ".idea/runconfigurations/",
}

// protectedFiles are files (lower case, relative to the root) that run
// code later: CI pipelines, editor settings and tasks, hook managers,
// direnv, the shell and tool start-up files of a project.
var protectedFiles = map[string]string{
	".gitlab-ci.yml":          "a CI pipeline",
	".travis.yml":             "a CI pipeline",
	"azure-pipelines.yml":     "a CI pipeline",
	"bitbucket-pipelines.yml": "a CI pipeline",
	"jenkinsfile":             "a CI pipeline",
	".drone.yml":              "a CI pipeline",
	".vscode/settings.json":   "editor settings that can run programs",
	".vscode/tasks.json":      "editor tasks",
	".vscode/launch.json":     "editor launch configurations",
	".vscode/extensions.json": "the editor's extension list",
	".pre-commit-config.yaml": "git hooks (pre-commit)",
	"lefthook.yml":            "git hooks (lefthook)",
	".lefthook.yml":           "git hooks (lefthook)",
	".envrc":                  "direnv, which runs it on entering the directory",
	".gitmodules":             "the submodules git fetches",
}

// protectedInProject judges a write or delete of rel, a clean path
// relative to the project root: ok is false for an ordinary project file.
func protectedInProject(rel string) (lvl Level, why, rule string, ok bool) {
	lr := strings.ToLower(rel)
	if secrets.IsSecretFile(rel) {
		return Dangerous, "changes a file that holds secrets", "builtin:protected-file", true
	}
	if what, found := protectedFiles[lr]; found {
		return Dangerous, "changes " + what, "builtin:protected-file", true
	}
	for _, d := range protectedDirs {
		if strings.HasPrefix(lr+"/", d) || strings.HasPrefix(lr, d) {
			return Dangerous, "changes what runs as CI jobs, editor tasks or git hooks (" + strings.TrimSuffix(d, "/") + ")", "builtin:protected-file", true
		}
	}
	return 0, "", "", false
}
