extension Collection where Element: Signal {
  /// Merges the signals of this collection into one: every value of any, as it comes (CombineExt's
  /// `merge()`, Combine's `Publishers.MergeMany`).
  ///
  /// ```marble merge-of-collection
  /// first:   -a--c-|
  /// second:  --b---d|
  /// merge:   -ab-c-d|
  /// ```
  ///
  /// <!-- setup
  /// let taps = [PassthroughSignal<String, Never>(), PassthroughSignal<String, Never>()]
  /// -->
  /// ```swift
  /// let anyTap = taps.merge()
  /// ```
  ///
  /// The same as ``MergeSignal/init(_:)`` of the collection's signals: see ``MergeSignal`` for when it
  /// finishes and fails. An empty collection finishes at once.
  public func merge() -> MergeSignal<Element> {
    MergeSignal(Array(self))
  }
}
