package classify

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/classify/secrets"
)

func TestFileActions(t *testing.T) {
	tests := []struct {
		kind  Kind
		path  string
		isDir bool
		home  string
		want  Level
	}{
		// Reads.
		{Read, testRoot + "/main.go", false, testHome, Safe},
		{Read, testRoot, true, testHome, Safe},
		{Read, testRoot + "/.git/config", false, testHome, Safe},
		{Read, testRoot + "/.env", false, testHome, Warning},
		{Read, testRoot + "/.env.local", false, testHome, Warning},
		{Read, testRoot + "/.env.example", false, testHome, Safe},
		{Read, testRoot + "/certs/server.pem", false, testHome, Warning},
		{Read, testRoot + "/deploy/app.key", false, testHome, Warning},
		{Read, testRoot + "/id_rsa", false, testHome, Warning},
		{Read, testRoot + "/id_rsa.pub", false, testHome, Safe},
		{Read, testRoot + "/.netrc", false, testHome, Warning},
		{Read, testRoot + "/.npmrc", false, testHome, Warning},
		{Read, testRoot + "/terraform.tfstate", false, testHome, Warning},
		{Read, "/etc/passwd", false, testHome, Warning},
		{Read, "/tmp/notes.txt", false, testHome, Warning},
		{Read, "/dev/null", false, testHome, Safe},
		{Read, testHome + "/.ssh/id_rsa", false, testHome, Blocked},
		{Read, testHome + "/.ssh", true, testHome, Blocked},
		{Read, testHome + "/.SSH/id_rsa", false, testHome, Blocked},
		{Read, testHome + "/.aws/credentials", false, testHome, Blocked},
		{Read, testHome + "/.config/gcloud/application_default_credentials.json", false, testHome, Blocked},
		{Read, testHome + "/.gnupg/private-keys-v1.d/x", false, testHome, Blocked},
		{Read, testHome + "/.kube/config", false, testHome, Blocked},
		{Read, testHome + "/.docker/config.json", false, testHome, Blocked},
		{Read, testHome + "/.git-credentials", false, testHome, Blocked},
		{Read, testHome + "/.bashrc", false, testHome, Warning},
		{Read, "/home/other/.ssh/id_ed25519", false, testHome, Blocked},
		{Read, "/root/.aws/config", false, testHome, Blocked},
		{Read, "/Users/someone/.ssh/id_rsa", false, testHome, Blocked},
		{Read, "/home/dev/.ssh/id_rsa", false, "", Blocked},
		{Read, "/etc/shadow", false, testHome, Blocked},
		{Read, "/etc/sudoers.d/dev", false, testHome, Blocked},
		{Read, "/proc/1/environ", false, testHome, Blocked},
		{Read, "/proc/self/environ", false, testHome, Blocked},
		{Read, "/proc/self/root/home/dev/.ssh/id_rsa", false, testHome, Blocked},
		{Read, "/etc/ssh/ssh_host_ed25519_key", false, testHome, Blocked},
		{Read, "/etc/ssh/ssh_host_ed25519_key.pub", false, testHome, Warning},
		{Read, "/var/run/secrets/kubernetes.io/serviceaccount/token", false, testHome, Blocked},
		// Writes.
		{Write, testRoot + "/main.go", false, testHome, Warning},
		{Write, testRoot + "/a/b/c.txt", false, testHome, Warning},
		{Write, testRoot + "/.env", false, testHome, Dangerous},
		{Write, testRoot + "/.env.example", false, testHome, Warning},
		{Write, testRoot + "/config/server.pem", false, testHome, Dangerous},
		{Write, testRoot, true, testHome, Blocked},
		{Write, testRoot + "/.git/config", false, testHome, Blocked},
		{Write, testRoot + "/.git/hooks/pre-commit", false, testHome, Blocked},
		{Write, testRoot + "/.GIT/hooks/pre-commit", false, testHome, Blocked},
		{Write, testRoot + "/.Git/HEAD", false, testHome, Blocked},
		{Write, testRoot + "/vendor/mod/.git/config", false, testHome, Blocked},
		{Write, testRoot + "/.git", false, testHome, Blocked},
		{Write, testRoot + "/.git./config", false, testHome, Blocked},
		{Write, testRoot + "/GIT~1/config", false, testHome, Blocked},
		{Write, testRoot + "/.gitignore", false, testHome, Warning},
		{Write, testRoot + "/.github/workflows/ci.yml", false, testHome, Dangerous},
		{Write, testRoot + "/.GitHub/Workflows/release.yaml", false, testHome, Dangerous},
		{Write, testRoot + "/.github/ISSUE_TEMPLATE/bug.md", false, testHome, Warning},
		{Write, testRoot + "/.gitlab-ci.yml", false, testHome, Dangerous},
		{Write, testRoot + "/.vscode/settings.json", false, testHome, Dangerous},
		{Write, testRoot + "/.vscode/tasks.json", false, testHome, Dangerous},
		{Write, testRoot + "/.husky/pre-commit", false, testHome, Dangerous},
		{Write, testRoot + "/.pre-commit-config.yaml", false, testHome, Dangerous},
		{Write, testRoot + "/.envrc", false, testHome, Dangerous},
		{Write, testRoot + "/.devcontainer/devcontainer.json", false, testHome, Dangerous},
		{Write, testRoot + "/Jenkinsfile", false, testHome, Dangerous},
		{Write, testRoot + "/src/.github/workflows/ci.yml", false, testHome, Warning},
		{Write, testRoot + "/docs/.gitkeep", false, testHome, Warning},
		{Write, "/tmp/out.txt", false, testHome, Blocked},
		{Write, testHome + "/notes.txt", false, testHome, Blocked},
		{Write, testHome + "/.bashrc", false, testHome, Blocked},
		{Write, "/etc/hosts", false, testHome, Blocked},
		{Write, "/home/dev/project-other/x", false, testHome, Blocked},
		{Write, "/home/dev/projectx", false, testHome, Blocked},
		{Write, "/dev/sda", false, testHome, Blocked},
		// Deletes.
		{Delete, testRoot + "/old.go", false, testHome, Warning},
		{Delete, testRoot + "/build", true, testHome, Dangerous},
		{Delete, testRoot, true, testHome, Blocked},
		{Delete, testRoot + "/.git", true, testHome, Blocked},
		{Delete, testRoot + "/.git/index.lock", false, testHome, Blocked},
		{Delete, "/tmp/x", false, testHome, Blocked},
		{Delete, testHome, true, testHome, Blocked},
		{Delete, "/", true, testHome, Blocked},
		{Delete, "/home/dev", true, "", Blocked},
		// Paths are cleaned before they are judged.
		{Write, testRoot + "/src/../../x", false, testHome, Blocked},
		{Write, testRoot + "/./src//a.go", false, testHome, Warning},
		{Delete, testRoot + "/src/..", true, testHome, Blocked},
		// A relative path is taken as relative to the root.
		{Write, "src/a.go", false, testHome, Warning},
		{Read, "", false, testHome, Warning},
	}
	for _, tc := range tests {
		name := tc.kind.String() + " " + tc.path
		if tc.isDir {
			name += " (directory)"
		}
		if tc.home == "" {
			name += " with no home"
		}
		t.Run(name+" is "+tc.want.String(), func(t *testing.T) {
			a := Action{Kind: tc.kind, Path: tc.path, IsDir: tc.isDir, Root: testRoot, Home: tc.home}
			got := Classify(a, Policy{})
			if got.Level != tc.want {
				t.Errorf("Classify(%s %q) = %v, want %v\nreasons: %s", tc.kind, tc.path, got.Level, tc.want, strings.Join(got.Reasons, "; "))
			}
		})
	}
}

