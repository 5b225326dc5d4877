// The *closures* baseline: the same pipeline written by hand as plain closures,
// each built by an `@inline(never)` factory so the optimizer cannot see through
// the chain and fold the loop away (without that, the loop measures 0 ns).

/// The sink: adds each value to `total`.
@inline(never)
func makeSinkClosure(_ total: Accumulator) -> (Int) -> Void {
  { value in total.value &+= value }
}

/// The filter: passes even values on to `next`.
@inline(never)
func makeEvenFilterClosure(_ next: @escaping (Int) -> Void) -> (Int) -> Void {
  { value in
    if value % 2 == 0 { next(value) }
  }
}

/// The map: passes `value + 1` on to `next`.
@inline(never)
func makePlusOneMapClosure(_ next: @escaping (Int) -> Void) -> (Int) -> Void {
  { value in next(value + 1) }
}

/// A source that forwards what it is given to `next` (W3's four inputs).
@inline(never)
func makeForwardingClosure(_ next: @escaping (Int) -> Void) -> (Int) -> Void {
  { value in next(value) }
}

/// map(+1) → filter(even) → sink, as three closures.
@inline(never)
func makeClosureChain(_ total: Accumulator) -> (Int) -> Void {
  makePlusOneMapClosure(makeEvenFilterClosure(makeSinkClosure(total)))
}
