import Signals
import Testing

@Suite struct DeferredSignalTests {
  @Test func buildsTheSignalPerSubscription() {
    let builds = Locked(0)
    let signal = DeferredSignal { () -> JustSignal<Int> in
      let count = builds.withLock {
        $0 += 1
        return $0
      }
      return JustSignal(count)
    }
    #expect(builds.withLock { $0 } == 0)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    _ = signal.subscribe(first)
    _ = signal.subscribe(second)
    #expect(first.events == [.value(1), .finished])
    #expect(second.events == [.value(2), .finished])
  }

  @Test func cancellingCancelsTheBuiltSignal() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = DeferredSignal { subject }.subscribe(log)
    subject.send(1)
    token.cancel()
    subject.send(2)
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
  }
}
