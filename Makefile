# skatdd — build, dependencies, tests and benchmarks.
# `make run` and `make test` install what is missing (Debian packages) first.

CC       ?= gcc
GEN_DIR  := build/gen
CSTD     := -std=gnu11
# A function used without its declaration is an error, not a warning: its
# call would be compiled against a guessed signature (a fuzz target once
# called rules_describe so after the function moved to cli/rulestext.h).
WARN     := -Wall -Wextra -Werror=implicit-function-declaration -Werror=int-conversion -Werror=incompatible-pointer-types
# Portable: the default build runs on any x86-64 (no -march=native).  The
# search is compiled twice more, with BMI2 (solver/alphabeta_bmi2.c) and with
# POPCNT (solver/alphabeta_popcnt.c; both flags only on x86), and the copy is
# picked at run time by what the processor has (solver/dispatch.h;
# SKATDD_NO_BMI2=1 forces the portable copy, SKATDD_SEARCH=NAME another).
CFLAGS   ?= -O2 -g
BMI2_CFLAGS := $(if $(filter x86_64% i386% i486% i586% i686%,$(shell $(CC) -dumpmachine)),-mbmi2 -mbmi -mpopcnt)
POPCNT_CFLAGS := $(if $(filter x86_64% i386% i486% i586% i686%,$(shell $(CC) -dumpmachine)),-mpopcnt)
# The search's three copies (solver/alphabeta*.c), where nearly all the time
# goes, are optimised further: -O3 made them 3-4 % faster (BMI2) and 6-9 %
# (portable) in README round 30's interleaved comparison.  Empty it to build
# them with CFLAGS alone; the sanitizer builds' own -O1 comes after it.
SEARCH_CFLAGS ?= -O3
# -fPIC: the same objects go into libskatdd.a (the CLI and the tests) and
# libskatdd.so; -fvisibility=hidden keeps everything but the skatdd_* API
# (SKATDD_API in include/skatdd.h) out of the shared library's symbols and
# lets the compiler call internal functions directly, as without -fPIC.
ALL_CFLAGS := $(CSTD) $(WARN) $(CFLAGS) -fopenmp -fPIC -fvisibility=hidden -MMD -MP \
              -Iinclude -Isolver -Ievaluator -Icli -I$(GEN_DIR)
LDLIBS   := -lyaml -ljansson -lm
LIB_LDLIBS := -lyaml -lm
# A program of the public API sees include/skatdd.h and nothing else.
API_CFLAGS = $(CSTD) $(WARN) $(CFLAGS) -Iinclude
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# libclang-rt-dev: clang's sanitizer and libFuzzer runtimes (TSan, make fuzz),
# only recommended by clang, so missing where recommends are not installed.
# groff-base renders the man page (tests/integration/manpage.sh); git clones
# the tree for the install test, which builds the C example with pkg-config
# (pkgconf) and runs the Python module (python3).  chromium renders the
# analyze --html page headless (tests/integration/html.sh).
DEB_PACKAGES := gcc make libyaml-dev libcmocka-dev libjansson-dev jq gnuplot-nox clang libclang-rt-dev libomp-dev \
                groff-base git pkgconf python3 chromium libopenmpi-dev openmpi-bin

