# typefit — see README.md. `make run` and `make test` install missing
# Debian packages themselves (as root) or say what to run.
PREFIX ?= /usr/local
SWIFT ?= swift
ARGS ?=
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release/typefit

.PHONY: all deps build release run test asan tsan leaks fuzz lint check-layering bench agreement install fixtures clean

all: build

deps:
	@sh scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# typefit's main job: the installed fonts, then the Dynamic Type table.
# Pass your own arguments with ARGS='scale --style body --size 17'.
run: release
ifeq ($(strip $(ARGS)),)
	$(BIN) list-fonts --format table
	$(BIN) scale --format table
else
	$(BIN) $(ARGS)
endif

# The tests, after the cheap checks: the layering grep and the linter.
test: check-layering lint
	@sh scripts/ensure-deps.sh --test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The whole test suite under AddressSanitizer (the end-to-end tests run the
# sanitized binary too). Leaks are checked by `make leaks`: the test runtime
# and fontconfig keep one-time allocations that LeakSanitizer would report.
# Swift on Linux has no UndefinedBehaviorSanitizer.
asan: deps
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build/asan

# The whole test suite under ThreadSanitizer: the parallel scanner (several
# worker counts, the hostile corpus) and everything else. halt_on_error makes
# any report fail the run.
tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

# libFuzzer targets in Fuzz/ (reading faces from bytes; decoding specs), each
# run for FUZZ_SECONDS (default 60) from its committed seed corpus.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh scripts/fuzz.sh

# valgrind on list-fonts (installed fonts through the fixture configuration,
# and --dir over the fixtures, broken files included): 0 bytes definitely
# lost, or the target fails.
leaks: build
	@command -v valgrind >/dev/null || { echo "leaks: install valgrind (apt-get install valgrind)" >&2; exit 1; }
	@sh scripts/leaks.sh .build/debug/typefit

# Only FontRegistry may import the C modules (see README, "Design").
check-layering:
	@leaks=$$(grep -rlE '^\s*import\s+C(Fontconfig|FreeType|HarfBuzz|Unibreak)' Sources | grep -vE '^Sources/FontRegistry/' || true); \
	if [ -n "$$leaks" ]; then echo "C modules imported outside FontRegistry: $$leaks" >&2; exit 1; fi

# .swift-format enables NeverForceUnwrap and NeverUseForceTry among others.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

bench: release
	sh scripts/bench.sh $(BIN)

# Every font file under AGREEMENT_DIR read by typefit's own readers and by
# fontconfig, field for field (not part of `make test`: it depends on the
# machine's fonts).
AGREEMENT_DIR ?= /usr/share/fonts
agreement: deps
	$(SWIFT) build --build-tests
	TYPEFIT_AGREEMENT_DIR=$(AGREEMENT_DIR) $(SWIFT) test --skip-build --filter SystemFontAgreementTests

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/typefit

# Regenerate the fixture fonts and the hostile corpus cut from them (needs
# fontTools: pip install fonttools).
fixtures:
	python3 Fixtures/make-fonts.py
	python3 Fixtures/make-hostile.py

clean:
	rm -rf .build