func TestUnknownHomeStillGuardsTilde(t *testing.T) {
	for _, cmd := range []string{"cat ~/.ssh/id_rsa", "rm -rf ~", "echo x >> ~/.bashrc", "rm -rf $HOME"} {
		t.Run(cmd+" is blocked without a home", func(t *testing.T) {
			got := Classify(Action{Kind: Shell, Command: cmd, Root: testRoot}, Policy{})
			if got.Level != Blocked {
				t.Errorf("Classify(%q) = %v, want %v\nreasons: %s", cmd, got.Level, Blocked, strings.Join(got.Reasons, "; "))
			}
		})
	}
}

func TestNoRootMeansNothingIsInside(t *testing.T) {
	tests := []struct {
		a    Action
		want Level
	}{
		{Action{Kind: Shell, Command: "echo x > out.txt"}, Dangerous},
		{Action{Kind: Shell, Command: "cat main.go"}, Warning},
		{Action{Kind: Write, Path: "/home/dev/project/x"}, Blocked},
		{Action{Kind: Read, Path: "/home/dev/project/x"}, Warning},
	}
	for _, tc := range tests {
		t.Run(tc.a.Kind.String()+" "+tc.a.Command+tc.a.Path+" is "+tc.want.String(), func(t *testing.T) {
			if got := Classify(tc.a, Policy{}); got.Level != tc.want {
				t.Errorf("Classify(%+v) = %v, want %v\nreasons: %s", tc.a, got.Level, tc.want, strings.Join(got.Reasons, "; "))
			}
		})
	}
}

func TestSecretNames(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{".env", true}, {".env.production", true}, {".ENV", true}, {".env.example", false},
		{".env.sample", false}, {".env.template", false}, {"id_rsa", true}, {"id_ed25519", true},
		{"id_rsa.pub", false}, {"server.pem", true}, {"tls.KEY", true}, {"cert.p12", true},
		{".netrc", true}, {".npmrc", true}, {".pypirc", true}, {"credentials.json", true},
		{"main.go", false}, {"keys.go", false}, {"environment.ts", false}, {"README.md", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := isSecretName(tc.name); got != tc.want {
				t.Errorf("isSecretName(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

// TestSecretStoresAreBlocked checks the classifier against the one list of
// secret locations: reading or writing any store in it, or a file in a
// store that is a directory, is Blocked, for the shell and the file tools.
func TestSecretStoresAreBlocked(t *testing.T) {
	t.Parallel()
	var paths []string
	for _, e := range secrets.Home {
		paths = append(paths, testHome+"/"+e.Path, testHome+"/"+e.Path+"/x")
	}
	for _, e := range secrets.System {
		paths = append(paths, e.Path, e.Path+"/x")
	}
	for _, p := range paths {
		for _, kind := range []Kind{Read, Write} {
			v := Classify(Action{Kind: kind, Path: p, Root: testRoot, Home: testHome}, Policy{})
			if v.Level != Blocked {
				t.Errorf("Classify(%v %q) = %v, want blocked: %v", kind, p, v.Level, v.Reasons)
			}
		}
		if v := Classify(shellAction("cat '"+p+"'"), Policy{}); v.Level != Blocked {
			t.Errorf("Classify(cat %q) = %v, want blocked", p, v.Level)
		}
	}
}

func TestIsGitName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		want bool
	}{
		{".git", true}, {".GIT", true}, {".gIt", true}, {".git.", true}, {".git  ", true},
		{".g\u200cit", true}, {"\ufeff.git", true}, {"git~1", true}, {"GIT~1", true},
		{"git", false}, {".gitignore", false}, {".github", false}, {"x.git", false}, {".git2", false},
	}
	for _, tc := range tests {
		if got := IsGitName(tc.name); got != tc.want {
			t.Errorf("IsGitName(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}
