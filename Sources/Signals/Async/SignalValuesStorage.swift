// The engine behind `values`: a signal consumed as an `AsyncSequence`.
//
// One storage per iterator. The observer side (`receive`) buffers values by the
// buffering policy, or hands a value straight to a suspended `next()`; the
// consumer side (`next`) takes from the buffer without suspending when it can.
// The terminal event is kept apart from the buffer, so no policy can drop it:
// every buffered value is delivered first, then the end (nil) or the failure.
// Cancellation (the consuming task cancelled, or the iterator released) drops
// the buffer, cancels the subscription and resumes a suspended `next()` with nil.
// No lock is held while resuming a continuation or cancelling the subscription.

/// A first-in first-out ring of values; slots are cleared when taken, so a
/// delivered value is released at once.
@usableFromInline
struct ValuesRing<Element> {
  @usableFromInline var slots: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  @inlinable
  mutating func append(_ element: Element) {
    if count == slots.count { grow() }
    var tail = head + count
    if tail >= slots.count { tail -= slots.count }
    slots[tail] = element
    count += 1
  }

  @inlinable
  mutating func removeFirst() -> Element {
    let element = slots[head].take()!
    head += 1
    if head == slots.count { head = 0 }
    count -= 1
    return element
  }

  @usableFromInline
  mutating func grow() {
    var grown = ContiguousArray<Element?>(repeating: nil, count: Swift.max(16, slots.count * 2))
    for offset in 0..<count {
      var index = head + offset
      if index >= slots.count { index -= slots.count }
      grown[offset] = slots[index].take()
    }
    slots = grown
    head = 0
  }
}

/// What `next()` finds: an answer now, or nothing yet.
@usableFromInline
enum ValuesTake<Output, Failure: Error> {
  case ready(Result<Output?, Failure>)
  case wait
}

/// What the observer side must do after unlocking.
@usableFromInline
enum ValuesReceiveAction<Output, Failure: Error> {
  case none
  case resume(UnsafeContinuation<Result<Output?, Failure>, Never>, Result<Output?, Failure>)
  case release(SignalSubscription?)
  case resumeAndRelease(
    UnsafeContinuation<Result<Output?, Failure>, Never>, Result<Output?, Failure>, SignalSubscription?)
}

/// The lock-guarded state of one `values` iterator.
@usableFromInline
struct SignalValuesState<Output, Failure: Error> {
  @usableFromInline var buffer = ValuesRing<Output>()
  /// The most values kept waiting, or `nil` for unbounded.
  @usableFromInline let limit: Int?
  /// When full: drop the oldest waiting value (`true`) or the new one (`false`).
  @usableFromInline let keepsNewest: Bool
  /// The terminal event, received but not yet handed to `next()`.
  @usableFromInline var terminal: SignalCompletion<Failure>?
  /// Whether the sequence has ended for the consumer: every later `next()` returns nil.
  @usableFromInline var isDone = false
  /// The suspended `next()`, if any.
  @usableFromInline var waiter: UnsafeContinuation<Result<Output?, Failure>, Never>?
  /// The upstream subscription, until the signal ends or the consumer cancels.
  @usableFromInline var subscription: SignalSubscription?

  @inlinable
  init(policy: SignalBufferingPolicy) {
    limit = policy.limit
    if case .bufferingNewest = policy { keepsNewest = true } else { keepsNewest = false }
  }

  /// Whether upstream events are still accepted.
  @inlinable
  var isAccepting: Bool { terminal == nil && !isDone }

  @inlinable
  mutating func take() -> ValuesTake<Output, Failure> {
    if isDone { return .ready(.success(nil)) }
    if !buffer.isEmpty { return .ready(.success(buffer.removeFirst())) }
    guard let terminal else { return .wait }
    isDone = true
    self.terminal = nil
    switch terminal {
    case .finished: return .ready(.success(nil))
    case .failed(let error): return .ready(.failure(error))
    }
  }

  @inlinable
  mutating func receive(_ value: Output) -> ValuesReceiveAction<Output, Failure> {
    guard isAccepting else { return .none }
    if let waiter {
      self.waiter = nil
      return .resume(waiter, .success(value))
    }
    if let limit, buffer.count >= limit {
      guard keepsNewest else { return .none }
      _ = buffer.removeFirst()
    }
    buffer.append(value)
    return .none
  }

