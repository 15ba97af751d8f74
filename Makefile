# The Swift Concurrency Lab. `make help` lists the targets.
SWIFT ?= swift
# How many times `make verify-wrong-answers` checks each wrong answer; a verdict that differs
# between runs is a failure. Raise it (REPEAT=3) to catch verdicts that depend on timing.
REPEAT ?= 1
# Every file swift-format checks: the package's own Swift code.
FORMAT_PATHS := Package.swift Sources Tests Exercises Solutions Checks

.DEFAULT_GOAL := help
# The ThreadSanitizer build has its own scratch folder, so it never invalidates the normal one.
TSAN_SCRATCH := .build-tsan
BIN = $$($(SWIFT) build --show-bin-path)
TSAN_BIN = $$($(SWIFT) build --sanitize=thread --scratch-path $(TSAN_SCRATCH) --show-bin-path)

.PHONY: help build test test-under-load replay-identity demo lint format clean race race-tsan-after diagnose docs \
	lab bench book verify-solutions verify-starters verify-right-answers verify-wrong-answers \
	verify-wrong-answers-ci verify-ci check-editor mutants

help: ## List the targets
	@echo "Swift Concurrency Lab: Apple's Coffee Tracker, before and after Swift concurrency."
	@echo
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-16s %s\n", $$1, $$2 }'

build: ## Build every module (the after variant in the Swift 6 mode, warnings as errors)
	$(SWIFT) build --build-tests

test: ## Run the whole test suite: domain tests, the behaviour suite on both variants and on the last step
	$(SWIFT) test

test-under-load: ## swift test and 300 after-stress iterations beside CPU hogs, RUNS=10 times
	SWIFT=$(SWIFT) RUNS=$(or $(RUNS),10) scripts/test-under-load.sh

replay-identity: ## Each explored schedule replayed RUNS=100 times, quiet and beside CPU hogs: one output each
	SWIFT=$(SWIFT) RUNS=$(or $(RUNS),100) scripts/replay-identity.sh

demo: ## Play a scripted day of coffee on both variants, step by step (ARGS="--help" for options)
	$(SWIFT) run coffee-demo $(ARGS)

lab: ## The exercises: ARGS="list", "check 3", "hint 3", "watch"... (swift run lab --help)
	$(SWIFT) run lab $(ARGS)

verify-solutions: ## Every exercise's reference solution passes its checks
	$(SWIFT) run lab verify --solutions

verify-starters: ## Every pristine starter fails, for the reason its metadata names
	$(SWIFT) run lab verify --starters

verify-right-answers: ## Every kept right answer (another correct answer) passes every check
	$(SWIFT) run lab verify --right-answers

verify-wrong-answers: ## Every kept wrong answer fails the check its metadata names, REPEAT times
	$(SWIFT) run lab verify --wrong-answers --repeat $(REPEAT)

# The exercises whose checks still hold a thread, where no schedule of the deterministic scheduler
# decides the verdict: only their verdicts can change from one run to the next, so only they are
# worth repeating. Found in the checks themselves, never listed. A kata's transport gate is no
# mark by itself: under the scheduler (an explored scenario) it holds no thread, and a check on
# real threads waits for it with waitUntilHeld.
HELD_CHECKS := $(shell grep -lE 'Hold\.|ModelUpdateChecks|LoadAnswerChecks|waitUntilHeld' \
	Checks/*/main.swift | sed -E 's|Checks/([^/]+)/main.swift|\1|')

comma := ,
empty :=
space := $(empty) $(empty)

# Their three runs share what the compiler and the scheduler decided (computed in the first):
# only the checks on real threads run again.
verify-wrong-answers-ci: ## Each kept wrong answer once, three times where its checks hold threads
	@echo "Exercises whose checks hold threads (three runs each): $(HELD_CHECKS)"
	$(SWIFT) run lab verify --wrong-answers --repeat 3 --rerun-threads-only --repeat-only $(subst $(space),$(comma),$(strip $(HELD_CHECKS)))

# The four verify targets in one run, exercise by exercise: SwiftPM plans each exercise's build
# once for all its rows instead of once per kind.
verify-ci: ## What CI proves: every solution, starter, right and wrong answer (wrong ones as verify-wrong-answers-ci)
	@echo "Exercises whose checks hold threads (their wrong answers run three times): $(HELD_CHECKS)"
	$(SWIFT) run lab verify --repeat 3 --rerun-threads-only --repeat-only $(subst $(space),$(comma),$(strip $(HELD_CHECKS)))

# What `make mutants` measures: every exercise whose inputs changed since the measure recorded
# in docs/mutants-measured.json (CI runs the same and fails on what is not recorded right);
# MUTANTS="--all" measures everything again (about an hour on two cores), MUTANTS="apod/6" one.
MUTANTS ?= --changed

mutants: ## Mutation analysis of the exercises whose inputs changed since measured; records the new measures
	$(SWIFT) run lab dev mutants $(MUTANTS) --record

race: ## The race lab: replays, stress, ThreadSanitizer on both variants, one report table
	$(SWIFT) build --product race-lab
	$(SWIFT) build --sanitize=thread --scratch-path $(TSAN_SCRATCH) --product race-lab
	$(BIN)/race-lab report --tsan-binary $(TSAN_BIN)/race-lab

# The build `make bench` measures: debug by default (already built for the tests);
# BENCH_CONFIG=release measures optimized code after a release build of its own.
BENCH_CONFIG ?= debug

bench: ## Before against after in figures: main queue, hop costs, detection power, exploration (ARGS="--help")
	$(SWIFT) build -c $(BENCH_CONFIG) --product coffee-bench
	$$($(SWIFT) build -c $(BENCH_CONFIG) --show-bin-path)/coffee-bench $(ARGS)
	$(SWIFT) build -c $(BENCH_CONFIG) --product race-lab
	$$($(SWIFT) build -c $(BENCH_CONFIG) --show-bin-path)/race-lab explore-bench

race-tsan-after: ## The after variant's stress under ThreadSanitizer; fails on any report
	$(SWIFT) build --sanitize=thread --scratch-path $(TSAN_SCRATCH) --product race-lab
	$(TSAN_BIN)/race-lab stress --variant after --iterations 60 --quiet

diagnose: ## What the Swift 6 compiler finds in the before variant, by group and catalog entry
	$(SWIFT) build --product race-lab
	$(BIN)/race-lab diagnose

book: ## Write the lab book, a static offline HTML site of every race's lanes, into .build-book/
	$(SWIFT) run lab-book --out .build-book

docs: ## Regenerate docs/races.md from the race catalog
	$(SWIFT) run race-lab docs > docs/races.md

check-editor: ## An editor on Exercises/ understands the exercises (sourcekit-lsp; minutes on a fresh clone)
	$(SWIFT) build --product editor-check
	$(BIN)/editor-check $(ARGS)

lint: ## Check formatting with swift-format; fails on any warning
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)

format: ## Reformat the code in place with swift-format
	$(SWIFT) format --in-place --recursive --parallel $(FORMAT_PATHS)

clean: ## Remove build products
	rm -rf .build .build-*
