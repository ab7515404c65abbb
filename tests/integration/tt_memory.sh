#!/usr/bin/env bash
# --tt-mb is the total over all threads (each thread at least 1 MiB):
# --threads 64 --tt-mb 16 took 64 tables of 16 MiB (1 GB); now about 64 MiB.
# The answers do not depend on the tables' size.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/deal.yaml" <<'YAML'
hands:
  forehand:   CJ SJ HJ DJ CA CT SA ST HA HT
  middlehand: C9 C8 C7 CK CQ SK SQ S9 S8 S7
  rearhand:   HK HQ H9 H8 H7 DK DQ D9 D8 D7
skat: DA DT
YAML
# peak_kb COMMAND...: the peak resident set of COMMAND in KB; its output in $tmp/out.
peak_kb() {
    /usr/bin/time -o "$tmp/kb" -f %M "$@" >"$tmp/out" || fail "$*: exit $?"
    cat "$tmp/kb"
}
limit=200000
kb=$(peak_kb "$SKATDD" table --threads 64 --tt-mb 16 --format json "$tmp/deal.yaml")
[ "$kb" -lt $limit ] || fail "table --threads 64 --tt-mb 16: peak RSS $kb KB, expected under $limit"
# The answers without the search's time and node count, which do vary.
answers() { jq -S 'walk(if type == "object" then del(.ms, .nodes) else . end)' "$1"; }
many=$(answers "$tmp/out")
"$SKATDD" table --threads 1 --tt-mb 64 --format json "$tmp/deal.yaml" >"$tmp/one" || fail "table --threads 1"
[ -n "$many" ] && [ "$many" = "$(answers "$tmp/one")" ] || fail "table: 64 threads with small tables and 1 thread differ"
kb=$(peak_kb "$SKATDD" evaluate --quiet --samples 3 --threads 64 --tt-mb 16 "$here/data/twelve.yaml")
[ "$kb" -lt $limit ] || fail "evaluate --threads 64 --tt-mb 16: peak RSS $kb KB, expected under $limit"
kb=$(peak_kb "$SKATDD" problems --threads 64 --tt-mb 16 "$here/data/obvious.yaml")
[ "$kb" -lt $limit ] || fail "problems --threads 64 --tt-mb 16: peak RSS $kb KB, expected under $limit"
exit 0
