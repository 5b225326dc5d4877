import Signals
import Testing

@Suite struct JustSignalTests {
  @Test func emitsTheValueThenFinishes() {
    let log = EventLog<Int, Never>()
    _ = JustSignal(42).subscribe(log)
    #expect(log.events == [.value(42), .finished])
  }

  @Test func everySubscriptionGetsTheValue() {
    let signal = JustSignal("a")
    let first = EventLog<String, Never>()
    let second = EventLog<String, Never>()
    _ = signal.subscribe(first)
    _ = signal.subscribe(second)
    #expect(first.events == [.value("a"), .finished])
    #expect(second.events == [.value("a"), .finished])
  }

  @Test func stopAfterTheValueSuppressesFinished() {
    let log = EventLog<Int, Never> { _ in .stop }
    _ = JustSignal(1).subscribe(log)
    #expect(log.events == [.value(1)])
  }
}
