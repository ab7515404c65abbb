#!/usr/bin/env bash
# Replays the stored fuzz corpus and every past crash input under the
# sanitizers: BUILD/fuzz/TARGET (the fuzz targets linked with replay.c) over
# tests/fuzz/corpus/TARGET, tests/fuzz/crashes/TARGET and the corpora ALSO of
# other targets it reads (the Makefile's FUZZ_SPECS, TARGET[:ALSO...]).  One process per
# target keeps it cheap; only when one fails are its inputs run one by one,
# to name and count the failing ones.  Prints "fuzz-replay: N passed, F
# failed" and writes "N F" to BUILD/fuzz-counts (summed by make test).
set -u
build=${1:?usage: replay.sh BUILD_DIR TARGET[:ALSO...]...}
shift
[ $# -gt 0 ] || { echo "usage: replay.sh BUILD_DIR TARGET[:ALSO...]..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
passed=0
failed=0
for spec in "$@"; do
    target=${spec%%:*}
    also=()
    [[ $spec == *:* ]] && IFS=: read -r -a also <<<"${spec#*:}"
    bin=$build/fuzz/$target
    inputs=()
    for dir in tests/fuzz/corpus/$target tests/fuzz/crashes/$target "${also[@]/#/tests/fuzz/corpus/}"; do
        [ -d "$dir" ] || continue
        while IFS= read -r f; do inputs+=("$f"); done < <(find "$dir" -type f ! -name '.*' | sort)
    done
    [ ${#inputs[@]} -gt 0 ] || continue
    # A hang is a failure too: 60 s is far beyond the few seconds all take.
    if timeout 60 "$bin" "${inputs[@]}" >/dev/null 2>"$build/fuzz-$target.log"; then
        passed=$((passed + ${#inputs[@]}))
        continue
    fi
    for f in "${inputs[@]}"; do
        if timeout 10 "$bin" "$f" >/dev/null 2>"$build/fuzz-$target.log"; then
            passed=$((passed + 1))
        else
            tail -30 "$build/fuzz-$target.log"
            echo "FAIL: fuzz $target $f"
            failed=$((failed + 1))
        fi
    done
done
echo "fuzz-replay: $passed passed, $failed failed"
echo "$passed $failed" >"$build/fuzz-counts"
[ "$failed" -eq 0 ]
