#!/usr/bin/env bash
# Runs the unit tests of the OpenMP paths built with ThreadSanitizer (make
# build/tsan-units): any data race TSan reports fails the test (exit 66).
#   tests/run_tsan.sh BUILD_DIR UNIT...
# Archer (LLVM's OMPT tool for TSan) tells TSan how OpenMP synchronises; the
# runtime itself is not instrumented, so TSan ignores what happens inside it
# (ignore_noninstrumented_modules).  The tests run scaled down
# (SKATDD_QUICK), as under the other sanitizers: in full, unit_evaluate's
# 231-skat runs took over four minutes here, alone longer than either test
# lane of make test.  What the threads share is still run: 1 against 2
# threads over 231 skats (test_threads), the single-dummy worlds over 231
# skats, and the twelve-card and table tests on all cores.
set -u
build=${1:?usage: run_tsan.sh BUILD_DIR UNIT...}
shift
here=$(cd "$(dirname "$0")" && pwd)
cd "$(dirname "$here")" || exit 1
archer=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | sort -V | tail -1)
if [ -z "$archer" ]; then
    echo "FAIL: libarcher.so not found (Debian package libomp-dev)"
    exit 1
fi
export OMP_TOOL_LIBRARIES=$archer
export TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1"
export SKATDD_QUICK=1
passed=0
failed=0
for unit in "$@"; do
    t=$build/tests/$unit
    if "$t" >"$build/$unit.log" 2>&1 && ! grep -q "ThreadSanitizer" "$build/$unit.log"; then
        passed=$((passed + 1))
    else
        grep -A30 "WARNING: ThreadSanitizer" "$build/$unit.log" | head -60 || tail -20 "$build/$unit.log"
        echo "FAIL: $t"
        failed=$((failed + 1))
    fi
done
echo "$build: $passed passed, $failed failed"
echo "$passed $failed" >"$build/test-counts"
[ "$failed" -eq 0 ]
