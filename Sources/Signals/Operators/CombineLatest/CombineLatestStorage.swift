/// The combineLatest's storage is a `Serializer` holding a `CombineLatestStateMachine`.
@usableFromInline
typealias CombineLatestStorage<Downstream: SignalObserver, Element: Sendable> =
  Serializer<Downstream, CombineLatestStateMachine<Element>>
