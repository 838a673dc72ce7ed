package classify

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// docker is judged by its tables: the read-only commands stay safe with
// the options their --help lists, an option outside them is not
// modelled, and the global options that reach another daemon or read
// credentials get their level.
func TestDockerTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday forms.
		{"docker", Safe}, {"docker ps", Safe}, {"docker ps -a", Safe}, {"docker ps -aq --no-trunc", Safe},
		{"docker ps --format '{{.Names}}' --filter status=running", Safe}, {"docker images", Safe}, {"docker images -q", Safe},
		{"docker logs web", Safe}, {"docker logs -f --tail 100 web", Safe}, {"docker logs -n 50 -t web", Safe},
		{"docker inspect web", Safe}, {"docker inspect -f '{{.State.Status}}' web", Safe}, {"docker version", Safe},
		{"docker info --format json", Safe}, {"docker top web", Safe}, {"docker top web aux", Safe}, {"docker stats --no-stream", Safe},
		{"docker history alpine", Safe}, {"docker port web", Safe}, {"docker diff web", Safe}, {"docker events --since 1h", Safe},
		{"docker container ls -a", Safe}, {"docker container list", Safe}, {"docker container ps", Safe}, {"docker container logs web", Safe},
		{"docker image ls", Safe}, {"docker image inspect alpine", Safe}, {"docker volume ls", Safe}, {"docker volume inspect data", Safe},
		{"docker network ls", Safe}, {"docker network inspect bridge", Safe}, {"docker system df -v", Safe}, {"docker system info", Safe},
		{"docker context ls", Safe}, {"docker context show", Safe}, {"docker -D ps", Safe}, {"docker -l debug ps", Safe},
		{"docker --version", Safe}, {"docker -v", Safe},
		{"docker compose ps", Safe}, {"docker compose ps -a --services", Safe}, {"docker compose logs api", Safe},
		{"docker compose logs -f --tail=20 api", Safe}, {"docker compose config", Safe}, {"docker compose config --services", Safe},
		{"docker compose -f compose.dev.yml ps", Safe}, {"docker compose ps -f compose.dev.yml", Safe}, {"docker compose ls", Safe},
		{"docker compose images", Safe}, {"docker compose top", Safe}, {"docker compose version --short", Safe},
		{"docker compose --env-file .env.test config", Warning}, {"docker compose -p app ps", Safe}, {"docker compose --env-file test.env config", Safe},

		// Options outside the tables.
		{"docker ps --frobnicate", Warning}, {"docker --frobnicate ps", Warning}, {"docker logs -z web", Warning},
		{"docker compose --frobnicate ps", Warning}, {"docker compose ps --frobnicate", Warning}, {"docker image ls -z", Warning},

		// Another daemon, another configuration, credentials.
		{"docker -H tcp://10.0.0.1:2375 ps", Warning}, {"docker --context prod ps", Warning}, {"docker -c prod ps", Warning},
		{"docker --config /tmp/cfg ps", Warning}, {"docker --config ~/.docker ps", Warning},
		{"docker --tlskey ~/.ssh/id_rsa ps", Blocked}, {"docker --tlscacert /tmp/ca.pem ps", Warning},
		{"docker compose -f ~/.aws/credentials config", Blocked}, {"docker compose --env-file ~/.ssh/id_rsa config", Blocked},
		{"docker compose -f /tmp/x.yml ps", Warning}, {"docker compose --project-directory /tmp/x ps", Warning},
		{"docker compose config -o ~/.bashrc", Blocked}, {"docker compose config --output /tmp/c.yml", Dangerous},

		// Commands that are not read-only keep their levels.
		{"docker search alpine", Warning}, {"docker build .", Warning}, {"docker run alpine", Warning},
		{"docker run -v /:/host alpine", Blocked}, {"docker -H tcp://x run --privileged alpine", Dangerous},
		{"docker rm web", Dangerous}, {"docker rmi alpine", Dangerous}, {"docker system prune", Dangerous},
		{"docker compose up -d", Warning}, {"docker compose -f x.yml up", Warning}, {"docker compose down -v", Dangerous},
		{"docker container rm web", Dangerous}, {"docker $VERB", Dangerous}, {"podman $VERB", Dangerous}, {"nerdctl $VERB", Dangerous},
	})
}

// dockerHelps are the commands whose --help the docker table is checked
// against: the global options and each read-only command's.
func TestDockerTableMatchesInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("docker")
	if err != nil {
		t.Skip("docker is not installed here, so its table is not checked against its --help")
	}
	verbs := map[string]*toolOpts{"": &dockerTool.global}
	for name, o := range dockerTool.verbs {
		if !strings.HasPrefix(name, "compose ") {
			verbs[name] = o
		}
	}
	for name, o := range verbs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, append(strings.Fields(name), "--help")...)
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + t.TempDir()}
			out, _ := cmd.CombinedOutput()
			opts := helpOptions(string(out))
			if len(opts) < 1 {
				t.Skipf("docker %s --help lists no options (%q)", name, firstLine(string(out)))
			}
			for _, opt := range opts {
				if !o.helpKnows(opt) {
					t.Errorf("docker %s --help lists %s, which its table does not know", name, opt)
				}
			}
		})
	}
}

