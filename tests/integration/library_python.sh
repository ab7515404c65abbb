#!/usr/bin/env bash
# The Python module over build/libskatdd.so.0: its unittest suite
# (python/tests) and examples/solve_position.py, whose last line must be what
# `skatdd solve` reports for the README's first deal.  The module loads the
# optimised build's shared library whichever build is tested (python3 itself
# is not built with the sanitizers).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$top"
export SKATDD_LIBRARY="$top/build/libskatdd.so.0" PYTHONPATH="$top/python"
[ -e "$SKATDD_LIBRARY" ] || fail "$SKATDD_LIBRARY not built (make lib)"

python3 -m unittest discover -s python/tests 2>&1 | tail -20 || true
python3 -m unittest discover -s python/tests >/dev/null 2>&1 || fail "python unittest"
expected=$("$SKATDD" solve --format json problems/examples.yaml | sed -n 1p | jq .declarer_points)
out=$(python3 examples/solve_position.py problems/examples.yaml) || fail "Python example failed: $out"
[ "$(echo "$out" | tail -1)" = "$expected" ] || fail "Python example's last line: $(echo "$out" | tail -1), want $expected"
