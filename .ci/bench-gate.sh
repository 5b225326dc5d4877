#!/usr/bin/env bash
# The benchmark's allocation gate (CI's last step). Runs `swift run -c release signals-bench --quick --json`
# once (the program itself stops with exit 1 when a checksum disagrees), prints its JSON and a table of the
# times (printed, never judged), then compares the allocations per operation, rounded to two decimals, with
# the figures in .ci/bench-allocations.txt:
#   - a recorded figure (`W5 11.00`): above fails (exit 1); below passes, with a message to lower the figure;
#   - a ceiling (`W8 ceiling 40`): above fails.
# A workload named in the file but missing from the output, or without an allocation figure, fails.
#
# Usage:
#   bash .ci/bench-gate.sh                 run the benchmark and gate it
#   bash .ci/bench-gate.sh --check FILE    gate the JSON lines in FILE instead (no build, no run)
#   bash .ci/bench-gate.sh --self-test     shows the gate passes, reports and fails when it should, with
#                                          fabricated JSON lines (against the recorded file and a made-up one)
set -euo pipefail
cd "$(dirname "$0")/.."
recorded=.ci/bench-allocations.txt

# check RECORDED JSON: prints the times and the verdicts; exit status 1 if any figure is above its bound.
check() {
  python3 - "$1" "$2" <<'PY'
import json
import sys
from decimal import ROUND_HALF_UP, Decimal

recorded_path, json_path = sys.argv[1], sys.argv[2]
bounds = []  # (name, kind, figure)
for number, line in enumerate(open(recorded_path, encoding="utf-8"), 1):
    words = line.split("#", 1)[0].split()
    if not words:
        continue
    if len(words) == 2:
        bounds.append((words[0], "recorded", Decimal(words[1])))
    elif len(words) == 3 and words[1] == "ceiling":
        bounds.append((words[0], "ceiling", Decimal(words[2])))
    else:
        sys.exit(f"bench-gate: {recorded_path}:{number}: expected `NAME FIGURE` or `NAME ceiling FIGURE`")

results = {}
for line in open(json_path, encoding="utf-8"):
    line = line.strip()
    if line.startswith("{"):
        result = json.loads(line)
        results[result["workload"]] = result

print(f"{'workload':<9} {'n':>10} {'signals ns':>12} {'baseline ns':>12} {'ratio':>9} {'allocs/op':>10}")
for name, result in results.items():
    def cell(key, width, decimals):
        return f"{result[key]:>{width}.{decimals}f}" if key in result else f"{'-':>{width}}"
    print(f"{name:<9} {result['n']:>10} {cell('signals_ns', 12, 2)} {cell('baseline_ns', 12, 2)}"
          f" {cell('ratio', 9, 3)} {cell('signals_allocs', 10, 4)}")
print("(times are printed, not judged)")

failures = 0
for name, kind, figure in bounds:
    result = results.get(name)
    if result is None or "signals_allocs" not in result:
        print(f"bench-gate: FAIL: {name}: no allocation figure in the output"
              " (workload missing, or the counter inactive: a sanitized build?)")
        failures += 1
        continue
    measured = Decimal(repr(result["signals_allocs"])).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    bound = figure.quantize(Decimal("0.01"))
    if measured > bound:
        what = "the ceiling" if kind == "ceiling" else "recorded"
        print(f"bench-gate: FAIL: {name}: {measured} allocations per operation > {bound} {what} in"
              f" {recorded_path} (remove the new allocation, or raise the figure in a commit that says why)")
        failures += 1
    elif measured < bound and kind == "recorded":
        print(f"bench-gate: {name} improved: {measured} < {bound} recorded; lower the figure in {recorded_path}")
    else:
        print(f"bench-gate: ok: {name} {measured} allocations per operation"
              f" ({'≤ ceiling' if kind == 'ceiling' else '='} {bound})")
sys.exit(1 if failures else 0)
PY
}

# expect STATUS TEXT RECORDED JSON-LINES...: the check of those lines exits with STATUS and prints TEXT.
expect() {
  local status=$1 text=$2 file=$3
  shift 3
  local json output got=0
  json=$(mktemp)
  printf '%s\n' "$@" >"$json"
  output=$(check "$file" "$json" 2>&1) || got=$?
  rm -f "$json"
  if [[ $got -ne $status || $output != *"$text"* ]]; then
    echo "bench-gate --self-test: expected exit $status and \"$text\", got exit $got:" >&2
    echo "$output" >&2
    exit 1
  fi
  echo "bench-gate --self-test: ok: exit $status, \"$text\""
}

# line NAME ALLOCS: a fabricated JSON line as signals-bench prints it.
line() {
  printf '{"workload":"%s","n":1000,"signals_ns":10.000,"baseline":"closures","baseline_ns":5.000,"ratio":2.000,"signals_allocs":%s}' \
    "$1" "$2"
}

self_test() {
  local made_up
  made_up=$(mktemp)
  trap 'rm -f "$made_up"' RETURN
  printf '# a comment\nA 2.00\nB ceiling 40\n' >"$made_up"
  expect 0 "ok: A 2.00" "$made_up" "$(line A 2.0024)" "$(line B 38.0020)"
  expect 1 "FAIL: A: 2.01 allocations per operation > 2.00 recorded" "$made_up" "$(line A 2.0050)" "$(line B 1)"
  expect 0 "A improved: 1.00 < 2.00 recorded; lower the figure" "$made_up" "$(line A 1.0000)" "$(line B 1)"
  expect 1 "FAIL: B: 40.01 allocations per operation > 40.00 the ceiling" "$made_up" "$(line A 2)" "$(line B 40.01)"
  expect 0 "ok: B 40.00" "$made_up" "$(line A 2)" "$(line B 40.0049)"
  expect 1 "FAIL: B: no allocation figure" "$made_up" "$(line A 2)"
  expect 1 "FAIL: A: no allocation figure" "$made_up" '{"workload":"A","n":1,"signals_ns":1.0}' "$(line B 1)"

  # The recorded file itself: its own figures pass; one more allocation on any entry fails.
  local names=() figures=() name kind figure
  while read -r name kind figure; do
    [[ -z $name || $name == \#* ]] && continue
    [[ $kind == ceiling ]] || figure=$kind
    names+=("$name")
    figures+=("$figure")
  done <"$recorded"
  [[ ${#names[@]} -gt 0 ]] || { echo "bench-gate --self-test: $recorded names no workload" >&2; exit 1; }
  local lines=() index
  for index in "${!names[@]}"; do lines+=("$(line "${names[$index]}" "${figures[$index]}")"); done
  expect 0 "ok: ${names[0]}" "$recorded" "${lines[@]}"
  for index in "${!names[@]}"; do
    local raised=("${lines[@]}")
    raised[index]=$(line "${names[$index]}" "$(python3 -c "print(${figures[$index]} + 1)")")
    expect 1 "FAIL: ${names[$index]}:" "$recorded" "${raised[@]}"
  done
}

case "${1:-}" in
--self-test)
  self_test
  ;;
--check)
  [[ $# -eq 2 ]] || { echo "usage: bash .ci/bench-gate.sh --check FILE" >&2; exit 2; }
  check "$recorded" "$2"
  ;;
"")
  output=$(mktemp)
  trap 'rm -f "$output"' EXIT
  swift run -c release signals-bench --quick --json | tee "$output"
  echo
  check "$recorded" "$output"
  ;;
*)
  echo "usage: bash .ci/bench-gate.sh [--self-test | --check FILE]" >&2
  exit 2
  ;;
esac
