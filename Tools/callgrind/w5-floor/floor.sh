#!/usr/bin/env bash
# W5's floor: instructions per round (callgrind) of signals-bench's W5 round written three ways on the same
# subject, TestScheduler and sink (Sources/w5-floor/main.swift): the README's layered chain, the same race
# fused by hand into one object under one lock, and the primitives alone (no operator). The gap between the
# first two is what the operators' layering costs; the third is what no design of the operators removes.
#
#   Tools/callgrind/w5-floor/floor.sh        (about a minute once built; needs valgrind)
#
# Times by thread CPU time (medians of 5 alternating runs; compare with signals-bench's W5 heap baseline,
# `swift run -c release signals-bench --cpu-time --only W5`, on the same machine):
#
#   swift run -c release --package-path Tools/callgrind/w5-floor w5-floor 100000 time
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "floor.sh: valgrind is not installed" >&2; exit 2; }
swift build -c release >/dev/null
binary="$(swift build -c release --show-bin-path)/w5-floor"
"$binary" 2000 check
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# count FUNCTION ROUNDS FORM: the instructions inside FUNCTION.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" --toggle-collect="$1" "$binary" "$2" "$3" \
    >/dev/null 2>"$scratch/log" || { cat "$scratch/log" >&2; exit 1; }
  awk '/^summary:/ {print $2}' "$scratch/out"
}
printf '%-11s %10s\n' form "Ir/round"
for form in layered fused primitives; do
  name="run${form^}"
  symbol=$(nm "$binary" | awk '{print $3}' | { grep -E "^\\\$s8w5_floor[0-9]+${name}y" || true; } | grep -vE 'fU|TA$|Tm$' | head -n 1 || true)
  [[ -n $symbol ]] || { echo "floor.sh: no symbol for $name" >&2; exit 1; }
  small=$(count "$symbol" 5000 "$form")
  large=$(count "$symbol" 10000 "$form")
  printf '%-11s %10s\n' "$form" "$(( (large - small) / 5000 ))"
done
