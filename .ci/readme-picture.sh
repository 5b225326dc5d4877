#!/usr/bin/env bash
# The README's picture, docs/splash-demo.svg: `splash-demo`'s default intro (the animated scenario) decided in virtual
# time and drawn by `--svg`, so it is the same on every machine.
#
#   bash .ci/readme-picture.sh           # writes it
#   bash .ci/readme-picture.sh --check   # fails if the committed picture is not what the demo draws now
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/demo-bin.sh

picture=docs/splash-demo.svg
arguments=(--svg)  # the default scenario: what `swift run splash-demo` plays
if [[ "${1:-}" == --check ]]; then
  fresh="$(mktemp)"
  trap 'rm -f "$fresh"' EXIT
  "$demo" "${arguments[@]}" "$fresh" >/dev/null
  if ! cmp -s "$fresh" "$picture"; then
    echo "readme-picture: $picture is not what splash-demo draws now; run: bash .ci/readme-picture.sh" >&2
    diff "$picture" "$fresh" | head -20 >&2 || true
    exit 1
  fi
  echo "readme-picture: $picture is current"
else
  "$demo" "${arguments[@]}" "$picture"
fi
