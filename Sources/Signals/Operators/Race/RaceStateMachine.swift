/// The state of a race: undecided, or won by one upstream.
@usableFromInline
struct RaceStateMachine: SerialMachine {
  /// The key of the winning upstream, once one sent an event.
  @usableFromInline var winner: UInt64?

  @inlinable
  init() {}
}

extension SerialState where Machine == RaceStateMachine {
  /// An event from upstream `key`: the first one decides the race and drops the losers.
  @inlinable
  mutating func raceEvent(_ event: Event<Output, Failure>, from key: UInt64) -> SerialStep<Output, Failure> {
    switch machine.winner {
    case nil:
      machine.winner = key
      dropUpstreams(except: key)
      return .emit(event)
    case key:
      return .emit(event)
    default:
      return .stopUpstream
    }
  }
}
