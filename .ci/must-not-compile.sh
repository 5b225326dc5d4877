#!/usr/bin/env bash
# Type-checks each file in .ci/must-not-compile/ against the debug build's modules: each must FAIL to
# compile, with the diagnostic its first line names (`// expected-error: <text>`). A file that compiles,
# or fails for another reason, fails this check. Run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
[[ -d "$modules" ]] || { echo "must-not-compile: no modules at $modules (run swift build first)" >&2; exit 1; }
status=0
for file in .ci/must-not-compile/*.swift; do
  expected="$(sed -n '1s|^// expected-error: ||p' "$file")"
  if [[ -z "$expected" ]]; then
    echo "must-not-compile: $file has no '// expected-error:' first line" >&2
    status=1
    continue
  fi
  if output="$(swiftc -typecheck -swift-version 6 -I "$modules" "$file" 2>&1)"; then
    echo "must-not-compile: $file compiles, but must not" >&2
    status=1
  elif ! grep -qF -- "error: $expected" <<<"$output"; then
    echo "must-not-compile: $file fails, but not with: $expected" >&2
    echo "$output" | grep 'error:' | head -n 5 >&2
    status=1
  else
    echo "must-not-compile: $(basename "$file"): refused as expected"
  fi
done
exit "$status"
