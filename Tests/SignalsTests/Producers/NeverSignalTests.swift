import Signals
import Testing

@Suite struct NeverSignalTests {
  @Test func neverEmitsNorEnds() {
    let log = EventLog<Int, TestError>()
    let token = NeverSignal<Int, TestError>().subscribe(log)
    #expect(log.events.isEmpty)
    token.cancel()
    #expect(log.events.isEmpty)
  }

  @Test func holdsNoReferenceToTheObserver() {
    weak var weakLog: EventLog<Int, Never>?
    var token: SignalSubscription?
    do {
      let log = EventLog<Int, Never>()
      weakLog = log
      token = NeverSignal<Int, Never>().subscribe(log)
    }
    #expect(weakLog == nil)
    withExtendedLifetime(token) {}
  }
}
