#!/usr/bin/env bash
# `swift test`, with UserDefaults.standard moved to a scratch directory (XDG_CONFIG_HOME, where
# swift-corelibs-foundation keeps it); then fails if a test left the intro's default key there. A gated intro
# with no store of its own remembers in UserDefaults.standard (`intro.lastShownVersion`): tests must give it a
# store (IntroHarness does), or a run would depend on, and change, the developer's defaults.
#
# A probe first writes the key the same way and must be found, so that "nothing found" means "nothing
# written". On macOS (no XDG directory for defaults) it runs `swift test` only. Arguments go to `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "$(uname)" == Linux ]] || exec swift test "$@"
key=intro.lastShownVersion
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/probe" "$scratch/tests"
printf 'import Foundation\nUserDefaults.standard.set("1.0", forKey: "%s")\n_ = UserDefaults.standard.synchronize()\n' \
  "$key" >"$scratch/probe.swift"
swiftc "$scratch/probe.swift" -o "$scratch/probe-bin"
XDG_CONFIG_HOME="$scratch/probe" "$scratch/probe-bin"
if ! grep -rqF "$key" "$scratch/probe"; then
  echo "standard-defaults: a write of UserDefaults.standard did not land in XDG_CONFIG_HOME: this check is blind" >&2
  exit 1
fi
XDG_CONFIG_HOME="$scratch/tests" swift test "$@"
if written=$(grep -rlF "$key" "$scratch/tests"); then
  echo "standard-defaults: a test wrote \"$key\" in UserDefaults.standard ($written):" >&2
  echo "give its gated intro a store of its own (IntroHarness does for a configuration without one)" >&2
  exit 1
fi
echo "standard-defaults: no test wrote the intro's key in UserDefaults.standard"
