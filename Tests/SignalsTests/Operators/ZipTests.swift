import Signals
import Testing

@Suite struct ZipTests {
  @Test func pairsValuesInOrder() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<String, Never>()
    let pairs = Locked<[String]>([])
    let token = a.zip(b).sink { pair in pairs.withLock { $0.append("\(pair.0)\(pair.1)") } }
    a.send(1)
    a.send(2)
    b.send("x")
    a.send(3)
    b.send("y")
    b.send("z")
    #expect(pairs.withLock { $0 } == ["1x", "2y", "3z"])
    withExtendedLifetime(token) {}
  }

  @Test func zipsThreeIntoTriples() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Bool, Never>()
    let c = PassthroughSignal<String, Never>()
    let triples = Locked<[String]>([])
    let token = a.zip(b, c).sink { t in triples.withLock { $0.append("\(t.0)\(t.1)\(t.2)") } }
    a.send(1)
    a.send(2)
    b.send(true)
    c.send("c")
    #expect(triples.withLock { $0 } == ["1truec"])
    withExtendedLifetime(token) {}
  }

  @Test func finishingSourceWithBufferedValuesKeepsPairingThenFinishes() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<[Int], Never>()
    let token = ZipSignal([a, b]).subscribe(log)
    a.send(1)
    a.send(2)
    a.send(completion: .finished)
    #expect(log.events.isEmpty)
    b.send(10)
    #expect(log.events == [.value([1, 10])])
    b.send(20)
    #expect(log.events == [.value([1, 10]), .value([2, 20]), .finished])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func finishesAtOnceWhenAFinishedSourceHasNothingBuffered() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<[Int], Never>()
    let token = ZipSignal([a, b]).subscribe(log)
    b.send(1)
    b.send(2)
    a.send(completion: .finished)
    #expect(log.events == [.finished])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func failsAtTheFirstFailure() {
    let a = PassthroughSignal<Int, CombineError>()
    let b = PassthroughSignal<Int, CombineError>()
    let log = EventLog<[Int], CombineError>()
    let token = ZipSignal([a, b]).subscribe(log)
    a.send(1)
    b.send(completion: .failed(CombineError(4)))
    #expect(log.events == [.failed(CombineError(4))])
    #expect(!a.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func emptyArrayFinishesAtOnce() {
    let log = EventLog<[Int], Never>()
    let token = ZipSignal<PassthroughSignal<Int, Never>>([]).subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancelReleasesEveryUpstreamAndBufferedValues() {
    let a = PassthroughSignal<CombineWitness, Never>()
    let b = PassthroughSignal<CombineWitness, Never>()
    weak var weakBuffered: CombineWitness?
    let log = EventLog<[CombineWitness], Never>()
    let token = ZipSignal([a, b]).subscribe(log)
    do {
      let buffered = CombineWitness()
      weakBuffered = buffered
      a.send(buffered)
    }
    #expect(weakBuffered != nil)
    token.cancel()
    #expect(weakBuffered == nil)
    #expect(!a.hasObservers && !b.hasObservers)
  }

  @Test func reentrantSendIsDeliveredAfterTheCurrentPair() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = ZipSignal([a, b]).sink { values in
      order.withLock { $0.append("begin \(values)") }
      if values == [1, 1] {
        a.send(2)
        b.send(2)
      }
      order.withLock { $0.append("end \(values)") }
    }
    a.send(1)
    b.send(1)
    #expect(order.withLock { $0 } == ["begin [1, 1]", "end [1, 1]", "begin [2, 2]", "end [2, 2]"])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentUpstreamsPairEverything() {
    let count = 1_000 * combineStressScale
    let subjects = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
    let probe = SerialProbe<[Int], Never>()
    let token = ZipSignal(subjects).subscribe(probe)
    runConcurrently(4) { index in
      for value in 0..<count { subjects[index].send(value) }
      subjects[index].send(completion: .finished)
    }
    #expect(probe.values == (0..<count).map { [$0, $0, $0, $0] })
    #expect(probe.terminals == [.finished])
    #expect(probe.maximumInside == 1)
    withExtendedLifetime(token) {}
  }
}
