extension Signal {
  /// Emits `elements` after the upstream finishes, then finishes.
  ///
  /// <!-- setup
  /// enum Stage: Sendable { case firstStep, secondStep, finished }
  /// let stages = [Stage.firstStep, .secondStep].signal
  /// -->
  /// ```swift
  /// let allStages = stages.append(.finished)  // .firstStep, .secondStep, .finished; then it finishes
  /// ```
  ///
  /// If the upstream fails, the elements are not emitted and the failure passes through.
  public consuming func append(_ elements: Output...) -> AppendSignal<Self, [Output]> {
    AppendSignal(upstream: self, elements: elements)
  }

  /// Emits the elements of `elements` after the upstream finishes, then finishes.
  ///
  /// The sequence is iterated once per subscription, when the upstream
  /// finishes; if the upstream fails, it is not iterated and the failure passes through.
  public consuming func append<S: Sequence & Sendable>(_ elements: S) -> AppendSignal<Self, S>
  where S.Element == Output {
    AppendSignal(upstream: self, elements: elements)
  }
}

/// A signal that emits a sequence's elements after its upstream finishes. See ``Signal/append(_:)->AppendSignal<Self,[Self.Output]>``.
public struct AppendSignal<Upstream: Signal, Elements: Sequence & Sendable>: Signal
where Elements.Element == Upstream.Output {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal that comes first.
  public let upstream: Upstream
  /// The elements emitted after the upstream finishes.
  public let elements: Elements

  /// Creates the signal; prefer ``Signal/append(_:)->AppendSignal<Self,[Self.Output]>``.
  public init(upstream: Upstream, elements: Elements) {
    self.upstream = upstream
    self.elements = elements
  }

  /// Subscribes `observer` to the upstream's values, then the elements.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(AppendObserver(downstream: observer, elements: elements))
  }
}

struct AppendObserver<Downstream: SignalObserver, Elements: Sequence & Sendable>: SignalObserver
where Elements.Element == Downstream.Input {
  let downstream: Downstream
  let elements: Elements

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    guard case .finished = event else { return downstream.receive(event) }
    for element in elements {
      guard downstream.receive(.value(element)) == .continue else { return .stop }
    }
    return downstream.receive(.finished)
  }
}

extension AppendSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension AppendObserver: ForwardingObserver {}
extension AppendObserver: EngineObserver where Downstream: EngineObserver {}
