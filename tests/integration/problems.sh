#!/usr/bin/env bash
# skatdd problems end to end: the problem library (problems/) is solved and
# every stated answer is right; a deliberately wrong answer is caught.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
fail() { echo "FAIL: $*" >&2; exit 1; }

# The whole library: exit 0, every problem solved.
text=$("$SKATDD" problems "$top/problems") || fail "problems/ must exit 0"
grep -q "WRONG" <<<"$text" && fail "a wrong answer in problems/: $text"
grep -Eq '^[0-9]+ problems: [0-9]+ solved, 0 wrong' <<<"$text" || fail "summary line"

json=$("$SKATDD" problems --format json "$top/problems")
count=$(echo "$json" | wc -l)
[ "$count" -ge 40 ] || fail "expected at least 40 problems, found $count"
[ "$(echo "$json" | jq -s '[.[] | select(.correct != true)] | length')" = 0 ] || fail "incorrect problems"
for key in name file line correct expected found ms; do
    echo "$json" | jq -s -e "all(has(\"$key\"))" >/dev/null || fail "missing key $key"
done
# Every problem has its expected answer found, key by key.
[ "$(echo "$json" | jq -s '[.[] | select(.expected != .found)] | length')" = 0 ] || fail "expected != found"
# The kinds of the library are all there.
for kind in declarer defence midtrick null discard bid deal; do
    echo "$json" | jq -s -e "any(.name | startswith(\"$kind-\"))" >/dev/null || fail "no $kind problem"
done

# discard-3's explanation: the king of diamonds need not go, any discard with
# HA wins (kept with HA and C9 put away, the null is still won).
kept=$("$SKATDD" solve --format json "$here/data/discard3_keep_king.yaml")
[ "$(echo "$kept" | jq .declarer_wins_null)" = true ] || fail "discard-3 keeping DK must win"
grep -q "any discard" "$top/problems/discard.yaml" || fail "discard-3 must say any discard with HA wins"
grep -q "king of diamonds by two" "$top/problems/discard.yaml" && fail "discard-3: DK is not caught"
# deal-2: middlehand's CK and CQ are above the declarer's C9, not 'small ones'.
grep -q "four small ones" "$top/problems/full_deals.yaml" && fail "deal-2: CK CQ are not small"

# One file, one problem with a wrong answer: exit 1, reported as wrong.
set +e
out=$("$SKATDD" problems "$here/data/wrong_answer.yaml")
status=$?
wrong=$("$SKATDD" problems --format json "$here/data/wrong_answer.yaml")
set -e
[ "$status" -eq 1 ] || fail "a wrong answer must exit 1, got $status"
grep -q "WRONG" <<<"$out" || fail "wrong answer not reported"
[ "$(echo "$wrong" | jq .correct)" = false ] || fail "wrong answer: correct must be false"
[ "$(echo "$wrong" | jq -c .found.winning_cards)" = '["SJ"]' ] || fail "wrong answer: found cards"
[ "$(echo "$wrong" | jq -c .expected.winning_cards)" = '["HA"]' ] || fail "wrong answer: expected cards"

# A discard is judged by the outcome first, then the points: the one that
# escapes schwarz is the answer, not the one with 2 card points more (it
# was, with its points and its game value).
set +e
escape=$("$SKATDD" problems --format json "$here/data/discard_schwarz_problem.yaml")
status=$?
set -e
[ "$status" -eq 1 ] || fail "discard escaping schwarz: exit $status, not 1 (the second answer is wrong)"
[ "$(echo "$escape" | jq -s -c '[.[].correct]')" = '[true,false]' ] ||
    fail "discard escaping schwarz: $(echo "$escape" | jq -s -c '[.[] | .found]')"
[ "$(echo "$escape" | jq -s -c '.[1].found.discard')" = '["CQ","HT"]' ] || fail "discard escaping schwarz: found"

