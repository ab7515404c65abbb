#!/usr/bin/env bash
# skatdd evaluate end to end on a twelve-card hand (one skat, so it is quick):
# the JSON keys, a discard from the hand, the same seed twice, the plot.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
data="$here/data/twelve.yaml"
json=$("$SKATDD" evaluate --quiet --samples 3 --seed 5 --format json "$data")
for key in skats samples contracts confidence bid_ceiling best_bid discard; do
    echo "$json" | jq -e "has(\"$key\")" >/dev/null || fail "missing key $key"
done
[ "$(echo "$json" | jq .skats)" = 1 ] || fail "twelve cards: one skat"
[ "$(echo "$json" | jq .samples)" = 3 ] || fail "samples"
[ "$(echo "$json" | jq '.discard | length')" = 2 ] || fail "discard of two cards"
echo "$json" | jq -e '.contracts[] | select(.p_win < 0 or .p_win > 1)' >/dev/null && fail "probability out of range"
echo "$json" | jq -e '.contracts[0] | has("p_win") and has("p_schneider") and has("p_schwarz") and has("expected_value") and has("expected_score") and has("bids")' >/dev/null || fail "contract keys"
again=$("$SKATDD" evaluate --quiet --samples 3 --seed 5 --threads 1 --format json "$data")
[ "$(echo "$json" | jq -c 'del(.ms, .nodes)')" = "$(echo "$again" | jq -c 'del(.ms, .nodes)')" ] || fail "same seed, other thread count"
svg=$(mktemp --suffix=.svg)
"$SKATDD" evaluate --quiet --samples 2 --plot "$svg" "$data" >/dev/null
grep -q "<svg" "$svg" || fail "plot is no SVG"
rm -f "$svg"
text=$("$SKATDD" evaluate --quiet --samples 2 "$data")
grep -q "optimistic for the declarer" <<<"$text" || fail "the optimism note"
exit 0
