#!/usr/bin/env bash
# The man page docs/skatdd.1 renders without a warning, and cannot go stale:
# every command skatdd --help lists has its entry under COMMANDS naming the
# options its --help lists, and every long option the CLI accepts (its
# --help texts and the option tables of cli/) has an entry under OPTIONS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
page="$top/docs/skatdd.1"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v groff >/dev/null || fail "groff is missing (make deps installs groff-base)"

version=$("$SKATDD" --version)
grep -q "^\.TH SKATDD 1 .*\"$version\"" "$page" || fail "the .TH line does not say '$version'"
# One release: the program says the version its library and HTML review say.
header=$(sed -n 's/^#define SKATDD_VERSION "\(.*\)"$/\1/p' "$top/include/skatdd.h")
[ "$version" = "skatdd $header" ] || fail "--version says '$version', include/skatdd.h '$header'"
warnings=$(groff -man -Tutf8 -ww "$page" 2>&1 >/dev/null)
[ -z "$warnings" ] || fail "groff warns: $warnings"
# The text as a reader sees it, without bold and underlining.
text=$(groff -man -Tutf8 -P-cbou "$page" 2>/dev/null)
section() { awk -v s="$1" '/^[A-Z]/ { on = ($0 == s) } on' <<<"$text"; }
# has SECTION GREP_ARGS... (no pipe into grep -q: pipefail and SIGPIPE)
has() { local s; s=$(section "$1"); shift; grep -q "$@" <<<"$s"; }
for s in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS "DEAL FORMAT" "EXIT STATUS" ENVIRONMENT FILES EXAMPLES; do
    [ -n "$(section "$s")" ] || fail "no section $s"
done
has ENVIRONMENT "SKATDD_RULES_DIR" || fail "ENVIRONMENT: SKATDD_RULES_DIR"
for status in 0 1 2; do
    has "EXIT STATUS" -E "^ {7}$status( |$)" || fail "EXIT STATUS: $status"
done

commands=$("$SKATDD" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } /^$/ { on = 0 }')
[ "$(wc -w <<<"$commands")" -ge 7 ] || fail "commands from skatdd --help: $commands"
# The roff source of a command's entry: from ".B NAME" after ".TP" to the next .TP.
entry() { awk -v c="$1" 'prev == ".TP" && $0 == ".B " c { on = 1 } on && prev != "" && $0 == ".TP" && seen { exit }
                          on { print; seen = 1 } { prev = $0 }' "$page"; }
for c in $commands; do
    has SYNOPSIS "skatdd $c" || fail "SYNOPSIS: skatdd $c"
    has COMMANDS -E "^ {7}$c( |$)" || fail "COMMANDS: no entry for $c"
    help=$("$SKATDD" "$c" --help)
    for o in $(grep -oE -- '--[a-z][a-z-]*' <<<"$help" | sort -u); do
        [ "$o" = --help ] && continue
        grep -qF -- "${o//-/\\-}" <<<"$(entry "$c")" || fail "COMMANDS: $c does not name its option $o"
    done
done

# Long options: what the help texts show and what the option tables of cli/
# accept (common_parse's names and flags, each command's ExtraOption rows).
from_help=$(for c in $commands; do "$SKATDD" "$c" --help; done; "$SKATDD" --help)
from_source=$(cat "$top"/cli/*.c | tr '\n' ' ' |
    grep -oE 'common_(names|flags)\[\] *= *\{[^}]*\}|\{"[a-z][a-z-]*", *(true|false)(, *VALUE_[A-Z]+)?\}' | grep -oE '"[a-z][a-z-]*"' | tr -d '"')
[ "$(wc -w <<<"$from_source")" -ge 15 ] || fail "options from cli/: $from_source"
options=$( (grep -oE -- '--[a-z][a-z-]*' <<<"$from_help" | sed 's/^--//'; echo "$from_source") | sort -u)
for o in $options; do
    has OPTIONS -E "^ {7}--$o( |,|$)" || fail "OPTIONS: no entry for --$o"
done
exit 0
