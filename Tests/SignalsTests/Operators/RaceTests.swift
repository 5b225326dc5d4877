import Signals
import Testing

@Suite struct RaceTests {
  @Test func firstValueWinsAndTheLosersAreCancelledAtOnce() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let c = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = a.race(with: b, c).subscribe(log)
    #expect(a.hasObservers && b.hasObservers && c.hasObservers)
    b.send(1)
    #expect(!a.hasObservers && !c.hasObservers)
    a.send(2)
    b.send(3)
    b.send(completion: .finished)
    #expect(log.events == [.value(1), .value(3), .finished])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func firstFinishWins() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = a.race(with: b).subscribe(log)
    b.send(completion: .finished)
    a.send(1)
    #expect(log.events == [.finished])
    #expect(!a.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func firstFailureWins() {
    let a = PassthroughSignal<Int, CombineError>()
    let b = PassthroughSignal<Int, CombineError>()
    let log = EventLog<Int, CombineError>()
    let token = RaceSignal([a, b]).subscribe(log)
    a.send(completion: .failed(CombineError(1)))
    b.send(2)
    #expect(log.events == [.failed(CombineError(1))])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousFirstEventWinsAndLaterUpstreamsAreNeverSubscribed() {
    let instant = SyncEventsSignal<Int, Never>([.value(1), .finished])
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = RaceSignal([instant.eraseToAnySignal(), later.eraseToAnySignal()]).subscribe(log)
    #expect(log.events == [.value(1), .finished])
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousValueWithoutFinishStillWinsBeforeLaterUpstreams() {
    let subject = PassthroughSignal<Int, Never>()
    let instantThenSubject = AnySignal<Int, Never> { observer in
      _ = observer.receive(.value(0))
      return subject.subscribe(observer)
    }
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = RaceSignal([instantThenSubject, later.eraseToAnySignal()]).subscribe(log)
    subject.send(1)
    #expect(log.values == [0, 1])
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousWinnerInTheMiddleCancelsTheEarlierUpstreams() {
    let early = PassthroughSignal<Int, Never>()
    let instant = SyncEventsSignal<Int, Never>([.value(5), .finished])
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = RaceSignal([early.eraseToAnySignal(), instant.eraseToAnySignal(), later.eraseToAnySignal()])
      .subscribe(log)
    #expect(log.events == [.value(5), .finished])
    #expect(!early.hasObservers)
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func emptyRaceFinishesAtOnce() {
    let log = EventLog<Int, Never>()
    let token = RaceSignal<PassthroughSignal<Int, Never>>([]).subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancelBeforeAnyEventReleasesEveryUpstreamAndTheObserver() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    weak var observerWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let observer = CombineWitness()
      observerWitness = observer
      token = a.race(with: b).sink { [observer] _ in _ = observer }
    }
    token?.cancel()
    #expect(!a.hasObservers && !b.hasObservers)
    #expect(observerWitness == nil)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendIntoTheWinnerIsDeliveredAfterTheCurrentEvent() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = a.race(with: b).sink { value in
      order.withLock { $0.append("begin \(value)") }
      if value < 3 { a.send(value + 1) }
      b.send(100)
      order.withLock { $0.append("end \(value)") }
    }
    a.send(1)
    #expect(order.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentContestantsProduceOneWinnerOnly() {
    for _ in 0..<(20 * combineStressScale) {
      let subjects = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
      let probe = SerialProbe<Int, Never>()
      let token = RaceSignal(subjects).subscribe(probe)
      runConcurrently(4) { index in
        for value in 0..<100 { subjects[index].send(index * 1_000 + value) }
        subjects[index].send(completion: .finished)
      }
      let values = probe.values
      let winner = (values.first ?? 0) / 1_000
      #expect(values == (0..<100).map { winner * 1_000 + $0 })
      #expect(probe.terminals == [.finished])
      #expect(probe.maximumInside == 1)
      #expect(subjects.allSatisfy { !$0.hasObservers })
      withExtendedLifetime(token) {}
    }
  }
}
