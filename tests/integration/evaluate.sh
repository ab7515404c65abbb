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
# --quick and --samples in either order: the samples given (batch's run
# fingerprint sorts the options by name; --samples 3 --quick gave 1 layout).
for args in "--quick --samples 3" "--samples 3 --quick"; do
    # shellcheck disable=SC2086
    [ "$("$SKATDD" evaluate --quiet $args --format json "$data" | jq .samples)" = 3 ] || fail "evaluate $args: not 3 samples"
done
svg=$(mktemp --suffix=.svg)
"$SKATDD" evaluate --quiet --samples 2 --plot "$svg" "$data" >/dev/null
grep -q "<svg" "$svg" || fail "plot is no SVG"
rm -f "$svg"
[ "$(echo "$json" | jq -r .model)" = double-dummy ] || fail "model"
echo "$json" | jq -e '[.contracts[] | select(.ouvert == true)] | length >= 1' >/dev/null || fail "an ouvert row"

# evaluate and table list the same contracts (table: a full deal; evaluate:
# one hand of it, ten cards, quick).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/deal.yaml" <<'YAML'
hands:
  forehand: CJ SJ HJ DJ CA CT SA ST HA D7
  middlehand: C9 C8 C7 CK SK SQ S8 HT HK HQ
  rearhand: CQ S7 S9 H9 H8 H7 DA DT DK DQ
skat: D9 D8
YAML
printf 'hands:\n  forehand: CJ SJ HJ DJ CA CT SA ST HA D7\n' >"$tmp/hand.yaml"
for rules in isko texas tournee classic; do
    t=$("$SKATDD" table --rules "$rules" --format json "$tmp/deal.yaml" |
        jq -c '[.seats.forehand.contracts[] | select(.contract | startswith("tournee") | not) | [.contract, .hand, .ouvert]]')
    e=$("$SKATDD" evaluate --quiet --quick --rules "$rules" --format json "$tmp/hand.yaml" |
        jq -c '[.contracts[] | select(.contract | startswith("tournee") | not) | [.contract, .hand, .ouvert]]')
    [ "$t" = "$e" ] || fail "$rules: table lists $t, evaluate $e"
done

# Single-dummy: reproducible, the same for one and two threads, names its rows.
sd=$("$SKATDD" evaluate --quiet --samples 2 --model single-dummy --sd-layouts 2 --sd-contracts 2 --format json "$data")
sd1=$("$SKATDD" evaluate --quiet --samples 2 --model single-dummy --sd-layouts 2 --sd-contracts 2 --threads 1 --format json "$data")
[ "$(echo "$sd" | jq -c 'del(.ms, .nodes)')" = "$(echo "$sd1" | jq -c 'del(.ms, .nodes)')" ] || fail "single-dummy, other thread count"
[ "$(echo "$sd" | jq -r .model)" = single-dummy ] || fail "single-dummy model"
[ "$(echo "$sd" | jq '[.contracts[] | select(.evaluated)] | length')" = 2 ] || fail "single-dummy plays 2 rows"
# The text names the layouts per decision, one in the singular ("from 1 sampled layouts" before).
sd_text=$("$SKATDD" evaluate --quiet --samples 1 --model single-dummy --sd-layouts 1 --sd-contracts 1 "$data")
grep -q "each card from 1 sampled layout of the cards" <<<"$sd_text" || fail "single-dummy: one layout, singular"
grep -qx "Played: the 1 contract with the best double-dummy expected score; the others are left out." <<<"$sd_text" ||
    fail "single-dummy: one contract played, not said so"
# More rows asked for than there are: every row is played, and the text says so.
all=$("$SKATDD" evaluate --quiet --samples 1 --model single-dummy --sd-layouts 1 --sd-contracts 30 --format json "$data")
echo "$all" | jq -e '.contracts | length > 3 and all(.evaluated)' >/dev/null || fail "single-dummy: not every row played"
all_text=$("$SKATDD" evaluate --quiet --samples 1 --model single-dummy --sd-layouts 1 --sd-contracts 30 "$data")
grep -qx "Played: every contract." <<<"$all_text" || fail "single-dummy: every row played, not said so"

