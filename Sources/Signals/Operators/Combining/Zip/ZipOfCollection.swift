extension Collection where Element: Signal {
  /// Zips the signals of this collection: the n-th values of all of them, as an array in the collection's
  /// order, once each has sent its n-th value (CombineExt's `zip()`).
  ///
  /// ```marble zip-of-collection
  /// first:   -a--c---|
  /// second:  ---b--d-|
  /// zip:     ---x--y-|
  /// ```
  ///
  /// Above, `x` is `[a, b]` and `y` is `[c, d]`.
  ///
  /// <!-- setup
  /// let steps = [PassthroughSignal<String, Never>(), PassthroughSignal<String, Never>()]
  /// -->
  /// ```swift
  /// let rounds = steps.zip()  // each round once every step has reported
  /// ```
  ///
  /// The same as ``ZipSignal/init(_:)`` of the collection's signals: see ``ZipSignal`` for when it finishes
  /// and fails. An empty collection finishes at once. Inside an extension of a collection of signals, a bare
  /// `zip(a, b)` finds this method, as a bare `max(a, b)` finds `max()` inside a signal type: write
  /// `Swift.zip(a, b)`.
  public func zip() -> ZipSignal<Element> {
    ZipSignal(Array(self))
  }
}
