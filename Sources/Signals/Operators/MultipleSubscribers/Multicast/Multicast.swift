extension Signal {
  /// A connectable signal that shares one subscription of this signal through a ``PassthroughSignal``.
  ///
  /// ```marble make-connectable
  /// upstream:          -a-b-c-|
  /// connected at 2:    ---b-c-|
  /// ```
  ///
  /// Observers subscribe first and receive nothing until ``ConnectableSignal/connect()``; from then on,
  /// every observer receives the upstream's events. Combine's `makeConnectable()`, which it offers only for
  /// signals that cannot fail: here any signal can be made connectable, and a failure reaches every observer.
  /// See ``MulticastSignal``.
  public consuming func makeConnectable() -> MulticastSignal<Self, PassthroughSignal<Output, Failure>> {
    MulticastSignal(upstream: self) { PassthroughSignal() }
  }

  /// A connectable signal that shares one subscription of this signal through the subject `createSubject`
  /// makes.
  ///
  /// <!-- setup
  /// let prices = PassthroughSignal<Double, Never>()
  /// -->
  /// ```swift
  /// let latest = prices.multicast { CurrentValueSignal<Double, Never>(0) }
  /// let label = latest.sink { print("price", $0) }  // 0.0 at once, from the subject
  /// let connection = latest.connect()
  /// ```
  ///
  /// `createSubject` is called once, when the first observer subscribes or at the first `connect()`,
  /// whichever comes first; that one subject serves every observer and connection (as Combine's).
  public consuming func multicast<Subject: SignalSubject>(
    _ createSubject: @escaping @Sendable () -> Subject
  ) -> MulticastSignal<Self, Subject> where Subject.Output == Output, Subject.Failure == Failure {
    MulticastSignal(upstream: self, createSubject: createSubject)
  }

  /// A connectable signal that shares one subscription of this signal through `subject`.
  ///
  /// <!-- setup
  /// let prices = PassthroughSignal<Double, Never>()
  /// -->
  /// ```swift
  /// let recent = ReplaySignal<Double, Never>(bufferSize: 3)
  /// let shared = prices.multicast(subject: recent)
  /// let connection = shared.connect()  // prices now flow into `recent`
  /// ```
  public consuming func multicast<Subject: SignalSubject>(
    subject: Subject
  ) -> MulticastSignal<Self, Subject> where Subject.Output == Output, Subject.Failure == Failure {
    MulticastSignal(upstream: self) { subject }
  }
}

/// A connectable signal that sends its upstream's events into a subject, which its observers subscribe to.
/// See ``Signal/multicast(_:)``, ``Signal/multicast(subject:)`` and ``Signal/makeConnectable()``.
///
/// Combine's `Publishers.Multicast` (and `Publishers.MakeConnectable`, which is one over a passthrough
/// subject). Keep and reuse the same instance: its observers share its one subject.
///
/// - Subscribing attaches the observer to the subject: it receives what the subject sends from then on
///   (and what the subject replays: a ``CurrentValueSignal``'s value, a ``ReplaySignal``'s latest values).
/// - ``connect()`` subscribes the upstream, sending its events into the subject, until the returned
///   subscription is cancelled or released. Each call makes a connection of its own, as in Combine: connect
///   once.
/// - When the upstream ends, the subject ends, and so every observer, present and future, gets its terminal
///   event (the subject's rule). To start again, make a new multicast signal.
public final class MulticastSignal<Upstream: Signal, Subject: SignalSubject>: ConnectableSignal, Sendable
where Subject.Output == Upstream.Output, Subject.Failure == Upstream.Failure {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The shared signal.
  public let upstream: Upstream
  /// Makes the subject, once.
  public let createSubject: @Sendable () -> Subject
  let made = Locked<Subject?>(nil)

  /// Creates the signal; prefer ``Signal/multicast(_:)``.
  public init(upstream: Upstream, createSubject: @escaping @Sendable () -> Subject) {
    self.upstream = upstream
    self.createSubject = createSubject
  }

  /// The subject: made by `createSubject` on first use (outside the lock; the first one stored wins).
  public var subject: Subject {
    if let subject = made.withLock({ $0 }) { return subject }
    let fresh = createSubject()
    return made.withLock { made in
      if let subject = made { return subject }
      made = fresh
      return fresh
    }
  }

  /// Attaches `observer` to the subject.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    subject.subscribe(observer)
  }

  /// Subscribes the upstream, sending its events into the subject; cancelling or releasing the result
  /// disconnects.
  public func connect() -> SignalSubscription {
    upstream.subscribe(SubjectInputObserver(subject))
  }
}
