extension Collection where Element: Signal {
  /// Combines the signals of this collection: once each has sent a value, every new value of any sends the
  /// array of their latest values, in the collection's order (CombineExt's `combineLatest()`).
  ///
  /// ```marble combine-latest-of-collection
  /// first:          -a---c---|
  /// second:         ---b---d-|
  /// combineLatest:  ---x-y-z-|
  /// ```
  ///
  /// Above, `x` is `[a, b]`, `y` is `[c, b]` and `z` is `[c, d]`.
  ///
  /// <!-- setup
  /// let uploads = [PassthroughSignal<Double, Never>(), PassthroughSignal<Double, Never>()]
  /// -->
  /// ```swift
  /// let overall = uploads.combineLatest().map { progress in progress.reduce(0, +) / Double(progress.count) }
  /// ```
  ///
  /// The same as ``CombineLatestSignal/init(_:)`` of the collection's signals: see ``CombineLatestSignal``
  /// for when it finishes and fails. An empty collection finishes at once.
  public func combineLatest() -> CombineLatestSignal<Element> {
    CombineLatestSignal(Array(self))
  }
}
