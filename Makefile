# The two commands a newcomer needs: `make run` and `make test`.

GO       ?= go
BIN      := bin/agent
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
# The commit and its time, not the time of the build: the same source links
# the same binary, so make build relinks only when a source changed.
COMMIT   ?= $(shell git rev-parse HEAD 2>/dev/null)
DATE     ?= $(shell git log -1 --format=%cI 2>/dev/null)
LDFLAGS  := -X github.com/agentcli/agent/cmd.version=$(VERSION) \
            -X github.com/agentcli/agent/cmd.commit=$(COMMIT) \
            -X github.com/agentcli/agent/cmd.date=$(DATE)
FUZZTIME ?= 20s
# The race detector's runtime sleeps a second when a process exits with
# goroutines still running (GORACE's atexit_sleep_ms): every test binary
# would pay it, and so would every sandbox helper and MCP server the tests
# start from one.
RACE_ENV := GORACE='atexit_sleep_ms=0 $(GORACE)'
# Parallel tests per package. They are cmd's end-to-end tests, mostly
# waiting on the binary, the sandbox or a fake server: 4 at a time took cmd
# from 56 s to 41 s on 2 cores (the default is GOMAXPROCS), for the same CPU.
TEST_PARALLEL ?= 4
# The binary cmd's end-to-end tests run, instead of linking their own.
E2E_ENV  := AGENT_E2E_BIN='$(CURDIR)/$(BIN)'

.PHONY: build run install test test-heavy vet fmt-check bench fuzz clean
.PHONY: release-snapshot release release-check

# Release tools, pinned: each version is installed once into its own
# directory under bin/tools, from the Go module proxy.
TOOLS              := $(CURDIR)/bin/tools
GORELEASER_VERSION := v2.15.1
ACTIONLINT_VERSION := v1.7.12
GORELEASER         := $(TOOLS)/goreleaser@$(GORELEASER_VERSION)/goreleaser
ACTIONLINT         := $(TOOLS)/actionlint@$(ACTIONLINT_VERSION)/actionlint

## build: bin/agent; on a fresh module cache it first says that it
## downloads the modules (about 70: minutes), then does. Static, without
## cgo, as the release binaries are: what the tests and benchmarks run is
## what people install, and it starts sooner and smaller (no C library to
## load; the sandbox's helper is this binary too).
build:
	@if ! GOFLAGS=-mod=readonly GOPROXY=off $(GO) list -deps . >/dev/null 2>&1; then \
	  echo "== go mod download   (the first build fetches the modules agent needs, about 70: a few minutes on a fresh machine)"; \
	  $(GO) mod download || exit 1; \
	fi
	@echo "== go build -o $(BIN) ."
	@CGO_ENABLED=0 $(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) .

## run: build and start the interactive screen in this repository
run: build
	./$(BIN)

## install: put agent on the PATH: in GOBIN when it is set, else in
## ~/.local/bin (which must be on your PATH)
INSTALL_DIR ?= $(or $(shell $(GO) env GOBIN),$(HOME)/.local/bin)
install: build
	mkdir -p '$(INSTALL_DIR)'
	install -m 0755 $(BIN) '$(INSTALL_DIR)/agent'
	@echo "installed $(INSTALL_DIR)/agent"
	@case ":$$PATH:" in *":$(INSTALL_DIR):"*) ;; *) echo "note: $(INSTALL_DIR) is not on your PATH; add it to run agent by name";; esac

