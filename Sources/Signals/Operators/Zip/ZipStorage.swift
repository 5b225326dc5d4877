/// The zip's storage is a `Serializer` holding a `ZipStateMachine`.
@usableFromInline
typealias ZipStorage<Downstream: SignalObserver, Element: Sendable> =
  Serializer<Downstream, ZipStateMachine<Element>>
