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
				if !o.knows(opt) {
					t.Errorf("docker %s --help lists %s, which its table does not know", name, opt)
				}
			}
		})
	}
}
