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

  let core: FutureCore<Output, Failure>

  /// Creates the future and runs `attemptToFulfill` at once with its promise.
  public init(_ attemptToFulfill: (@escaping Promise) -> Void) {
    let core = FutureCore<Output, Failure>()
    self.core = core
    attemptToFulfill { result in core.fulfill(result) }
  }

  /// Delivers the result now if it is known, or when it arrives.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .handing(core.attach(AnySignalObserver(observer)), to: observer)
  }
}

extension FutureSignal: HandsOverSubscription {}

/// The state shared by a ``FutureSignal``'s copies: its result, or the observers waiting for it.
struct FutureState<Output: Sendable, Failure: Error>: Sendable {
  var result: Result<Output, Failure>?
  var waiting: [UInt64: AnySignalObserver<Output, Failure>] = [:]
  var nextID: UInt64 = 1

  init() {}
}

/// A ``FutureSignal``'s state in one `Locked`, which is also what each waiting observer's subscription
/// cancels, by the observer's id.
struct FutureCore<Output: Sendable, Failure: Error>: Sendable {
  let state = Locked(FutureState<Output, Failure>())

  init() {}

  /// Delivers the result to `observer` now, if it is known (then there is nothing to cancel), or keeps it
  /// until the result arrives.
  func attach(_ observer: AnySignalObserver<Output, Failure>) -> SignalSubscriptionHandle {
    var result: Result<Output, Failure>?
    let id = state.withLock { state -> UInt64 in
      if let known = state.result {
        result = known
        return 0
      }
      let id = state.nextID
      state.nextID += 1
      state.waiting[id] = observer
      return id
    }
    if let result {
      Self.deliver(result, to: observer)
      return .empty
    }
    return state.handle(id: id)
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

  /// Forgets observer `id` of the future whose state is `state`.
  static func cancel(_ state: Locked<FutureState<Output, Failure>>, id: UInt64) {
    let removed = state.withLock { $0.waiting.removeValue(forKey: id) }
    _ = removed  // released here, outside the lock
  }
}

extension FutureState: SubscriptionState {
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    FutureCore.cancel(state, id: id)
  }
}
