#!/usr/bin/env bash
# What a Skat player expects of evaluate's advice, on fixed seeded random
# hands under every built-in rule system, as ten cards, ten and the skat,
# and twelve in one list, the twelve single-dummy too
# (tests/integration/evaluate_invariants.py says what is checked: chances by
# bid, the game values where they drop, skat against hand games, the choice
# after the skat (skat, best game) against every skat game, ceiling and
# break-even, one thread against two, text against JSON).  Every violation
# is printed with its hand.
# SKATDD_QUICK (the sanitizer builds, ten times slower): 1 hand per rule
# system, ten cards under texas and tournee alone, 52 evaluations, 5 s on the
# plain build; else 2 hands, 108 evaluations, 24 s.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hands=2
[ -n "${SKATDD_QUICK:-}" ] && hands=1
out=$(python3 "$here/evaluate_invariants.py" "$SKATDD" "$work" "$hands") || fail "evaluate breaks its invariants:
$out"
# The summary names what was checked: a run that checked nothing holds
# every invariant.
# (Under tournee one hand more: twelve cards without a diamond or a jack.)
# Per hand 4 evaluations of ten cards, 4 of ten and the skat and 4 of the
# twelve in one list (single-dummy among them).
all=$((4 * hands + 1))
if [ -n "${SKATDD_QUICK:-}" ]; then
    ten="texas tournee" evaluations=$((all * 8 + 4 * (hands + hands + 1)))
else
    ten="classic isko texas tournee" evaluations=$((all * 12))
fi
grep -Eq "^evaluate invariants: $all hands under 4 rule systems \(ten cards under $ten\), $evaluations evaluations, [0-9]{3,} worlds, [0-9]{4,} checks, 0 violations$" <<<"$out" ||
    fail "summary: $out"
