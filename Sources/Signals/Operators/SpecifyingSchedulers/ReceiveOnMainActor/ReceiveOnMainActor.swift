extension Signal {
  /// Delivers every event on the main actor: at once when it is sent on the main thread, otherwise on the
  /// main queue, in order.
  ///
  /// The way into app code: whatever thread a source sends from (a `TaskSignal`'s task, a network
  /// callback), the observer runs on the main thread, and this signal's `sink` and `observe` take
  /// `@MainActor` closures, so a `@MainActor` model needs no `MainActor.assumeIsolated`:
  ///
  /// ```swift
  /// @MainActor final class LoadModel {
  ///   private(set) var text = "loading"
  ///   private var subscriptions = Set<SignalSubscription>()
  ///
  ///   func bind(_ load: TaskSignal<String, any Error>) {
  ///     load.receiveOnMainActor()
  ///       .sink(
  ///         receiveCompletion: { completion in
  ///           if case .failed(let error) = completion { self.text = "failed: \(error)" }
  ///         },
  ///         receiveValue: { value in self.text = value })
  ///       .store(in: &subscriptions)
  ///   }
  /// }
  /// ```
  ///
  /// - **Synchronous when it can be.** An event sent on the main thread, while nothing of this
  ///   subscription waits in its queue, is delivered during the send, with no hop: so on a
  ///   `TestScheduler` advanced from `@MainActor` test code, events arrive inside `advance`, at their
  ///   virtual instant. (`receive(on: DispatchSignalScheduler.main)` always hops, even from the main
  ///   thread.)
  /// - **Otherwise queued, first in first out, per subscription.** An event sent from another thread, or
  ///   while earlier events wait, joins the subscription's queue, drained on the main queue. Events sent
  ///   by the observer itself (reentrantly) are delivered after the current one.
  /// - **Cancellation.** Once `cancel()` returns on the main thread, nothing more is delivered; waiting
  ///   events are dropped and the upstream is cancelled.
  ///
  /// The main queue must be serviced, as it is in an app, under `swift test`'s Swift Testing runner and
  /// in `async` `@MainActor` tests; a command-line program runs `RunLoop.main` (not `dispatchMain()`, which
  /// ends the main thread and leaves the main queue to a worker thread, where Swift's main-actor check on
  /// macOS 14 reports a data race).
  ///
  /// It is the last step of a pipeline: put operators before it. What it returns is not a ``Signal``
  /// itself, so that its `sink` and `observe` are the only ones — main-actor closures — and a closure
  /// that updates main-actor state never resolves to the `@Sendable` forms every signal has.
  @inlinable
  public consuming func receiveOnMainActor() -> SignalOnMainActor<Self> {
    SignalOnMainActor(upstream: self)
  }
}

/// A signal's events, delivered on the main actor: subscribe with main-actor closures (`sink`,
/// `observe`) or an observer. See ``Signal/receiveOnMainActor()``.
public struct SignalOnMainActor<Upstream: Signal>: Sendable {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose events are delivered on the main actor.
  public let upstream: Upstream

  /// Wraps `upstream`; prefer ``Signal/receiveOnMainActor()``.
  @inlinable
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer`, which then receives every event on the main thread.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    MainActorDelivery(downstream: observer).attach(to: upstream)
  }
}

extension SignalOnMainActor {
  /// Subscribes with a main-actor closure that sees every event: each value, then the terminal event.
  ///
  /// Keep the returned subscription: releasing it cancels delivery.
  @inlinable
  public func observe(_ receiveEvent: @escaping @MainActor (Event<Output, Failure>) -> Void) -> SignalSubscription {
    subscribe(MainActorEventObserver(receiveEvent: receiveEvent))
  }

  /// Subscribes with main-actor closures: one for values and one for the terminal event.
  ///
  /// Keep the returned subscription: releasing it cancels delivery.
  @inlinable
  public func sink(
    receiveCompletion: @escaping @MainActor (SignalCompletion<Failure>) -> Void,
    receiveValue: @escaping @MainActor (Output) -> Void
  ) -> SignalSubscription {
    subscribe(MainActorSinkObserver(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
  }
}

extension SignalOnMainActor where Failure == Never {
  /// Subscribes with a main-actor closure for values, for signals that cannot fail.
  ///
  /// Keep the returned subscription: releasing it cancels delivery.
  @inlinable
  public func sink(receiveValue: @escaping @MainActor (Output) -> Void) -> SignalSubscription {
    subscribe(MainActorSinkObserver(receiveCompletion: { _ in }, receiveValue: receiveValue))
  }
}

/// Calls a main-actor closure; only ever subscribed through `SignalOnMainActor`, whose delivery runs on
/// the main thread in the main queue's context, where the main actor runs (see
/// `MainActorDelivery.deliver(_:from:)`). Its `receive` is `@MainActor` and its conformance
/// `@preconcurrency`: Swift checks the executor on each call, then calls the closure (the Engines article,
/// rule 15).
@usableFromInline
struct MainActorEventObserver<Input: Sendable, Failure: Error>: Sendable {
  @usableFromInline let receiveEvent: @MainActor (Event<Input, Failure>) -> Void

  @inlinable
  init(receiveEvent: @escaping @MainActor (Event<Input, Failure>) -> Void) {
    self.receiveEvent = receiveEvent
  }

  @inlinable
  @MainActor
  func receive(_ event: Event<Input, Failure>) -> SignalControl {
    receiveEvent(event)
    return .continue
  }
}

/// `MainActorEventObserver` with one closure for values and one for the end (no closure wrapping them).
@usableFromInline
struct MainActorSinkObserver<Input: Sendable, Failure: Error>: Sendable {
  @usableFromInline let receiveCompletion: @MainActor (SignalCompletion<Failure>) -> Void
  @usableFromInline let receiveValue: @MainActor (Input) -> Void

  @inlinable
  init(
    receiveCompletion: @escaping @MainActor (SignalCompletion<Failure>) -> Void,
    receiveValue: @escaping @MainActor (Input) -> Void
  ) {
    self.receiveCompletion = receiveCompletion
    self.receiveValue = receiveValue
  }

  @inlinable
  @MainActor
  func receive(_ event: Event<Input, Failure>) -> SignalControl {
    switch event {
    case .value(let value): receiveValue(value)
    case .finished: receiveCompletion(.finished)
    case .failed(let error): receiveCompletion(.failed(error))
    }
    return .continue
  }
}

// `receive` is `@MainActor`: Swift checks the executor in the conformance's thunk.
extension MainActorEventObserver: @preconcurrency SignalObserver {}
extension MainActorSinkObserver: @preconcurrency SignalObserver {}
