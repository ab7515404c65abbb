#!/usr/bin/env bash
# The Python module over the shared library of the build under test
# (BUILD/libskatdd.so.0): its unittest suite (python/tests) and
# examples/solve_position.py, whose last line must be what `skatdd solve`
# reports for the README's first deal.  Under build/san the library is the
# sanitized one, with AddressSanitizer's runtime preloaded into python3 (which
# is not built with it; its own leaks at exit are not ours: no leak check).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
build=$(dirname "$SKATDD")
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$top"
export SKATDD_LIBRARY="$build/libskatdd.so.0" PYTHONPATH="$top/python" PYTHONDONTWRITEBYTECODE=1
[ -e "$SKATDD_LIBRARY" ] || fail "$SKATDD_LIBRARY not built (make lib, make build/san-lib)"
python=(python3)
case "$build" in
    *san*)
        python=(env LD_PRELOAD="$(gcc -print-file-name=libasan.so)" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 python3)
        ;;
esac

if ! out=$("${python[@]}" -m unittest discover -s python/tests 2>&1); then
    echo "$out" | tail -30
    fail "python unittest"
fi
expected=$("$SKATDD" solve --format json problems/examples.yaml | sed -n 1p | jq .declarer_points)
out=$("${python[@]}" examples/solve_position.py problems/examples.yaml) || fail "Python example failed: $out"
[ "$(echo "$out" | tail -1)" = "$expected" ] || fail "Python example's last line: $(echo "$out" | tail -1), want $expected"
