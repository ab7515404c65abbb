#!/usr/bin/env bash
# skatdd solve on Ramsch deals: answers that follow from the cards alone, the
# JSON keys, the card values against the seat's own answer, a played game,
# text output and the rule systems without Ramsch.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }

json=$("$SKATDD" solve --format json "$here/data/ramsch_positions.yaml")
[ "$(echo "$json" | wc -l)" -eq 2 ] || fail "expected 2 JSON lines"
line() { echo "$json" | sed -n "${1}p"; }

# 1. Forehand must take every trick with his jacks: all 64 points left and
# the skat's 21 on top of his 35; the others take nothing more.
d=$(line 1)
[ "$(echo "$d" | jq -c .ramsch.forehand)" = '{"points":35,"tricks":6,"fewest_points":120,"takes_all":true,"avoids_all":false}' ] ||
    fail "jacks: forehand $(echo "$d" | jq -c .ramsch.forehand)"
[ "$(echo "$d" | jq -c .ramsch.middlehand)" = '{"points":0,"tricks":0,"fewest_points":0,"takes_all":false,"avoids_all":true}' ] ||
    fail "jacks: middlehand"
[ "$(echo "$d" | jq .skat_to_last_trick)" = 21 ] || fail "jacks: skat"
[ "$(echo "$d" | jq -r .to_move)" = forehand ] || fail "jacks: to move"
[ "$(echo "$d" | jq '[.moves[].fewest_points] | unique')" = "$(printf '[\n  120\n]')" ] || fail "jacks: moves"
[ "$(echo "$d" | jq '.line | length')" = 12 ] || fail "jacks: line"

# 2. A full deal: the best card's value is the mover's own answer, the line
# runs to the end, every seat's answer lies within the 120 points.
d=$(line 2)
best=$(echo "$d" | jq '[.moves[].fewest_points] | min')
[ "$best" = "$(echo "$d" | jq .ramsch.forehand.fewest_points)" ] || fail "full deal: best card $best"
[ "$(echo "$d" | jq '.moves | length')" = 10 ] || fail "full deal: moves"
[ "$(echo "$d" | jq '.line | length')" = 30 ] || fail "full deal: line"
[ "$(echo "$d" | jq '[.ramsch[] | select(.fewest_points >= 0 and .fewest_points <= 120)] | length')" = 3 ] ||
    fail "full deal: range"

# 3. The game played to its end: the points are the score's (the skat to
# rearhand, who took the last trick).
d=$("$SKATDD" solve --format json "$here/data/ramsch.yaml")
[ "$(echo "$d" | jq -c '[.ramsch[].fewest_points]')" = '[41,59,20]' ] || fail "played: $(echo "$d" | jq -c '[.ramsch[].fewest_points]')"
[ "$(echo "$d" | jq -c .moves)" = '[]' ] || fail "played: moves"

# 4. Text.
text=$("$SKATDD" solve --ascii "$here/data/ramsch_positions.yaml")
grep -q "^Contract: ramsch (classic rules; the skat's 21 points go to the last trick's winner); forehand to play" <<<"$text" ||
    fail "text: contract"
grep -q "^  forehand   so far  35 points  6 tricks; fewest 120; can take every trick: yes; can avoid every trick: no" <<<"$text" ||
    fail "text: forehand"
# One trick is "1 trick" (it said "1 tricks"), the column after it in place.
text=$("$SKATDD" solve --ascii "$here/data/ramsch.yaml")
grep -q "^  rearhand   so far  20 points  1 trick;  fewest  20; can take every trick: no" <<<"$text" ||
    fail "text: one trick: $(grep '^  rearhand   so far' <<<"$text")"

# 5. A rule system without Ramsch: exit 2 with the place of the contract.
set +e
err=$("$SKATDD" solve --rules isko "$here/data/ramsch_positions.yaml" 2>&1 >/dev/null)
status=$?
set -e
[ "$status" -eq 2 ] || fail "isko: status $status"
[[ "$err" == *"ramsch_positions.yaml:7:11: the isko rules have no ramsch: when all pass the cards are thrown in" ]] || fail "isko: $err"
exit 0
