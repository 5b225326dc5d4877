/// A signal that iterates an `AsyncSequence`: its elements in order, then
/// `finished` when it ends, or `failed` with its error.
///
/// <!-- setup
/// // A stand-in for a Rive state machine instance and its end trigger.
/// struct RiveInstance: Sendable { func stream(of trigger: String) -> AsyncStream<Void> { AsyncStream { $0.finish() } } }
/// let instance = RiveInstance()
/// let trigger = "end"
/// -->
/// ```swift
/// let ended = AsyncSequenceSignal(instance.stream(of: trigger))  // or `.signal`
/// ```
///
/// - Each subscription starts a `Task` that makes its own iterator: subscribing
///   twice iterates the sequence twice. A single-pass sequence such as
///   `AsyncStream` supports one iterator only, so subscribe to it once (or
///   share the signal).
/// - Cancelling the subscription (or answering ``SignalControl/stop``) cancels
///   the iterating task at once and releases the observer; the sequence sees
///   the cancellation in its pending `next()` (an `AsyncStream` calls its
///   `onTermination`). Nothing is delivered afterwards.
/// - Elements are delivered one at a time, from the task; the next element is
///   requested only after the observer returned.
/// - The failure type is the sequence's own `Failure` (`Never` for
///   `AsyncStream`, typed for sequences with typed throws). Before macOS 15 /
///   iOS 18 the stdlib does not expose an async sequence's failure type: there
///   the initializers for `AsyncStream` (`Never`) and `AsyncThrowingStream`
///   (`any Error`) are available, and ``init(erasingFailure:priority:)`` takes
///   any sequence with its failure seen as `any Error`.
/// - A type that is both a `Sequence` and an `AsyncSequence` has two `signal`
///   properties (``SequenceSignal`` and this one): pick with an initializer.
public struct AsyncSequenceSignal<Base: AsyncSequence & Sendable, Failure: Error>: Signal
where Base.Element: Sendable {
  /// The sequence's element type.
  public typealias Output = Base.Element

  /// The sequence iterated by each subscription.
  public let base: Base
  /// The priority of the iterating task; `nil` inherits the subscriber's.
  public let priority: TaskPriority?
  /// The scheduler whose task executor runs the iterating task, if one was given (see ``on(_:)``).
  public let scheduler: (any SignalScheduler)?
  @usableFromInline
  let nextElement: @Sendable (inout Base.AsyncIterator) async throws(Failure) -> Base.Element?

  @usableFromInline
  init(
    base: Base, priority: TaskPriority?, scheduler: (any SignalScheduler)? = nil,
    nextElement: @escaping @Sendable (inout Base.AsyncIterator) async throws(Failure) -> Base.Element?
  ) {
    self.base = base
    self.priority = priority
    self.scheduler = scheduler
    self.nextElement = nextElement
  }

  /// This signal, iterating on `scheduler`'s task executor when it has one (a `TestScheduler`'s: the
  /// iteration runs only inside its advances, in virtual time), else on the global executor. (A
  /// `TestScheduler` where task executors do not exist refuses the iteration, as it refuses a
  /// ``TaskSignal``'s work: see ``TaskSignal/init(on:priority:operation:)``.)
  ///
  /// <!-- setup
  /// import SignalsTesting
  /// -->
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  /// let values = AsyncSequenceSignal(stream).on(scheduler)
  /// let seen = CurrentValueSignal<[Int], Never>([])
  /// let token = values.sink { seen.value.append($0) }
  /// continuation.yield(1)
  /// scheduler.advance()  // seen.value == [1]
  /// ```
  public func on(_ scheduler: some SignalScheduler) -> Self {
    Self(base: base, priority: priority, scheduler: scheduler, nextElement: nextElement)
  }

  /// A signal of the elements of `base`, failing with its typed failure.
  ///
  /// - Parameters:
  ///   - base: The sequence, iterated once per subscription.
  ///   - priority: The iterating task's priority; `nil` (the default) inherits the subscriber's.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  public init(_ base: Base, priority: TaskPriority? = nil) where Failure == Base.Failure {
    self.init(base: base, priority: priority) { (iterator: inout Base.AsyncIterator) async throws(Failure) in
      try await iterator.next(isolation: nil)
    }
  }

  /// A signal of the elements of `stream`; it cannot fail.
  ///
  /// - Parameters:
  ///   - stream: The stream; iterate it once only (subscribe once or share the signal).
  ///   - priority: The iterating task's priority; `nil` (the default) inherits the subscriber's.
  public init<Element>(_ stream: AsyncStream<Element>, priority: TaskPriority? = nil)
  where Base == AsyncStream<Element>, Failure == Never {
    self.init(base: stream, priority: priority) { (iterator: inout AsyncStream<Element>.Iterator) async in
      await iterator.next()
    }
  }

  /// A signal of the elements of `stream`, failing with its error.
  ///
  /// - Parameters:
  ///   - stream: The stream; iterate it once only (subscribe once or share the signal).
  ///   - priority: The iterating task's priority; `nil` (the default) inherits the subscriber's.
  public init<Element>(_ stream: AsyncThrowingStream<Element, any Error>, priority: TaskPriority? = nil)
  where Base == AsyncThrowingStream<Element, any Error>, Failure == any Error {
    self.init(base: stream, priority: priority) {
      (iterator: inout AsyncThrowingStream<Element, any Error>.Iterator) async throws(any Error) in
      try await iterator.next()
    }
  }

  /// A signal of the elements of `base`, failing with its error as `any Error`.
  ///
  /// Available on every OS version (it iterates with `next()`); prefer
  /// `AsyncSequenceSignal(_:priority:)` where the typed failure is available.
  ///
  /// - Parameters:
  ///   - base: The sequence, iterated once per subscription.
  ///   - priority: The iterating task's priority; `nil` (the default) inherits the subscriber's.
  public init(erasingFailure base: Base, priority: TaskPriority? = nil) where Failure == any Error {
    self.init(base: base, priority: priority) { (iterator: inout Base.AsyncIterator) async throws(any Error) in
      try await iterator.next()
    }
  }

  /// Starts iterating for `observer`; see the type's documentation.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let delivery = TaskDelivery(observer)
    let base = base
    let nextElement = nextElement
    let task = startSignalTask(priority: priority, on: scheduler) {
      var iterator = base.makeAsyncIterator()
      do throws(Failure) {
        while let element = try await nextElement(&iterator) {
          guard delivery.send(element) else { return }
        }
        delivery.send(completion: .finished)
      } catch {
        delivery.send(completion: .failed(error))
      }
    }
    return .handing(delivery.attach(task), to: observer)
  }
}

extension AsyncSequenceSignal: HandsOverSubscription {}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// This sequence as a signal: its elements, then `finished`, or `failed` with its typed error.
  ///
  /// Each subscription iterates the sequence anew. See ``AsyncSequenceSignal``.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  public var signal: AsyncSequenceSignal<Self, Failure> {
    AsyncSequenceSignal(self)
  }
}

extension AsyncStream where Element: Sendable {
  /// This stream as a signal that cannot fail. Subscribe to it once: a stream has one iterator.
  ///
  /// See ``AsyncSequenceSignal``.
  public var signal: AsyncSequenceSignal<Self, Never> {
    AsyncSequenceSignal(self)
  }
}

extension AsyncThrowingStream where Element: Sendable, Failure == any Error {
  /// This stream as a signal that fails with the stream's error. Subscribe to it once: a stream has one iterator.
  ///
  /// See ``AsyncSequenceSignal``.
  public var signal: AsyncSequenceSignal<Self, any Error> {
    AsyncSequenceSignal(self)
  }
}
