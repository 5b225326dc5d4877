import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ShareReplayTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("share-replay", in: "Sources/Signals/Operators/MultipleSubscribers/Share/Share.swift")
    let shared = try m.hot(diagram.inputs[0]).share(replay: 2)
    let late = SignalRecorder<String, Never>(scheduler: m.scheduler)
    let lateToken = Locked<SignalSubscription?>(nil)
    m.scheduler.schedule(at: m.instant(ofFrame: 4)) { lateToken.withLock { $0 = shared.subscribe(late) } }
    try expectMarbles(m, shared, try diagram.lane("share(replay: 2)"))
    #expect(late.recording(origin: m.origin, frame: m.frame).marbles() == diagram.output)
    withExtendedLifetime(lateToken) {}
  }

  @Test func sharesOneSubscriptionAndReplaysTheLatestToEachNewObserver() {
    let upstream = CountingSignal(PassthroughSignal<Int, Never>())
    let shared = upstream.share(replay: 1)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let token = shared.subscribe(first)
    upstream.subject.send(1)
    upstream.subject.send(2)
    let late = shared.subscribe(second)
    upstream.subject.send(3)
    #expect(upstream.subscriptionCount == 1)
    #expect(first.values == [1, 2, 3])
    #expect(second.values == [2, 3])
    withExtendedLifetime((token, late)) {}
  }

  @Test func whenTheLastObserverLeavesTheValuesAreForgotten() {
    let upstream = CountingSignal(PassthroughSignal<Int, Never>())
    let shared = upstream.share(replay: 2)
    let first = shared.sink { _ in }
    upstream.subject.send(1)
    first.cancel()
    #expect(!shared.isConnected)
    let log = EventLog<Int, Never>()
    let second = shared.subscribe(log)
    upstream.subject.send(2)
    #expect(log.values == [2], "a new connection starts from nothing")
    #expect(upstream.subscriptionCount == 2)
    withExtendedLifetime(second) {}
  }

  @Test func whenTheUpstreamEndsTheNextObserverConnectsAgain() {
    let attempts = Locked(0)
    let source = DeferredSignal { () -> SequenceSignal<[Int], Never> in
      attempts.withLock { $0 += 1 }
      return [1, 2, 3].signal
    }
    let shared = source.share(replay: 2)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let tokens = [shared.subscribe(first), shared.subscribe(second)]
    #expect(first.events == [.value(1), .value(2), .value(3), .finished])
    #expect(second.events == [.value(1), .value(2), .value(3), .finished])
    #expect(attempts.withLock { $0 } == 2)
    withExtendedLifetime(tokens) {}
  }

  @Test func replayZeroIsShare() {
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.share(replay: 0)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let token = shared.subscribe(first)
    upstream.send(1)
    let late = shared.subscribe(second)
    upstream.send(2)
    #expect(second.values == [2])
    #expect(shared.replay == 0)
    withExtendedLifetime((token, late)) {}
  }

  @Test func aFailureReachesEveryObserverAndEndsTheConnection() {
    let upstream = PassthroughSignal<Int, TestError>()
    let shared = upstream.share(replay: 1)
    let log = EventLog<Int, TestError>()
    let token = shared.subscribe(log)
    upstream.send(1)
    upstream.send(completion: .failed(TestError(2)))
    #expect(log.events == [.value(1), .failed(TestError(2))])
    #expect(!shared.isConnected)
    withExtendedLifetime(token) {}
  }
}