LIB_SRC  := $(wildcard solver/*.c evaluator/*.c lib/*.c) $(filter-out cli/main.c,$(wildcard cli/*.c))
# What libskatdd holds: the solver, the evaluator (with the deal and record
# readers) and the public API (lib/).  The CLI is the rest of cli/, linked with libskatdd.a.
CORE_SRC := $(wildcard solver/*.c evaluator/*.c lib/*.c)
CLI_SRC  := $(filter-out $(CORE_SRC),$(wildcard cli/*.c))
LIB_VERSION := $(shell sed -n 's/^\#define SKATDD_VERSION "\(.*\)"/\1/p' include/skatdd.h)
LIB_SONAME  := libskatdd.so.$(firstword $(subst ., ,$(LIB_VERSION)))
EXAMPLES := solve_position
UNIT_SRC := $(wildcard tests/unit_*.c)
SUPPORT_SRC := $(wildcard tests/support_*.c)
BENCH_SRC := tests/bench.c

# The rule systems are built into the program (evaluator/rules_builtin.c
# includes them): an installed skatdd reads no file of the source tree.  One
# generated file serves every flavour; the directory is a prerequisite so
# that adding or removing a rule file regenerates it too.
RULES_YAML := $(sort $(wildcard evaluator/rules/*.yaml))
RULES_INC  := $(GEN_DIR)/rules_embedded.inc

$(RULES_INC): $(RULES_YAML) evaluator/rules tools/embed.sh
	@mkdir -p $(dir $@)
	tools/embed.sh $(RULES_YAML) >$@.tmp && mv $@.tmp $@

# The directory is no program to link from evaluator/rules.c.
evaluator/rules: ;

# ThreadSanitizer over the OpenMP paths (build/tsan/, tests/run_tsan.sh) needs
# clang with LLVM's libomp: TSan learns OpenMP's synchronisation from Archer
# (libarcher, an OMPT tool loaded through OMP_TOOL_LIBRARIES), and is told to
# ignore what the uninstrumented runtime does inside itself.  GCC's libgomp
# has no such hooks: every barrier would look like a race.
TSAN_CC    := clang
TSAN_FLAGS := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
TSAN_UNITS := unit_table unit_evaluate unit_singledummy unit_analysis

# Three flavours share the same rules: build/ (optimised), build/san/
# (address and undefined-behaviour sanitizers) and build/tsan/ (threads; its
# own compiler, the third argument).
define flavour
$(1)/obj/%.o: %.c $(1)/compile-flags
	@mkdir -p $$(dir $$@)
	$(or $(3),$$(CC)) $$(ALL_CFLAGS) $$(SEARCH_OPT) $(2) $$(VARIANT_CFLAGS) -c $$< -o $$@

# The search's BMI2 and POPCNT copies (solver/dispatch.h).
$(1)/obj/%_bmi2.o: VARIANT_CFLAGS = $$(BMI2_CFLAGS)
$(1)/obj/%_popcnt.o: VARIANT_CFLAGS = $$(POPCNT_CFLAGS)
$(1)/obj/solver/alphabeta.o $(1)/obj/solver/alphabeta_bmi2.o $(1)/obj/solver/alphabeta_popcnt.o: \
  SEARCH_OPT = $$(SEARCH_CFLAGS)

# The compiler and flags the objects were built with, rewritten only when they
# change, so that a change of flags rebuilds every object (a stale object
# without -fPIC would break the shared library's link).
$(1)/compile-flags: FORCE
	@mkdir -p $$(dir $$@)
	@echo '$(or $(3),$$(CC)) $$(ALL_CFLAGS) $(2) bmi2: $$(BMI2_CFLAGS) popcnt: $$(POPCNT_CFLAGS) search: $$(SEARCH_CFLAGS)' | cmp -s - $$@ || \
	  echo '$(or $(3),$$(CC)) $$(ALL_CFLAGS) $(2) bmi2: $$(BMI2_CFLAGS) popcnt: $$(POPCNT_CFLAGS) search: $$(SEARCH_CFLAGS)' >$$@

# The generated file must exist before the first compile (afterwards the
# .d files know it); any object rule of a new flavour needs this line too.
$(1)/obj/evaluator/rules_builtin.o: $$(RULES_INC)

$(1)/libskatdd.a: $$(patsubst %.c,$(1)/obj/%.o,$$(CORE_SRC))
	rm -f $$@
	ar rcs $$@ $$^

$(1)/skatdd: $$(patsubst %.c,$(1)/obj/%.o,$$(CLI_SRC)) $(1)/libskatdd.a
	$(or $(3),$$(CC)) $$(ALL_CFLAGS) $(2) $$^ -o $$@ $$(LDLIBS)

# The public API's test and the examples: the header only, the archive.
$(1)/obj/tests/unit_api.o: tests/unit_api.c include/skatdd.h
	@mkdir -p $$(dir $$@)
	$(or $(3),$$(CC)) $$(API_CFLAGS) $(2) -c $$< -o $$@

$(1)/tests/unit_api: $(1)/obj/tests/unit_api.o $(1)/libskatdd.a
	@mkdir -p $$(dir $$@)
	$(or $(3),$$(CC)) $(2) $$^ -o $$@ -fopenmp $$(LIB_LDLIBS) -lcmocka

$(1)/examples/%: examples/%.c include/skatdd.h $(1)/libskatdd.a
	@mkdir -p $$(dir $$@)
	$(or $(3),$$(CC)) $$(API_CFLAGS) $(2) $$< -o $$@ $(1)/libskatdd.a -fopenmp $$(LIB_LDLIBS)

$(1)-examples: $$(addprefix $(1)/examples/,$$(EXAMPLES))

# The shared library: the archive's objects, only skatdd_* exported (the
# version script backs up SKATDD_API), every symbol resolved at link time.
# build/san has one too, for the Python tests under the sanitizers.
$(1)/libskatdd.so.$$(LIB_VERSION): $(1)/libskatdd.a lib/skatdd.map
	$(or $(3),$$(CC)) $(2) -shared -fopenmp -Wl,-soname,$$(LIB_SONAME) -Wl,--version-script=lib/skatdd.map \
	    -Wl,-z,defs -o $$@ -Wl,--whole-archive $(1)/libskatdd.a -Wl,--no-whole-archive $$(LIB_LDLIBS)

$(1)/$$(LIB_SONAME) $(1)/libskatdd.so: $(1)/libskatdd.so.$$(LIB_VERSION)
	ln -sf $$(notdir $$<) $$@

$(1)-lib: $(1)/libskatdd.a $(1)/libskatdd.so $(1)/$$(LIB_SONAME)

$(1)/tests/%: $(1)/obj/tests/%.o $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRC) $$(SUPPORT_SRC))
	@mkdir -p $$(dir $$@)
	$(or $(3),$$(CC)) $$(ALL_CFLAGS) $(2) $$^ -o $$@ $$(LDLIBS) -lcmocka

$(1)-units: $$(patsubst tests/%.c,$(1)/tests/%,$$(UNIT_SRC))
endef

$(eval $(call flavour,build,))

# Open MPI (libopenmpi-dev, openmpi-bin) for skatdd batch under mpirun: only
# cli/batchmpi.c sees mpi.h, and only the optimised skatdd links libmpi.  The
# sanitizer builds go without (SKATDD_MPI undefined: the process runs alone):
# libmpi's own allocations that live to the end would be reported as leaks,
# and its uninstrumented threads would confuse ThreadSanitizer.  A process not
# started by mpirun never calls MPI_Init (cli/batchmpi.c), so the other
# commands pay nothing but the library's loading.
MPI_CFLAGS  := $(shell mpicc --showme:compile 2>/dev/null)
MPI_LDFLAGS := $(shell mpicc --showme:link 2>/dev/null)
ifneq ($(MPI_LDFLAGS),)
# (A rule of its own, not a target-specific ALL_CFLAGS: that would reach
# build/compile-flags through the prerequisite and rewrite it.)
build/obj/cli/batchmpi.o: cli/batchmpi.c build/compile-flags
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DSKATDD_MPI $(MPI_CFLAGS) -c $< -o $@
build/skatdd: LDLIBS += $(MPI_LDFLAGS)
build/tests/%: LDLIBS += $(MPI_LDFLAGS)
endif
$(eval $(call flavour,build/san,$(SAN_FLAGS)))
# build/cov/: instrumented by gcov, for make coverage (-O1: the tests' long
# searches stay bearable, and lines stay lines).
COV_FLAGS := -O1 -g --coverage
$(eval $(call flavour,build/cov,$(COV_FLAGS)))
$(eval $(call flavour,build/tsan,$(TSAN_FLAGS),$(TSAN_CC)))

lib: build-lib

# The C example linked with the shared library (found next to it: rpath),
# to show what a program outside this tree does.
build/examples/solve_position: examples/solve_position.c include/skatdd.h build/libskatdd.so build/$(LIB_SONAME)
	@mkdir -p $(dir $@)
	$(CC) $(API_CFLAGS) $< -o $@ -Lbuild -lskatdd -Wl,-rpath,'$$ORIGIN/..'

tsan-units: $(addprefix build/tsan/tests/,$(TSAN_UNITS))

# Fuzz targets (tests/fuzz/): one per reader.  build/fuzz/ links them with
# libFuzzer (clang's -fsanitize=fuzzer) for make fuzz; build/san/fuzz/ links
# the same files with gcc's sanitizers and a plain driver (replay.c), so that
# make test replays the stored corpus and past crash inputs without libFuzzer.
FUZZ_TARGETS := deal rules iss score jsonl
# The stored corpora a target reads besides its own: score takes deal files
# and ISS records, so theirs are its inputs too (its own corpus holds only
# what reaches code beyond the readers).  FUZZ_SPECS: TARGET[:ALSO...] for
# make fuzz and replay.sh.
FUZZ_ALSO_score := deal:iss
FUZZ_SPECS := $(foreach t,$(FUZZ_TARGETS),$(t)$(if $(FUZZ_ALSO_$(t)),:$(FUZZ_ALSO_$(t))))
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
                -fno-sanitize-recover=all
FUZZ_HELPERS := tests/fuzz/fuzz_file.c

$(eval $(call flavour,build/fuzz,$(FUZZ_FLAGS),clang))

build/fuzz/%: build/fuzz/obj/tests/fuzz/fuzz_%.o $(patsubst %.c,build/fuzz/obj/%.o,$(LIB_SRC) $(FUZZ_HELPERS))
	clang $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $^ -o $@ $(LDLIBS)

build/san/fuzz/%: build/san/obj/tests/fuzz/fuzz_%.o build/san/obj/tests/fuzz/replay.o \
                  $(patsubst %.c,build/san/obj/%.o,$(LIB_SRC) $(FUZZ_HELPERS))
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) $^ -o $@ $(LDLIBS)

fuzz-replay-bins: $(addprefix build/san/fuzz/,$(FUZZ_TARGETS))

# The targets' own objects are made only through the pattern rules above: keep
# them (make would delete them as intermediate and rebuild them every time).
.SECONDARY: $(foreach b,build/fuzz build/san,$(patsubst %.c,$(b)/obj/%.o,$(wildcard tests/fuzz/*.c)))

# A target's dictionary: its own, or for score (deal files and ISS records)
# both readers' words.
build/fuzz/%.dict: tests/fuzz/%.dict
	@mkdir -p $(dir $@)
	cp $< $@
build/fuzz/score.dict: tests/fuzz/deal.dict tests/fuzz/iss.dict
	@mkdir -p $(dir $@)
	cat $^ >$@

# Each target runs FUZZ_SECONDS on the stored corpus (read only) and its own
# working corpus build/fuzz/corpus/TARGET; crash inputs land in
# build/fuzz/crashes/.  make fuzz-merge adds what the working corpora found
# that covers new code to tests/fuzz/corpus/.  -close_fd_mask=3: the
# commands' answers and messages (score, jsonl) are not logged per input;
# sanitizer reports still are.
fuzz: deps $(addprefix build/fuzz/,$(FUZZ_TARGETS)) $(patsubst %,build/fuzz/%.dict,$(FUZZ_TARGETS))
	@mkdir -p build/fuzz/crashes
	@for spec in $(FUZZ_SPECS); do \
	  t=$${spec%%:*}; also=; \
	  for a in $$(echo "$${spec#$$t}" | tr : ' '); do also="$$also tests/fuzz/corpus/$$a"; done; \
	  mkdir -p build/fuzz/corpus/$$t tests/fuzz/corpus/$$t; \
	  echo "fuzzing $$t for $(FUZZ_SECONDS) s"; \
	  build/fuzz/$$t build/fuzz/corpus/$$t tests/fuzz/corpus/$$t $$also -dict=build/fuzz/$$t.dict -close_fd_mask=3 \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
	    -artifact_prefix=build/fuzz/crashes/$$t- 2>build/fuzz/$$t.log || \
	    { tail -60 build/fuzz/$$t.log; exit 1; }; \
	  grep -E 'stat::number_of_executed_units|cov:' build/fuzz/$$t.log | tail -2; \
	done

fuzz-merge: $(addprefix build/fuzz/,$(FUZZ_TARGETS))
	@for t in $(FUZZ_TARGETS); do \
	  build/fuzz/$$t -merge=1 -close_fd_mask=3 tests/fuzz/corpus/$$t build/fuzz/corpus/$$t 2>>build/fuzz/merge.log || exit 1; \
	done

.PHONY: install uninstall install-bin install-man install-completion uninstall-bin uninstall-man \
        uninstall-completion
.PHONY: lib build-lib build/san-lib build-examples build/san-examples install-lib uninstall-lib install-python uninstall-python
.PHONY: FORCE all deps run test coverage fuzz fuzz-merge fuzz-replay-bins test-units test-integration test-tsan bench bench-pair bench-batch oracle-long invariants-long stored-values clean build-units build/san-units tsan-units
.DEFAULT_GOAL := all

all: build/skatdd lib

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

run: deps build/skatdd
	./build/skatdd solve problems/examples.yaml
	./build/skatdd problems problems/

test: deps
	$(MAKE) -j2 --no-print-directory build/skatdd build-units lib build-examples
	$(MAKE) -j2 --no-print-directory build/san/skatdd build/san-units build/san-lib build/san-examples fuzz-replay-bins
	tests/run_lanes.sh $(FUZZ_SPECS)
	$(MAKE) --no-print-directory test-tsan
	@awk '{ p += $$1; f += $$2 } END { printf "all builds: %d passed, %d failed\n", p, f }' \
	    build/test-counts build/san/test-counts build/san/fuzz-counts build/tsan/test-counts

# make coverage: make test's tests of one build (unit tests, bad input,
# integration scripts) on build/cov/, then the share of lines each source
# file runs, least covered first (tools/coverage.py, gcov alone).  It finds
# the code no test reaches; not part of make test (12 minutes here, the tests
# alone; the build first).
coverage: deps
	$(MAKE) -j2 --no-print-directory build/cov/skatdd build/cov-units build/cov-lib build/cov-examples
	find build/cov -name '*.gcda' -delete
	-tests/run_tests.sh build/cov >build/cov/tests.log 2>&1; tail -1 build/cov/tests.log
	tools/coverage.py build/cov

test-tsan: deps
	$(MAKE) -j2 --no-print-directory tsan-units
	tests/run_tsan.sh build/tsan $(TSAN_UNITS)

# make oracle-long: the solver against the brute-force oracle (unit_solver,
# unit_ramsch, unit_worlds) on ORACLE_ROUNDS rounds of random positions, each round other
# ones (the first is make test's), on every copy of the search the processor
# can run.  Long: about a second a round and copy; not part of make test.
ORACLE_ROUNDS ?= 200
oracle-long: deps build/tests/unit_solver build/tests/unit_ramsch build/tests/unit_worlds
	@for run in chosen: portable:SKATDD_NO_BMI2=1 popcnt:SKATDD_SEARCH=popcnt; do \
	  copy=$${run%%:*} setting=$${run#*:}; \
	  for t in unit_solver unit_ramsch unit_worlds; do \
	    echo "$$t, $(ORACLE_ROUNDS) rounds, the $$copy copy"; \
	    env SKATDD_ORACLE_ROUNDS=$(ORACLE_ROUNDS) $$setting build/tests/$$t >build/$$t-long-$$copy.log 2>&1 || \
	      { tail -30 build/$$t-long-$$copy.log; exit 1; }; \
	    grep -E '^\[  PASSED' build/$$t-long-$$copy.log; \
	  done; \
	done

# make invariants-long: evaluate's invariants (tests/integration/
# evaluate_invariants.py) on INVARIANT_SEEDS more seeds of random hands, 2
# hands per rule system each (about 25 s a seed), with INVARIANT_OPTIONS
# (default --quick; "--samples 2" plays several layouts per skat).
INVARIANT_SEEDS ?= 10
INVARIANT_OPTIONS ?= --quick
invariants-long: deps build/skatdd
	@work=$$(mktemp -d) && trap 'rm -rf "$$work"' EXIT && \
	for seed in $$(seq 1 $(INVARIANT_SEEDS)); do \
	  printf 'seed %s: ' $$seed; \
	  SKATDD_INVARIANTS_SEED=$$seed SKATDD_INVARIANTS_OPTIONS="$(INVARIANT_OPTIONS)" \
	    python3 tests/integration/evaluate_invariants.py $(CURDIR)/build/skatdd "$$work" 2 || exit 1; \
	done

# Rewrites the stored values that tests/unit_values.c checks: only when a
# change of the answers is intended (a rules fix), never for speed.
stored-values: build/tests/bench
	./build/tests/bench --write-values 100 >tests/data/values.txt.tmp && mv tests/data/values.txt.tmp tests/data/values.txt

# make bench BENCH_ARGS=--quick: the solver's figures on smaller sets, under
# a minute (the single-dummy, evaluate and batch benchmarks are left out).
# Either way the quick sets run again on the search's POPCNT and portable
# copies (solver/dispatch.h), so that the bench reports every copy.
# The full bench ends with bench-batch, the deals per second per core that
# the README's figures for ten million deals are computed from.
bench: deps build/tests/bench build/tests/bench_thresholds build/tests/optimism build/tests/bench_evaluate build/skatdd
	./build/tests/bench $(BENCH_ARGS)
	SKATDD_SEARCH=popcnt ./build/tests/bench --quick
	SKATDD_NO_BMI2=1 ./build/tests/bench --quick
	./build/tests/bench_thresholds
	@case " $(BENCH_ARGS) " in *" --quick "*) exit 0 ;; esac; \
	  echo ./build/tests/optimism && ./build/tests/optimism && \
	  echo ./build/tests/bench_evaluate $(EVAL_BENCH_ARGS) && ./build/tests/bench_evaluate $(EVAL_BENCH_ARGS) && \
	  $(MAKE) --no-print-directory bench-batch

# make bench-pair PAIR_CFLAGS='...': the search as built against a copy of it
# compiled once more with PAIR_CFLAGS added (other flags, or -D switches that
# a change under trial is put behind), item by item in turn in one process,
# so that a change of a few per cent shows on a machine whose speed drifts
# (tests/bench_pair.c).  PAIR_ARGS: layouts per bench hand and deals per game.
PAIR_CFLAGS ?=
PAIR_ARGS ?=
build/pair/alphabeta_pair.o: solver/alphabeta.c FORCE
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SEARCH_CFLAGS) $(BMI2_CFLAGS) -DSEARCH_VARIANT=pair $(PAIR_CFLAGS) -c $< -o $@
build/tests/bench_pair: build/pair/alphabeta_pair.o
bench-pair: deps build/tests/bench_pair
	./build/tests/bench_pair $(PAIR_ARGS)

# Deals per second per core of skatdd batch (the rate line it prints at the
# end): solve (grand, forehand, the best discard found) and the full contract
# table of seeded random deals, one thread, then all.
BATCH_BENCH_SOLVE ?= 200
BATCH_BENCH_TABLE ?= 20
bench-batch: deps build/skatdd
	@uptime
	./build/skatdd batch --job solve --random $(BATCH_BENCH_SOLVE) --threads 1 >/dev/null
	./build/skatdd batch --job solve --random $(BATCH_BENCH_SOLVE) >/dev/null
	./build/skatdd batch --job table --random $(BATCH_BENCH_TABLE) --threads 1 >/dev/null
	./build/skatdd batch --job table --random $(BATCH_BENCH_TABLE) >/dev/null

# The library for other programs: header, archive, shared library with its
# links, and a pkg-config file.  The Python module goes where Debian's
# python3 looks for packages under /usr/local.
PREFIX  ?= /usr/local
DESTDIR ?=
LIBDIR   = $(DESTDIR)$(PREFIX)/lib
PYDIR    = $(DESTDIR)$(PREFIX)/lib/python3/dist-packages/skatdd

install-lib: lib
	install -d $(DESTDIR)$(PREFIX)/include $(LIBDIR)/pkgconfig
	install -m 644 include/skatdd.h $(DESTDIR)$(PREFIX)/include/skatdd.h
	install -m 644 build/libskatdd.a $(LIBDIR)/libskatdd.a
	install -m 755 build/libskatdd.so.$(LIB_VERSION) $(LIBDIR)/libskatdd.so.$(LIB_VERSION)
	ln -sf libskatdd.so.$(LIB_VERSION) $(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(LIBDIR)/libskatdd.so
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(LIB_VERSION)|g' lib/skatdd.pc.in >$(LIBDIR)/pkgconfig/skatdd.pc

uninstall-lib:
	rm -f $(DESTDIR)$(PREFIX)/include/skatdd.h $(LIBDIR)/libskatdd.a $(LIBDIR)/libskatdd.so.$(LIB_VERSION) \
	      $(LIBDIR)/$(LIB_SONAME) $(LIBDIR)/libskatdd.so $(LIBDIR)/pkgconfig/skatdd.pc

install-python:
	install -d $(PYDIR)
	install -m 644 python/skatdd/__init__.py $(PYDIR)/__init__.py

uninstall-python:
	rm -f $(PYDIR)/__init__.py
	rm -rf $(PYDIR)/__pycache__
	-rmdir $(PYDIR)

clean:
	rm -rf build

# make install [PREFIX=/usr/local] [DESTDIR=/staging]: the program (its rule
# systems built in), the man page, the bash completion, and the library
# (install-lib, install-python above).  uninstall removes
# exactly those files (directories stay: they may hold other programs' files).
PREFIX      ?= /usr/local
BINDIR      := $(PREFIX)/bin
MAN1DIR     := $(PREFIX)/share/man/man1
COMPLETIONDIR := $(PREFIX)/share/bash-completion/completions
INSTALL     ?= install

install: install-bin install-man install-completion install-lib install-python
uninstall: uninstall-bin uninstall-man uninstall-completion uninstall-lib uninstall-python

install-bin: build/skatdd
	$(INSTALL) -D -m 755 build/skatdd $(DESTDIR)$(BINDIR)/skatdd

install-man:
	$(INSTALL) -D -m 644 docs/skatdd.1 $(DESTDIR)$(MAN1DIR)/skatdd.1

install-completion:
	$(INSTALL) -D -m 644 completion/skatdd.bash $(DESTDIR)$(COMPLETIONDIR)/skatdd

uninstall-bin:
	rm -f $(DESTDIR)$(BINDIR)/skatdd

uninstall-man:
	rm -f $(DESTDIR)$(MAN1DIR)/skatdd.1

uninstall-completion:
	rm -f $(DESTDIR)$(COMPLETIONDIR)/skatdd

-include $(shell find build -name '*.d' 2>/dev/null)
