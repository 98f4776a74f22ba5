#!/usr/bin/env python3
"""The benchmarks' shared timing: one run timed on the monotonic clock, the
median and worst of N, the table every benchmark prints, and PASS/MISS lines.
lib.sh calls it; Python helpers import it.

  timing.py run TIMES [--show] CMD...   run CMD; append "WALL CPU LOAD" to TIMES
  timing.py summary TIMES N             the last N runs: "MEDIAN WORST CPU LOAD"
  timing.py header                      the table's header
  timing.py row NAME "SUMMARY" [NOTE]   one row of the table
  timing.py check TEXT VALUE OP LIMIT   PASS or MISS (exit status 1 on MISS)

WALL is seconds on the monotonic clock; CPU is user + system time of the
command and of every process it started (compilers included); LOAD is the
1-minute load average when it ended. On a shared machine the wall-clock
figure grows with the load, the CPU time does not. Without --show the
command's standard output is discarded and its standard error goes to
TIMES.log; with --show both go to standard error.
"""
import operator
import os
import resource
import statistics
import subprocess
import sys
import time


def run(times, command, show=False):
    """Runs `command`, appends its figures to `times`, returns its status."""
    start = time.monotonic()
    if show:
        status = subprocess.call(command, stdout=sys.stderr)
    else:
        with open(times + ".log", "w") as log:
            status = subprocess.call(command, stdout=subprocess.DEVNULL, stderr=log)
    wall = time.monotonic() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(times, "a") as f:
        f.write(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f} {os.getloadavg()[0]:.2f}\n")
    return status


def summarize(rows):
    """(median wall, worst wall, median CPU, highest load) of rows of (wall, cpu, load)."""
    walls = [r[0] for r in rows]
    return (statistics.median(walls), max(walls), statistics.median(r[1] for r in rows), max(r[2] for r in rows))


def summary(times, n):
    rows = [tuple(map(float, line.split())) for line in open(times).read().splitlines() if line][-n:]
    return summarize(rows)


WIDTH = 48


def header():
    return f"{'':{WIDTH}} {'median':>9} {'worst':>9} {'CPU':>9}  load"


def row(name, figures, note=""):
    median, worst, cpu, load = figures
    return f"{name:{WIDTH}} {median:7.3f} s {worst:7.3f} s {cpu:7.3f} s {load:5.2f}{note}"


OPERATORS = {"<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt}


def check(text, value, op, limit):
    """Prints "PASS text" or "MISS text"; returns whether it passed."""
    passed = OPERATORS[op](value, limit)
    print(("PASS " if passed else "MISS ") + text)
    return passed


def main(args):
    command = args[0] if args else ""
    if command == "run":
        show = len(args) > 2 and args[2] == "--show"
        return run(args[1], args[3 if show else 2:], show=show)
    if command == "summary":
        print(" ".join(f"{x:.3f}" for x in summary(args[1], int(args[2]))))
        return 0
    if command == "header":
        print(header())
        return 0
    if command == "row":
        print(row(args[1], tuple(map(float, args[2].split())), args[3] if len(args) > 3 else ""))
        return 0
    if command == "check":
        return 0 if check(args[1], float(args[2]), args[3], float(args[4])) else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
