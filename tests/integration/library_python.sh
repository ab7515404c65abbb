#!/usr/bin/env bash
# The Python module over the shared library of the build under test
# (BUILD/libskatdd.so.0): its unittest suite (python/tests) and
# examples/solve_position.py, whose last line must be what `skatdd solve`
# reports for the README's first deal; the values of every problem deal
# solved through the module are the ones `skatdd solve` prints.  Under build/san the library is the
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

# The module agrees with the CLI's solver on every solvable problem deal.
files=(problems/*.yaml)
# Under the sanitizers (SKATDD_QUICK) the positions and the examples only.
[ -n "${SKATDD_QUICK:-}" ] && files=(problems/examples.yaml problems/midtrick.yaml problems/null.yaml)
for f in "${files[@]}"; do
    cli=$("$SKATDD" solve --format json "$f" 2>/dev/null |
          jq -r 'if .declarer_points == null then (if .declarer_wins_null then 1 else 0 end) else .declarer_points end') ||
        continue
    py=$("${python[@]}" -c '
import sys, skatdd
deals = skatdd.read_deals_file(sys.argv[1])
with skatdd.Solver() as s:
    for i in range(len(deals)):
        print(s.solve_deal(deals, i).value)' "$f") || fail "Python cannot solve $f"
    [ "$py" = "$cli" ] || fail "$f: Python values $(echo $py) but skatdd solve says $(echo $cli)"
    checked=$((${checked:-0} + 1))
done
[ "${checked:-0}" -ge 3 ] || fail "only ${checked:-0} problem files compared"
