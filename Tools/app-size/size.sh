#!/usr/bin/env bash
# What an app links of this package: the stripped size of two minimal release apps built against this
# checkout (Sources/pipeline: a subject, `map`, `filter`, `sink`; Sources/intro: the README's intro without
# its SwiftUI layer), in bytes. BENCHMARKS.md ("What an app links") has the figures and the peers'.
#
#   Tools/app-size/size.sh
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release >/dev/null
bin="$(swift build -c release --show-bin-path)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
printf '%-9s %12s %12s\n' app "bytes" "stripped"
for app in pipeline intro; do
  "$bin/$app" >/dev/null
  strip -o "$scratch/$app" "$bin/$app"
  printf '%-9s %12s %12s\n' "$app" "$(stat -c %s "$bin/$app")" "$(stat -c %s "$scratch/$app")"
done
