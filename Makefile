# The Swift Concurrency Lab. `make help` lists the targets.
SWIFT ?= swift
# Every file swift-format checks: the package's own Swift code.
FORMAT_PATHS := Package.swift Sources Tests

.DEFAULT_GOAL := help
.PHONY: help build test demo lint format clean

help: ## List the targets
	@echo "Swift Concurrency Lab: Apple's Coffee Tracker, before and after Swift concurrency."
	@echo
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-12s %s\n", $$1, $$2 }'

build: ## Build every module (the after variant in the Swift 6 mode, warnings as errors)
	$(SWIFT) build --build-tests

test: ## Run the whole test suite: domain tests and the behaviour suite on both variants
	$(SWIFT) test

demo: ## Play a scripted day of coffee on both variants side by side (ARGS="--help" for options)
	$(SWIFT) run coffee-demo $(ARGS)

lint: ## Check formatting with swift-format; fails on any warning
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)

format: ## Reformat the code in place with swift-format
	$(SWIFT) format --in-place --recursive --parallel $(FORMAT_PATHS)

clean: ## Remove build products
	rm -rf .build .build-*
