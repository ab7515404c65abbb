#!/usr/bin/env bash
# Hostile input is refused at once: endless pipes stop at the size cap (64
# MiB), deep nesting at 64 levels, each with one line and exit 2.
set -uo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
# refused SECONDS EXPECTED_MESSAGE COMMAND...: stdin from the caller.
refused() {
    local limit=$1 expected=$2 err status
    shift 2
    err=$(timeout "$limit" "$SKATDD" "$@" 2>&1 >/dev/null)
    status=$?
    [ "$status" -eq 2 ] || fail "$*: exit $status, expected 2"
    [ "$err" = "$expected" ] || fail "$*: stderr '$err', expected '$expected'"
}
big="cannot read: file too large (more than 64 MiB)"
refused 60 "/dev/stdin: $big" rules /dev/stdin < <(yes '#')
refused 60 "-: $big" solve - < <(yes '#')
refused 60 "/dev/stdin: $big" analyze /dev/stdin < <(yes '#')
# 200 KB of '[' and 100,000 nested "{a: " took minutes inside libyaml.
deep=$(mktemp)
trap 'rm -f "$deep"' EXIT
head -c 200000 /dev/zero | tr '\0' '[' >"$deep"
for cmd in solve analyze table rules; do
    refused 3 "$deep:1:65: nesting deeper than 64 levels" $cmd "$deep"
done
printf '{a: %.0s' $(seq 100000) >"$deep"
refused 3 "$deep:1:257: nesting deeper than 64 levels" solve "$deep"
exit 0
