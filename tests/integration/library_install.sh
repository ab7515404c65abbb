#!/usr/bin/env bash
# make install-lib / install-python into a scratch DESTDIR: a program built
# with pkg-config against the installed header and library runs, the
# installed module imports and finds the installed library, and the uninstall
# targets leave no file behind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$top"
[ -e build/libskatdd.so.0 ] || fail "build/libskatdd.so.0 not built (make lib)"
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
prefix=/usr/local
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -s install-lib install-python DESTDIR="$dest" PREFIX="$prefix" >/dev/null
root="$dest$prefix"
for f in include/skatdd.h lib/libskatdd.a lib/libskatdd.so.0.1.0 lib/pkgconfig/skatdd.pc \
         lib/python3/dist-packages/skatdd/__init__.py; do
    [ -f "$root/$f" ] || fail "not installed: $f"
done
[ "$(readlink "$root/lib/libskatdd.so.0")" = libskatdd.so.0.1.0 ] || fail "libskatdd.so.0 link"
[ "$(readlink "$root/lib/libskatdd.so")" = libskatdd.so.0 ] || fail "libskatdd.so link"
grep -x "prefix=$prefix" "$root/lib/pkgconfig/skatdd.pc" >/dev/null || fail "skatdd.pc prefix"

flags=$(PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config --cflags --libs skatdd)
cat >"$dest/version.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <skatdd.h>
int main(void)
{
    int card = -1;
    skatdd_card_from_name("DA", &card);
    printf("%s %d\n", skatdd_version(), card);
    return strcmp(skatdd_version(), SKATDD_VERSION) != 0;
}
C
# shellcheck disable=SC2086
cc "$dest/version.c" $flags -o "$dest/version" || fail "cannot build against the installed library"
[ "$(LD_LIBRARY_PATH="$root/lib" "$dest/version")" = "0.1.0 31" ] || fail "installed library: wrong answer"
got=$(cd "$dest" && env -u SKATDD_LIBRARY LD_LIBRARY_PATH="$root/lib" PYTHONPATH="$root/lib/python3/dist-packages" \
      python3 -c 'import skatdd; print(skatdd.library_version(), skatdd.__file__)')
[ "$got" = "0.1.0 $root/lib/python3/dist-packages/skatdd/__init__.py" ] || fail "installed module: $got"

env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -s uninstall-lib uninstall-python DESTDIR="$dest" PREFIX="$prefix" >/dev/null
left=$(find "$root" \( -type f -o -type l \) -name '*skatdd*')
[ -z "$left" ] || fail "left after uninstall: $left"
