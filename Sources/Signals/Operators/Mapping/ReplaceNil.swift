extension Signal {
  /// Replaces each `nil` value with `output`.
  ///
  /// ```marble replace-nil
  /// upstream:                -a-n-b-|
  /// replaceNil(with: "z"):   -a-z-b-|
  /// ```
  ///
  /// Above, `n` is `nil`. A ``Signal/map(_:)-((Self.Output)->T)`` whose transformation is `value ?? output`, as in Combine;
  /// terminal events pass through.
  public consuming func replaceNil<T: Sendable>(with output: T) -> MapSignal<Self, T> where Output == T? {
    map { $0 ?? output }
  }
}
