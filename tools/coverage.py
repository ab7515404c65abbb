#!/usr/bin/env python3
"""make coverage: which lines of skatdd's sources the tests ran.

Reads gcov's JSON (gcc's own gcov, nothing else) for every object of BUILD
(a build made with --coverage, after the tests ran in it).  A line counts as
run where any object that compiled it ran it: the search is compiled three
times (solver/alphabeta*.c) and the inline headers into many objects.

Prints, per source file of solver/, evaluator/, lib/ and cli/, the lines run,
the lines, and the share, least covered first, then the total.  With
--missed FILE..., also the numbers of the lines in those files no test ran.

Usage: tools/coverage.py BUILD [--missed FILE...]
"""
import json
import os
import subprocess
import sys

SOURCE_DIRS = ("solver/", "evaluator/", "lib/", "cli/")


def objects(build):
    """The objects of the sources, with their notes files (.gcno)."""
    top = os.path.join(build, "obj")
    for d in SOURCE_DIRS:
        for root, _, names in os.walk(os.path.join(top, d)):
            for name in sorted(names):
                if name.endswith(".gcno"):
                    yield os.path.join(root, name[: -len(".gcno")] + ".o")


def gcov_files(obj):
    """gcov's per-file records for one object (none where it never ran)."""
    if not os.path.exists(obj[: -len(".o")] + ".gcda"):
        return []
    out = subprocess.run(["gcov", "--json-format", "--stdout", obj], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"coverage: gcov {obj}: {out.stderr.strip()}")
    files = []
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            files.extend(json.loads(line)["files"])
    return files


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    build = argv[1]
    missed_of = argv[argv.index("--missed") + 1 :] if "--missed" in argv else []
    lines = {}  # file -> {line: ran}
    never_ran = []
    for obj in objects(build):
        records = gcov_files(obj)
        if not records:
            never_ran.append(obj)
        for f in records:
            name = os.path.normpath(f["file"])
            if not name.startswith(SOURCE_DIRS):
                continue
            seen = lines.setdefault(name, {})
            for ln in f["lines"]:
                n = ln["line_number"]
                seen[n] = seen.get(n, False) or ln["count"] > 0
    if not lines:
        sys.exit(f"coverage: no data in {build} (built with --coverage, tests run?)")
    rows = sorted((sum(v.values()) / len(v), name, sum(v.values()), len(v)) for name, v in lines.items() if v)
    total_run = total = 0
    for share, name, ran, count in rows:
        print(f"{100 * share:6.1f} %  {ran:5d} of {count:5d} lines  {name}")
        total_run += ran
        total += count
    print(f"{100 * total_run / total:6.1f} %  {total_run:5d} of {total:5d} lines  in all")
    for obj in never_ran:
        print(f"never ran: {obj}")
    for name in missed_of:
        name = os.path.normpath(name)
        missed = sorted(n for n, ran in lines.get(name, {}).items() if not ran)
        print(f"{name}: not run: {' '.join(map(str, missed)) if missed else 'none'}")


if __name__ == "__main__":
    main(sys.argv)
