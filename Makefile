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

DEB_PACKAGES := gcc make libyaml-dev libcmocka-dev libjansson-dev jq gnuplot-nox

LIB_SRC  := $(wildcard solver/*.c evaluator/*.c) $(filter-out cli/main.c,$(wildcard cli/*.c))
UNIT_SRC := $(wildcard tests/unit_*.c)
SUPPORT_SRC := $(wildcard tests/support_*.c)
BENCH_SRC := tests/bench.c

# Two flavours share the same rules: build/ (optimised) and build/san/ (sanitizers).
define flavour
$(1)/obj/%.o: %.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) $(2) -c $$< -o $$@

$(1)/skatdd: $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRC) cli/main.c)
	$$(CC) $$(ALL_CFLAGS) $(2) $$^ -o $$@ $$(LDLIBS)

$(1)/tests/%: $(1)/obj/tests/%.o $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRC) $$(SUPPORT_SRC))
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) $(2) $$^ -o $$@ $$(LDLIBS) -lcmocka

$(1)-units: $$(patsubst tests/%.c,$(1)/tests/%,$$(UNIT_SRC))
endef

$(eval $(call flavour,build,))
$(eval $(call flavour,build/san,$(SAN_FLAGS)))

.PHONY: all deps run test test-units test-integration bench clean build-units build/san-units
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

bench: deps build/tests/bench build/tests/optimism build/tests/bench_evaluate
	./build/tests/bench $(BENCH_ARGS)
	./build/tests/optimism
	./build/tests/bench_evaluate $(EVAL_BENCH_ARGS)

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
