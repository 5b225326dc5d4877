import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct MulticastTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedMakeConnectableDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "make-connectable", in: "Sources/Signals/Operators/MultipleSubscribers/Multicast/Multicast.swift")
    let connectable = try m.hot(diagram.inputs[0]).makeConnectable()
    let connection = Locked<SignalSubscription?>(nil)
    m.scheduler.schedule(at: m.instant(ofFrame: 2)) { connection.withLock { $0 = connectable.connect() } }
    try expectMarbles(m, connectable, diagram.output)
    withExtendedLifetime(connection) {}
  }

  @Test func theDocumentedAutoconnectDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "autoconnect", in: "Sources/Signals/Operators/MultipleSubscribers/Multicast/Autoconnect.swift")
    let upstream = CountingSignal(PassthroughSignal<String, Never>())
    let input = try m.hot(diagram.inputs[0])
    let forwarding = input.observe { upstream.subject.send($0) }
    let shared = upstream.makeConnectable().autoconnect()
    let second = SignalRecorder<String, Never>(scheduler: m.scheduler)
    let secondToken = Locked<SignalSubscription?>(nil)
    m.scheduler.schedule(at: m.instant(ofFrame: 2)) { secondToken.withLock { $0 = shared.subscribe(second) } }
    let first = m.record(shared, subscribed: 0, cancelled: 4)
    m.scheduler.run()
    #expect(first.marbles() == (try diagram.lane("first observer, 0 to 4")))
    #expect(second.recording(origin: m.origin, frame: m.frame).marbles() == diagram.output)
    #expect(upstream.subscriptionCount == 1, "one connection, shared")
    withExtendedLifetime((forwarding, secondToken)) {}
  }

  @Test func observersReceiveNothingUntilConnected() {
    let upstream = PassthroughSignal<Int, Never>()
    let connectable = upstream.makeConnectable()
    let log = EventLog<Int, Never>()
    let token = connectable.subscribe(log)
    upstream.send(1)
    #expect(!upstream.hasObservers)
    let connection = connectable.connect()
    upstream.send(2)
    connection.cancel()
    upstream.send(3)
    #expect(log.values == [2])
    #expect(!upstream.hasObservers, "cancelling the connection unsubscribes the upstream")
    withExtendedLifetime(token) {}
  }

  @Test func releasingTheConnectionDisconnects() {
    let upstream = PassthroughSignal<Int, Never>()
    let connectable = upstream.makeConnectable()
    do {
      let connection = connectable.connect()
      #expect(upstream.hasObservers)
      withExtendedLifetime(connection) {}
    }
    #expect(!upstream.hasObservers)
  }

  @Test func makeConnectableWorksForSignalsThatFail() {
    let upstream = PassthroughSignal<Int, TestError>()
    let connectable = upstream.makeConnectable()
    let first = EventLog<Int, TestError>()
    let second = EventLog<Int, TestError>()
    let tokens = [connectable.subscribe(first), connectable.subscribe(second)]
    let connection = connectable.connect()
    upstream.send(1)
    upstream.send(completion: .failed(TestError(3)))
    #expect(first.events == [.value(1), .failed(TestError(3))])
    #expect(second.events == first.events)
    withExtendedLifetime((tokens, connection)) {}
  }

  @Test func eachConnectMakesAConnectionOfItsOwn() {
    // As Combine's: connect once. Two connections send each upstream event into the subject twice.
    let upstream = PassthroughSignal<Int, Never>()
    let connectable = upstream.makeConnectable()
    let log = EventLog<Int, Never>()
    let token = connectable.subscribe(log)
    let connections = [connectable.connect(), connectable.connect()]
    upstream.send(1)
    #expect(log.values == [1, 1])
    withExtendedLifetime((token, connections)) {}
  }

  @Test func aSignalSendsIntoASubject() {
    let subject = CurrentValueSignal<Int, TestError>(0)
    let feeding = [1, 2].signal.setFailureType(to: TestError.self).subscribe(subject)
    #expect(subject.value == 2)
    let log = EventLog<Int, TestError>()
    let token = subject.subscribe(log)
    #expect(log.events == [.finished], "the subject ended with the signal")
    withExtendedLifetime((feeding, token)) {}
  }

  @Test func multicastMakesItsSubjectOnceAndLazily() {
    let made = Locked(0)
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.multicast { () -> CurrentValueSignal<Int, Never> in
      made.withLock { $0 += 1 }
      return CurrentValueSignal(0)
    }
    #expect(made.withLock { $0 } == 0)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let tokens = [shared.subscribe(first), shared.subscribe(second)]
    let connection = shared.connect()
    upstream.send(5)
    #expect(made.withLock { $0 } == 1)
    #expect(first.values == [0, 5])
    #expect(second.values == [0, 5])
    withExtendedLifetime((tokens, connection)) {}
  }

  @Test func multicastIntoAReplaySubjectKeepsValuesPastTheConnection() {
    let upstream = PassthroughSignal<Int, Never>()
    let recent = ReplaySignal<Int, Never>(bufferSize: 2)
    let shared = upstream.multicast(subject: recent)
    let connection = shared.connect()
    for value in 1...3 { upstream.send(value) }
    connection.cancel()
    let log = EventLog<Int, Never>()
    let token = shared.subscribe(log)
    #expect(log.values == [2, 3])
    #expect(shared.subject === recent)
    withExtendedLifetime(token) {}
  }

  @Test func afterTheUpstreamEndsLaterObserversGetTheTerminalEvent() {
    let connectable = [1, 2].signal.makeConnectable()
    let early = EventLog<Int, Never>()
    let token = connectable.subscribe(early)
    let connection = connectable.connect()
    let late = EventLog<Int, Never>()
    let lateToken = connectable.subscribe(late)
    #expect(early.events == [.value(1), .value(2), .finished])
    #expect(late.events == [.finished])
    withExtendedLifetime((token, connection, lateToken)) {}
  }

  @Test func autoconnectConnectsForTheFirstAndDisconnectsAfterTheLast() {
    let upstream = CountingSignal(PassthroughSignal<Int, Never>())
    let shared = upstream.makeConnectable().autoconnect()
    #expect(!shared.isConnected)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let a = shared.subscribe(first)
    #expect(shared.isConnected)
    let b = shared.subscribe(second)
    upstream.subject.send(1)
    a.cancel()
    upstream.subject.send(2)
    b.cancel()
    #expect(!upstream.subject.hasObservers)
    #expect(!shared.isConnected)
    let c = shared.sink { _ in }
    #expect(upstream.subscriptionCount == 2, "the next observer connects again")
    #expect(first.values == [1])
    #expect(second.values == [1, 2])
    withExtendedLifetime(c) {}
  }

  @Test func autoconnectFirstObserverMissesNothingSentDuringTheConnection() {
    let shared = [1, 2, 3].signal.makeConnectable().autoconnect()
    let log = EventLog<Int, Never>()
    let token = shared.subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .finished])
    #expect(!shared.isConnected, "the observer that received the terminal event left")
    withExtendedLifetime(token) {}
  }

  @Test func autoconnectObserverAnsweringStopLeaves() {
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.makeConnectable().autoconnect()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = shared.subscribe(log)
    upstream.send(1)
    upstream.send(2)
    #expect(log.values == [1])
    #expect(!upstream.hasObservers)
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `multicast` and `makeConnectable()`, with `autoconnect()`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let multicast: [ContractCase] = [
    ContractCase(
      "multicast(subject: ReplaySignal).autoconnect()", [.identity, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).multicast(subject: ReplaySignal(bufferSize: 2)).autoconnect().eraseToAnySignal()
    },
    ContractCase(
      "makeConnectable().autoconnect()",
      [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).makeConnectable().autoconnect().eraseToAnySignal()
    },
    // The closure that makes the subject is the signal's, not a subscription's: no witness.
    ContractCase("multicast { CurrentValueSignal }.autoconnect()", [.finishesWithInputs, .failsWithInput, .concurrent])
    {
      context in
      context.input(0).multicast { CurrentValueSignal<Int, TestError>(-1) }.autoconnect().eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `multicast` and `makeConnectable()`'s rows of the bad-input table (`BadInputTests.swift`).
  static let multicast: [BadInputRow] = [
    BadInputRow(
      api: "ConnectableSignal.connect()", input: "its result discarded", behaviour: "disconnects at once"
    ) {
      let upstream = PassthroughSignal<Int, Never>()
      _ = upstream.makeConnectable().connect()
      return !upstream.hasObservers
    }
  ]
}
