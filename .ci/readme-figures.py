#!/usr/bin/env python3
"""The README's benchmark figures: made from signals-bench runs into BENCHMARKS.md, copied from there.

BENCHMARKS.md holds the figures the README shows between `<!-- BEGIN README FIGURES -->` and
`<!-- END README FIGURES -->`; README.md has the same markers (`<!-- BEGIN FIGURES …` / `<!-- END FIGURES -->`)
and nothing but the copy between them. So a new measurement is recorded once, in BENCHMARKS.md, and
flows into the README.

Usage:
  python3 .ci/readme-figures.py --record RUN.jsonl [RUN.jsonl …] [--note TEXT]
        writes BENCHMARKS.md's block from the JSON lines of full `signals-bench --cpu-time --json` runs
        (one file per run): per workload the median ratio of the runs and their spread, min–max
  python3 .ci/readme-figures.py            copies BENCHMARKS.md's block into README.md
  python3 .ci/readme-figures.py --check    fails (exit 1) when README.md's copy differs (CI runs this)
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_BEGIN, SOURCE_END = "<!-- BEGIN README FIGURES -->", "<!-- END README FIGURES -->"
COPY_BEGIN = re.compile(r"^<!-- BEGIN FIGURES .*-->$", re.MULTILINE)
COPY_END = "<!-- END FIGURES -->"
WORKLOAD_ROW = re.compile(r"^\| (?P<name>W\d+(?:-\w+)?) (?P<label>[^|]*?) \|", re.MULTILINE)


def block(text: str, begin: re.Pattern[str] | str, end: str, where: str) -> tuple[int, int]:
    """The span of the text between the markers, exclusive of them."""
    match = begin.search(text) if isinstance(begin, re.Pattern) else re.search(re.escape(begin), text)
    if not match or text.count(end) != 1 or text.index(end) < match.end():
        raise SystemExit(f"readme-figures: {where} needs one pair of figure markers ({end} last)")
    return match.end(), text.index(end)


def labels(benchmarks: str) -> dict[str, str]:
    """Each workload's label from BENCHMARKS.md's workload table (`| W1 throughput | …`)."""
    start = benchmarks.find("\n## Workloads")
    end = benchmarks.find("\n## ", start + 1) if start >= 0 else -1
    table = benchmarks[start:end] if start >= 0 and end >= 0 else ""
    return {m["name"]: m["label"] for m in WORKLOAD_ROW.finditer(table)}


def record(runs: list[Path], note: str | None) -> int:
    path = ROOT / "BENCHMARKS.md"
    text = path.read_text(encoding="utf-8")
    names = labels(text)
    results: dict[str, list[dict]] = {}
    for run in runs:
        for line in run.read_text(encoding="utf-8").splitlines():
            if line.startswith("{"):
                entry = json.loads(line)
                results.setdefault(entry["workload"], []).append(entry)
    if any(entry["n"] < 1_000_000 for entry in results.get("W1", [])):
        print("readme-figures: these look like --quick runs; record full-size runs", file=sys.stderr)
        return 2
    rows = ["| workload | ratio (median) | spread | allocations per operation |", "|---|---:|---:|---:|"]
    for name, entries in results.items():
        ratios = [e["ratio"] for e in entries if "ratio" in e]
        # W6's ratio is a lateness against a sleep loop, not a cost; variants (W4-10k, W5-once) stay in
        # BENCHMARKS.md's full table.
        if not ratios or name == "W6" or "-" in name:
            continue
        allocations = {e.get("signals_allocs") for e in entries} - {None}
        allocation = "–" if not allocations else "/".join(f"{a:.2f}" for a in sorted(allocations))
        label = f"{name} {names.get(name, '')}".strip()
        rows.append(
            f"| {label} | {statistics.median(ratios):.2f} | {min(ratios):.2f}–{max(ratios):.2f} | {allocation} |"
        )
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    cpu = next(
        (line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "unknown"
    ) if Path("/proc/cpuinfo").exists() else "unknown"
    header = (
        f"Ratio = Signals ÷ the hand-written baseline (lower is better), thread CPU time; the median and the "
        f"spread of {len(runs)} full runs of `swift run -c release signals-bench --cpu-time` (each a median of 5) "
        f"at commit `{commit}`, on a 2-vCPU {cpu} Linux VM with Swift 6.3.1."
    )
    if note:
        header += " " + note
    generated = "\n".join(["", *textwrap.wrap(header, width=108, break_on_hyphens=False), "", *rows, ""])
    start, end = block(text, SOURCE_BEGIN, SOURCE_END, "BENCHMARKS.md")
    path.write_text(text[:start] + generated + text[end:], encoding="utf-8")
    print(f"readme-figures: BENCHMARKS.md's README figures recorded from {len(runs)} run(s); now copy them")
    return 0


def copy(check: bool) -> int:
    benchmarks = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
    start, end = block(benchmarks, SOURCE_BEGIN, SOURCE_END, "BENCHMARKS.md")
    figures = benchmarks[start:end]
    readme_path = ROOT / "README.md"
    readme = readme_path.read_text(encoding="utf-8")
    copy_start, copy_end = block(readme, COPY_BEGIN, COPY_END, "README.md")
    if readme[copy_start:copy_end] == figures:
        if check:
            print("readme-figures: README.md's figures are BENCHMARKS.md's")
        return 0
    if check:
        print(
            "readme-figures: README.md's figures differ from BENCHMARKS.md's; run python3 .ci/readme-figures.py",
            file=sys.stderr,
        )
        return 1
    readme_path.write_text(readme[:copy_start] + figures + readme[copy_end:], encoding="utf-8")
    print("readme-figures: README.md's figures copied from BENCHMARKS.md")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", nargs="+", type=Path, metavar="RUN.jsonl", help="record these runs' figures")
    parser.add_argument("--note", help="a sentence added after the figures' description (the load, say)")
    parser.add_argument("--check", action="store_true", help="fail when README.md's copy is stale")
    arguments = parser.parse_args()
    if arguments.record:
        return record(arguments.record, arguments.note)
    return copy(arguments.check)


if __name__ == "__main__":
    sys.exit(main())
