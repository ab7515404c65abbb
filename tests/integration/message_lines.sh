#!/usr/bin/env bash
# Every message is one line, shown clean: text the user gave on the command
# line (an option's value, an unknown option or command, a path) is quoted
# with each control character as '?'.  An escape sequence in --format's value
# reached the terminal (ESC [2J cleared it), and a line feed in a path made
# up a message line of its own.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
deal=$here/../../problems/examples.yaml
cd "$tmp"
[ -f "$deal" ] || fail "no example deal at $deal"

esc=$'\e[2J'   # clears the screen
osc=$'\e]0;t\a' # sets the window title
nl=$'\n'
c1=$'\xc2\x9b' # CSI as one C1 character
rlo=$'\xe2\x80\xae' # right-to-left override: the rest shown backwards
bad="x${esc}y${nl}z${osc}w${c1}v${rlo}u"
shown='x?[2Jy?z?]0;t?w?v?u'

checked=0
# expect STATUS MESSAGE COMMAND...: the command fails with STATUS and says
# MESSAGE, its stderr one line without a control character.
expect() {
    local want_status=$1 want=$2 status=0
    shift 2
    "$@" >out 2>err </dev/null || status=$?
    [ "$status" -eq "$want_status" ] || fail "$*: status $status, not $want_status: $(cat -v err)"
    [ "$(wc -l <err)" -eq 1 ] || fail "$*: $(wc -l <err) lines on stderr: $(cat -v err)"
    LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]\|\xe2\x80\xae' err &&
        fail "$*: a control character on stderr: $(cat -v err)"
    [ "$(cat err)" = "$want" ] || fail "$*: said '$(cat -v err)', not '$want'"
    checked=$((checked + 1))
}

expect 2 "skatdd: unknown command '$shown' (see skatdd --help)" "$SKATDD" "$bad"
expect 2 "skatdd table: unknown or incomplete option '--$shown' (see skatdd table --help)" "$SKATDD" table "--$bad" "$deal"
expect 2 "skatdd table: --format must be text or json, not '$shown'" "$SKATDD" table --format "$bad" "$deal"
expect 2 "skatdd table: --declarer must be forehand, middlehand or rearhand, not '$shown'" \
    "$SKATDD" table --declarer "$bad" "$deal"
expect 2 "skatdd batch: --declarer must be forehand, middlehand or rearhand, not '$shown'" \
    "$SKATDD" batch --job solve --random 1 --declarer "$bad"
expect 2 "skatdd batch: --job must be solve, table, evaluate or analyze, not '$shown'" "$SKATDD" batch --job "$bad"
expect 2 "skatdd solve: --after needs a number of cards from 0 to 30, not '$shown'" "$SKATDD" solve --after "$bad" "$deal"
expect 2 "skatdd analyze: --min-cost needs card points from 0 to 120, not '$shown'" \
    "$SKATDD" analyze --min-cost "$bad" "$deal"
# A path the command cannot open: named as given, cleaned.
expect 2 "$shown: cannot open: No such file or directory" "$SKATDD" solve "$bad"
expect 2 "$shown: cannot open: No such file or directory" "$SKATDD" problems "$bad"
status=0
"$SKATDD" stats "$bad" >/dev/null 2>err || status=$?
[ "$status" -eq 2 ] && [ "$(cat err)" = "$shown: cannot read: No such file or directory" ] ||
    fail "stats $(cat -v err): status $status"
checked=$((checked + 1))
# Files to write in a folder that does not exist: named cleaned.
expect 2 "skatdd evaluate: --plot $shown/x.svg: no such folder: $shown" \
    "$SKATDD" evaluate --quick --plot "$bad/x.svg" "$deal"
expect 2 "skatdd analyze: --html $shown/x.html: No such file or directory" \
    "$SKATDD" analyze --html "$bad/x.html" "$here/data/game.yaml"
expect 2 "skatdd batch: --output $shown/x.jsonl: No such file or directory" \
    "$SKATDD" batch --job solve --random 1 --output "$bad/x.jsonl"
# --rules that names no rule system nor file: the name comes back cleaned.
status=0
"$SKATDD" table --rules "$bad" "$deal" >/dev/null 2>err || status=$?
[ "$status" -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] && grep -qF "skatdd table: --rules $shown: " err ||
    fail "--rules: status $status, $(cat -v err)"
checked=$((checked + 1))
echo "message_lines: $checked messages one clean line"
