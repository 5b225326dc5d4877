/// A signal that produces one result, once, and replays it to every observer
/// (the role of Combine's `Future`).
///
/// <!-- setup
/// struct Profile: Sendable { var name: String }
/// struct LoadError: Error {}
/// struct API { func loadProfile(_ done: @escaping @Sendable (Result<Profile, LoadError>) -> Void) {} }
/// let api = API()
/// -->
/// ```swift
/// let profile = FutureSignal<Profile, LoadError> { promise in
///   api.loadProfile { result in promise(result) }
/// }
/// ```
///
/// - The closure runs once, synchronously, when the signal is created (not per
///   subscription: wrap it in ``DeferredSignal`` for that).
/// - The promise may be called from any thread. A success delivers the value,
///   then ``Event/finished``; a failure delivers ``Event/failed(_:)``.
/// - Every observer receives the result: those waiting when it arrives, and
///   those who subscribe later (at once, during `subscribe`).
/// - Only the first call of the promise counts: later calls are ignored.
///
/// Copies of a `FutureSignal` share the one result.
public struct FutureSignal<Output: Sendable, Failure: Error>: Signal {
  /// The callback that fulfils the future. Only its first call counts.
  public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

  @usableFromInline
  let storage: FutureStorage<Output, Failure>

  /// Creates the future and runs `attemptToFulfill` at once with its promise.
  public init(_ attemptToFulfill: (@escaping Promise) -> Void) {
    let storage = FutureStorage<Output, Failure>()
    self.storage = storage
    attemptToFulfill { result in storage.fulfill(result) }
  }

  /// Delivers the result now if it is known, or when it arrives.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    storage.attach(AnySignalObserver(observer))
  }
}

/// The shared state of a ``FutureSignal``: its result, or the observers waiting for it.
@usableFromInline
final class FutureStorage<Output: Sendable, Failure: Error>: SubscriptionTarget, Sendable {
  struct State: Sendable {
    var result: Result<Output, Failure>?
    var waiting: [UInt64: AnySignalObserver<Output, Failure>] = [:]
    var nextID: UInt64 = 1
  }

  let state = Locked(State())

  init() {}

  func attach(_ observer: AnySignalObserver<Output, Failure>) -> SignalSubscription {
    let (id, result): (UInt64, Result<Output, Failure>?) = state.withLock { state in
      if let result = state.result { return (0, result) }
      let id = state.nextID
      state.nextID += 1
      state.waiting[id] = observer
      return (id, nil)
    }
    if let result {
      Self.deliver(result, to: observer)
      return .empty
    }
    return SignalSubscription(target: self, id: id)
  }

  func fulfill(_ result: Result<Output, Failure>) {
    let ids: [UInt64]? = state.withLock { state in
      guard state.result == nil else { return nil }
      state.result = result
      return state.waiting.keys.sorted()
    }
    guard let ids else { return }  // a later call of the promise: ignored
    for id in ids {
      // Each observer is removed before delivery, so one cancelled meanwhile
      // (even by an earlier observer, during this loop) receives nothing.
      guard let observer = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { continue }
      Self.deliver(result, to: observer)
    }
  }

  static func deliver(_ result: Result<Output, Failure>, to observer: AnySignalObserver<Output, Failure>) {
    switch result {
    case .success(let value):
      if observer.receive(.value(value)) == .continue {
        _ = observer.receive(.finished)
      }
    case .failure(let error):
      _ = observer.receive(.failed(error))
    }
  }

  @usableFromInline
  func cancelSubscription(id: UInt64) {
    let removed = state.withLock { $0.waiting.removeValue(forKey: id) }
    _ = removed  // released here, outside the lock
  }
}
