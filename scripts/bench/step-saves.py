#!/usr/bin/env python3
"""scripts/bench/step.sh's measurement: saves the learner's file ROUNDS
times (a wrong and a right answer in turn) while `workbook step` (PID)
watches it, and times each save to its result on the stepper's output
(WORK/step.log) on the monotonic clock, with the CPU time the stepper and
its children spent on it (/proc).
  step-saves.py WORK ROUNDS PID"""
import os
import sys
import time

import timing

work, rounds, step_pid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ticks = os.sysconf("SC_CLK_TCK")


def cpu():
    """Seconds of CPU of the stepper and of the children it has reaped."""
    fields = open(f"/proc/{step_pid}/stat").read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / ticks  # utime stime cutime cstime


log = os.path.join(work, "step.log")
path = os.path.join(work, "Exercises/01-fade/fade-out.swift")


def results():
    try:
        return open(log, encoding="utf-8").read().count("Checked Exercises/")
    except FileNotFoundError:
        return 0


def wait_for(count, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if results() >= count:
            return True
        time.sleep(0.005)
    return False


if not wait_for(1, timeout=120):
    sys.exit("the stepper never checked the starter:\n" + open(log).read())
starter = open(path).read()
right = starter.replace("  // TODO: fade the card out over one second\n",
                        "  UIView.animate(withDuration: 1) { card.alpha = 0 }\n")
wrong = starter.replace("  // TODO: fade the card out over one second\n",
                        "  UIView.animate(withDuration: 2) { card.alpha = 0 }\n")
rows = []
for n in range(rounds):
    before = results()
    text = right if n % 2 else wrong
    # Save like an editor: write a new file, rename it over the old one.
    with open(path + ".tmp", "w") as f:
        f.write(text + f"// save {n}\n")
    cpu_before = cpu()
    start = time.monotonic()
    os.rename(path + ".tmp", path)
    if not wait_for(before + 1):
        sys.exit("no result after a save:\n" + open(log).read()[-2000:])
    rows.append((time.monotonic() - start, cpu() - cpu_before, os.getloadavg()[0]))
    time.sleep(0.3)
passes = open(log).read().count("PASS")
median, worst, cpu_median, load = timing.summarize(rows)
print(f"save -> result, warm cache, {rounds} saves ({passes} passes); best {min(r[0] for r in rows):.3f} s")
print(timing.header())
print(timing.row("save -> result (stepper + compiler + linker + run)", (median, worst, cpu_median, load)))
print(f"load average at the end: {os.getloadavg()[0]:.2f} (other work on the machine skews the latencies)")
checks = [timing.check(f"median save -> result = {median:.3f} s (target <= 0.5 s)", median, "<=", 0.5),
          timing.check(f"worst save -> result = {worst:.3f} s (target < 1 s)", worst, "<", 1.0)]
sys.exit(0 if all(checks) else 1)
