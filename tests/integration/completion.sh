#!/usr/bin/env bash
# completion/skatdd.bash: sourced in bash, its function is called as bash
# would call it (COMP_WORDS, COMP_CWORD) and its suggestions checked.  The
# commands and each command's options are compared with skatdd's own --help,
# so the completion cannot silently go stale.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset SKATDD_RULES_DIR
# shellcheck source=/dev/null
source "$top/completion/skatdd.bash"
complete -p skatdd | grep -- "-F _skatdd" >/dev/null || fail "complete -F _skatdd skatdd not registered"

# complete WORD... : the sorted suggestions for the last word.
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _skatdd
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
expect() {
    local want=$1; shift
    local got; got=$(complete_words "$@")
    [ "$got" = "$want" ] || fail "'$*': got '$got', expected '$want'"
}

commands=$("$SKATDD" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } /^$/ { on = 0 }' | sort)
expect "$(echo $commands --help --version | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')" "$SKATDD" ""
expect "score" "$SKATDD" sc
expect "problems" "$SKATDD" pr
# Each command offers exactly the options its --help lists.
for c in $commands; do
    # (rules takes no option but --help: its help has no options: list)
    want=$("$SKATDD" "$c" --help | sed -n '/^options:/,$p' | { grep -oE -- '--[a-z][a-z-]*' || echo --help; } |
        sort -u | tr '\n' ' ')
    expect "${want% }" "$SKATDD" "$c" --
done
expect "--scheme" "$SKATDD" score --sch

# Values of options.
expect "json text" "$SKATDD" solve --format ""
expect "json" "$SKATDD" solve --format = j
expect "middlehand" "$SKATDD" table --declarer mi
expect "seeger-fabian texas-match-points" "$SKATDD" score --scheme ""
expect "double-dummy single-dummy" "$SKATDD" evaluate --model ""
expect "" "$SKATDD" evaluate --samples ""
expect "analyze evaluate solve table" "$SKATDD" batch --job ""
expect "--after" "$SKATDD" batch --job solve --af
expect "--min-cost" "$SKATDD" batch --job analyze --mi
expect "--fresh-check" "$SKATDD" batch --job evaluate --fr
expect "" "$SKATDD" batch --mi
cd "$tmp"
mkdir deals
touch deals/a.yaml deals/notes.txt chart.svg review.html
expect "classic deals isko texas tournee" "$SKATDD" solve --rules ""
expect "isko" "$SKATDD" solve --rules = i
expect "tournee" "$SKATDD" rules tou
# The rule systems the binary knows: $SKATDD_RULES_DIR's when set.
mkdir rules
cp "$top/evaluator/rules/isko.yaml" rules/mine.yaml
SKATDD_RULES_DIR="$tmp/rules" expect "mine" "$SKATDD" rules m

# File names: YAML files and directories; any file for analyze (ISS records).
expect "deals/a.yaml" "$SKATDD" solve deals/
expect "chart.svg deals rules" "$SKATDD" evaluate --plot ""
expect "deals review.html rules" "$SKATDD" analyze --html ""
expect "deals/a.yaml deals/notes.txt" "$SKATDD" analyze deals/
exit 0
