#!/usr/bin/env python3
"""The table and the targets of scripts/bench/verify.sh. Its arguments are
the book's size and every figure as lib.sh's bench_summary prints it
("MEDIAN WORST CPU LOAD", seconds)."""
import os
import sys

import timing

chapters, snippets, jobs = sys.argv[1:4]
first, cold, warm, edited, single, each, each_parallel, second = (
    tuple(map(float, a.split())) for a in sys.argv[4:12])
second_built = sys.argv[12] == "1"
chapter = tuple(map(float, sys.argv[13].split()))
MEDIAN, CPU = 0, 2

print(f"book: {chapters} chapters, {snippets} snippets; {jobs} jobs; {os.cpu_count()} cores; "
      f"{os.environ.get('CONFIGURATION', 'release')} build")
print(timing.header())
print(timing.row("first run (empty user cache: engine + record)", first))
print(timing.row("second book, first verify (engine reused)", second,
                 f"   (engine built: {'yes' if second_built else 'no'})"))
print(timing.row("cold verify (engine built, no results)", cold))
print(timing.row("warm verify (unchanged book)", warm))
print(timing.row("verify after editing one chapter", edited))
print(timing.row("baseline: one swiftc, all snippets", single))
print(timing.row("baseline: one swiftc, the edited chapter", chapter))
print(timing.row("baseline: each snippet its own program", each))
print(timing.row(f"  the same, {jobs} at a time", each_parallel))
print(f"load average at the end: {os.getloadavg()[0]:.2f} (other work on the machine skews the wall-clock figures)")
cores = os.cpu_count() or 1
print(f"ratios, CPU time: cold / single = {cold[CPU] / single[CPU]:.2f}, each / cold = {each[CPU] / cold[CPU]:.1f}; "
      f"cold CPU / {cores} cores = {cold[CPU] / cores:.3f} s (cold's wall time on an idle machine, at best); "
      f"edited / one swiftc of that chapter = {edited[MEDIAN] / chapter[MEDIAN]:.2f} wall")
checks = [
    timing.check(f"cold / single = {cold[MEDIAN] / single[MEDIAN]:.2f} wall (target <= 1.5)",
                 cold[MEDIAN] / single[MEDIAN], "<=", 1.5),
    timing.check(f"each / cold = {each[MEDIAN] / cold[MEDIAN]:.1f} wall (target >= 10)",
                 each[MEDIAN] / cold[MEDIAN], ">=", 10),
    timing.check(f"warm = {warm[MEDIAN]:.3f} s (target <= 0.05 s)", warm[MEDIAN], "<=", 0.05),
    timing.check(f"one edited chapter = {edited[MEDIAN]:.3f} s (target <= 0.3 s)", edited[MEDIAN], "<=", 0.3),
    timing.check("second book: no engine build", 0 if second_built else 1, ">=", 1),
]
sys.exit(0 if all(checks) else 1)
