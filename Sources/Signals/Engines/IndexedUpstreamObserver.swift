/// A state machine fed by several upstreams of one element type, each known by its index
/// (combineLatest, zip): it emits arrays with one element per upstream.
@usableFromInline
protocol IndexedFanInMachine: FanInMachine {
  /// The element type of every upstream.
  associatedtype Element: Sendable

  /// Upstream `index` sent `value`.
  mutating func value<Failure>(_ value: Element, at index: Int) -> FanInStep<[Element], Failure>

  /// Upstream `index` finished.
  mutating func finished<Failure>(at index: Int) -> FanInStep<[Element], Failure>
}

/// Receives the events of upstream `index` and feeds them to the fan-in's machine.
@usableFromInline
struct IndexedUpstreamObserver<Downstream: SignalObserver, Machine: IndexedFanInMachine>: FanInObserver
where Downstream.Input == [Machine.Element] {
  @usableFromInline let fanIn: FanIn<Downstream, Machine>
  @usableFromInline let index: Int

  @inlinable
  init(fanIn: FanIn<Downstream, Machine>, index: Int) {
    self.fanIn = fanIn
    self.index = index
  }

  @inlinable
  var key: UInt64 { UInt64(index) }

  @inlinable
  func receive(_ event: Event<Machine.Element, Downstream.Failure>) -> SignalControl {
    let index = index
    switch event {
    case .value(let value):
      return fanIn.transact { $0.machine.value(value, at: index) }
    case .finished:
      return fanIn.transact { state in
        state.dropUpstream(UInt64(index))
        return state.machine.finished(at: index)
      }
    case .failed(let error):
      return fanIn.send(.failed(error))
    }
  }
}