## test: vet (here and for macOS), formatting check, and every test with the
## race detector, saying what it does and ending with a one-line summary
## (cmd's end-to-end tests run bin/agent, which make build relinks only
## when a source changed)
test: vet fmt-check build
	@echo "== go test -race -count=1 -parallel $(TEST_PARALLEL) ./...   (compiles every package with the race detector first:"
	@echo "   minutes on a cold cache; then one line per package as it finishes)"
	@log=$$(mktemp); start=$$(date +%s); \
	{ $(E2E_ENV) $(RACE_ENV) $(GO) test -race -count=1 -parallel $(TEST_PARALLEL) ./... 2>&1; echo $$? >"$$log.rc"; } | tee "$$log"; \
	rc=$$(cat "$$log.rc"); \
	passed=$$(grep -c '^ok[[:space:]]' "$$log"); \
	failed=$$(grep -c '^FAIL[[:space:]]' "$$log"); \
	tests=$$(grep '^--- FAIL' "$$log" | awk '{print $$3}' | tr '\n' ' ' | sed 's/ *$$//'); \
	rm -f "$$log" "$$log.rc"; \
	echo "make test: $$passed packages passed, $$failed failed$${tests:+ ($$tests)}, in $$(( $$(date +%s) - start ))s"; \
	exit $$rc

## test-heavy: the long version of the tests that have one, with the race
## detector (CI runs it after test): the output flood test prints 1 GiB
## instead of 64 MiB, and go test runs in the sandbox on a fresh home,
## compiling the standard library's test dependencies into an empty cache,
## and over a person's build cache that holds its result (never served)
HEAVY_TESTS := TestOutputFloodMemoryIsBounded|TestToolchainsWorkConfined|TestEscapeGoTestPassesOnAFreshHome|TestGoTestResultsOfThePersonsCacheAreNotServed
test-heavy: build
	$(E2E_ENV) $(RACE_ENV) $(GO) test -race -count=1 -run '^($(HEAVY_TESTS))$$' ./tools/ ./tools/sandbox/gocache/ ./cmd/ -args -heavy

## vet: go vet and staticcheck here and for macOS (which compiles the
## tests there too), so a Linux-only change cannot land; actionlint on the
## GitHub Action, the workflows and the example workflows of docs/ci.
## staticcheck and actionlint are pinned and come from the Go module proxy
## like any module, built once into bin/ (a minute, the first time).
STATICCHECK_VERSION := v0.8.2
STATICCHECK := bin/staticcheck-$(STATICCHECK_VERSION)/staticcheck
vet: $(STATICCHECK) $(ACTIONLINT)
	@echo "== go vet ./...   (and for macOS: GOOS=darwin GOARCH=arm64)"
	@$(GO) vet ./...
	@GOOS=darwin GOARCH=arm64 $(GO) vet ./...
	@echo "== staticcheck ./...   ($(STATICCHECK_VERSION); and for macOS)"
	@$(STATICCHECK) ./...
	@GOOS=darwin GOARCH=arm64 $(STATICCHECK) ./...
	@echo "== actionlint .github/workflows/*.yml docs/ci/*.yml   (and the Action they use)"
	@$(ACTIONLINT) -no-color .github/workflows/*.yml docs/ci/*.yml

$(STATICCHECK):
	@echo "== go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)   (once, into $(@D))"
	@GOBIN='$(CURDIR)/$(@D)' $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

fmt-check:
	@echo "== gofmt -l"
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

## bench: every benchmark, with allocations
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## fuzz: a short run of every fuzz target (FUZZTIME each, default 20s)
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$t"; \
	    $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

$(GORELEASER):
	GOBIN='$(dir $@)' $(GO) install github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION)

$(ACTIONLINT):
	GOBIN='$(dir $@)' $(GO) install github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)

## release-snapshot: build every release artefact into dist/ without
## publishing: the linux and darwin amd64 and arm64 archives (with the
## completions and man pages), the .deb and .rpm packages, checksums and the
## Homebrew formula
# goreleaser learns the commit only in a repository with a remote: a clone
# without one (a worktree of a local repository) names the project's.
RELEASE_ENV = $(if $(shell git remote 2>/dev/null),,GIT_CONFIG_COUNT=1 \
  GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0=https://github.com/agentcli/agent.git)
release-snapshot: $(GORELEASER)
	$(RELEASE_ENV) $(GORELEASER) release --snapshot --clean

## release: build and publish a tagged release (CI runs it on a v* tag)
release: $(GORELEASER)
	$(GORELEASER) release --clean

## release-check: check the snapshot's artefacts: install the .deb into a
## scratch root and run it, look into the archives
release-check:
	.ci/check-release dist

clean:
	rm -rf bin dist
