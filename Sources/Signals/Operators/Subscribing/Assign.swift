extension Signal where Failure == Never {
  /// Writes each value to the property at `keyPath` of `object`.
  ///
  /// <!-- setup
  /// final class ProgressLabel: @unchecked Sendable {  // its own lock, in an app
  ///   var fraction = 0.0
  /// }
  /// let progress = PassthroughSignal<Double, Never>()
  /// let label = ProgressLabel()
  /// -->
  /// ```swift
  /// let subscription = progress.assign(to: \.fraction, on: label)
  /// ```
  ///
  /// As Combine's `assign(to:on:)`, the subscription **holds `object` strongly** until it ends (it is
  /// cancelled or released, or the signal finishes): assigning to `self` and keeping the subscription in
  /// `self` makes a cycle that keeps both alive. Keep such a subscription elsewhere, or cancel it.
  ///
  /// Values are written on the thread that sends them, so `object` is `Sendable`. For a `@MainActor`
  /// model, deliver on the main actor first: `receiveOnMainActor().assign(to:on:)`.
  public func assign<Root: AnyObject & Sendable>(
    to keyPath: ReferenceWritableKeyPath<Root, Output> & Sendable, on object: Root
  ) -> SignalSubscription {
    sink { object[keyPath: keyPath] = $0 }
  }
}

extension SignalOnMainActor where Failure == Never {
  /// Writes each value, on the main actor, to the property at `keyPath` of `object`.
  ///
  /// <!-- setup
  /// @MainActor final class IntroModel { var progress = 0.0 }
  /// let loading = PassthroughSignal<Double, Never>()
  /// let model = IntroModel()
  /// -->
  /// ```swift
  /// let subscription = loading.receiveOnMainActor().assign(to: \.progress, on: model)
  /// ```
  ///
  /// As ``Signal/assign(to:on:)``, the subscription holds `object` strongly until it ends.
  @MainActor
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
  ) -> SignalSubscription {
    sink { object[keyPath: keyPath] = $0 }
  }
}
