/// The combineLatest's storage is a `Serializer` holding a `CombineLatestStateMachine`.
@usableFromInline
typealias CombineLatestStorage<Downstream: SignalObserver, Element: Sendable> =
  Serializer<Downstream, CombineLatestStateMachine<Element>>

/// Receives the events of one combined upstream.
@usableFromInline
struct CombineLatestObserver<Downstream: SignalObserver, Element: Sendable>: SignalObserver
where Downstream.Input == [Element] {
  @usableFromInline let serializer: CombineLatestStorage<Downstream, Element>
  @usableFromInline let index: Int

  @inlinable
  init(serializer: CombineLatestStorage<Downstream, Element>, index: Int) {
    self.serializer = serializer
    self.index = index
  }

  @inlinable
  func receive(_ event: Event<Element, Downstream.Failure>) -> SignalControl {
    let index = index
    switch event {
    case .value(let value):
      return serializer.transact { $0.machine.value(value, at: index) }
    case .finished:
      return serializer.transact { state in
        state.dropUpstream(UInt64(index))
        return state.machine.finished(at: index)
      }
    case .failed(let error):
      return serializer.send(.failed(error))
    }
  }
}
