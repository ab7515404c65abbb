#!/usr/bin/env bash
# Memory that runs out is never a silent answer.  A preloaded allocator
# (failmalloc.c) fails one allocation of a run, each in turn: every run must
# either print exactly what a run with memory prints (times and node counts
# aside) with status 0, or end with status 1 and a line on stderr that says
# "out of memory" (or strerror's "Cannot allocate memory").  The input is
# good, so status 2 (bad input) is wrong.
# Before round 34: jansson, without an allocator that stops the program, left
# a deal's whole object out of solve's JSON and exited 0; the bid ladder's
# scratch allocation failing made a table row's ceiling null; evaluate's
# summary aborted without a word (status 134).  Before round 35: reading a
# deal or rule file without memory exited 2, and when the guard's walk of the
# YAML (yamldepth.c) ran out of memory, the plain scalars it had not reached
# were read as quoted strings: "'value' must be a whole number, not a string
# (tagged !!str)" on isko.yaml, built in, whose values are all plain.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
data=$here/data
# The sanitizers' runtime must be loaded first, and wraps malloc itself.
# Not `grep -q`: its early exit can kill ldd with SIGPIPE, and pipefail then
# made the test run under the sanitizers (CI of round 36 failed so).
if ldd "$SKATDD" 2>/dev/null | grep 'libasan\|libtsan' >/dev/null; then
    echo "sanitizer build: skipped"
    exit 0
fi
# gcov's runtime (make coverage) writes its counts at exit with memory of
# its own, and crashes where that allocation fails.
if grep -q __gcov_exit "$SKATDD"; then
    echo "gcov build: skipped"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O1 -shared -fPIC -o "$work/failmalloc.so" "$here/failmalloc.c" || fail "cannot build failmalloc.so"
# Two deals, so that one of them could go missing from the output.
awk '/^---/ { n++ } n < 2' "$here/../../problems/midtrick.yaml" >"$work/two.yaml"
awk '/^---/ { n++ } n < 1' "$here/../../problems/full_deals.yaml" >"$work/deal.yaml"
same() { sed -E 's/"(ms|nodes)":[0-9.e+-]+/"\1":0/g; s/[0-9.]+ (s|ms)\b/T/g'; }

sweep() { # STRIDE COMMAND...: every STRIDE-th failure point of one run (up to $SWEEP_UPTO if set)
    local stride=$1 expected calls n out status upto
    shift
    expected=$("$SKATDD" "$@" | same)
    calls=$(COUNT_MALLOC=1 LD_PRELOAD="$work/failmalloc.so" "$SKATDD" "$@" 2>&1 >/dev/null |
        sed -n 's/^malloc calls: //p')
    [ -n "$calls" ] && [ "$calls" -gt 100 ] || fail "$*: the allocator counted '$calls' calls"
    upto=${SWEEP_UPTO:-$calls}
    for ((n = 1; n <= calls && n <= upto; n += stride)); do
        out=$(FAIL_AT=$n LD_PRELOAD="$work/failmalloc.so" "$SKATDD" "$@" 2>"$work/err")
        status=$?
        if [ "$status" -eq 0 ]; then
            [ "$(same <<<"$out")" = "$expected" ] || fail "$*: allocation $n failed: exit 0, another output"
        else
            [ "$status" -eq 1 ] || fail "$*: allocation $n failed: exit $status: $(head -c 300 "$work/err")"
            grep -Eqi "out of memory|cannot allocate memory" "$work/err" ||
                fail "$*: allocation $n failed: exit 1 without saying out of memory: $(head -c 300 "$work/err")"
        fi
    done
    [ "$upto" -lt "$calls" ] || upto=$calls
    echo "$*: $(((upto + stride - 1) / stride)) of $calls failure points"
}
# A rule file of the user's own, read by rules and through a deal's rules:.
cp "$here/../../evaluator/rules/classic.yaml" "$work/mine.yaml"
sed "s|^contract: .*|&\nrules: $work/mine.yaml|" "$work/deal.yaml" >"$work/own_rules.yaml"
grep -q "^rules: $work/mine.yaml" "$work/own_rules.yaml" || fail "no deal with rules: $work/mine.yaml"
sweep 5 rules "$work/mine.yaml"
# The list of a rules directory: a file not loaded for want of memory is not a
# bad file (it listed "error: out of memory" and exited 0).
mkdir "$work/dir"
cp "$work/mine.yaml" "$here/../../evaluator/rules/isko.yaml" "$work/dir/"
SKATDD_RULES_DIR="$work/dir" sweep 7 rules
sweep 9 solve --format json "$work/own_rules.yaml"
sweep 3 solve --format json "$work/two.yaml"
sweep 9 table --threads 1 --format json "$work/deal.yaml"
sweep 16 score --format json "$data/score.yaml"
# --rules is read once, with the options: memory that runs out there is the
# system's, status 1 with "out of memory", not a bad option (status 2).
sweep 11 score --format json --rules "$work/mine.yaml" "$data/score.yaml"
sweep 31 analyze --format json "$data/game.yaml"
# The --html page is made ready before any work: memory that ran out there
# was said, but as the path's fault (exit 2).
SWEEP_UPTO=80 sweep 2 analyze --format json --html "$work/page.html" "$data/game.yaml"
# stats loads the rule system a line names (classic here): without memory
# for it, that was the line's fault ("classic.yaml (built in): out of memory
# (give its file with --rules)", exit 2), and its lines went uncounted.
"$SKATDD" batch --job table --quiet --threads 1 --random 3 --rules classic --output "$work/table.jsonl" ||
    fail "batch --job table --rules classic"
sweep 13 stats "$work/table.jsonl"
# Memory that ran out on one file outweighs a bad line of the next (stats
# took the larger number: 2).
echo '{"not": "a batch line"}' >"$work/bad.jsonl"
calls=$(COUNT_MALLOC=1 LD_PRELOAD="$work/failmalloc.so" "$SKATDD" stats "$work/table.jsonl" 2>&1 >/dev/null |
    sed -n 's/^malloc calls: //p')
ran_out=0
for ((n = 1; n <= calls; n += 29)); do
    FAIL_AT=$n LD_PRELOAD="$work/failmalloc.so" "$SKATDD" stats "$work/table.jsonl" "$work/bad.jsonl" \
        >/dev/null 2>"$work/err"
    status=$?
    grep -qi "out of memory\|cannot allocate memory" "$work/err" || continue
    ran_out=$((ran_out + 1))
    [ "$status" -eq 1 ] || fail "stats, a file without memory and a bad one: allocation $n failed: exit $status"
done
[ "$ran_out" -gt 10 ] || fail "stats: memory ran out in $ran_out runs only"
sweep 61 evaluate --quick --threads 1 --samples 1 --format json "$here/../../problems/evaluate.yaml"
echo "out of memory: ok"
