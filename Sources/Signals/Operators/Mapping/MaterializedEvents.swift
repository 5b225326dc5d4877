// CombineExt's `values()` and `failures()` on a signal of materialized events, spelled `eventValues()` and
// `eventFailures()`: every signal has an async `values` property (the async sequence of its values), and
// Swift allows no method `values()` beside it.

extension Signal {
  /// The values of a signal of events: each `.value(x)` sends `x`; `.finished` and `.failed` events are
  /// dropped (CombineExt's `values()`).
  ///
  /// ```marble event-values
  /// upstream:        -v-w-e-|
  /// eventValues():   -a-b---|
  /// ```
  ///
  /// Above, `v` is `.value(a)`, `w` is `.value(b)` and `e` is `.failed(error)`. Paired with
  /// ``Signal/materialize()``: the values of a signal, and its failure as a value of its own with
  /// ``Signal/eventFailures()``, without ending the pipeline.
  ///
  /// <!-- setup
  /// struct SaveError: Error {}
  /// let saves = PassthroughSignal<String, SaveError>()
  /// -->
  /// ```swift
  /// let outcomes = saves.materialize().share()
  /// let saved = outcomes.eventValues()      // the saved names
  /// let errors = outcomes.eventFailures()   // a SaveError, as a value, when saving fails
  /// ```
  ///
  /// Each event is taken on its own: a value after a `.finished` or `.failed` event (a signal of events
  /// that did not come from `materialize()`) is sent too. The result ends when this signal ends.
  public consuming func eventValues<T: Sendable, E: Error>() -> CompactMapSignal<Self, T> where Output == Event<T, E> {
    compactMap { $0.value }
  }

  /// The failures of a signal of events: each `.failed(error)` sends `error`; values and `.finished` are
  /// dropped (CombineExt's `failures()`).
  ///
  /// ```marble event-failures
  /// upstream:          -v-w-e-|
  /// eventFailures():   -----x-|
  /// ```
  ///
  /// Above, `v` and `w` are values, `e` is `.failed(x)`. See ``Signal/eventValues()``.
  public consuming func eventFailures<T: Sendable, E: Error>() -> CompactMapSignal<Self, E>
  where Output == Event<T, E> {
    compactMap { $0.completion?.error }
  }
}
