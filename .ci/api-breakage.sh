#!/usr/bin/env bash
# API changes are seen: the library products' public API against the last release's commit, with
# `swift package diagnose-api-breaking-changes`. A break fails unless .ci/api-breakage-allowlist.txt lists it
# (CONTRIBUTING.md, "Releasing", says how to add a line). No tag is needed: the commit is the one CHANGELOG.md
# records under the release's heading (the first 40-hex commit after `## [X.Y.Z]`, the newest release).
#
# Cost: the baseline commit's package is built once (debug) and its API dumped into .build/api-baseline, per
# commit and per compiler; the current package's build is `swift build --build-tests`'s, reused. Only the
# products the baseline has are compared (a new product cannot break anything).
set -euo pipefail
cd "$(dirname "$0")/.."

allowlist=.ci/api-breakage-allowlist.txt
release="$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' CHANGELOG.md | sed -n 1p)"
baseline="$(awk -v heading="## [$release]" 'index($0, heading) == 1 { on = 1; next } /^## \[/ { on = 0 } on' \
  CHANGELOG.md | grep -m1 -oE '\b[0-9a-f]{40}\b' || true)"
if [[ -z "$release" || -z "$baseline" ]]; then
  echo "api-breakage: CHANGELOG.md names no release with its commit (a 40-hex commit under ## [X.Y.Z])" >&2
  exit 1
fi
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
  echo "api-breakage: $release's commit $baseline is not in this clone's history (a shallow clone? fetch it)" >&2
  exit 1
fi
# The allowlist is named in CHANGELOG's Unreleased section, and holds breakage messages and `//` comments only: the
# API digester ignores the whole file when one line starts with `#` (measured with Swift 6.3.1).
# Captured first, then searched: `grep -q` at the end of a pipe can end it early (SIGPIPE, and pipefail).
unreleased="$(sed -n '/^## \[Unreleased\]/,/^## \[[0-9]/p' CHANGELOG.md)"
if ! grep -qF "$allowlist" <<<"$unreleased"; then
  echo "api-breakage: CHANGELOG.md's Unreleased section does not name $allowlist" >&2
  exit 1
fi
if grep -nEv '^(API breakage: .+|//.*|[[:space:]]*)$' "$allowlist" >&2; then
  echo "api-breakage: $allowlist: the lines above are neither 'API breakage: ...' nor '// comments'" >&2
  exit 1
fi

libraries() { grep -oE '\.library\(name: "[^"]+"' | sed -E 's/.*"([^"]+)"/\1/' | sort -u; }
products=()
while IFS= read -r product; do products+=("$product"); done < <(
  comm -12 <(libraries <Package.swift) <(git show "$baseline:Package.swift" | libraries))
compiler="$(swift --version 2>&1 | cksum | cut -d' ' -f1)"
echo "api-breakage: ${products[*]} against $release ($baseline)"
swift package diagnose-api-breaking-changes "$baseline" --products "${products[@]}" \
  --baseline-dir ".build/api-baseline/$compiler" --breakage-allowlist-path "$allowlist" 2>&1 |
  grep -vE '^\[[0-9]+/[0-9]+\] |unhandled; explicitly declare them|apidiff/.*-checkout/Sources/.*\.docc$'
