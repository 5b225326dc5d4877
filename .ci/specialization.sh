#!/usr/bin/env bash
# The hot chains run specialized: compiles .ci/specialization/Chains.swift (chains of the operators a
# workload runs: the Engines article, rule 14) against the release-built modules with the generic
# specializer's loop report on, and fails if the specializer gave up on a function of Signals, or if a
# call on a chain's subscription or event path reaches Signals unspecialized (a `subscribe` or `receive` of
# Signals applied generically from a chain or a specialized function: a hot operator that lost
# `@inlinable`, or a cold one in a hot chain).
#
# Why: a subscription wraps its observer on the way up, so in
# `a.map(f).filter(p).map(g).filter(q).map(h).filter(r)` the function `MapSignal.subscribe` calls itself with a growing observer type. The specializer accepts one
# such cycle per function and stops at the next, leaving the rest of the subscription, and every event
# through it, unspecialized (that chain: 5,134 instructions per value instead of 364). The Engines article,
# rule 10, says how operators avoid it; this check keeps them so.
#
# Not failed: protocol witness thunks (each only calls its operator's own function, which is checked).
#
#   bash .ci/specialization.sh              build (release) and check
#   bash .ci/specialization.sh --no-build   check against the release modules already built
set -euo pipefail
cd "$(dirname "$0")/.."
[[ ${1:-} == --no-build ]] || swift build -c release --product signals-bench >/dev/null
modules="$(swift build -c release --show-bin-path)/Modules"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# loops FILE OUT: writes to OUT the mangled callees the specializer refused in FILE, one per line, and the
# optimized SIL of FILE to OUT.sil.
loops() {
  swiftc -O -wmo -parse-as-library -swift-version 6 -module-name Chains -I "$modules" -emit-sil -o "$2.sil" "$1" \
    -Xllvm -sil-print-generic-specialization-loops 2>"$scratch/log" >/dev/null \
    || { cat "$scratch/log" >&2; echo "specialization: $1 does not compile" >&2; exit 2; }
  { grep -o 'generic specialization loop for callee: [^ ]*' "$scratch/log" || true; } | awk '{print $NF}' \
    | sort -u >"$2"
}

# unspecialized SIL: prints, demangled, each `subscribe` or `receive` of Signals that a non-generic function
# of the compiled module (a chain, or a specialization the optimizer made) applies generically, with its
# caller.
unspecialized() {
  python3 - "$1" <<'PY'
import re, subprocess, sys

def demangle(symbol):
    return subprocess.run(["swift", "demangle", "--simplified", "--compact", symbol],
                          capture_output=True, text=True).stdout.strip()

found = set()
for function in re.split(r"\n(?=sil )", open(sys.argv[1], encoding="utf-8").read()):
    header = re.match(r"sil (?:\[[^\]]*\] )*(?:\w+ )*@(\S+)", function)
    if not header:
        continue
    caller = header.group(1)
    # The compiled file's own functions (module Chains), and the specializations the optimizer made.
    if not (caller.startswith("$s6Chains") or re.search(r"T[gG]5", caller)):
        continue
    references = dict(re.findall(r"(%\d+) = function_ref @(\S+)", function))
    for callee in re.findall(r"(?:apply|try_apply|begin_apply|partial_apply(?: \[[^\]]*\])*) (%\d+)<", function):
        symbol = references.get(callee, "")
        if symbol.startswith("$s7Signals"):
            name = demangle(symbol)
            if re.search(r"\.(subscribe|receive)\b", name):
                found.add(f"{name}, from {demangle(caller)}")
for line in sorted(found):
    print(line)
PY
}

# The report must exist on this toolchain, or the check would pass whatever the code does.
cat >"$scratch/Grows.swift" <<'EOF'
struct Wrapped<T> { var value: T }
@inline(never) func grow<T>(_ value: T, _ depth: Int) -> Int { depth == 0 ? 0 : grow(Wrapped(value: value), depth - 1) }
public func start() -> Int { grow(1, 8) }
EOF
loops "$scratch/Grows.swift" "$scratch/grows"
[[ -s $scratch/grows ]] || {
  echo "specialization: the compiler no longer reports specialization loops (-sil-print-generic-specialization-loops);" >&2
  echo "  this check cannot see anything: update it for this toolchain" >&2
  exit 2
}

# And it must see an unspecialized call when there is one: a cold operator in a chain.
cat >"$scratch/Cold.swift" <<'EOF'
import Signals
public func cold(_ s: PassthroughSignal<Int, Never>) -> SignalSubscription { s.compactMap { $0 }.sink { _ in } }
EOF
loops "$scratch/Cold.swift" "$scratch/cold"
[[ -n $(unspecialized "$scratch/cold.sil") ]] || {
  echo "specialization: a cold operator's subscribe reads as specialized in the SIL;" >&2
  echo "  this check cannot see anything: update it for this toolchain" >&2
  exit 2
}

loops .ci/specialization/Chains.swift "$scratch/loops"
status=0
thunks=0
while read -r symbol; do
  [[ -n $symbol ]] || continue
  [[ $symbol == \$s7Signals* ]] || continue
  if [[ $symbol == *TW ]]; then thunks=$((thunks + 1)); continue; fi
  echo "specialization: FAIL: the specializer gave up on $(swift demangle --simplified --compact "$symbol")" >&2
  status=1
done <"$scratch/loops"
echo "specialization: $thunks protocol witness thunk(s) reported, not failed (each calls its operator's own function)"
while read -r line; do
  [[ -n $line ]] || continue
  echo "specialization: FAIL: unspecialized on a hot chain: $line" >&2
  status=1
done < <(unspecialized "$scratch/loops.sil")
[[ $status == 0 ]] || echo "specialization: see the Engines article, rule 10 (an engine function that subscribes an upstream, a forwarder that is not @inline(__always), an operator three times in one chain)" >&2
[[ $status == 0 ]] && echo "specialization: every chain in .ci/specialization/Chains.swift runs specialized"
exit $status