  @inlinable
  mutating func receive(_ completion: SignalCompletion<Failure>) -> ValuesReceiveAction<Output, Failure> {
    guard isAccepting else { return .none }
    let subscription = self.subscription
    self.subscription = nil
    guard let waiter else {
      terminal = completion
      return .release(subscription)
    }
    // A suspended `next()` means the buffer is empty: hand over the end now.
    self.waiter = nil
    isDone = true
    switch completion {
    case .finished: return .resumeAndRelease(waiter, .success(nil), subscription)
    case .failed(let error): return .resumeAndRelease(waiter, .failure(error), subscription)
    }
  }
}

/// One iterator's buffer, continuation and subscription. `@unchecked Sendable`: all state is in a `Locked`.
@usableFromInline
final class SignalValuesStorage<Output: Sendable, Failure: Error>: @unchecked Sendable {
  @usableFromInline
  let state: Locked<SignalValuesState<Output, Failure>>

  @inlinable
  init(policy: SignalBufferingPolicy) {
    state = Locked(SignalValuesState(policy: policy))
  }

  /// Subscribes through `subscribe`, keeping the subscription unless the signal already ended.
  @inlinable
  func start(_ subscribe: (SignalValuesObserver<Output, Failure>) -> SignalSubscription) {
    let subscription = subscribe(SignalValuesObserver(storage: self))
    let unneeded = state.withLock { state -> SignalSubscription? in
      guard state.isAccepting else { return subscription }
      state.subscription = subscription
      return nil
    }
    _ = unneeded  // released outside the lock
  }

  @inlinable
  func receive(_ event: Event<Output, Failure>) -> SignalControl {
    let action: ValuesReceiveAction<Output, Failure>
    switch event {
    case .value(let value): action = state.withLock { $0.receive(value) }
    case .finished: action = state.withLock { $0.receive(.finished) }
    case .failed(let error): action = state.withLock { $0.receive(.failed(error)) }
    }
    switch action {
    case .none:
      return .continue
    case .resume(let waiter, let result):
      waiter.resume(returning: result)
      return .continue
    case .release(let subscription):
      _ = subscription
      return .stop
    case .resumeAndRelease(let waiter, let result, let subscription):
      waiter.resume(returning: result)
      _ = subscription
      return .stop
    }
  }

  /// The next value, `nil` at the end (or once the task is cancelled), or the failure.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async -> Result<Output?, Failure> {
    if Task.isCancelled {
      cancel()
      return .success(nil)
    }
    if case .ready(let result) = state.withLock({ $0.take() }) { return result }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) {
        (continuation: UnsafeContinuation<Result<Output?, Failure>, Never>) in
        let ready = state.withLock { state -> Result<Output?, Failure>? in
          switch state.take() {
          case .ready(let result):
            return result
          case .wait:
            precondition(state.waiter == nil, "Signals: values iterated from two tasks at once")
            state.waiter = continuation
            return nil
          }
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      self.cancel()
    }
  }

  /// Ends the sequence for the consumer: drops the buffer, cancels the subscription, resumes a waiter with nil.
  @inlinable
  func cancel() {
    let taken = state.withLock {
      state -> (UnsafeContinuation<Result<Output?, Failure>, Never>?, SignalSubscription?, ValuesRing<Output>) in
      state.isDone = true
      state.terminal = nil
      defer {
        state.waiter = nil
        state.subscription = nil
        state.buffer = ValuesRing()
      }
      return (state.waiter, state.subscription, state.buffer)
    }
    taken.0?.resume(returning: .success(nil))
    taken.1?.cancel()
  }
}

/// The observer that feeds a `SignalValuesStorage`.
@usableFromInline
struct SignalValuesObserver<Input: Sendable, Failure: Error>: SignalObserver {
  @usableFromInline let storage: SignalValuesStorage<Input, Failure>

  @inlinable
  init(storage: SignalValuesStorage<Input, Failure>) {
    self.storage = storage
  }

  @inlinable
  func receive(_ event: Event<Input, Failure>) -> SignalControl {
    storage.receive(event)
  }
}

/// Owned by an iterator: cancels its storage when the iterator is released.
///
/// The storage is also referenced by the observer (through the subscription it
/// holds), so the storage itself cannot be what ends the subscription.
@usableFromInline
final class SignalValuesIteratorHandle<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline let storage: SignalValuesStorage<Output, Failure>

  @inlinable
  init(storage: SignalValuesStorage<Output, Failure>) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}
