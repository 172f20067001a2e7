# typefit — see README.md. `make run` and `make test` install missing
# Debian packages themselves (as root) or say what to run.
PREFIX ?= /usr/local
SWIFT ?= swift
ARGS ?=
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath $(LAYOUT_FLAGS) $(STARTUP_FLAGS)
# The release binary's code laid out for memory (docs/BENCHMARKS-HISTORY.md, "Session
# 12"): with the toolchain's lld, every function in a section of its own and
# the functions a listing runs placed together (scripts/hot-symbols.txt, from
# scripts/hot-symbols.py), so the kernel maps a few hundred KiB of code
# instead of 6 MiB; with glibc 2.36 or later, relative relocations packed
# (DT_RELR), so ld.so reads 5 KiB of them instead of 670 KiB. A toolchain
# without lld, or an older glibc, builds as before.
SWIFT_BIN_DIR := $(shell dirname "$$(readlink -f "$$(command -v $(SWIFT))")" 2>/dev/null)
HAS_LLD := $(shell test -x "$(SWIFT_BIN_DIR)/ld.lld" && echo yes)
GLIBC_RELR := $(shell v=$$(getconf GNU_LIBC_VERSION 2>/dev/null | cut -d' ' -f2); \
	test -n "$$v" && test "$$(printf '%s\n2.36\n' "$$v" | sort -V | head -1)" = 2.36 && echo yes)
ifeq ($(HAS_LLD),yes)
LAYOUT_FLAGS = -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/hot-symbols.txt -Xlinker --no-warn-symbol-ordering
ifeq ($(GLIBC_RELR),yes)
LAYOUT_FLAGS += -Xlinker -z -Xlinker pack-relative-relocs
endif
endif
# The release binary's start (docs/BENCHMARKS-HISTORY.md, "Session 15"): the Swift
# runtime's C++ library and GCC's unwinder linked in from their archives
# (loading and relocating libstdc++.so and libgcc_s.so was 0.7 ms of every
# run and 1 MiB of its memory), no symbol of typefit's exported to the
# dynamic table (the static Swift library asks for -export-dynamic: 5,000
# symbols ld.so and the runtime's dladdr walk for nothing) and no
# $$ORIGIN search path (typefit loads no library of its own). A toolchain
# whose clang finds no libstdc++.a links it as before.
STATIC_CXX := $(shell f=$$("$(SWIFT_BIN_DIR)/clang" -print-file-name=libstdc++.a 2>/dev/null); \
	test -f "$$f" && echo "$$f" | grep '^/')
STARTUP_FLAGS = -Xlinker --no-export-dynamic
ifneq ($(STATIC_CXX),)
# The driver names -lstdc++ itself; a folder searched first that holds only
# the archive makes that name the archive.
STATIC_CXX_DIR = $(CURDIR)/.build/static-c++
STARTUP_FLAGS += -Xswiftc -L$(STATIC_CXX_DIR) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
endif
BIN = .build/release/typefit

.PHONY: all deps build release run test test-debian13 test-deb asan tsan leaks fuzz lint check-layering bench agreement android-agreement install uninstall deb fixtures fallback-fonts clean

all: build

deps:
	@sh scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	@if [ -n "$(STATIC_CXX)" ]; then mkdir -p $(STATIC_CXX_DIR) && ln -sf $(STATIC_CXX) $(STATIC_CXX_DIR)/libstdc++.a; fi
	$(SWIFT) build $(RELEASE_FLAGS)

# typefit's main job: the installed fonts (a summary: thousands of faces
# would push the table off the screen; `list-fonts --format table` lists
# each), then the Dynamic Type table.
# Pass your own arguments with ARGS='scale --style body --size 17'.
run: release
ifeq ($(strip $(ARGS)),)
	@$(BIN) list-fonts --format plain >.build/installed-fonts.tsv
	@echo "Installed fonts: $$(wc -l <.build/installed-fonts.tsv) faces in $$(cut -f1 .build/installed-fonts.tsv | sort -u | wc -l) families, among them $$(cut -f1 .build/installed-fonts.tsv | sort -u | head -5 | paste -sd, - | sed 's/,/, /g') (typefit list-fonts --format table lists each)"
	@echo
	$(BIN) scale --format table
	@echo
	@echo "typefit is built at $(BIN): 'make install' puts it in $(PREFIX)/bin (with its manual and completions), or run it from there"
