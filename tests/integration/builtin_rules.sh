#!/usr/bin/env bash
# The rule systems are built into skatdd: a copy of the binary run far from
# the source tree (another directory, SKATDD_RULES_DIR unset) lists and loads
# every one of them; $SKATDD_RULES_DIR and --rules PATH still override them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/cwd" "$tmp/dir"
cp "$SKATDD" "$tmp/bin/skatdd"
cp "$here/data/score.yaml" "$here/data/ramsch.yaml" "$here/data/iss_games.sgf" "$tmp/cwd/"
cd "$tmp/cwd"
run() { env -u SKATDD_RULES_DIR "$tmp/bin/skatdd" "$@"; }

# Every file of evaluator/rules/ is listed, none with an error, and loads.
list=$(run rules)
names=$(cd "$top/evaluator/rules" && ls -- *.yaml | sed 's/\.yaml$//')
[ "$(awk '{ print $1 }' <<<"$list")" = "$names" ] || fail "skatdd rules lists: $list"
! grep -q "error:" <<<"$list" || fail "a built-in rule system does not load: $list"
for name in $names; do
    run rules "$name" | grep "^  file: $name.yaml (built in)$" >/dev/null || fail "rules $name: not the built-in file"
    run score --format json --rules "$name" score.yaml >/dev/null 2>&1 || [ $? -eq 2 ] ||
        fail "score --rules $name: crashed"
done
# Deals that name their rules (ramsch.yaml: classic) and the default, isko.
[ "$(run score --format json ramsch.yaml | jq -r .rules)" = classic ] || fail "rules: classic in a deal"
[ "$(run score --format json score.yaml | head -1 | jq -r .rules)" = isko ] || fail "the default isko"
run solve "$top/problems/examples.yaml" >/dev/null || fail "solve without the source tree's rules"

# $SKATDD_RULES_DIR replaces the built-in systems: its files are listed and
# found by name, the built-in ones are not.
sed 's/^title: .*/title: My own rules/' "$top/evaluator/rules/isko.yaml" >"$tmp/dir/mine.yaml"
list=$(SKATDD_RULES_DIR="$tmp/dir" "$tmp/bin/skatdd" rules)
[ "$list" = "mine       My own rules" ] || fail "SKATDD_RULES_DIR listing: $list"
SKATDD_RULES_DIR="$tmp/dir" "$tmp/bin/skatdd" rules mine | grep "^  file: $tmp/dir/mine.yaml$" >/dev/null ||
    fail "SKATDD_RULES_DIR lookup by name"
[ "$(SKATDD_RULES_DIR="$tmp/dir" "$tmp/bin/skatdd" score --format json --rules mine score.yaml | head -1 |
    jq -r .rules)" = mine ] || fail "score --rules NAME from SKATDD_RULES_DIR"
set +e
err=$(SKATDD_RULES_DIR="$tmp/dir" "$tmp/bin/skatdd" rules isko 2>&1 >/dev/null)
status=$?
set -e
[ $status -eq 2 ] && [ "$err" = "unknown rule system 'isko' (skatdd rules lists them)" ] ||
    fail "a built-in name under SKATDD_RULES_DIR: status $status, '$err'"
# An empty SKATDD_RULES_DIR counts as unset.
[ "$(SKATDD_RULES_DIR= "$tmp/bin/skatdd" rules)" = "$(run rules)" ] || fail "empty SKATDD_RULES_DIR"

# rules prints words only, and about the system its argument names: --format
# json and --rules (which printed the text of isko, or the list) are refused.
for opts in "--format json isko" "--rules texas isko" "--rules texas"; do
    set +e
    run rules $opts >/dev/null 2>&1
    status=$?
    set -e
    [ $status -eq 2 ] || fail "rules $opts: status $status, not 2"
done

# ISS records are played under isko (they name no rules): where isko does
# not load ($SKATDD_RULES_DIR's copy is broken), one line at the first
# record, FILE:LINE:COL: rule system: why, and exit 2.  The commands said
# the rule file's error alone, with no word of the record, once for every
# game (analyze: once, without the record's place).
mkdir "$tmp/broken"
echo "title: x" >"$tmp/broken/isko.yaml"
for cmd in solve score table evaluate analyze "batch --job solve --quiet"; do
    set +e
    # shellcheck disable=SC2086
    err=$(SKATDD_RULES_DIR="$tmp/broken" "$tmp/bin/skatdd" $cmd iss_games.sgf 2>&1 >/dev/null)
    status=$?
    set -e
    [ $status -eq 2 ] && [ "$err" = "iss_games.sgf:6:1: rule system: $tmp/broken/isko.yaml:1:1: a rule file lacks the key 'source'" ] ||
        fail "$cmd of ISS records under a rule system that does not load: status $status, '$err'"
