/// The values of a signal that can fail, as an `AsyncSequence`:
/// `for try await value in signal.values`, throwing the signal's typed failure.
///
/// <!-- setup
/// struct DownloadError: Error {}
/// let download = PassthroughSignal<Double, DownloadError>()
/// func show(_ progress: Double) {}
/// func show(_ error: DownloadError) {}
/// -->
/// ```swift
/// do throws(DownloadError) {
///   for try await progress in download.values { show(progress) }
/// } catch {
///   show(error)  // error: DownloadError
/// }
/// ```
///
/// - Subscription: each iterator subscribes once, when it is made
///   (`makeAsyncIterator()`, the start of a `for try await` loop).
///   Iterating twice subscribes twice.
/// - Buffering: values that arrive while the consumer is busy wait in a buffer
///   ruled by the ``SignalBufferingPolicy`` (unbounded by default). Terminal
///   events are never dropped: every buffered value is delivered first, then
///   `next()` returns `nil` (finished) or throws the failure, once; after that
///   `next()` returns `nil`.
/// - Cancellation: when the consuming task is cancelled, `next()` returns `nil`
///   (it cannot throw `CancellationError`: the failure type is the signal's),
///   the buffer is dropped and the subscription is cancelled. Check
///   `Task.isCancelled` to tell a cancellation from the end. Breaking out of the
///   loop (releasing the iterator) cancels the subscription too.
/// - The iterator belongs to one task (it is not `Sendable`).
public struct SignalThrowingValues<Output: Sendable, Failure: Error>: AsyncSequence, Sendable {
  /// The signal's output type.
  public typealias Element = Output

  @usableFromInline
  let subscribe: @Sendable (SignalValuesObserver<Output, Failure>) -> SignalSubscription
  /// How many values may wait for the consumer, and which to keep when the buffer is full.
  public let bufferingPolicy: SignalBufferingPolicy

  /// The values of `signal`, buffered by `bufferingPolicy`; prefer `signal.values`.
  ///
  /// - Precondition: a bounded policy's limit is at least 1.
  @inlinable
  public init<Upstream: Signal>(_ signal: Upstream, bufferingPolicy: SignalBufferingPolicy = .unbounded)
  where Upstream.Output == Output, Upstream.Failure == Failure {
    _ = bufferingPolicy.limit  // validates the limit now, at the call site
    self.subscribe = { signal.subscribe($0) }
    self.bufferingPolicy = bufferingPolicy
  }

  /// Subscribes to the signal and returns the iterator of its values.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let storage = SignalValuesStorage<Output, Failure>(policy: bufferingPolicy)
    storage.start(subscribe)
    return Iterator(handle: SignalValuesIteratorHandle(storage: storage))
  }

  /// Iterates the values of one subscription.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline
    let handle: SignalValuesIteratorHandle<Output, Failure>

    @inlinable
    init(handle: SignalValuesIteratorHandle<Output, Failure>) {
      self.handle = handle
    }

    /// The next value; `nil` once the signal finished or the task was cancelled; throws the signal's failure.
    @inlinable
    public mutating func next() async throws(Failure) -> Output? {
      try await handle.storage.next(isolation: nil).get()
    }

    /// The next value, like ``next()``, running on `actor`.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      try await handle.storage.next(isolation: actor).get()
    }
  }
}

@available(*, unavailable, message: "an iterator belongs to one task")
extension SignalThrowingValues.Iterator: Sendable {}

extension Signal {
  /// This signal's values as an `AsyncSequence` that throws the signal's failure, with an unbounded buffer.
  ///
  /// See ``SignalThrowingValues`` for when it subscribes, buffers, ends and fails.
  /// A signal that cannot fail gets the non-throwing ``SignalValues`` instead.
  @inlinable
  public var values: SignalThrowingValues<Output, Failure> {
    SignalThrowingValues(self)
  }

  /// This signal's values as an `AsyncSequence` that throws the signal's failure, buffered by `bufferingPolicy`.
  ///
  /// - Precondition: a bounded policy's limit is at least 1.
  @inlinable
  public func values(bufferingPolicy: SignalBufferingPolicy) -> SignalThrowingValues<Output, Failure> {
    SignalThrowingValues(self, bufferingPolicy: bufferingPolicy)
  }
}
