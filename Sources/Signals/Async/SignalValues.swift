/// The values of a signal that cannot fail, as an `AsyncSequence`: `for await value in signal.values`.
///
/// <!-- setup
/// let ticks = [1, 2, 3].signal
/// var progress = 0
/// -->
/// ```swift
/// for await tick in ticks.values {
///   progress = tick
/// }
/// // the signal finished (or this task was cancelled)
/// ```
///
/// - Subscription: each iterator subscribes once, when it is made
///   (`makeAsyncIterator()`, the start of a `for await` loop); values sent
///   before that are not seen. Iterating twice subscribes twice.
/// - Buffering: values that arrive while the consumer is busy wait in a buffer
///   ruled by the ``SignalBufferingPolicy`` (unbounded by default). The end is
///   never dropped: every buffered value is delivered, then `nil`.
/// - Cancellation: when the consuming task is cancelled, `next()` returns `nil`
///   (at once if it was suspended), the buffer is dropped and the subscription
///   is cancelled. Breaking out of the loop (releasing the iterator) cancels the
///   subscription too.
/// - The iterator belongs to one task (it is not `Sendable`); in an actor's
///   code `next(isolation:)` runs on that actor, without a hop.
public struct SignalValues<Output: Sendable>: AsyncSequence, Sendable {
  /// The signal's output type.
  public typealias Element = Output
  /// Iterating cannot fail.
  public typealias Failure = Never

  @usableFromInline
  let subscribe: @Sendable (SignalValuesObserver<Output, Never>) -> SignalSubscription
  /// How many values may wait for the consumer, and which to keep when the buffer is full.
  public let bufferingPolicy: SignalBufferingPolicy

  /// The values of `signal`, buffered by `bufferingPolicy`; prefer `signal.values`.
  ///
  /// - Precondition: a bounded policy's limit is at least 1.
  @inlinable
  public init<Upstream: Signal>(_ signal: Upstream, bufferingPolicy: SignalBufferingPolicy = .unbounded)
  where Upstream.Output == Output, Upstream.Failure == Never {
    _ = bufferingPolicy.limit  // validates the limit now, at the call site
    self.subscribe = { signal.subscribe($0) }
    self.bufferingPolicy = bufferingPolicy
  }

  /// Subscribes to the signal and returns the iterator of its values.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let storage = SignalValuesStorage<Output, Never>(policy: bufferingPolicy)
    storage.start(subscribe)
    return Iterator(handle: SignalValuesIteratorHandle(storage: storage))
  }

  /// Iterates the values of one subscription.
  public struct Iterator: AsyncIteratorProtocol {
    /// Iterating cannot fail.
    public typealias Failure = Never

    @usableFromInline
    let handle: SignalValuesIteratorHandle<Output, Never>

    @inlinable
    init(handle: SignalValuesIteratorHandle<Output, Never>) {
      self.handle = handle
    }

    /// The next value, or `nil` once the signal finished or the task was cancelled.
    @inlinable
    public mutating func next() async -> Output? {
      await handle.storage.next(isolation: nil).get()
    }

    /// The next value, or `nil` once the signal finished or the task was cancelled; runs on `actor`.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Output? {
      await handle.storage.next(isolation: actor).get()
    }
  }
}

@available(*, unavailable, message: "an iterator belongs to one task")
extension SignalValues.Iterator: Sendable {}

extension Signal where Failure == Never {
  /// This signal's values as an `AsyncSequence`, with an unbounded buffer.
  ///
  /// <!-- setup
  /// let skipTaps = PassthroughSignal<Void, Never>()
  /// func skip() {}
  /// -->
  /// ```swift
  /// for await _ in skipTaps.values { skip() }
  /// ```
  ///
  /// See ``SignalValues`` for when it subscribes, buffers and ends.
  @inlinable
  public var values: SignalValues<Output> {
    SignalValues(self)
  }

  /// This signal's values as an `AsyncSequence`, buffered by `bufferingPolicy`.
  ///
  /// - Precondition: a bounded policy's limit is at least 1.
  @inlinable
  public func values(bufferingPolicy: SignalBufferingPolicy) -> SignalValues<Output> {
    SignalValues(self, bufferingPolicy: bufferingPolicy)
  }
}
