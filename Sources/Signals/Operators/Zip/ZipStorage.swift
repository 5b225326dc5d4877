/// The zip's storage is a `Serializer` holding a `ZipStateMachine`.
@usableFromInline
typealias ZipStorage<Downstream: SignalObserver, Element: Sendable> =
  Serializer<Downstream, ZipStateMachine<Element>>

/// Receives the events of one zipped upstream.
@usableFromInline
struct ZipObserver<Downstream: SignalObserver, Element: Sendable>: SignalObserver
where Downstream.Input == [Element] {
  @usableFromInline let serializer: ZipStorage<Downstream, Element>
  @usableFromInline let index: Int

  @inlinable
  init(serializer: ZipStorage<Downstream, Element>, index: Int) {
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
