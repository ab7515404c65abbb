#!/usr/bin/env bash
# Memory that runs out is never a silent answer.  A preloaded allocator
# (failmalloc.c) fails one allocation of a run, each in turn: every run must
# either print exactly what a run with memory prints (times and node counts
# aside) with status 0, or end with status 1 or 2 and a line on stderr.
# Before round 34: jansson, without an allocator that stops the program, left
# a deal's whole object out of solve's JSON and exited 0; the bid ladder's
# scratch allocation failing made a table row's ceiling null; evaluate's
# summary aborted without a word (status 134).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
data=$here/data
# The sanitizers' runtime must be loaded first, and wraps malloc itself.
if ldd "$SKATDD" 2>/dev/null | grep -q 'libasan\|libtsan'; then
    echo "sanitizer build: skipped"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O1 -shared -fPIC -o "$work/failmalloc.so" "$here/failmalloc.c" || fail "cannot build failmalloc.so"
# Two deals, so that one of them could go missing from the output.
awk '/^---/ { n++ } n < 2' "$here/../../problems/midtrick.yaml" >"$work/two.yaml"
awk '/^---/ { n++ } n < 1' "$here/../../problems/full_deals.yaml" >"$work/deal.yaml"
same() { sed -E 's/"(ms|nodes)":[0-9.e+-]+/"\1":0/g; s/[0-9.]+ (s|ms)\b/T/g'; }

sweep() { # STRIDE COMMAND...: every STRIDE-th failure point of one run
    local stride=$1 expected calls n out status
    shift
    expected=$("$SKATDD" "$@" | same)
    calls=$(COUNT_MALLOC=1 LD_PRELOAD="$work/failmalloc.so" "$SKATDD" "$@" 2>&1 >/dev/null |
        sed -n 's/^malloc calls: //p')
    [ -n "$calls" ] && [ "$calls" -gt 100 ] || fail "$*: the allocator counted '$calls' calls"
    for ((n = 1; n <= calls; n += stride)); do
        out=$(FAIL_AT=$n LD_PRELOAD="$work/failmalloc.so" "$SKATDD" "$@" 2>"$work/err")
        status=$?
        if [ "$status" -eq 0 ]; then
            [ "$(same <<<"$out")" = "$expected" ] || fail "$*: allocation $n failed: exit 0, another output"
        else
            [ "$status" -le 2 ] || fail "$*: allocation $n failed: exit $status"
            [ -s "$work/err" ] || fail "$*: allocation $n failed: exit $status without a word"
        fi
    done
    echo "$*: $(((calls + stride - 1) / stride)) of $calls failure points"
}
sweep 3 solve --format json "$work/two.yaml"
sweep 9 table --threads 1 --format json "$work/deal.yaml"
sweep 16 score --format json "$data/score.yaml"
sweep 31 analyze --format json "$data/game.yaml"
sweep 61 evaluate --quick --threads 1 --samples 1 --format json "$here/../../problems/evaluate.yaml"
echo "out of memory: ok"
