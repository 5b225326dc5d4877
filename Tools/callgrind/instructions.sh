#!/usr/bin/env bash
# Instructions per operation of each side of signals-bench's workloads, counted by callgrind (exact and
# repeatable, unlike times). For each workload and side: the instructions inside that side's function in a
# run with `--runs 2` minus those in a run with `--runs 1` (the extra call of the function), divided by
# the workload's operations at `--quick` size.
#
#   Tools/callgrind/instructions.sh                 every workload below
#   Tools/callgrind/instructions.sh W5 W5-once      those
#
# Needs valgrind; W6 and W7 start tasks or wait on Dispatch and are not counted (callgrind crashes on a
# program that starts a Task). W8 registers Dispatch timers and cancels them: it counts.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed" >&2; exit 2; }
declare -A functions=(
  [W1]="throughputSignals throughputClosures" [W2]="churnSignals churnClosures"
  [W3]="fanInSignals fanInClosures" [W4]="virtualTimeSignals virtualTimeHeap"
  [W4-10k]="virtualTimeSignals virtualTimeHeap" [W5]="introRaceSignals introRaceHeap"
  [W5-once]="introRaceOnceSignals introRaceOnceHeap" [W8]="introStartSignals introStartByHand" [W9]="introDecidedSignals introDecidedByHand"
  [W10]="fanOutSend fanOutCall" [W11]="searchFieldSignals searchFieldByHand"
)
workloads=("$@")
[[ ${#workloads[@]} -gt 0 ]] || workloads=(W1 W2 W3 W4 W4-10k W5 W5-once W8 W9 W10 W11)
swift build -c release --product signals-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/signals-bench"
symbols=$(nm "$bench" | awk '{print $3}')
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# instructions SYMBOL WORKLOAD RUNS: the instructions counted inside SYMBOL.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" --toggle-collect="$1" \
    "$bench" --quick --only "$2" --runs "$3" >/dev/null 2>"$scratch/log" || { cat "$scratch/log" >&2; exit 1; }
  awk '/^summary:/ {print $2}' "$scratch/out"
}

printf '%-8s %10s %14s %14s %7s\n' workload operations "signals Ir/op" "baseline Ir/op" ratio
for workload in "${workloads[@]}"; do
  [[ -n ${functions[$workload]:-} ]] || { echo "instructions.sh: no functions known for $workload" >&2; exit 2; }
  operations=$("$bench" --quick --only "$workload" --json | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["n"])')
  figures=()
  for name in ${functions[$workload]}; do
    symbol=$(grep -E "^\\\$s13signals_bench[0-9]+${name}[0-9A-Z_]" <<<"$symbols" | grep -vE 'fU|TA$|Tm$|XE' | head -n 1)
    [[ -n $symbol ]] || { echo "instructions.sh: no symbol for $name" >&2; exit 1; }
    once=$(instructions "$symbol" "$workload" 5)
    twice=$(instructions "$symbol" "$workload" 6)
    figures+=("$(python3 -c "print(f'{($twice - $once) / $operations:.0f}')")")
  done
  ratio=$(python3 -c "print(f'{${figures[0]} / ${figures[1]}:.2f}')")
  printf '%-8s %10s %14s %14s %7s\n' "$workload" "$operations" "${figures[0]}" "${figures[1]}" "$ratio"
done
