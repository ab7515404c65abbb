#!/usr/bin/env bash
# Runs every test against one build directory (build or build/san):
#   - the cmocka unit test binaries BUILD/tests/unit_*, and unit_values and
#     unit_solver again on the portable copy of the search (SKATDD_NO_BMI2=1)
#     and on the POPCNT copy (SKATDD_SEARCH=popcnt, where the processor has
#     POPCNT), which must search as many nodes for the stored values as the
#     copy the processor chose (and unit_values as many as it stores);
#   - the bad-input cases tests/bad/NAME.yaml: skatdd must exit with status 2 and
#     print exactly the line in tests/bad/NAME.err (COMMAND in NAME.cmd, default solve);
#   - the integration scripts tests/integration/*.sh, run with SKATDD set.
# Prints "N passed, N failed" and exits non-zero when anything failed.
set -u
build=${1:?usage: run_tests.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
cd "$top" || exit 1
export SKATDD="$top/$build/skatdd"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Under the sanitizers (ten times slower) the long random tests run scaled down.
case "$build" in *san*) export SKATDD_QUICK=1 ;; esac
passed=0
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

for t in "$build"/tests/unit_*; do
    [ -x "$t" ] || continue
    if "$t" >"$build/$(basename "$t").log" 2>&1; then
        passed=$((passed + 1))
    else
        cat "$build/$(basename "$t").log"
        fail "$t"
    fi
done

# The other copies of the search (solver/dispatch.h) once more: the stored
# values and the oracle.  (A copy the processor cannot run is not asked for:
# dispatch.c would fall back to its own choice, which unit_values checks.)
for t in unit_values unit_solver; do
    [ -x "$build/tests/$t" ] || continue
    for run in portable:SKATDD_NO_BMI2=1 popcnt:SKATDD_SEARCH=popcnt; do
        copy=${run%%:*} setting=${run#*:}
        if env "$setting" "$build/tests/$t" >"$build/$t-$copy.log" 2>&1; then
            passed=$((passed + 1))
        else
            cat "$build/$t-$copy.log"
            fail "$build/tests/$t ($setting)"
        fi
    done
done

# The copies search alike (the same bounds, the same order): the stored
# values take them the same number of nodes.
values_nodes() { grep '^stored values:' "$build/$1.log" 2>/dev/null; }
if [ -x "$build/tests/unit_values" ]; then
    chosen=$(values_nodes unit_values)
    for copy in portable popcnt; do
        other=$(values_nodes unit_values-$copy)
        if [ -n "$chosen" ] && [ "$chosen" = "$other" ]; then
            passed=$((passed + 1))
        else
            fail "unit_values: the $copy copy of the search differs: '$chosen' against '$other'"
        fi
    done
fi

for case in tests/bad/*.yaml; do
    [ -e "$case" ] || continue
    base=${case%.yaml}
    cmd=solve
    [ -f "$base.cmd" ] && cmd=$(cat "$base.cmd")
    expected=$(cat "$base.err")
    # shellcheck disable=SC2086
    actual=$("$SKATDD" $cmd "$case" 2>&1 >/dev/null)
    status=$?
    if [ "$status" -eq 2 ] && [ "$actual" = "$expected" ]; then
        passed=$((passed + 1))
    else
        fail "$case: status $status, got '$actual', expected '$expected'"
    fi
done

for script in tests/integration/*.sh; do
    [ -e "$script" ] || continue
    if out=$(bash "$script" 2>&1); then
        passed=$((passed + 1))
    else
        echo "$out" | tail -20
        fail "$script"
    fi
done

echo "$build: $passed passed, $failed failed"
echo "$passed $failed" >"$build/test-counts"
[ "$failed" -eq 0 ]
