import Foundation
import Signals

// Shared helpers of the combining-operator tests (merge, race, combineLatest, zip,
// flatMap, switchToLatest, share, prefix(untilOutputFrom:)). Names are prefixed to stay
// clear of the other suites' helpers in this test target.

/// An error for the combining-operator tests.
struct CombineError: Error, Equatable {
  var code: Int
  init(_ code: Int = 0) { self.code = code }
}

/// An object captured by a closure under test: a `weak` reference to it proves the closure was released.
final class CombineWitness: Sendable {}

/// `SIGNALS_STRESS_SCALE` (default 1): multiplies the sizes of the concurrent tests.
let combineStressScale: Int = {
  guard let text = ProcessInfo.processInfo.environment["SIGNALS_STRESS_SCALE"], let scale = Int(text), scale > 0
  else { return 1 }
  return scale
}()

/// An observer that records events and checks it is never entered concurrently.
final class SerialProbe<Output: Sendable, Failure: Error>: SignalObserver, Sendable {
  typealias Input = Output

  private struct State {
    var inside = 0
    var maximumInside = 0
    var values: [Output] = []
    var terminals: [SignalCompletion<Failure>] = []
    var eventsAfterTerminal = 0
  }

  private let state = Locked(State())
  private let onEvent: @Sendable (Event<Output, Failure>) -> Void

  init(onEvent: @escaping @Sendable (Event<Output, Failure>) -> Void = { _ in }) {
    self.onEvent = onEvent
  }

  func receive(_ event: Event<Output, Failure>) -> SignalControl {
    state.withLock { state in
      state.inside += 1
      state.maximumInside = max(state.maximumInside, state.inside)
      if !state.terminals.isEmpty { state.eventsAfterTerminal += 1 }
      switch event {
      case .value(let value): state.values.append(value)
      case .finished: state.terminals.append(.finished)
      case .failed(let error): state.terminals.append(.failed(error))
      }
    }
    onEvent(event)
    state.withLock { $0.inside -= 1 }
    return .continue
  }

  var values: [Output] { state.withLock { $0.values } }
  var terminals: [SignalCompletion<Failure>] { state.withLock { $0.terminals } }
  var maximumInside: Int { state.withLock { $0.maximumInside } }
  var eventsAfterTerminal: Int { state.withLock { $0.eventsAfterTerminal } }
}

/// A signal that sends `events` synchronously while being subscribed (stopping when told
/// to) and counts its subscriptions: a stand-in for a `Just`-like source.
struct SyncEventsSignal<Output: Sendable, Failure: Error>: Signal {
  let events: [Event<Output, Failure>]
  let subscriptions = Locked(0)

  init(_ events: [Event<Output, Failure>]) {
    self.events = events
  }

  var subscriptionCount: Int { subscriptions.withLock { $0 } }

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    subscriptions.withLock { $0 += 1 }
    for event in events {
      guard observer.receive(event) == .continue, !event.isTerminal else { break }
    }
    return .empty
  }
}

/// A signal wrapping a subject that counts how often it was subscribed.
struct CountingSignal<Output: Sendable, Failure: Error>: Signal {
  let subject: PassthroughSignal<Output, Failure>
  let subscriptions = Locked(0)

  init(_ subject: PassthroughSignal<Output, Failure>) {
    self.subject = subject
  }

  var subscriptionCount: Int { subscriptions.withLock { $0 } }

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    subscriptions.withLock { $0 += 1 }
    return subject.subscribe(observer)
  }
}

/// Runs `body(index)` on `count` threads at once (real threads, so sends really overlap).
func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread.detachNewThread {
      body(index)
      group.leave()
    }
  }
  group.wait()
}
