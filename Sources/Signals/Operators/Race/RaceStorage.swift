/// The race's storage is a `Serializer` holding a `RaceStateMachine`.
@usableFromInline
typealias RaceStorage<Downstream: SignalObserver> = Serializer<Downstream, RaceStateMachine>

/// Receives the events of one contestant.
@usableFromInline
struct RaceObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let serializer: RaceStorage<Downstream>
  @usableFromInline let key: UInt64

  @inlinable
  init(serializer: RaceStorage<Downstream>, key: UInt64) {
    self.serializer = serializer
    self.key = key
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    let key = key
    return serializer.transact { $0.raceEvent(event, from: key) }
  }
}
