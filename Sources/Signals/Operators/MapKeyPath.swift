extension Signal {
  /// Emits the value of `keyPath` of each value.
  ///
  /// <!-- setup
  /// struct Download: Sendable { var name: String; var bytes: Int }
  /// let downloads = PassthroughSignal<Download, Never>()
  /// -->
  /// ```swift
  /// let sizes = downloads.map(\.bytes)  // Signal<Int, Never>
  /// ```
  ///
  /// A ``Signal/map(_:)-((Self.Output)->T)`` that reads a property, as in Combine; the key path must be `Sendable` (a key path
  /// literal is). After another `map` it fuses into it, as maps in a row do.
  @inlinable
  public consuming func map<T: Sendable>(_ keyPath: KeyPath<Output, T> & Sendable) -> MapSignal<Self, T> {
    MapSignal(upstream: self) { $0[keyPath: keyPath] }
  }

  /// Emits the values of two key paths of each value, as a pair.
  ///
  /// ```marble map-key-paths
  /// upstream:                  -a-b-|
  /// map(\.first, \.last):      -x-y-|
  /// ```
  ///
  /// Above, `a` is `"ok"` and `x` is `("o", "k")`; `b` is `"no"` and `y` is `("n", "o")`.
  @inlinable
  public consuming func map<T0: Sendable, T1: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable
  ) -> MapSignal<Self, (T0, T1)> {
    MapSignal(upstream: self) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
  }

  /// Emits the values of three key paths of each value, as a triple.
  @inlinable
  public consuming func map<T0: Sendable, T1: Sendable, T2: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable,
    _ keyPath2: KeyPath<Output, T2> & Sendable
  ) -> MapSignal<Self, (T0, T1, T2)> {
    MapSignal(upstream: self) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
  }
}

extension MapSignal {
  /// Emits the value of `keyPath` of each transformed value: one `map`, fused with this one.
  @inlinable
  public consuming func map<T: Sendable>(_ keyPath: KeyPath<Output, T> & Sendable) -> MapSignal<Upstream, T> {
    map { $0[keyPath: keyPath] }
  }

  /// Emits the values of two key paths of each transformed value, as a pair: one `map`, fused with this one.
  @inlinable
  public consuming func map<T0: Sendable, T1: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable
  ) -> MapSignal<Upstream, (T0, T1)> {
    map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
  }

  /// Emits the values of three key paths of each transformed value, as a triple: one `map`, fused with this
  /// one.
  @inlinable
  public consuming func map<T0: Sendable, T1: Sendable, T2: Sendable>(
    _ keyPath0: KeyPath<Output, T0> & Sendable, _ keyPath1: KeyPath<Output, T1> & Sendable,
    _ keyPath2: KeyPath<Output, T2> & Sendable
  ) -> MapSignal<Upstream, (T0, T1, T2)> {
    map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
  }
}