done

# --rules PATH reads the file, whatever the directory.
run rules "$tmp/dir/mine.yaml" | grep "^mine: My own rules" >/dev/null || fail "rules PATH"
[ "$(run score --format json --rules "$tmp/dir/mine.yaml" score.yaml | head -1 | jq -r .rules)" = mine ] ||
    fail "score --rules PATH"
# A directory of more rule files than are listed (256): the first by name,
# and a line for the rest (the listing was whichever 256 readdir gave first,
# with no word of the others).
mkdir "$tmp/many"
for i in $(seq -w 1 300); do : >"$tmp/many/r$i.yaml"; done
list=$(SKATDD_RULES_DIR="$tmp/many" "$tmp/bin/skatdd" rules)
[ "$(head -256 <<<"$list" | awk '{ print $1 }')" = "$(seq -f 'r%03g' 1 256)" ] || fail "many rule files: not the first 256 by name"
[ "$(tail -1 <<<"$list")" = "(44 more, not listed: the first 256 by name are)" ] || fail "many rule files: the rest unsaid"
# A file name that is no UTF-8 or holds an escape sequence: the name is
# shown cleaned, in JSON too (jansson takes no bytes that are no UTF-8: the
# key went missing), and in the listing of a directory.
mkdir "$tmp/odd"
cp "$tmp/dir/mine.yaml" "$tmp/odd/$(printf 'r\xff.yaml')"
cp "$tmp/dir/mine.yaml" "$tmp/odd/$(printf 'e\e[2Jx.yaml')"
[ "$(run score --format json --rules "$tmp/odd/$(printf 'r\xff.yaml')" score.yaml | head -1 | jq -r .rules)" = 'r?' ] ||
    fail "a rule file name that is no UTF-8: no \"rules\" in the JSON"
list=$(SKATDD_RULES_DIR="$tmp/odd" "$tmp/bin/skatdd" rules)
! grep -q "$(printf '\e')" <<<"$list" || fail "an escape sequence from a rule file's name reached the listing"
grep -q '^e?\[2Jx ' <<<"$list" || fail "rule file name not shown cleaned: $list"
# A deal's rules: by a relative path is the deal file's neighbour, wherever
# skatdd is started: it was read against the working directory, so a rule
# file of the same name there (Texas) valued grand hand with four 160, not
# the 200 of the file beside the deal (classic).
mkdir "$tmp/cwd/games"
cp "$top/evaluator/rules/classic.yaml" "$tmp/cwd/games/mine.yaml"
cp "$top/evaluator/rules/texas.yaml" "$tmp/cwd/mine.yaml"
{ echo "rules: mine.yaml"; awk '/^---/ { n++ } n < 1' "$top/problems/full_deals.yaml" | grep -v '^rules:'; } >"$tmp/cwd/games/deal.yaml"
grand_hand() { jq '.seats.forehand.contracts[] | select(.contract == "grand hand") | .game_value'; }
[ "$(run table --format json --declarer forehand games/deal.yaml | grand_hand)" = 200 ] ||
    fail "rules: mine.yaml read beside the working directory, not beside the deal"
[ "$(cd games && run table --format json --declarer forehand deal.yaml | grand_hand)" = 200 ] ||
    fail "rules: mine.yaml from the deal's own directory"
sed -i 's|^rules: mine.yaml|rules: ./mine.yaml|' "$tmp/cwd/games/deal.yaml"
[ "$(run table --format json --declarer forehand "$tmp/cwd/games/deal.yaml" | grand_hand)" = 200 ] ||
    fail "rules: ./mine.yaml by the deal's absolute path"
[ "$(run table --format json --declarer forehand - <games/deal.yaml | grand_hand)" = 160 ] ||
    fail "standard input's rules: ./mine.yaml: the working directory's"
exit 0
