package tools

import (
	"slices"
	"strings"
	"testing"
)

// canaryEnv is a person's environment with secrets of every kind, host
// handles and git settings, with real-looking values (made up).
var canaryEnv = []struct{ kv, why string }{
	{"DB_PASSWORD=Xq3vN8mR2tY7", WhySecretName},
	{"PGPASSWORD=Xq3vN8mR2tY7", WhySecretName},
	{"MYSQL_PWD=Xq3vN8mR2tY7", WhySecretName},
	{"GITHUB_PAT=ghp_R4nd0mT0k3nV4lu3Xyz1234567890AbCdEf", WhySecretName},
	{"GH_TOKEN=gho_16C7e42F292c6912E7710c838347Ae178B4a", WhySecretName},
	{"AWS_ACCESS_KEY_ID=AKIAZ7Q3VN8MR2TY7WK1", WhySecretName},
	{"AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY", WhySecretName},
	{"AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQ", WhySecretName},
	{"SENTRY_DSN=https://3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c@o12345.ingest.sentry.io/678", WhySecretName},
	{"NPM_AUTH=bnBtX1hxM3ZOOG1SMnRZN3dLMXBMNXNEOWZHNGhKNnpCMGNWM25NOA==", WhySecretName},
	{"NPM_CONFIG__AUTH=dXNlcjpwYXNz", WhySecretName},
	{"GOOGLE_APPLICATION_CREDENTIALS=/home/p/.config/gcloud/key.json", WhySecretName},
	{"STRIPE_API_KEY=sk_live_51H8sKqLmN3oP4qR5sT6uV7wX8yZ9aB0cD1eF2", WhySecretName},
	{"SIGNING_KEY=base64:Xq3vN8mR2tY7wK1pL5sD9fG4hJ6zB0cV", WhySecretName},
	{"SLACK_WEBHOOK=https://hooks.slack.com/services/T024BE7LD/B01234ABCDE/Xq3vN8mR2tY7", WhySecretName},
	{"XAUTHORITY=/run/user/1000/.mutter-Xwaylandauth", WhyHostHandle},
	{"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=a;AccountKey=Xq3vN8mR2tY7==", WhySecretName},
	{"DATABASE_URL=postgres://app:hunter2@db.internal:5432/app", WhySecretValue},
	{"REDIS_URL=redis://:s3cretpw@cache:6379/0", WhySecretValue},
	{"HTTPS_PROXY=http://person:pr0xyPass@proxy.corp:3128", WhySecretValue},
	{"CI_JOB_JWT=eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwcm9qZWN0In0.c2lnbmF0dXJlc2lnbmF0dXJl", WhySecretValue},
	{"MY_SETTING=ghp_R4nd0mT0k3nV4lu3Xyz1234567890AbCdEf", WhySecretValue},
	{"OPENAI=sk-proj-Xq3vN8mR2tY7wK1pL5sD9fG4hJ6zB0cV3nM8", WhySecretValue},
	{"DEPLOY=-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----", WhySecretValue},
	{"TMUX=/tmp/tmux-1000/default,2219,0", WhyHostHandle},
	{"TMUX_PANE=%3", WhyHostHandle},
	{"SSH_AUTH_SOCK=/tmp/ssh-XXXX/agent.123", WhyHostHandle},
	{"SSH_CONNECTION=10.0.0.2 51234 10.0.0.1 22", WhyHostHandle},
	{"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus", WhyHostHandle},
	{"DOCKER_HOST=unix:///run/user/1000/docker.sock", WhyHostHandle},
	{"XDG_RUNTIME_DIR=/run/user/1000", WhyHostHandle},
	{"DISPLAY=:0", WhyHostHandle},
	{"WAYLAND_DISPLAY=wayland-0", WhyHostHandle},
	{"KITTY_LISTEN_ON=unix:/tmp/kitty-123", WhyHostHandle},
	{"NVIM=/run/user/1000/nvim.1234.0", WhyHostHandle},
	{"VSCODE_IPC_HOOK_CLI=/run/user/1000/vscode-ipc-1.sock", WhyHostHandle},
	{"WSL_INTEROP=/run/WSL/123_interop", WhyHostHandle},
	{"KUBECONFIG=/home/p/.kube/config", WhyHostHandle},
	{"GIT_DIR=/home/p/repo/.git", WhyGit},
	{"GIT_WORK_TREE=/home/p/repo", WhyGit},
	{"GIT_CONFIG_COUNT=1", WhyGit},
	{"GIT_SSH_COMMAND=ssh -i ~/.ssh/deploy", WhyGit},
	{"GIT_TRACE=/tmp/trace", WhyGit},
}

