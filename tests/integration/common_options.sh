#!/usr/bin/env bash
# A command takes the common options its --help lists and refuses the others
# as unknown (exit 2), rather than read and ignore them: `score --threads 4`
# or `rules --format json` once ran as if the option had not been given.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The value each option is tried with; the file /dev/null keeps any command
# that accepts the option from doing work (it is refused after the options).
declare -A value=([format]=json [threads]=1 [tt-mb]=1 [rules]=isko [ascii]= [symbols]= [quiet]=)
refused=0
accepted=0
for cmd in solve score table evaluate analyze problems rules stats "batch --job solve"; do
    help=$("$SKATDD" $cmd --help)
    for opt in format threads tt-mb rules ascii symbols quiet; do
        args=(--$opt)
        [ -n "${value[$opt]}" ] && args+=("${value[$opt]}")
        set +e
        "$SKATDD" $cmd "${args[@]}" /dev/null >/dev/null 2>"$tmp/err"
        set -e
        # An option line of the help starts with two spaces and the option
        # (--ascii shares its line with --symbols, --quiet evaluate's --format).
        if grep -qE -- "^  (--[a-z-]+[^-]*, )?--$opt\b" <<<"$help"; then
            grep -q "unknown or incomplete option" "$tmp/err" &&
                fail "$cmd --$opt: in its --help but refused: $(cat "$tmp/err")"
            accepted=$((accepted + 1))
        else
            [ "$(cat "$tmp/err")" = "skatdd ${cmd%% *}: unknown or incomplete option '--$opt' (see skatdd ${cmd%% *} --help)" ] ||
                fail "$cmd --$opt: not in its --help but not refused: $(cat "$tmp/err")"
            refused=$((refused + 1))
        fi
    done
done
# Enough of both kinds were tried.
[ $accepted -ge 30 ] && [ $refused -ge 20 ] || fail "only $accepted accepted and $refused refused"
exit 0
