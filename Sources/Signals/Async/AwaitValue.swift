// `firstValue()`, `lastValue()`, `allValues()`: await a signal's answer.
//
// One awaiter per call: it subscribes inside the continuation's body, collects
// by its mode under the lock, and resumes the continuation exactly once (the
// first of: the answer, the terminal event, the task's cancellation). The
// subscription is cancelled as soon as the answer is known, outside the lock.

/// What an awaiter collects.
@usableFromInline
enum SignalAwaitMode: Sendable {
  case first
  case last
  case all
}

/// The lock-guarded state of one awaiter.
@usableFromInline
struct SignalAwaitState<Output, Failure: Error> {
  @usableFromInline typealias Answer = Result<[Output], SignalAwaitError<Failure>>

  @usableFromInline var collected: [Output] = []
  @usableFromInline var continuation: UnsafeContinuation<Answer, Never>?
  @usableFromInline var subscription: SignalSubscription?
  /// Set once the answer is given: later events and cancellation are ignored.
  @usableFromInline var isAnswered = false

  @inlinable
  init() {}

  /// Records the answer; returns the continuation to resume and the subscription to cancel.
  @inlinable
  mutating func answer() -> (UnsafeContinuation<Answer, Never>?, SignalSubscription?)? {
    guard !isAnswered else { return nil }
    isAnswered = true
    defer {
      continuation = nil
      subscription = nil
    }
    return (continuation, subscription)
  }
}

/// Awaits one answer from a signal. `@unchecked Sendable`: all state is in a `Locked`.
@usableFromInline
final class SignalAwaiter<Output: Sendable, Failure: Error>: SignalObserver, @unchecked Sendable {
  @usableFromInline typealias Input = Output
  @usableFromInline typealias Answer = Result<[Output], SignalAwaitError<Failure>>

  @usableFromInline let mode: SignalAwaitMode
  @usableFromInline let state = Locked(SignalAwaitState<Output, Failure>())

  @inlinable
  init(mode: SignalAwaitMode) {
    self.mode = mode
  }

  /// Subscribes with `subscribe` and suspends until the answer.
  @inlinable
  func run(_ subscribe: (SignalAwaiter) -> SignalSubscription) async -> Answer {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Answer, Never>) in
        let cancelled = state.withLock { state -> Bool in
          if state.isAnswered { return true }  // cancelled before we got here
          state.continuation = continuation
          return false
        }
        if cancelled {
          continuation.resume(returning: .failure(.cancelled))
          return
        }
        let subscription = subscribe(self)
        let unneeded = state.withLock { state -> SignalSubscription? in
          if state.isAnswered { return subscription }
          state.subscription = subscription
          return nil
        }
        unneeded?.cancel()
      }
    } onCancel: {
      self.give(.failure(.cancelled))
    }
  }

  /// Gives the answer, once.
  @inlinable
  func give(_ answer: Answer) {
    guard let (continuation, subscription) = state.withLock({ $0.answer() }) else { return }
    if let continuation {
      continuation.resume(returning: answer)
    }
    subscription?.cancel()
  }

  @inlinable
  func receive(_ event: Event<Output, Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      switch mode {
      case .first:
        give(.success([value]))
        return .stop
      case .last:
        let open = state.withLock { state -> Bool in
          guard !state.isAnswered else { return false }
          state.collected = [value]
          return true
        }
        return open ? .continue : .stop
      case .all:
        let open = state.withLock { state -> Bool in
          guard !state.isAnswered else { return false }
          state.collected.append(value)
          return true
        }
        return open ? .continue : .stop
      }
    case .finished:
      let collected = state.withLock { state -> [Output] in
        defer { state.collected = [] }
        return state.collected
      }
      if collected.isEmpty && mode != .all {
        give(.failure(.empty))
      } else {
        give(.success(collected))
      }
      return .stop
    case .failed(let error):
      give(.failure(.failed(error)))
      return .stop
    }
  }
}

extension Signal {
  /// Awaits the signal's first value, then cancels the subscription.
  ///
  /// <!-- setup
  /// let load = TaskSignal { () async throws -> [UInt8] in [] }  // the animation file's bytes
  /// -->
  /// ```swift
  /// let file = try await load.firstValue()
  /// ```
  ///
  /// Subscribes when called. Throws ``SignalAwaitError/failed(_:)`` if the
  /// signal fails first, ``SignalAwaitError/empty`` if it finishes without a
  /// value, and ``SignalAwaitError/cancelled`` if the task is cancelled first
  /// (at once, without subscribing, if it already was); the subscription is
  /// cancelled in every case.
  @inlinable
  public func firstValue() async throws(SignalAwaitError<Failure>) -> Output {
    let answer = await SignalAwaiter<Output, Failure>(mode: .first).run { subscribe($0) }
    return try answer.get()[0]
  }

  /// Awaits the signal's end and returns its last value.
  ///
  /// Throws ``SignalAwaitError/failed(_:)`` if the signal fails (the values
  /// before are dropped), ``SignalAwaitError/empty`` if it finishes without a
  /// value, and ``SignalAwaitError/cancelled`` if the task is cancelled first
  /// (the subscription is then cancelled).
  @inlinable
  public func lastValue() async throws(SignalAwaitError<Failure>) -> Output {
    let answer = await SignalAwaiter<Output, Failure>(mode: .last).run { subscribe($0) }
    return try answer.get()[0]
  }

  /// Awaits the signal's end and returns all its values, in order (empty if it had none).
  ///
  /// Throws ``SignalAwaitError/failed(_:)`` if the signal fails (the values
  /// before are dropped, as Combine's `collect()` does) and
  /// ``SignalAwaitError/cancelled`` if the task is cancelled first (the
  /// subscription is then cancelled). Never throws ``SignalAwaitError/empty``.
  @inlinable
  public func allValues() async throws(SignalAwaitError<Failure>) -> [Output] {
    try await SignalAwaiter<Output, Failure>(mode: .all).run { subscribe($0) }.get()
  }
}