# Bad input: a document that is not a deal, a missing directory.
set +e
"$SKATDD" problems /nonexistent-dir >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing path must exit 2"
"$SKATDD" problems --format xml "$top/problems" >/dev/null 2>&1; [ $? -eq 2 ] || fail "bad option must exit 2"
set -e
# A folder's file names are the folder's: a line feed or an escape sequence
# in one is shown as '?', in the table and in messages.
names=$(mktemp -d)
trap 'rm -rf "$names"' EXIT
grep -v '^name:' "$here/data/wrong_answer.yaml" >"$names/$(printf 'a\e[2J\nb.yaml')"
printf 'hands: [\n' >"$names/$(printf 'c\e]0;t\a.yaml')"
set +e
out=$("$SKATDD" problems "$names" 2>&1)
set -e
grep -q "$(printf '\e')" <<<"$out" && fail "an escape sequence from a file name reached the output"
grep -q '^WRONG .* .*/a?\[2J?b\.yaml:4$' <<<"$out" || fail "file name not shown cleaned: $out"
grep -q '/c?\]0;t?\.yaml:2:1: ' <<<"$out" || fail "file name in a message not cleaned: $out"
# A FIFO named like a problem file is refused, not waited on forever.
fifo=$(mktemp -d)
cp "$here/data/wrong_answer.yaml" "$fifo/a.yaml"
mkfifo "$fifo/b.yaml"
set +e
err=$(timeout 20 "$SKATDD" problems "$fifo" 2>&1 >/dev/null)
status=$?
set -e
rm -rf "$fifo"
[ "$status" -eq 2 ] && [ "$err" = "$fifo/b.yaml: cannot read: not a file" ] || fail "a FIFO in a folder: $status '$err'"
grep -q -- "winning_cards" <<<"$("$SKATDD" problems --help)" || fail "problems --help"
# README's problems section names every answer key that --help lists.
section=$(sed -n '/^### `skatdd problems/,/^### `skatdd rules/p' "$top/README.md")
for key in $("$SKATDD" problems --help | sed -n 's/^  \([a-z_]*\): .*/\1/p'); do
    grep -q "\`$key\`" <<<"$section" || fail "README's problems section lacks the answer key $key"
done
# Bid problems with the contract's form, each read under its own rules:
# (tests/integration/data/bid_problem_forms.yaml).  Exactly these outcomes,
# in order: a texas "spades ouvert" is the skat game (it was read as the
# isko's hand game and passed), Tournee forms are contracts (they were
# refused as unknown words, exit 2), and announcements count (a grand hand
# without its schneider passed where only the announced one reaches).
set +e
forms=$("$SKATDD" problems --format json "$here/data/bid_problem_forms.yaml")
status=$?
set -e
[ "$status" -eq 1 ] || fail "bid problem forms: exit $status, not 1 (four answers are wrong)"
got=$(echo "$forms" | jq -s -r '.[] | "\(.correct) \(.expected.contract) -> \(.found.contract)"')
want='true grand hand schneider -> grand hand schneider
false grand hand -> grand hand schneider
true spades ouvert hand -> spades ouvert hand
false spades ouvert -> spades ouvert hand
true guckser grand schneider -> guckser grand schneider
false guckser grand -> guckser grand schneider
true tournee hearts schneider -> tournee hearts schneider
false passt-mir-nicht hearts schneider -> tournee hearts schneider
true solo null ouvert -> solo null ouvert'
[ "$got" = "$want" ] || fail "bid problem forms: got
$got
want
$want"
[ "$(echo "$forms" | jq -s -c '[.[].found.bid_ceiling]')" = '[192,192,264,264,80,80,24,24,40]' ] ||
    fail "bid problem forms: ceilings $(echo "$forms" | jq -s -c '[.[].found.bid_ceiling]')"

# A folder without a problem file is a mistake (a wrong path), not a clean
# run of nothing; so is a folder that cannot be read.
empty=$(mktemp -d)
trap 'rm -rf "$names" "$fifo" "$empty"' EXIT
status=0
err=$("$SKATDD" problems "$empty" 2>&1 >/dev/null) || status=$?
[ "$status" -eq 2 ] && [ "$err" = "$empty: no *.yaml files" ] || fail "an empty folder: status $status, $err"
exit 0
