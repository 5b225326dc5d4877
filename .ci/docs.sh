#!/usr/bin/env bash
# The documentation's checks: the code in it (every ```swift fence compiles, every ```marble diagram has a
# test that runs it: .ci/snippets.py, after its self-test), then each library's DocC catalog, built with
# warnings as errors (no plugin needed); and that the README's benchmark figures are BENCHMARKS.md's
# (.ci/readme-figures.py). Run after `swift build` (CI builds first).
#
#   bash .ci/docs.sh                 check, and throw the built archives away
#   bash .ci/docs.sh --output DIR    check, and leave Signals.doccarchive, SignalsTesting.doccarchive,
#                                    SignalsFoundation.doccarchive and Intro.doccarchive in DIR, built for
#                                    static hosting: serve one, as
#                                    `python3 -m http.server -d DIR/Intro.doccarchive`, and open
#                                    localhost:8000/documentation/intro
set -euo pipefail
output=""
if [[ "${1:-}" == "--output" ]]; then
  output="${2:?--output needs a directory}"
elif [[ -n "${1:-}" ]]; then
  echo "usage: bash .ci/docs.sh [--output DIR]" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
[[ -e "$modules/Signals.swiftmodule" ]] || swift build
python3 .ci/snippets.py --self-test --modules "$modules"
python3 .ci/snippets.py --modules "$modules"
python3 .ci/readme-figures.py --check
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift package dump-symbol-graph >/dev/null
graphs=$(find .build -path '*symbolgraph' -type d | head -n 1)
for module in Signals SignalsTesting SignalsFoundation Intro; do
  mkdir -p "$out/$module-graphs"
  cp "$graphs/$module".symbols.json "$out/$module-graphs/"
  cp "$graphs/$module"@*.symbols.json "$out/$module-graphs/" 2>/dev/null || true
  echo "docc: $module"
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$out/$module-graphs" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors >"$out/$module.log" 2>&1 || { cat "$out/$module.log"; exit 1; }
done
echo "docs: all catalogs build with warnings as errors"
if [[ -n "$output" ]]; then
  mkdir -p "$output"
  for module in Signals SignalsTesting SignalsFoundation Intro; do
    rm -rf "${output:?}/$module.doccarchive"
    cp -R "$out/$module.doccarchive" "$output/"
  done
  echo "docs: the archives are in $output"
fi
