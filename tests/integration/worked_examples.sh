#!/usr/bin/env bash
# skatdd score on the worked examples of the rule texts (/work/shared/rules:
# the ISkO, the Skat-Gericht, preisskat.org, the encyclopedia article, North
# American Skat, pagat on Texas Skat): each must score exactly what its source
# states, and the game the announcement obligation forbids must be refused.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data="$here/data/worked_examples.yaml"

json=$("$SKATDD" score --format json "$data")
# The score of the example whose name starts with $1.
score_of() { jq -r --arg n "$1" 'select(.name | startswith($n)) | .score' <<<"$json"; }
check() {
    local got
    got=$(score_of "$1")
    [ "$got" = "$2" ] || fail "$1: scored '$got', the source states $2"
}
[ "$(jq -s length <<<"$json")" = 13 ] || fail "13 examples expected"
check "ISkO 5.2.6: clubs ouvert" 108
check "ISkO 5.2.6: grand ouvert" 264
# Fall 002: spades without 1 at bid 23, 89 card points: lost with schneider's 33, doubled.
check "Skat-Gericht Fall 002" -66
# 8 x 24 = 192 lost (the source's undoubled figure), doubled as the ISkO counts every loss.
check "preisskat.org: grand hand" -384
[ "$(jq -r 'select(.name | startswith("preisskat.org: grand hand")) | .game_value' <<<"$json")" = 192 ] ||
    fail "grand hand schneider announced: 8 x 24 = 192 lost"
check "preisskat.org: diamonds with two" -54
check "preisskat.org: null hand announced" 59
check "Encyclopedia, scoring example 1" 72
check "Encyclopedia, scoring example 2" -92
check "Encyclopedia, overbid hands: clubs" -72
check "Encyclopedia, overbid hands: the same cards declared hearts" -60
check "Encyclopedia, game value example 2" 110
check "North American Skat: spade Solo" -33
check "Texas (pagat): grand ouvert" 288
# Each declares the game it scores under the rules its document names.
[ "$(jq -s -c '[.[] | .rules] | unique' <<<"$json")" = '["isko","texas","tournee"]' ] || fail "rule systems"

# Diamonds bid 45 without 4, the club jack found in the skat: no diamonds game
# reaches 45, so it may not be announced: one line, exit status 2.
refused="$here/data/worked_examples_refused.yaml"
set +e
out=$("$SKATDD" score "$refused" 2>"$tmp/err")
rc=$?
set -e
[ $rc -eq 2 ] || fail "diamonds without 4 at 45: exit status $rc, not 2"
[ -z "$out" ] || fail "diamonds without 4 at 45: printed a score: $out"
[ "$(cat "$tmp/err")" = "$refused:6:1: not a valid game: diamonds cannot reach the bid 45 (at most 36 with these twelve cards): not allowed in the isko rules" ] ||
    fail "diamonds without 4 at 45: $(cat "$tmp/err")"
# A rule file that says unreachable: lost scores it as before the rule: the
# lowest multiple of 9 not below 45 (45), doubled.
sed 's/^  unreachable: not_allowed$/  unreachable: lost/' "$top/evaluator/rules/isko.yaml" >"$tmp/lost.yaml"
grep -q '^  unreachable: lost$' "$tmp/lost.yaml" || fail "isko.yaml has no line 'unreachable: not_allowed'"
lost=$("$SKATDD" score --rules "$tmp/lost.yaml" --format json "$refused" | jq -c '[.overbid, .score]')
[ "$lost" = '[true,-90]' ] || fail "unreachable: lost: $lost"
echo "worked examples: 14 checked"
