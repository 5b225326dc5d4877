#!/usr/bin/env bash
# Atomic-costing calls per operation of one signals-bench workload, by caller (see refcounts.c):
#   Tools/refcounts/refcounts.sh W5 35000 [--by-caller]
# The second argument divides the counts: calls of the Signals side times its operations (W5 --quick:
# 7 calls of 5,000 rounds). The hand-written side's callers are left out.
set -euo pipefail
cd "$(dirname "$0")/../.."
workload="${1:?workload, e.g. W5}"
divisor="${2:?operations counted, e.g. 35000 for W5 --quick}"
work="$(mktemp -d)"
gcc -O2 -shared -fPIC Tools/refcounts/refcounts.c -o "$work/refcounts.so" -ldl
swift build -c release --product signals-bench > /dev/null
REFCOUNTS_OUT="$work/counts.txt" LD_PRELOAD="$work/refcounts.so" \
  .build/release/signals-bench --quick --only "$workload" > /dev/null
python3 - "$work/counts.txt" "$divisor" "${3:-}" <<'PY'
import bisect, subprocess, sys
path, divisor, detail = sys.argv[1], float(sys.argv[2]), sys.argv[3] == "--by-caller"
binary = ".build/release/signals-bench"
symbols = []
for line in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout.split("\n"):
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwW":
        symbols.append((int(parts[0], 16), parts[2]))
addresses = [address for address, _ in symbols]
rows = [line.split(" ", 4) for line in open(path).read().split("\n") if line]
def name(row):
    if row[4] != "?":
        return row[4]
    if row[3] != "signals-bench":
        return f"{row[3]}+0x{row[2]}"
    index = bisect.bisect_right(addresses, int(row[2], 16)) - 1
    return symbols[index][1] if index >= 0 else "?"
names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(name(r) for r in rows),
                       capture_output=True, text=True).stdout.split("\n")
kinds = {"1": "retains", "2": "releases", "3": "allocations", "4": "lock round trips"}
totals, lines = {}, []
for row, caller in zip(rows, names):
    count = int(row[1])
    if count < divisor / 10 or any(word in caller for word in ("Heap", "HandWritten", "Closures")):
        continue  # start-up work, or the hand-written side
    kind = kinds[row[0]]
    totals[kind] = totals.get(kind, 0) + count
    lines.append((kind, count / divisor, caller[:150]))
print(", ".join(f"{kind} {total / divisor:.2f}" for kind, total in sorted(totals.items())), "per operation")
if detail:
    for kind, count, caller in sorted(lines):
        print(f"{kind:17s} {count:6.2f}  {caller}")
PY
rm -rf "$work"
