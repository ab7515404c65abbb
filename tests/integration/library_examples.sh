#!/usr/bin/env bash
# libskatdd from outside: the C example (examples/solve_position.c, built in
# the same build directory as skatdd: static in build/san, against the shared
# library in build) prints on its last line what `skatdd solve` reports for
# the README's first deal; the shared library exports only skatdd_* under
# its soname.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
build=$(dirname "$SKATDD")
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$top"

expected=$("$SKATDD" solve --format json problems/examples.yaml | sed -n 1p | jq .declarer_points)
[ "$expected" = 116 ] || fail "skatdd solve gives $expected for the first deal, the README says 116"
out=$("$build/examples/solve_position" problems/examples.yaml) || fail "C example failed: $out"
[ "$(echo "$out" | tail -1)" = "$expected" ] || fail "C example's last line: $(echo "$out" | tail -1), want $expected"
echo "$out" | grep '^Grand with four jacks' >/dev/null || fail "C example: no deal name"
# A file it cannot read is an error with the library's detail, not a crash.
if err=$("$build/examples/solve_position" /nonexistent.yaml 2>&1); then fail "C example read a missing file"; fi
echo "$err" | grep 'cannot read file: /nonexistent.yaml: cannot open' >/dev/null || fail "C example's error: $err"

so="$top/build/libskatdd.so.0"
if [ "$build" = "$top/build" ]; then
    ldd "$build/examples/solve_position" | grep "libskatdd.so.0 => $build/examples/../libskatdd.so.0" >/dev/null ||
        fail "C example does not use $so"
    readelf -d "$so" | grep 'SONAME.*\[libskatdd.so.0\]' >/dev/null || fail "soname"
    others=$(nm -D --defined-only "$so" | awk '$3 !~ /^(skatdd_|SKATDD_)/ { print $3 }')
    [ -z "$others" ] || fail "libskatdd.so exports more than skatdd_*: $others"
    nm -D --defined-only "$so" | grep ' T skatdd_solve@@SKATDD_0$' >/dev/null || fail "skatdd_solve not exported"
    # The CLI is a client of the archive: its solver comes from there, not from cli/.
    ar t "$build/libskatdd.a" | grep '^search.o$' >/dev/null || fail "libskatdd.a has no solver"
    if ar t "$build/libskatdd.a" | grep '^cmd_'; then fail "libskatdd.a holds CLI commands"; fi
    # ar keeps one member per name: two sources of one base name would lose one.
    dup=$(ar t "$build/libskatdd.a" | sort | uniq -d)
    [ -z "$dup" ] || fail "libskatdd.a: members of the same name: $dup"
fi
