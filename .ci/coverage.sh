#!/usr/bin/env bash
# Line coverage of the library targets (Signals, SignalsTesting, SignalsFoundation, Intro, IntroTesting,
# SplashCheck), measured by running the whole test suite with coverage on, and read with the toolchain's own
# llvm-cov (the one beside `swift`: an llvm-cov first on PATH may not read Swift's profiles). Fails below the
# minimum.
#
#   bash .ci/coverage.sh                 # minimum 90%
#   SIGNALS_COVERAGE_MIN=95 bash .ci/coverage.sh
set -euo pipefail
cd "$(dirname "$0")/.."

minimum="${SIGNALS_COVERAGE_MIN:-90}"
scratch=.build/cov
libraries=(Sources/Signals Sources/SignalsTesting Sources/SignalsFoundation Sources/Intro Sources/IntroTesting Sources/SplashCheck)

swift test --enable-code-coverage --scratch-path "$scratch"

toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
llvm_cov="$toolchain/llvm-cov"
codecov_json="$(swift test --enable-code-coverage --scratch-path "$scratch" --show-codecov-path)"
profdata="$(dirname "$codecov_json")/default.profdata"
binary="$(find "$scratch/debug/" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)"
for file in "$llvm_cov" "$profdata" "$binary"; do
  [[ -e "$file" ]] || { echo "coverage: missing $file" >&2; exit 1; }
done

# Per-file table, restricted to the library sources.
"$llvm_cov" report "$binary" -instr-profile "$profdata" "${libraries[@]}"

# The TOTAL row: Filename Regions Missed Cover Functions Missed Executed Lines Missed Cover ...
read -r lines missed < <("$llvm_cov" report "$binary" -instr-profile "$profdata" "${libraries[@]}" |
  awk '$1 == "TOTAL" { print $8, $9 }')
if [[ -z "${lines:-}" || "$lines" -eq 0 ]]; then
  echo "coverage: no lines measured in ${libraries[*]}" >&2
  exit 1
fi
percent="$(awk -v l="$lines" -v m="$missed" 'BEGIN { printf "%.2f", (l - m) * 100 / l }')"
echo "Line coverage of ${libraries[*]}: $percent% ($((lines - missed)) of $lines lines); minimum $minimum%"
if awk -v p="$percent" -v min="$minimum" 'BEGIN { exit !(p < min) }'; then
  echo "coverage: $percent% is below the minimum of $minimum%" >&2
  exit 1
fi