// innocentEnv is what commands need and must keep.
var innocentEnv = []string{
	"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/home/p", "USER=p", "LANG=en_US.UTF-8",
	"PWD=/home/p/project", "OLDPWD=/home/p", "SHELL=/bin/bash", "GOPATH=/home/p/go",
	"GOFLAGS=-mod=mod", "TOKENIZERS_PARALLELISM=false", "NODE_ENV=test", "KEYTIMEOUT=1",
	"COMMIT_AUTHOR=Person", "LS_COLORS=rs=0:di=01;34:ln=01;36", "HTTP_PROXY=http://proxy.corp:3128",
	"EDITOR_THEME=dark", "PASSENGER_FREE=", "GOPROXY=https://proxy.golang.org,direct",
	"TOX_TESTENV_PASSENV=PYTHONPATH", "DOCKER_BUILDKIT_PASSTHROUGH=1", "PIP_BYPASS_CACHE=1",
}

func TestWithheldEnvSaysWhyForEveryKind(t *testing.T) {
	t.Parallel()
	var env []string
	for _, c := range canaryEnv {
		env = append(env, c.kv)
	}
	env = append(env, innocentEnv...)
	got := WithheldEnv(env, nil, nil)
	for _, c := range canaryEnv {
		name, _, _ := strings.Cut(c.kv, "=")
		i := slices.IndexFunc(got, func(w Withheld) bool { return w.Name == name })
		if i < 0 {
			t.Errorf("%s is passed to commands, want it withheld (%s)", name, c.why)
			continue
		}
		if got[i].Why != c.why {
			t.Errorf("%s is withheld as %q, want %q", name, got[i].Why, c.why)
		}
	}
	for _, kv := range innocentEnv {
		name, _, _ := strings.Cut(kv, "=")
		if slices.ContainsFunc(got, func(w Withheld) bool { return w.Name == name }) {
			t.Errorf("%s is withheld, want it passed", name)
		}
	}
}

func TestChildEnvHoldsNoCanary(t *testing.T) {
	t.Parallel()
	var env []string
	for _, c := range canaryEnv {
		env = append(env, c.kv)
	}
	env = append(env, innocentEnv...)
	got := strings.Join(childEnv(env, nil, nil), "\n")
	for _, c := range canaryEnv {
		name, value, _ := strings.Cut(c.kv, "=")
		if strings.Contains("\n"+got, "\n"+name+"=") || len(value) >= 8 && strings.Contains(got, value) {
			t.Errorf("the child's environment holds %s", name)
		}
	}
	for _, kv := range []string{"PATH=/usr/local/bin:/usr/bin:/bin", "TOKENIZERS_PARALLELISM=false", "HTTP_PROXY=http://proxy.corp:3128"} {
		if !strings.Contains(got, kv) {
			t.Errorf("the child's environment lacks %s", kv)
		}
	}
}

