#!/usr/bin/env python3
"""Solves the first deal of problems/examples.yaml (a grand, declarer
forehand) through the skatdd module and prints the declarer's card points
with best play on the last line.

    SKATDD_LIBRARY=build/libskatdd.so.0 PYTHONPATH=python python3 examples/solve_position.py [FILE]
"""
import sys

import skatdd

path = sys.argv[1] if len(sys.argv) > 1 else "problems/examples.yaml"
deals = skatdd.read_deals_file(path)
with skatdd.Solver(16) as solver:
    result = solver.solve_deal(deals, 0)
print(f"{deals[0]['name']} (libskatdd {skatdd.library_version()})")
print("discard:", " ".join(result.discard), "(chosen by the solver)" if result.discard_found else "")
print(f"cards for {result.to_move}:", ", ".join(f"{c} {v}" for c, v in result.moves.items()))
print("optimal line:", " / ".join(" ".join(result.line[i:i + 3]) for i in range(0, len(result.line), 3)))
print(result.value)