else
	$(BIN) $(ARGS)
endif

# The tests, after the cheap checks: the layering grep and the linter.
test: check-layering lint
	@sh scripts/ensure-deps.sh --test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

# The same tests inside a Debian 13 root (fontconfig 2.15, FreeType 2.13,
# HarfBuzz 10, ICU 76), built once with debootstrap under
# /var/cache/typefit-debian13 and run through bubblewrap with a /dev of its
# own. Needs root; installs debootstrap and bubblewrap if missing.
test-debian13:
	sh scripts/test-debian13.sh

# The package (`make deb`) installed as the README's GitLab job installs it,
# into a minimal Debian 13 root, and the job's commands run there; then the
# same root without ICU: exit 2, nothing on stdout, libicu76 named. Needs
# root and Debian's mirror.
test-deb:
	sh scripts/test-deb.sh

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

# libFuzzer targets in Fuzz/ (reading faces from bytes; decoding specs; Markdown,
# rules, .stringsdict and binary plists), each
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

# Only FontRegistry may import the C modules (see docs/REFERENCE.md, "Design").
check-layering:
	@leaks=$$(grep -rlE '^\s*import\s+C(Fontconfig|FreeType|HarfBuzz)' Sources | grep -vE '^Sources/FontRegistry/' || true); \
	if [ -n "$$leaks" ]; then echo "C modules imported outside FontRegistry: $$leaks" >&2; exit 1; fi

# .swift-format enables NeverForceUnwrap and NeverUseForceTry among others.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Fuzz Package.swift

bench: release
	sh scripts/bench.sh $(BIN)

# Every values file of an Android app's sources (ANDROID_RES: a folder,
# e.g. a clone's root) read by typefit and by Debian's aapt2, value for
# value. Not part of `make test`: it depends on the folder given.
ANDROID_RES ?=
android-agreement:
	@test -n "$(ANDROID_RES)" || { echo "make android-agreement: set ANDROID_RES to a folder of res/values* files" >&2; exit 64; }
	@sh scripts/ensure-deps.sh --test
	$(SWIFT) build --build-tests
	TYPEFIT_ANDROID_RES="$(ANDROID_RES)" $(SWIFT) test --skip-build --filter AndroidAppsAgreementTests

# Every font file under the machine's font roots (the folders of fc-list's
# files) and under AGREEMENT_DIRS (colon-separated, e.g. an app's Fonts/),
# read by `typefit list-fonts --dir` and by fc-scan itself, field for field;
# each difference printed with its file, face, field and both values. Not
# part of `make test`: it depends on the machine's fonts.
AGREEMENT_DIRS ?=
agreement: deps
	$(SWIFT) build --build-tests
	TYPEFIT_AGREEMENT=1 TYPEFIT_AGREEMENT_DIRS=$(AGREEMENT_DIRS) $(SWIFT) test --skip-build --filter SystemFontAgreementTests

# The stripped release binary, its manual pages and its bash, zsh and fish
# completions (generated by the binary from its command declarations), under
# $(DESTDIR)$(PREFIX).
install: release
	sh scripts/install.sh $(BIN) "$(DESTDIR)$(PREFIX)"

uninstall:
	sh scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

# A Debian binary package from the same install tree, in .build/deb/;
# lintian checks it when installed (apt-get install lintian).
deb: release
	sh scripts/make-deb.sh $(BIN) .build/deb

# Regenerate the fixture fonts, the hostile corpus cut from them and the
# README's DejaVu Sans subset (needs fontTools and Brotli: apt-get install
# python3-fonttools python3-brotli fonts-dejavu-core).
fixtures:
	python3 Fixtures/make-fonts.py
	python3 Fixtures/make-hostile.py
	python3 Fixtures/make-readme-fonts.py
	python3 Fixtures/tables/make-tables.py
	python3 Fixtures/type1/make-type1.py

# The open faces that stand in for iOS's per script when text falls back
# (docs/REFERENCE.md, measure): Noto's, from Debian. Never needed by the
# tests, which bring their own fonts.
fallback-fonts:
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core fonts-noto-extra fonts-noto-cjk \
			fonts-noto-color-emoji >/dev/null; \
	else \
		echo "run: sudo apt-get install -y fonts-noto-core fonts-noto-extra fonts-noto-cjk fonts-noto-color-emoji" >&2; \
		exit 1; \
	fi

clean:
	rm -rf .build