func TestPassEnvNamesExceptionsButNeverGit(t *testing.T) {
	t.Parallel()
	env := []string{"GH_TOKEN=gho_16C7e42F292c6912E7710c838347Ae178B4a", "SSH_AUTH_SOCK=/tmp/a", "GIT_DIR=/elsewhere", "DB_PASSWORD=x"}
	got := childEnv(env, nil, []string{"GH_TOKEN", "SSH_AUTH_SOCK", "GIT_DIR"})
	for _, want := range []string{"GH_TOKEN=gho_16C7e42F292c6912E7710c838347Ae178B4a", "SSH_AUTH_SOCK=/tmp/a"} {
		if !slices.Contains(got, want) {
			t.Errorf("pass_env did not pass %s: %q", want, got)
		}
	}
	for _, kv := range got {
		if strings.HasPrefix(kv, "GIT_DIR=") || strings.HasPrefix(kv, "DB_PASSWORD=") {
			t.Errorf("the child's environment holds %s", kv)
		}
	}
	if err := (Config{PassEnv: []string{"GIT_DIR"}}).Validate(); err == nil || !strings.Contains(err.Error(), "GIT_DIR") {
		t.Errorf("Validate(pass_env = [GIT_DIR]) = %v, want an error naming it", err)
	}
}

// A variable withheld for one value stays withheld when it appears again
// with an innocent one.
func TestADuplicateDoesNotBringAWithheldNameBack(t *testing.T) {
	t.Parallel()
	got := childEnv([]string{"MY_SETTING=ghp_R4nd0mT0k3nV4lu3Xyz1234567890AbCdEf", "MY_SETTING=plain"}, nil, nil)
	for _, kv := range got {
		if strings.HasPrefix(kv, "MY_SETTING=") {
			t.Errorf("childEnv kept %s", kv)
		}
	}
}

func TestSecretValuesIncludeSecretsByValueButNotHandles(t *testing.T) {
	t.Parallel()
	got := SecretValues([]string{
		"DATABASE_URL=postgres://app:hunter2@db/app", "GIT_TOKEN=glpat-Xq3vN8mR2tY7wK1pL5sD",
		"TMUX=/tmp/tmux-1000/default,1,0", "PATH=/bin",
	}, nil)
	want := []string{"postgres://app:hunter2@db/app", "glpat-Xq3vN8mR2tY7wK1pL5sD"}
	if !slices.Equal(got, want) {
		t.Errorf("SecretValues = %q, want %q", got, want)
	}
}

func TestSecretNamesAndTheirLookalikes(t *testing.T) {
	for _, tt := range []struct {
		name   string
		secret bool
	}{
		{"DB_PASSWORD", true}, {"PGPASSWORD", true}, {"SMTP_PASS", true}, {"MAILPASS", true},
		{"GPG_PASSPHRASE", true}, {"BYPASSWORD", true}, {"PASSENV_PASSWORD", true}, {"BYPASS_PASS", true},
		{"PGPASSFILE", true}, {"HTTP_PASSWD", true},
		{"TOX_TESTENV_PASSENV", false}, {"DOCKER_PASSTHROUGH", false}, {"PIP_BYPASS_CACHE", false},
		{"COMPASS_HOME", false}, {"PASSENGER_FREE", false}, {"TOKENIZERS_PARALLELISM", false},
	} {
		if got := isSecretName(tt.name); got != tt.secret {
			t.Errorf("isSecretName(%q) = %v, want %v", tt.name, got, tt.secret)
		}
	}
}

// FuzzSecretNames checks that no word around it keeps a name that says
// password, passphrase, secret or token from being a secret.
func FuzzSecretNames(f *testing.F) {
	for _, s := range []string{"TOX_TESTENV_PASSENV", "BYPASSWORD", "PASSENV_PASSWORD", "COMPASS", "DB_PASS", "XPASSTHROUGHPASSWD"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		u := strings.ToUpper(name)
		if u != strings.ToUpper(u) || slices.Contains(notSecretNames, u) {
			return
		}
		for _, word := range []string{"PASSWORD", "PASSWD", "PASSPHRASE", "SECRET", "TOKEN"} {
			if strings.Contains(u, word) && !isSecretName(name) {
				t.Fatalf("isSecretName(%q) = false, but it holds %s", name, word)
			}
		}
	})
}
