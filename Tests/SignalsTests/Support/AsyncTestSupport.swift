// Test helpers for the async/await bridges (owner: the `async` helper).
// Everything here is deterministic: tests await handshakes, never the clock.

import Signals

/// A one-shot flag a test can await: `set()` once, `wait()` returns when it is set.
final class AsyncFlag: Sendable {
  private let state = Locked((isSet: false, waiters: [CheckedContinuation<Void, Never>]()))

  init() {}

  var isSet: Bool { state.withLock { $0.isSet } }

  func set() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isSet = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isSet = state.withLock { state -> Bool in
        if !state.isSet { state.waiters.append(continuation) }
        return state.isSet
      }
      if isSet { continuation.resume() }
    }
  }
}

/// Calls `onDeinit` when released: proves that whoever held it has let go.
final class DeinitWitness: Sendable {
  private let onDeinit: @Sendable () -> Void

  init(_ onDeinit: @escaping @Sendable () -> Void) {
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }
}

/// A thread-safe recording observer whose events a test can await.
final class AwaitableLog<Output: Sendable, Failure: Error>: SignalObserver, Sendable {
  typealias Input = Output
  private typealias Waiter = (
    until: @Sendable ([Event<Output, Failure>]) -> Bool, continuation: CheckedContinuation<Void, Never>
  )

  private let state = Locked((events: [Event<Output, Failure>](), waiters: [Waiter]()))
  private let answer: @Sendable (Event<Output, Failure>) -> SignalControl

  init(answer: @escaping @Sendable (Event<Output, Failure>) -> SignalControl = { _ in .continue }) {
    self.answer = answer
  }

  func receive(_ event: Event<Output, Failure>) -> SignalControl {
    let ready = state.withLock { state -> [Waiter] in
      state.events.append(event)
      let events = state.events
      let ready = state.waiters.filter { $0.until(events) }
      state.waiters.removeAll { $0.until(events) }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
    return answer(event)
  }

  var events: [Event<Output, Failure>] { state.withLock { $0.events } }
  var values: [Output] { events.compactMap(\.value) }

  /// Returns once `until` holds for the events received so far.
  func wait(until: @escaping @Sendable ([Event<Output, Failure>]) -> Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let satisfied = state.withLock { state -> Bool in
        if until(state.events) { return true }
        state.waiters.append((until, continuation))
        return false
      }
      if satisfied { continuation.resume() }
    }
  }

  /// Returns once a terminal event has arrived.
  func waitForTerminal() async {
    await wait { $0.last?.isTerminal == true }
  }

  /// Returns once at least `count` events have arrived.
  func wait(forCount count: Int) async {
    await wait { $0.count >= count }
  }
}

/// An async sequence that produces `0..<elements` at once, then never ends: its
/// `next()` suspends until the task is cancelled, then returns `nil`. Each
/// iterator holds a witness that reports when the iterator is released.
struct NeverEndingSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  let iteratorReleased: AsyncFlag
  let nextStarted: AsyncFlag
  var elements = 0

  struct AsyncIterator: AsyncIteratorProtocol {
    typealias Failure = Never
    let witness: DeinitWitness
    let nextStarted: AsyncFlag
    let elements: Int
    var produced = 0

    mutating func next() async -> Int? {
      await next(isolation: nil)
    }

    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      if produced < elements {
        defer { produced += 1 }
        return produced
      }
      let cancelled = AsyncFlag()
      return await withTaskCancellationHandler {
        nextStarted.set()
        await cancelled.wait()
        return nil
      } onCancel: {
        cancelled.set()
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    let released = iteratorReleased
    return AsyncIterator(witness: DeinitWitness { released.set() }, nextStarted: nextStarted, elements: elements)
  }
}

/// A multi-pass async sequence of `0..<count` with a typed failure at the end
/// (when `failure` is set); counts the iterators made.
struct CountingSequence<Failure: Error>: AsyncSequence, Sendable {
  typealias Element = Int

  let count: Int
  let failure: Failure?
  let iterators = Locked(0)

  init(count: Int, failing failure: Failure? = nil) {
    self.count = count
    self.failure = failure
  }

  struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int
    let failure: Failure?

    mutating func next() async throws(Failure) -> Int? {
      try await next(isolation: nil)
    }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Int? {
      guard next < count else {
        if let failure { throw failure }
        return nil
      }
      defer { next += 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    iterators.withLock { $0 += 1 }
    return AsyncIterator(count: count, failure: failure)
  }
}

/// A typed error for tests.
enum TestFailure: Error, Equatable {
  case boom
  case other(Int)
}

extension Signal {
  /// This signal, setting `flag` each time something has subscribed to it.
  func announcingSubscription(to flag: AsyncFlag) -> AnySignal<Output, Failure> {
    AnySignal { observer in
      let subscription = self.subscribe(observer)
      flag.set()
      return subscription
    }
  }
}

extension Task where Failure == any Error {
  /// The error the task threw, or `nil` if it returned.
  var thrownError: (any Error)? {
    get async {
      if case .failure(let error) = await result { return error }
      return nil
    }
  }
}