text=$("$SKATDD" evaluate --quiet --samples 2 "$data")
grep -q "optimistic for the declarer" <<<"$text" || fail "the optimism note"

# No safe bid, and the best play is the game chosen after seeing the skat
# (unit_api's test_evaluate_best_after_skat): the text and the JSON say so.
printf 'hands:\n  forehand: HJ DJ CA C9 C8 C7 SA S9 S8 S7\n' >"$tmp/after_skat.yaml"
after=$("$SKATDD" evaluate --quiet --samples 2 --seed 7 "$tmp/after_skat.yaml")
grep -qx "No bid is safe at probability 0.90; pick up the skat and play the best game for it." <<<"$after" ||
    fail "the best game after the skat not said: $(grep -E '^(No bid|Bid up)' <<<"$after")"
[ "$("$SKATDD" evaluate --quiet --samples 2 --seed 7 --format json "$tmp/after_skat.yaml" |
    jq -c '[.best_contract, .bid_ceiling]')" = '["skat, best game",null]' ] || fail "the best game after the skat in JSON"

# The choice after the skat at a bid no game can reach with some skats: with
# no jack in hand, grand is worth 120 (without 4, schwarz: 5 x 24) unless the
# skat brings the club or the spade jack (with 1 or without 1: at most 4 x
# 24 = 96), except both (with 2: 5 x 24 again), so 231 - 190 - 1 = 40 of the
# 231 skats are overbid at 120, whatever the layouts.
printf 'hands:\n  forehand: CA CT SA ST HA HT DA DT CK SK\n' >"$tmp/no_jack.yaml"
no_jack=$("$SKATDD" evaluate --quiet --quick --confidence 0.5 --ascii "$tmp/no_jack.yaml")
grep -q "chosen at 120: grand 0.83 overbid 0.17$" <<<"$no_jack" ||
    fail "the overbid share of the choice after the skat: $(grep 'chosen at' <<<"$no_jack")"
[ "$("$SKATDD" evaluate --quiet --quick --confidence 0.5 --format json "$tmp/no_jack.yaml" |
    jq -c '[.after_skat.choices_at, (.after_skat.overbid * 231 | round)]')" = '[120,40]' ] ||
    fail "the overbid share of the choice after the skat in JSON"

# A chance just below the confidence is not rounded up to it: grand wins
# 207 of 231 worlds at 48 (0.896), which two decimals showed as 0.90 beside
# "No bid is safe at probability 0.90".  A confidence of more decimals is
# shown as given.
printf 'hands:\n  middlehand: CJ DJ CA CT C9 SA SK HA H7 D8\n' >"$tmp/near.yaml"
near=$("$SKATDD" evaluate --quiet --quick --ascii "$tmp/near.yaml")
grep -Eq "^grand +0\.896 .* 48:0\.896 72:0\.13 " <<<"$near" || fail "a chance below the confidence: $(grep '^grand ' <<<"$near")"
grep -q "^No bid is safe at probability 0.90; " <<<"$near" || fail "no safe bid at 0.90: $(grep -E '^(No bid|Bid)' <<<"$near")"
[ "$("$SKATDD" evaluate --quiet --quick --format json "$tmp/near.yaml" |
    jq -c '[.bid_ceiling, (.contracts[] | select(.contract == "grand") | .p_win * 231 | round)]')" = '[null,207]' ] ||
    fail "a chance below the confidence in JSON"
near=$("$SKATDD" evaluate --quiet --quick --ascii --confidence 0.875 "$tmp/near.yaml")
grep -q "^Bid up to 48 (wins with probability 0.875 or more with grand)" <<<"$near" ||
    fail "a confidence of three decimals: $(grep -E '^(No bid|Bid)' <<<"$near")"
