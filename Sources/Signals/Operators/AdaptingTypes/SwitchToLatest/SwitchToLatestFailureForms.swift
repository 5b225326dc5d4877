// The forms of `switchToLatest()` whose upstream and inner signals have different failure types, where one
// of them cannot fail: Combine's overloads (iOS 14, macOS 11). The one that cannot fail takes the other's
// failure type, as `setFailureType(to:)` would give it; the result is a `SwitchToLatestSignal`, with a
// `SetFailureTypeSignal` where Combine has a `Publishers.SetFailureType`.

extension Signal where Output: Signal, Failure == Never {
  /// Mirrors the newest inner signal, which can fail; this signal cannot, so the result fails as the inner
  /// signals do.
  ///
  /// The upstream sends the inner signals `a` and `b` (drawn as hot signals, on the upstream's frames):
  ///
  /// ```marble switch-to-latest-failing-inner
  /// upstream:        -a--b-----
  /// a:               --1---#
  /// b:               -----2--#
  /// switchToLatest:  --1--2--#
  /// ```
  ///
  /// `a`'s failure comes after `b` replaced it: ignored.
  ///
  /// <!-- setup
  /// struct SearchError: Error {}
  /// func search(_ query: String) -> FailSignal<[String], SearchError> { FailSignal(SearchError()) }
  /// let queries = PassthroughSignal<String, Never>()
  /// -->
  /// ```swift
  /// let results = queries.map { query in search(query) }.switchToLatest()  // fails with SearchError
  /// ```
  ///
  /// The same as `setFailureType(to: Output.Failure.self).switchToLatest()`: see ``Signal/switchToLatest()-2z47i``
  /// for the rest.
  public consuming func switchToLatest() -> SwitchToLatestSignal<SetFailureTypeSignal<Self, Output.Failure>> {
    SwitchToLatestSignal(upstream: SetFailureTypeSignal(upstream: self))
  }
}

extension Signal where Output: Signal, Output.Failure == Never {
  /// Mirrors the newest inner signal, which cannot fail; the result fails as this signal does.
  ///
  /// ```marble switch-to-latest-failing-upstream
  /// upstream:        -a--b--#
  /// a:               --1--2--
  /// b:               -----3--
  /// switchToLatest:  --1--3-#
  /// ```
  ///
  /// <!-- setup
  /// struct SessionError: Error {}
  /// let sessions = PassthroughSignal<JustSignal<String>, SessionError>()
  /// -->
  /// ```swift
  /// let names = sessions.switchToLatest()  // fails with SessionError
  /// ```
  ///
  /// Each inner signal is given this signal's failure type, as `setFailureType(to: Failure.self)` would:
  /// see ``Signal/switchToLatest()-2z47i`` for the rest.
  public consuming func switchToLatest()
    -> SwitchToLatestSignal<MapSignal<Self, SetFailureTypeSignal<Output, Failure>>>
  {
    SwitchToLatestSignal(upstream: MapSignal(upstream: self) { SetFailureTypeSignal(upstream: $0) })
  }
}

extension Signal where Output: Signal, Failure == Never, Output.Failure == Never {
  /// Mirrors the newest inner signal; neither can fail.
  ///
  /// Chosen over the forms for different failure types when both are `Never`: see
  /// ``Signal/switchToLatest()-2z47i``.
  public consuming func switchToLatest() -> SwitchToLatestSignal<Self> {
    SwitchToLatestSignal(upstream: self)
  }
}
