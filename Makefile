# skatdd — build, dependencies, tests and benchmarks.
# `make run` and `make test` install what is missing (Debian packages) first.

CC       ?= gcc
CSTD     := -std=gnu11
WARN     := -Wall -Wextra
CFLAGS   ?= -O2 -g -march=native
ALL_CFLAGS := $(CSTD) $(WARN) $(CFLAGS) -fopenmp -MMD -MP -Isolver -Ievaluator -Icli \
              -DSKATDD_RULES_DIR='"$(CURDIR)/evaluator/rules"'
LDLIBS   := -lyaml -ljansson -lm
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

DEB_PACKAGES := gcc make libyaml-dev libcmocka-dev libjansson-dev jq gnuplot-nox clang libomp-dev

LIB_SRC  := $(wildcard solver/*.c evaluator/*.c) $(filter-out cli/main.c,$(wildcard cli/*.c))
UNIT_SRC := $(wildcard tests/unit_*.c)
SUPPORT_SRC := $(wildcard tests/support_*.c)
BENCH_SRC := tests/bench.c

# ThreadSanitizer over the OpenMP paths (build/tsan/, tests/run_tsan.sh) needs
# clang with LLVM's libomp: TSan learns OpenMP's synchronisation from Archer
# (libarcher, an OMPT tool loaded through OMP_TOOL_LIBRARIES), and is told to
# ignore what the uninstrumented runtime does inside itself.  GCC's libgomp
# has no such hooks: every barrier would look like a race.
TSAN_CC    := clang
TSAN_FLAGS := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
TSAN_UNITS := unit_table unit_evaluate unit_singledummy

# Three flavours share the same rules: build/ (optimised), build/san/
# (address and undefined-behaviour sanitizers) and build/tsan/ (threads; its
# own compiler, the third argument).
define flavour
$(1)/obj/%.o: %.c
	@mkdir -p $$(dir $$@)
	$(or $(3),$$(CC)) $$(ALL_CFLAGS) $(2) -c $$< -o $$@

$(1)/skatdd: $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRC) cli/main.c)
	$(or $(3),$$(CC)) $$(ALL_CFLAGS) $(2) $$^ -o $$@ $$(LDLIBS)

$(1)/tests/%: $(1)/obj/tests/%.o $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRC) $$(SUPPORT_SRC))
	@mkdir -p $$(dir $$@)
	$(or $(3),$$(CC)) $$(ALL_CFLAGS) $(2) $$^ -o $$@ $$(LDLIBS) -lcmocka

$(1)-units: $$(patsubst tests/%.c,$(1)/tests/%,$$(UNIT_SRC))
endef

$(eval $(call flavour,build,))
$(eval $(call flavour,build/san,$(SAN_FLAGS)))
$(eval $(call flavour,build/tsan,$(TSAN_FLAGS),$(TSAN_CC)))

tsan-units: $(addprefix build/tsan/tests/,$(TSAN_UNITS))

.PHONY: all deps run test test-units test-integration test-tsan bench clean build-units build/san-units tsan-units
.DEFAULT_GOAL := all

all: build/skatdd

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
	$(MAKE) -j2 --no-print-directory build/skatdd build-units
	$(MAKE) -j2 --no-print-directory build/san/skatdd build/san-units
	tests/run_tests.sh build
	tests/run_tests.sh build/san
	$(MAKE) --no-print-directory test-tsan
	@awk '{ p += $$1; f += $$2 } END { printf "all builds: %d passed, %d failed\n", p, f }' \
	    build/test-counts build/san/test-counts build/tsan/test-counts

test-tsan: deps
	$(MAKE) -j2 --no-print-directory tsan-units
	tests/run_tsan.sh build/tsan $(TSAN_UNITS)

bench: deps build/tests/bench build/tests/optimism build/tests/bench_evaluate
	./build/tests/bench $(BENCH_ARGS)
	./build/tests/optimism
	./build/tests/bench_evaluate $(EVAL_BENCH_ARGS)

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
