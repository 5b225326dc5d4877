import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct SwitchToLatestTests {
  @Test func mirrorsTheNewestInnerAndCancelsThePreviousAtOnce() {
    let outer = PassthroughSignal<PassthroughSignal<Int, Never>, Never>()
    let first = PassthroughSignal<Int, Never>()
    let second = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = outer.switchToLatest().subscribe(log)
    outer.send(first)
    first.send(1)
    outer.send(second)
    #expect(!first.hasObservers && second.hasObservers)
    first.send(2)
    second.send(3)
    #expect(log.values == [1, 3])
    withExtendedLifetime(token) {}
  }

  @Test func finishesWhenTheUpstreamAndTheCurrentInnerFinished() {
    let outer = PassthroughSignal<PassthroughSignal<Int, Never>, Never>()
    let inner = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = outer.switchToLatest().subscribe(log)
    outer.send(inner)
    outer.send(completion: .finished)
    inner.send(1)
    #expect(log.events == [.value(1)])
    inner.send(completion: .finished)
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func innerFinishingDoesNotEndWhileTheUpstreamGoesOn() {
    let outer = PassthroughSignal<AnySignal<Int, Never>, Never>()
    let log = EventLog<Int, Never>()
    let token = outer.switchToLatest().subscribe(log)
    outer.send(SyncEventsSignal([.value(1), .finished]).eraseToAnySignal())
    outer.send(SyncEventsSignal([.value(2), .finished]).eraseToAnySignal())
    #expect(log.events == [.value(1), .value(2)])
    outer.send(completion: .finished)
    #expect(log.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func innerFailureFailsAndCancelsTheUpstream() {
    let outer = PassthroughSignal<PassthroughSignal<Int, CombineError>, CombineError>()
    let inner = PassthroughSignal<Int, CombineError>()
    let log = EventLog<Int, CombineError>()
    let token = outer.switchToLatest().subscribe(log)
    outer.send(inner)
    inner.send(completion: .failed(CombineError(5)))
    #expect(log.events == [.failed(CombineError(5))])
    #expect(!outer.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancelReleasesTheUpstreamAndTheCurrentInner() {
    let outer = PassthroughSignal<PassthroughSignal<Int, Never>, Never>()
    let inner = PassthroughSignal<Int, Never>()
    weak var weakWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let witness = CombineWitness()
      weakWitness = witness
      token = outer.switchToLatest().sink { [witness] _ in _ = witness }
    }
    outer.send(inner)
    token?.cancel()
    #expect(!outer.hasObservers && !inner.hasObservers)
    #expect(weakWitness == nil)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSwitchFromTheObserverTakesEffectAfterTheCurrentEvent() {
    let outer = PassthroughSignal<PassthroughSignal<Int, Never>, Never>()
    let first = PassthroughSignal<Int, Never>()
    let second = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = outer.switchToLatest().sink { value in
      order.withLock { $0.append("begin \(value)") }
      if value == 1 {
        outer.send(second)
        second.send(2)
        first.send(99)
      }
      order.withLock { $0.append("end \(value)") }
    }
    outer.send(first)
    first.send(1)
    #expect(order.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2"])
    #expect(!first.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func concurrentSwitchesAndInnerSendsAreSerialized() {
    let outer = PassthroughSignal<PassthroughSignal<Int, Never>, Never>()
    let inners = (0..<50 * combineStressScale).map { _ in PassthroughSignal<Int, Never>() }
    let probe = SerialProbe<Int, Never>()
    let token = outer.switchToLatest().subscribe(probe)
    runConcurrently(4) { index in
      if index == 0 {
        for inner in inners { outer.send(inner) }
        outer.send(completion: .finished)
      } else {
        for round in 0..<200 { for inner in inners.suffix(5) { inner.send(round) } }
      }
    }
    inners.last?.send(completion: .finished)
    #expect(probe.terminals == [.finished])
    #expect(probe.maximumInside == 1)
    #expect(inners.allSatisfy { !$0.hasObservers })
    withExtendedLifetime(token) {}
  }

  // MARK: The documented diagram, and Combine's order of cancellation

  static let source = "Sources/Signals/Operators/AdaptingTypes/SwitchToLatest/SwitchToLatest.swift"

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("switch-to-latest", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let a = try m.hotInput(diagram.lane("a"))
    let b = try m.hotInput(diagram.lane("b"))
    let upstream = try m.hot(diagram.lane("upstream"))
    let switched = upstream.map { $0 == "a" ? a : b }.switchToLatest()
    try expectMarbles(m, switched, try diagram.lane("switchToLatest"))
    #expect(a.subscriptionMarbles == ["-^---!"], "cancelled when b comes")
    #expect(b.subscriptionMarbles == ["-----^----!"])
  }

  /// Combine's order (issue 40): cancelling the result cancels the current inner signal, then the upstream.
  @Test func cancellingCancelsTheCurrentInnerThenTheUpstream() throws {
    let m = MarbleTest(frame: .milliseconds(100))
    let order = Locked<[String]>([])
    let inner = try m.hotInput("--1-2-3")
    let upstream = try m.hotInput("-a-----")
    let recording = m.start(created: 0, subscribed: 0, cancelled: 5) {
      upstream.handleEvents(receiveCancel: { order.withLock { $0.append("upstream") } })
        .map { _ in inner.handleEvents(receiveCancel: { order.withLock { $0.append("inner") } }) }
        .switchToLatest()
    }
    #expect(recording.marbles() == "--1-2")
    #expect(upstream.subscriptionMarbles == ["^----!"])
    #expect(inner.subscriptionMarbles == ["-^---!"])
    #expect(order.withLock { $0 } == ["inner", "upstream"])
  }

  /// An inner failure cancels the upstream before the failure is sent, as in Combine.
  @Test func anInnerFailureCancelsTheUpstreamThenFails() throws {
    let m = MarbleTest(frame: .milliseconds(100))
    let order = Locked<[String]>([])
    let inner = try m.hotInput("--1-#", error: TestError(4))
    let upstream = try m.hotInput("-a------", error: TestError(9))
    let recording = m.start(created: 0, subscribed: 0, cancelled: 8) {
      upstream.handleEvents(receiveCancel: { order.withLock { $0.append("upstream") } })
        .map { _ in inner.eraseToAnySignal() }.switchToLatest()
        .handleEvents(receiveCompletion: { _ in order.withLock { $0.append("failed") } })
    }
    #expect(recording.marbles() == "--1-#")
    #expect(upstream.subscriptionMarbles == ["^---!"])
    #expect(order.withLock { $0 } == ["upstream", "failed"])
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `switchToLatest()`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let switchToLatest: [ContractCase] = [
    ContractCase(
      "switchToLatest", inputs: 2,
      [.deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      // Each value of input 0 switches to input 1, prefixed by that value.
      context.input(0).map { [witness = context.witness, inner = context.input(1)] value in
        touch(witness)
        return inner.prepend(value)
      }.switchToLatest().eraseToAnySignal()
    }
  ]
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func switchToLatestNeverDeliversAStaleInnerValue() async {
    let outer = PassthroughSignal<Int, TestError>()
    let inners = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let senders = await watchdog("switchToLatest switching while inner signals send") {
      let token = outer.map { inners[$0] }.switchToLatest().subscribe(recorder)
      onThreads(threads + 1) { thread in
        if thread == threads {
          for index in inners.indices {
            outer.send(index)
            for _ in 0..<50 { sched_yield() }
          }
          return
        }
        for number in 0..<perThread { inners[thread].send(Tag.make(thread, number)) }
      }
      outer.send(.finished)
      for inner in inners { inner.send(.finished) }
      withExtendedLifetime(token) {}
      return recorder.values.map(Tag.sender)
    }
    guard let senders else { return }
    #expect(zip(senders, senders.dropFirst()).allSatisfy { $0 <= $1 }, "a value of a replaced inner signal arrived")
    #expect(recorder.snapshot.terminals == 1)
    #expect(recorder.snapshot.overlaps == 0)
  }
}