grep -Eq "^grand +0\.90 .* 48:0\.90 " <<<"$near" || fail "a chance above the confidence: $(grep '^grand ' <<<"$near")"
# Confidences near 1 and 0 are not rounded to them (six decimals read
# 1.000000 and 0.000000).
near=$("$SKATDD" evaluate --quiet --quick --ascii --confidence 0.9999999 "$tmp/near.yaml")
grep -q "^No bid is safe at probability 0.9999999; " <<<"$near" || fail "confidence 0.9999999: $(grep -E '^(No bid|Bid)' <<<"$near")"
near=$("$SKATDD" evaluate --quiet --quick --ascii --confidence 0.00000001 "$tmp/near.yaml")
grep -q "^Bid up to 144 (wins with probability 0.00000001 or more with grand)" <<<"$near" ||
    fail "confidence 0.00000001: $(grep -E '^(No bid|Bid)' <<<"$near")"

# --fresh-check: the skat games' chance in new layouts, the evaluation
# otherwise the same; refused with single-dummy.
fresh=$("$SKATDD" evaluate --quiet --samples 3 --seed 5 --fresh-check --format json "$data")
[ "$(echo "$json" | jq -c 'del(.ms, .nodes)')" = "$(echo "$fresh" | jq -c 'del(.ms, .nodes, .contracts[].p_win_fresh)')" ] ||
    fail "--fresh-check changed the evaluation"
[ "$(echo "$fresh" | jq '[.contracts[] | select(.p_win_fresh != null)] | length')" = 7 ] ||
    fail "--fresh-check: four suits, grand, null and null ouvert checked"
echo "$fresh" | jq -e '.contracts[] | select(.p_win_fresh != null) | select(.hand or .p_win_fresh < 0 or .p_win_fresh > 1)' >/dev/null &&
    fail "--fresh-check: a hand game checked, or no probability"
"$SKATDD" evaluate --quiet --samples 3 --fresh-check "$data" | grep '^Fresh check' >/dev/null || fail "--fresh-check: text line"
echo "$json" | jq -e '.contracts[] | has("p_win_fresh")' >/dev/null && fail "p_win_fresh without --fresh-check"

# Tournee with ten cards and the skat: a row is there only where a skat card
# can turn its trump (C8 C9: clubs, and guckser grand, which turns none).
tournee=$(printf 'hands:\n  forehand: HA HT HK HQ H9 H8 H7 SA DA CA\nskat: C8 C9\nrules: tournee\n' |
    "$SKATDD" evaluate --quiet --samples 2 --format json -)
[ "$(echo "$tournee" | jq -c '[.contracts[] | select(.p_available > 0) | .contract]')" = \
    '["tournee clubs","guckser grand"]' ] || fail "tournee, ten cards and the skat: the rows the skat allows"
[ "$(echo "$tournee" | jq -r .best_contract)" != "tournee spades" ] || fail "tournee: a row the skat cannot turn played"
echo "$tournee" | jq -e '.contracts[] | select(.p_available == 0 and .discard != null)' >/dev/null &&
    fail "tournee: a discard for a row the skat cannot turn"

# A rule file whose ladder of integers holds more bids than evaluate
# tabulates (512) is refused: the cut table once said "Bid up to 529" for a
# grand hand worth 1440 (grand 240, bids 18, 19, ...).
sed -e 's/ladder: game_values/ladder: integers/' -e 's/{game: grand, value: 24}/{game: grand, value: 240}/' \
    "$here/../../evaluator/rules/isko.yaml" >"$tmp/wide.yaml"
printf 'hands:\n  forehand: CJ SJ HJ DJ CA CT CK C9 SA H7\nrules: %s\n' "$tmp/wide.yaml" >"$tmp/wide_hand.yaml"
set +e
wide=$("$SKATDD" evaluate --quiet --samples 1 "$tmp/wide_hand.yaml" 2>&1 >/dev/null)
status=$?
set -e
[ "$status" = 2 ] || fail "a ladder of more than 512 bids: status $status, not 2"
[ "$wide" = "$tmp/wide_hand.yaml:1:1: the wide rules' bid ladder has 2623 bids, more than the 512 evaluate can tabulate (a larger 'step' under 'bids')" ] ||
    fail "a ladder of more than 512 bids: '$wide'"
true
