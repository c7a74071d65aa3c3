# Strata: `make demo` and `make test` are the two commands; each sets up what it needs first.
SWIFT   ?= swift
PREFIX  ?= /usr/local/bin
# Completions go where bash-completion, zsh and fish look: /usr/local/share for the default PREFIX.
SHAREDIR ?= $(abspath $(PREFIX)/..)/share
# postgresql: the tests, the demo and the benchmarks start throwaway clusters (Tools/Scripts/pg-cluster.sh);
# zip: make artifactbundle packs strata for the prebuilt plugins; python3-venv: the papers tests read
# exports with pinned PyPI consumers in a virtualenv (Tools/Scripts/consumers/venv.sh); chromium and
# chromium-driver: the web pages' tests drive a real headless browser (WebDriver), with
# fonts-noto-color-emoji so memorize's cards show their emoji; wrk: the benchmarks' load generator;
# neovim, emacs-nox and elpa-eglot: strata lsp's tests read its diagnostics through real editors' clients;
# libopenblas-dev: papers' sentence encoder multiplies its matrices through OpenBLAS.
APT_PACKAGES := libsqlite3-dev sqlite3 libopenblas-dev libcurl4-openssl-dev libxml2-dev zlib1g-dev postgresql zip openssl \
	python3-venv chromium chromium-driver fonts-noto-color-emoji wrk neovim \
	emacs-nox elpa-eglot
APPS    := papers coffee memorize color-events strata
# Release binaries link Swift's runtime and Foundation statically: start-up is a third faster
# (`papers --help` 29 -> 19 ms; most of the rest is the dynamic loader) for a larger file.
RELEASE := -c release --static-swift-stdlib
# SwiftPM 6.3 passes a dependency's traits to the compiler in a Set's order, which follows each
# process's random hash seed (swiftlang/swift-package-manager#10525): a new build plan can reorder
# Hummingbird's two traits and compile it again for nothing. Deterministic hashing keeps the order,
# so the tool's end-to-end builds, which share .build, find every dependency compiled.
export SWIFT_DETERMINISTIC_HASHING := 1
# The architecture check: the strata tool, its own package at Tools/strata (a dependency of ours by path).
LINT     = $(SWIFT) run --quiet $(TOOL) strata lint
TOOL     = --package-path Tools/strata

# Every Swift file swift-format checks; a lint fixture whose odd layout is the point starts with
# `// swift-format-ignore-file`.
SWIFT_FILES = git ls-files '*.swift'

.PHONY: all setup build test lint format format-check demo bench install artifactbundle clean

all: build

## setup: install the system libraries SwiftPM links against (apt-get; sudo when not root) and papers' embedding model (PyPI). Quiet when present.
setup:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "setup: installing$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq >/dev/null && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing >/dev/null || \
	  { echo "setup: could not install$$missing; install them with apt-get and retry" >&2; exit 1; }; \
	fi
	@Tools/Scripts/embedding/model.sh >/dev/null

## build: debug build of every target, the strata tool package's too; warnings in our targets are errors.
# strata is built once, in its own package, and copied beside the apps: their version, help and
# install tests run it there (built from this package too, swift-syntax would compile twice).
# One package after the other: each build keeps both cores busy (building them at once took as long).
# The tool's package is built by product, its tests, strata and the parse floor: `--build-tests`
# would also build everything its command plugin runs for the host (strata and swift-syntax a
# second time, a third of the whole build) though no test runs that plugin from this build.
TOOL_PRODUCTS := strataPackageTests strata StrataParseFloor
build: setup
	$(SWIFT) build --build-tests
	@for product in $(TOOL_PRODUCTS); do \
	  echo "$(SWIFT) build $(TOOL) --product $$product"; \
	  $(SWIFT) build $(TOOL) --product $$product || exit 1; \
	done
	@cp "$$($(SWIFT) build $(TOOL) --show-bin-path)/strata" "$$($(SWIFT) build --show-bin-path)/strata"

## format: format every Swift file with `swift format` and the checked-in .swift-format.
format:
	@$(SWIFT) format format --in-place --parallel $$($(SWIFT_FILES))

## format-check: fail when a Swift file is not formatted (make format fixes it).
format-check:
	@$(SWIFT) format lint --strict --parallel $$($(SWIFT_FILES)) || \
	  { echo "format-check: the files above are not formatted; run make format" >&2; exit 1; }

## test: check formatting, build with no warnings, check the architecture, run every test (the tool package's too).
# The plugin tests read an artifact bundle of the debug strata: packed as `make artifactbundle`
# packs the release one, without a second, optimised build of the tool and swift-syntax.
# The architecture check runs before the tests: a broken rule fails in seconds, and its source
# cache, made by the binary the tool's tests run, seeds their copies of this repository.
test: format-check build
	@Tools/Scripts/artifactbundle.sh "$$($(SWIFT) build $(TOOL) --show-bin-path)" Tools/strata-plugin/Binaries
	@Tools/Scripts/consumers/venv.sh >/dev/null
	$(LINT)
	Tools/Scripts/test-shards.sh "$$($(SWIFT) build --show-bin-path)"
	$(SWIFT) test $(TOOL) --skip-build

## lint: the architecture check alone.
lint: setup
	$(LINT)

## demo: every feature's demo on a throwaway data directory, no network.
demo: setup
	$(SWIFT) build
	$(SWIFT) build --product strata
	@Tools/Scripts/demo.sh "$$($(SWIFT) build --show-bin-path)"

## bench: benchmarks with their peers, printing figures and ratios (not part of test).
bench: setup
	$(SWIFT) build $(RELEASE)
	$(SWIFT) build $(RELEASE) --product strata
	@Tools/Scripts/bench.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)"

## install: release binaries into PREFIX (default /usr/local/bin), shell completions under SHAREDIR.
install: setup
	$(SWIFT) build $(RELEASE)
	$(SWIFT) build $(RELEASE) --product strata
	@Tools/Scripts/install.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)" "$(PREFIX)" "$(SHAREDIR)" $(APPS)

## artifactbundle: strata as a SwiftPM artifact bundle (release, static Swift runtime) for Tools/strata-plugin, zipped, with its checksum.
artifactbundle: setup
	$(SWIFT) build $(TOOL) $(RELEASE) --product strata
	@Tools/Scripts/artifactbundle.sh "$$($(SWIFT) build $(TOOL) $(RELEASE) --show-bin-path)" Tools/strata-plugin/Binaries

clean:
	rm -rf .build Tools/strata/.build Tools/strata-plugin/Binaries