// terraform, tofu, helm and pulumi print their usage safely, by a table
// of their global options; every command reaches remote state or changes
// it, and the options that name files, programs or another directory get
// their own level.
func TestInfraToolsJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// Usage, by the global tables.
		{"terraform", Safe}, {"tofu", Safe}, {"terraform -help", Safe}, {"terraform -version", Safe}, {"terraform -chdir=infra", Safe},
		{"helm", Safe}, {"helm --debug", Safe}, {"helm -n kube-system", Safe}, {"pulumi", Safe}, {"pulumi -C infra", Safe},
		{"terraform --frobnicate", Warning}, {"tofu -frobnicate", Warning}, {"helm --frobnicate", Warning}, {"pulumi --frobnicate", Warning},
		{"pulumi -Z", Warning}, {"terraform -chdir=/tmp/x", Warning}, {"pulumi --cwd ../other", Warning},
		{"helm --kubeconfig ~/.kube/config", Blocked}, {"pulumi --tracing file:./t.json", Warning},

		// Reading commands reach remote state.
		{"terraform plan", Warning}, {"terraform version", Warning}, {"terraform fmt -check", Warning}, {"terraform validate", Warning},
		{"terraform state list", Warning}, {"terraform -chdir=infra plan -var-file=prod.tfvars", Warning}, {"tofu plan -out=tfplan", Warning},
		{"helm list -A", Warning}, {"helm version", Warning}, {"helm template app ./chart -f values.yaml", Warning},
		{"helm get values app", Warning}, {"helm repo list", Warning}, {"pulumi preview", Warning}, {"pulumi stack ls", Warning},
		{"pulumi config get region", Warning}, {"pulumi stack output --json", Warning}, {"pulumi stack", Warning}, {"pulumi config", Warning}, {"terraform state $X", Dangerous},

		// Files read.
		{"terraform plan -var-file=../../secrets/x.tfvars", Warning}, {"terraform plan -var-file ~/.aws/credentials", Blocked},
		{"tofu apply -state ~/.ssh/id_rsa", Blocked}, {"helm template app ./chart -f ~/.aws/credentials", Blocked},
		{"helm template app ./chart --set-file cfg=~/.ssh/id_rsa", Blocked}, {"helm install app ./chart --set-file a=x,b=/etc/shadow", Blocked},
		{"helm list --kubeconfig ~/.ssh/id_rsa", Blocked}, {"helm --kubeconfig ~/.ssh/id_rsa", Blocked},
		{"pulumi preview --config-file ~/.aws/credentials", Blocked},
		// Files written.
		{"terraform plan -out=$HOME/.bashrc", Blocked}, {"terraform plan -out ~/.bashrc", Blocked}, {"terraform apply -state-out=/tmp/s", Dangerous},
		{"helm template app ./chart --output-dir ~/.config/autostart", Blocked}, {"pulumi preview --save-plan ~/.profile", Blocked},
		// Programs run.
		{"helm template app ./chart --post-renderer ./render.sh", Warning}, {"helm install app ./chart --post-renderer /tmp/r", Dangerous},
		{"terraform init -plugin-dir ~/.ssh", Blocked},
		// Secrets shown.
		{"pulumi stack output --show-secrets", Dangerous}, {"pulumi config --show-secrets", Dangerous},

		// Changing commands.
		{"terraform apply", Dangerous}, {"terraform destroy -auto-approve", Dangerous}, {"terraform state rm x", Dangerous},
		{"helm install app ./chart", Dangerous}, {"helm uninstall list", Dangerous}, {"helm repo add x https://x", Dangerous},
		{"pulumi up", Dangerous}, {"pulumi stack rm dev", Dangerous}, {"pulumi config set x y", Dangerous}, {"terraform $CMD", Dangerous},
	})
}

// TestTerraformTableMatchesInstalledHelp checks terraform's global table
// against the global options its -help lists, where it is installed.
func TestTerraformTableMatchesInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("terraform")
	if err != nil {
		t.Skip("terraform is not installed here, so its table is not checked against its -help")
	}
	cmd := exec.CommandContext(t.Context(), bin, "-help")
	cmd.Env = []string{"LC_ALL=C", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + t.TempDir(), "CHECKPOINT_DISABLE=1"}
	out, _ := cmd.CombinedOutput()
	_, global, ok := strings.Cut(string(out), "Global options")
	if !ok {
		t.Skipf("terraform -help has no global options section (%q)", firstLine(string(out)))
	}
	o := terraformTool.cli.global
	checked := 0
	for _, line := range strings.Split(global, "\n") {
		word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		name, _, _ := strings.Cut(word, "=")
		if !strings.HasPrefix(line, "  -") {
			continue
		}
		checked++
		if !o.helpKnows(name) {
			t.Errorf("terraform -help lists the global option %s, which its table does not know", name)
		}
	}
	if checked < 2 {
		t.Errorf("terraform -help lists %d global options; the format changed", checked)
	}
}

