/// A signal that emits the elements of a sequence in order, then finishes.
///
/// ```swift
/// let subscription = [1, 2, 3].signal.sink { print($0) }  // 1, 2, 3
/// let firstThree = (1...).signal.prefix(3)                // 1, 2, 3, finished: stops the infinite sequence
/// ```
///
/// Each subscription iterates the sequence again, synchronously, during
/// `subscribe`. Iteration stops as soon as the observer answers
/// ``SignalControl/stop``, so an infinite sequence is fine behind an operator
/// that ends early (`prefix`, `first`); without one it never returns.
public struct SequenceSignal<Elements: Sequence & Sendable, Failure: Error>: Signal
where Elements.Element: Sendable {
  /// The sequence's element type.
  public typealias Output = Elements.Element

  /// The sequence whose elements are emitted.
  public let sequence: Elements

  /// A signal of `sequence`'s elements with the given failure type (it never fails).
  public init(_ sequence: Elements, failureType: Failure.Type) {
    self.sequence = sequence
  }

  /// Emits every element, then `finished`, before returning; stops early on ``SignalControl/stop``.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    for element in sequence {
      guard observer.receive(.value(element)) == .continue else { return .empty }
    }
    _ = observer.receive(.finished)
    return .empty
  }
}

extension SequenceSignal where Failure == Never {
  /// A signal of `sequence`'s elements that cannot fail.
  public init(_ sequence: Elements) {
    self.sequence = sequence
  }
}

extension Sequence where Self: Sendable, Element: Sendable {
  /// A signal that emits this sequence's elements in order, then finishes. See ``SequenceSignal``.
  public var signal: SequenceSignal<Self, Never> {
    SequenceSignal(self)
  }
}
