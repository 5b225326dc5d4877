/// The observer behind `observe(_:)` and `sink(receiveCompletion:receiveValue:)`: calls a closure with
/// every event, never stops on its own.
@frozen
public struct SinkObserver<Input: Sendable, Failure: Error>: SignalObserver {
  @usableFromInline
  let receiveEvent: @Sendable (Event<Input, Failure>) -> Void

  /// An observer that calls `receiveEvent` with every event.
  @inlinable
  public init(receiveEvent: @escaping @Sendable (Event<Input, Failure>) -> Void) {
    self.receiveEvent = receiveEvent
  }

  /// Calls the closure and answers ``SignalControl/continue``.
  @inlinable
  public func receive(_ event: Event<Input, Failure>) -> SignalControl {
    receiveEvent(event)
    return .continue
  }
}

/// The value-only observer behind `sink(receiveValue:)` on a signal that cannot fail.
@frozen
public struct ValueSinkObserver<Input: Sendable>: SignalObserver {
  /// A value-only observer accepts only signals that cannot fail.
  public typealias Failure = Never

  @usableFromInline
  let receiveValue: @Sendable (Input) -> Void

  /// An observer that calls `receiveValue` with every value.
  @inlinable
  public init(receiveValue: @escaping @Sendable (Input) -> Void) {
    self.receiveValue = receiveValue
  }

  /// Calls the closure for a value and answers ``SignalControl/continue``.
  @inlinable
  public func receive(_ event: Event<Input, Never>) -> SignalControl {
    if case .value(let value) = event { receiveValue(value) }
    return .continue
  }
}

extension Signal {
  /// Subscribes with a closure that sees every event: each value, then the terminal event.
  ///
  /// ```swift
  /// let load = PassthroughSignal<String, any Error>()
  /// let token = load.observe { event in
  ///   switch event {
  ///   case .value(let text): print("loaded", text)
  ///   case .finished: print("done")
  ///   case .failed(let error): print("failed:", error)
  ///   }
  /// }
  /// ```
  ///
  /// It has its own name, not `sink`'s: a trailing-closure `sink { … }` sees values only, and exists only
  /// on signals that cannot fail (as in Combine), so a closure meant for values is never called again
  /// with `.finished`.
  ///
  /// Keep the returned subscription: releasing it cancels delivery.
  @inlinable
  public func observe(_ receiveEvent: @escaping @Sendable (Event<Output, Failure>) -> Void) -> SignalSubscription {
    subscribe(SinkObserver(receiveEvent: receiveEvent))
  }

  /// Subscribes with one closure for values and one for the terminal event.
  ///
  /// Keep the returned subscription: releasing it cancels delivery.
  @inlinable
  public func sink(
    receiveCompletion: @escaping @Sendable (SignalCompletion<Failure>) -> Void,
    receiveValue: @escaping @Sendable (Output) -> Void
  ) -> SignalSubscription {
    subscribe(
      SinkObserver { event in
        switch event {
        case .value(let value): receiveValue(value)
        case .finished: receiveCompletion(.finished)
        case .failed(let error): receiveCompletion(.failed(error))
        }
      })
  }
}

extension Signal where Failure == Never {
  /// Subscribes with a closure for values, for signals that cannot fail.
  ///
  /// Keep the returned subscription: releasing it cancels delivery.
  ///
  /// ```swift
  /// let ticks = PassthroughSignal<Int, Never>()
  /// let token = ticks.sink { tick in print("tick", tick) }
  /// ```
  ///
  /// On a signal that can fail there is no such form (as in Combine): say what happens at the end with
  /// ``sink(receiveCompletion:receiveValue:)``, or see every event with ``observe(_:)``.
  @inlinable
  public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> SignalSubscription {
    subscribe(ValueSinkObserver(receiveValue: receiveValue))
  }
}

extension SinkObserver: EngineObserver {}

extension ValueSinkObserver: EngineObserver {
  /// It ignores terminal events: operators need not send it a `finished` after a value.
  @inlinable
  package static var lateFinish: LateFinish { .ignored }
}
