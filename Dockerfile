# agent for CI systems that run containers: the static binary, git, bash
# and the CA certificates, as a user that is not root.
#
#   docker build -t agent .
#   docker run --rm -v "$PWD:/project" -e OPENAI_API_KEY \
#     agent run --provider openai --yes safe "run the tests and explain any failure"
#
# docs/ci.md says more (the sandbox in a container, file ownership).

ARG GO_VERSION=1.26
ARG DEBIAN_VERSION=bookworm

FROM golang:${GO_VERSION}-${DEBIAN_VERSION} AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# What agent --version says: pass them from the checkout, e.g.
#   --build-arg VERSION="$(git describe --tags --always)"
#   --build-arg COMMIT="$(git rev-parse HEAD)" --build-arg DATE="$(git log -1 --format=%cI)"
ARG VERSION=devel
ARG COMMIT=""
ARG DATE=""
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/agentcli/agent/cmd.version=${VERSION} -X github.com/agentcli/agent/cmd.commit=${COMMIT} -X github.com/agentcli/agent/cmd.date=${DATE}" \
      -o /out/agent . \
 && /out/agent --version

FROM debian:${DEBIAN_VERSION}-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends git bash ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 10001 --shell /bin/bash agent
COPY --from=build /out/agent /usr/local/bin/agent
USER agent
# A project mounted here belongs to whoever runs the container: git must
# not refuse it for its owner.
RUN git config --global --add safe.directory /project
WORKDIR /project
ENTRYPOINT ["agent"]
CMD ["--help"]
