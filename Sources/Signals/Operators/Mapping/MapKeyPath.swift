extension Signal {
  /// Emits the values of two key paths of each value, as a pair.
  ///
  /// ```marble map-key-paths
  /// upstream:                  -a-b-|
  /// map(\.first, \.last):      -x-y-|
  /// ```
  ///
  /// Above, `a` is `"ok"` and `x` is `("o", "k")`; `b` is `"no"` and `y` is `("n", "o")`.
  ///
  /// One key path needs no overload of its own: Swift passes a key path literal as the transform of
  /// ``Signal/map(_:)-((Self.Output)->T)``, as in Combine:
  ///
  /// <!-- setup
  /// struct Download: Sendable { var name: String; var bytes: Int }
  /// let downloads = PassthroughSignal<Download, Never>()
  /// -->
  /// ```swift
  /// let sizes = downloads.map(\.bytes)  // Signal<Int, Never>
  /// ```
  ///
  /// (An overload for one key path would make chains of closure `map`s slow to type-check.) After another
  /// `map` these fuse into it, as maps in a row do.
  public consuming func map<T0: Sendable, T1: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable
  ) -> MapSignal<Self, (T0, T1)> {
    MapSignal(upstream: self) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
  }

  /// Emits the values of three key paths of each value, as a triple.
  public consuming func map<T0: Sendable, T1: Sendable, T2: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable,
    _ keyPath2: KeyPath<Output, T2> & Sendable
  ) -> MapSignal<Self, (T0, T1, T2)> {
    MapSignal(upstream: self) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
  }
}

extension MapSignal {
  /// Emits the values of two key paths of each transformed value, as a pair: one `map`, fused with this one.
  public consuming func map<T0: Sendable, T1: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable
  ) -> MapSignal<Upstream, (T0, T1)> {
    map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
  }

  /// Emits the values of three key paths of each transformed value, as a triple: one `map`, fused with this
  /// one.
  public consuming func map<T0: Sendable, T1: Sendable, T2: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable,
    _ keyPath2: KeyPath<Output, T2> & Sendable
  ) -> MapSignal<Upstream, (T0, T1, T2)> {
    map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
  }
}
