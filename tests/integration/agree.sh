#!/usr/bin/env bash
# The commands agree with each other on the same deals: table, solve,
# problems, analyze, score and evaluate, under isko, texas and tournee
# (tests/integration/agree_check.py says what is compared).  Fixed seeded
# random deals; every disagreement is printed with its deal and both answers.
# SKATDD_QUICK (the sanitizer builds, ten times slower): 4 deals per rule
# system, about 380 solves and 740 comparisons, 5 s on the plain build; else
# 16 deals, about 1,500 solves and 3,000 comparisons, 19 s.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
deals=16
[ -n "${SKATDD_QUICK:-}" ] && deals=4
out=$(python3 "$here/agree_check.py" "$SKATDD" "$work" "$deals") || fail "the commands disagree:
$out"
# The summary names what was compared: a run that compared nothing agrees
# with anything.
grep -Eq "^agree: $deals deals x 3 rule systems, [0-9]{2,} solves, [0-9]{3,} comparisons, 0 disagreements$" <<<"$out" ||
    fail "summary: $out"