// The names of jspm.go and infratables.go are closed too: the fuzz target
// of systables_test.go puts an unknown option first on their lines.
func init() {
	closedNames = append(closedNames, strings.Fields("npm pnpm yarn bun deno turbo prettier taplo dprint biome docker terraform tofu helm pulumi")...)
}

// nerdctl's read-only commands are safe with their own options and the
// global ones; everything else is judged as docker's.
func TestNerdctlTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"nerdctl", Safe}, {"nerdctl ps -a", Safe}, {"nerdctl -n k8s.io ps", Safe}, {"nerdctl ps --namespace k8s.io -q", Safe},
		{"nerdctl images --digests", Safe}, {"nerdctl logs -f -n 20 web", Safe}, {"nerdctl inspect -f '{{.State}}' web", Safe},
		{"nerdctl container ls", Safe}, {"nerdctl container list -a", Safe}, {"nerdctl image inspect alpine", Safe},
		{"nerdctl volume ls -q", Safe}, {"nerdctl network inspect bridge", Safe}, {"nerdctl top web aux", Safe}, {"nerdctl version", Safe},

		{"nerdctl ps --frobnicate", Warning}, {"nerdctl --frobnicate ps", Warning}, {"nerdctl -H unix:///run/other.sock ps", Warning},
		{"nerdctl ps --address /run/x.sock", Warning}, {"nerdctl --hosts-dir ~/.ssh ps", Blocked},

		{"nerdctl run alpine", Warning}, {"nerdctl run -v /:/h alpine", Blocked}, {"nerdctl rm web", Dangerous},
		{"nerdctl build .", Warning}, {"nerdctl $CMD", Dangerous}, {"nerdctl container rm x", Dangerous},
	})
}

// podman's read-only commands are safe with the options of podman 4.3's
// help; its global options that run programs, write storage or reach
// another machine get their level.
func TestPodmanTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"podman", Safe}, {"podman ps -a", Safe}, {"podman ps --format '{{.Names}}' --sort names", Safe}, {"podman images -q", Safe},
		{"podman logs -f --tail 10 web", Safe}, {"podman inspect -f '{{.State}}' web", Safe}, {"podman container ls -a", Safe},
		{"podman image ls", Safe}, {"podman volume ls", Safe}, {"podman network inspect podman", Safe}, {"podman system df -v", Safe},
		{"podman top web pid args", Safe}, {"podman --log-level debug ps", Safe}, {"podman ps --log-level=debug", Safe}, {"podman version", Safe},

		{"podman ps --frobnicate", Warning}, {"podman --frobnicate ps", Warning}, {"podman -r ps", Warning}, {"podman --url ssh://host ps", Warning},
		{"podman -c prod ps", Warning}, {"podman --identity ~/.ssh/id_rsa ps", Blocked}, {"podman --runtime /tmp/evil ps", Warning},
		{"podman --hooks-dir /tmp/hooks ps", Warning}, {"podman --root /tmp/store ps", Dangerous}, {"podman --tmpdir ~/.config/autostart ps", Blocked},

		{"podman run alpine", Warning}, {"podman run -v /:/mnt x", Blocked}, {"podman rm web", Dangerous}, {"podman $CMD", Dangerous},
	})
}

// TestPodmanTablesMatchInstalledHelp checks podman's tables against
// podman COMMAND --help where podman is installed.
func TestPodmanTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	tables := map[string]*toolOpts{"": &podmanTool.global}
	for name, o := range podmanTool.verbs {
		tables[name] = o
	}
	checkVerbHelp(t, "podman", tables)
}

// A shortcut of docker, nerdctl and podman (ps, images, logs) reads what
// its group's command reads, with the same options: nerdctl ps -a is
// nerdctl container ls -a.
func TestContainerShortcutsTakeTheirGroupCommandsTable(t *testing.T) {
	t.Parallel()
	for name, tool := range map[string]*verbTool{"docker": dockerTool, "nerdctl": nerdctlTool, "podman": podmanTool} {
		for short, long := range dockerShortcuts {
			o, ok := tool.verbs[long]
			if !ok {
				continue
			}
			for _, opt := range append([]string{""}, strings.Fields(o.long)...) {
				group := strings.TrimSpace(name + " " + long + " " + opt)
				line := strings.TrimSpace(name + " " + short + " " + opt)
				want := Classify(shellAction(group), Policy{})
				if opt == "" && want.Level != Safe {
					t.Fatalf("Classify(%q) = %v, want %v\nreasons: %q", group, want.Level, Safe, want.Reasons)
				}
				if v := Classify(shellAction(line), Policy{}); v.Level != want.Level {
					t.Errorf("Classify(%q) = %v, want %v as %q", line, v.Level, want.Level, group)
				}
			}
		}
	}
}
