#!/usr/bin/env bash
# A command takes the common options its --help lists (docs/skatdd.1,
# OPTIONS; common_options.sh).  --ascii and --symbols are checked by what
# they do: a command whose help names them changes its text with them, and
# every other command has no suit symbol in its text to change.  (evaluate
# shows suit symbols on a terminal, but its help did not list the two options
# that turn them off and on.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset SKATDD_RULES_DIR
data=$here/data
# Times and node counts differ from run to run (problems: each problem's time
# and the total).
steady() { grep -vE '^Nodes: |worlds played' | sed -E 's/^(solved|wrong) +[0-9.]+/\1/; s/; [0-9]+ ms/; ms/' || true; }

"$SKATDD" batch --job table --random 1 --quiet --output "$tmp/t.jsonl"
commands=$("$SKATDD" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } /^$/ { on = 0 }')
for c in $commands; do
    case $c in
    solve | table) args=("$top/problems/examples.yaml") ;;
    score) args=("$data/score.yaml") ;;
    evaluate) args=(--quick --quiet "$top/problems/evaluate.yaml") ;;
    analyze) args=("$data/game.yaml") ;;
    problems) args=("$top/problems/") ;;
    rules) args=(isko) ;;
    batch) args=(--job solve --random 1 --quiet) ;;
    stats) args=("$tmp/t.jsonl") ;;
    *) fail "no input for the command $c: add one here" ;;
    esac
    help=$("$SKATDD" "$c" --help)
    listed=false
    grep -qF -- "--ascii" <<<"$help" && grep -qF -- "--symbols" <<<"$help" && listed=true
    if $listed; then
        ascii=$("$SKATDD" "$c" --ascii "${args[@]}" | steady) || fail "$c --ascii"
        symbols=$("$SKATDD" "$c" --symbols "${args[@]}" | steady) || fail "$c --symbols"
        [ "$ascii" != "$symbols" ] || fail "$c: its --help lists --ascii and --symbols, which change nothing in its text"
        grep -q '♣' <<<"$symbols" || fail "$c --symbols: no suit symbol"
        ! grep -q '[♣♠♥♦]' <<<"$ascii" || fail "$c --ascii: a suit symbol"
    else
        # Without the options, on a UTF-8 terminal or not, no suit symbol:
        # nothing they could have changed.
        plain=$(LC_ALL=C.UTF-8 script -qec "$(printf '%q ' "$SKATDD" "$c" "${args[@]}")" /dev/null | steady) ||
            fail "$c on a terminal"
        ! grep -q '[♣♠♥♦]' <<<"$plain" || fail "$c: suit symbols on a terminal, but its --help lists no --ascii"
    fi
done
exit 0
