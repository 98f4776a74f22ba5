#!/usr/bin/env bash
# Benchmarks `workbook build` (release) on hostile Markdown nesting
# (RELIABILITY-REVIEW-4 M2, M3), each book one chapter, RUNS builds each:
#
#  - within the limit: 1 MB of block quotes, lists, emphasis, strong,
#    strikethrough, links and images nested up to the parser's limit
#    (MarkdownDocument.maximumNesting levels), mixed, in paragraphs and
#    headings, with runs of unmatched openers; it is built;
#  - past the limit: 1 MB of nesting no page can show (100,000 quotes,
#    30,000 "> - ", 32,000 nested emphases, …); it is refused at its line;
#  - 3,000 nested list levels (9 MB, the indentation grows with the level);
#    refused at its line;
#  - no nesting, shown without a target: 20,000 emphasis openers then
#    20,000 images in one paragraph, quadratic in cmark-gfm 0.29.0.gfm.6
#    itself (each closing bracket walks every pending opener);
#  - a one-line chapter: what every build costs, for comparison.
#
# The books are built against the tests' stand-in engine, so the figures
# are the chapter's: the real engine's ledger page (swift-syntax reading
# the engine's sources) costs about 2 s of its own in every build.
#
# Target: each under 2 s (median), and never a crash: a build ends with exit
# status 0 (built) or 1 (refused, "nested too deeply"), else it is a MISS.
# Exit status 1 when a target is missed.
#   scripts/bench/adversarial-nesting.sh [RUNS]
#   WORKBOOK_BIN=.build/debug/workbook scripts/bench/adversarial-nesting.sh   # a tool built elsewhere
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${1:-3}

bench_tool
bench_work bench-nesting
python3 - "$WORK" <<'PY'
import os, random, sys

work = sys.argv[1]
LIMIT = 256  # MarkdownDocument.maximumNesting
rng = random.Random(39)

def book(name, text):
    os.makedirs(f"{work}/{name}/Chapters", exist_ok=True)
    with open(f"{work}/{name}/Chapters/01-nesting.md", "w") as f:
        f.write(text)

INLINES = [("*a ", " a*"), ("**a ", " a**"), ("~~a ", " a~~"), ("![a ", " a](u)"), ("[a ", " a](#x)")]

def inline(levels):
    kinds = [rng.choice(INLINES) for _ in range(levels)]
    return "".join(o for o, _ in kinds) + "core" + "".join(c for _, c in reversed(kinds))

def within():
    """One block nested at most LIMIT levels deep (a margin of 4)."""
    budget = LIMIT - 4
    shape = rng.randrange(5)
    if shape == 0:  # quotes and lists on one line, emphasis and links inside
        prefix, used = "", 0
        while used < rng.randrange(budget // 2):
            piece = rng.choice(["> ", "- ", "1. "])
            prefix += piece
            used += 1 if piece == "> " else 2
        return prefix + inline(rng.randrange(budget - used)) + "\n"
    if shape == 1:  # a heading of nested emphasis
        return "## " + inline(rng.randrange(budget)) + "\n"
    if shape == 2:  # a list nested line by line
        depth = rng.randrange(budget // 2)
        return "".join("  " * k + "- " + inline(3) + "\n" for k in range(depth))
    if shape == 3:  # quotes nested line by line, a code block at the bottom
        depth = rng.randrange(budget - 2)
        quotes = "".join(">" * k + " " + inline(1) + "\n" for k in range(1, depth))
        return quotes + ">" * depth + " ```\n" + ">" * depth + " code\n" + ">" * depth + " ```\n"
    # openers never closed: work for cmark's delimiter stack, no nesting
    return " ".join(rng.choice(["*a", "_a", "[a", "![a", "**a", "~~a", "<a"]) for _ in range(rng.randrange(2000))) + "\n"

def chapter(blocks, size):
    out = ["# Nesting\n\n"]
    total = 0
    while total < size:
        block = blocks()
        out.append(block + "\n")
        total += len(block) + 1
    return "".join(out)

def past():
    """A block nested past the limit (refused at its line)."""
    n = rng.randrange(LIMIT + 1, 40_000)
    return rng.choice([
        ">" * n + " hi\n",
        "> - " * (n // 3) + "hi\n",
        "*a " * n + "b" + " a*" * n + "\n",
        "![a " * n + "b" + " a](u)" * n + "\n",
        "".join("  " * k + "- a\n" for k in range(min(n, 400))),
    ])

book("within", chapter(within, 1 << 20))
book("past", "# Past\n\n" + chapter(past, 1 << 20)[len("# Nesting\n\n"):])
book("lists", "# Lists\n\n" + "".join("  " * k + "- a\n" for k in range(3000)))
book("one-line", "# One line\n\nA paragraph.\n")
# Not nesting: 20,000 emphasis openers, then 20,000 images, in one
# paragraph. cmark-gfm 0.29.0.gfm.6 (Debian's) walks every pending opener
# at each image's closing bracket: quadratic in cmark itself.
book("openers", "# Openers\n\n" + "*a " * 20_000 + "![a](u) " * 20_000 + "\n")
for name in ["within", "past", "lists", "one-line", "openers"]:
    size = os.path.getsize(f"{work}/{name}/Chapters/01-nesting.md")
    print(f"  {name}: {size / 1e6:.1f} MB", file=sys.stderr)
PY

ENGINE=(--engine-sources "$ROOT/Tests/Fixtures/verify/engine" --cache-dir "$WORK/cache")
# The stand-in engine's first build, not timed.
(cd "$WORK/one-line" && "$BIN" build --book Chapters --out Site "${ENGINE[@]}" >/dev/null)

# NAME STATUS: RUNS timed builds of the book NAME, each ending with STATUS
# (and, refused, naming the nesting); a MISS otherwise.
builds() {
  local name=$1 expected=$2 status
  for _ in $(seq "$RUNS"); do
    status=0
    (cd "$WORK/$name" && bench_timed "$BIN" build --book Chapters --out Site "${ENGINE[@]}") || status=$?
    if [ "$status" != "$expected" ] || { [ "$expected" = 1 ] && ! grep -q "nested too deeply" "$BENCH_TIMES.log"; }; then
      echo "MISS $name: exit status $status, expected $expected" >&2
      tail -5 "$BENCH_TIMES.log" >&2
      BENCH_STATUS=1
    fi
  done
  bench_summary "$RUNS"
}

ONE=$(builds one-line 0)
WITHIN=$(builds within 0)
PAST=$(builds past 1)
LISTS=$(builds lists 1)
OPENERS=$(builds openers 0)
echo "workbook build, hostile nesting, $RUNS runs each; load $(load)"
bench_header
bench_row "one line (every build's cost)" "$ONE"
bench_row "1 MB nested within the limit (built)" "$WITHIN"
bench_row "1 MB nested past the limit (refused)" "$PAST"
bench_row "3,000 nested list levels, 9 MB (refused)" "$LISTS"
bench_row "openers, then images, 220 KB (cmark-gfm's own)" "$OPENERS" "  (no target: not nesting)"
bench_check "1 MB within the limit builds in < 2 s (median)" "${WITHIN%% *}" "<" 2
bench_check "1 MB past the limit is refused in < 2 s (median)" "${PAST%% *}" "<" 2
bench_check "3,000 list levels are refused in < 2 s (median)" "${LISTS%% *}" "<" 2
bench_exit
