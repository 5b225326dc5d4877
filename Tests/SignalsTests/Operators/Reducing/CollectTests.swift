import Signals
import SignalsTesting
import Testing

@Suite struct CollectTests {
  @Test func collectsAllValuesOnFinish() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<[Int], TestError>()
    let token = subject.collect().subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events.isEmpty)
    subject.send(completion: .finished)
    #expect(log.events == [.value([1, 2]), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func emptyUpstreamYieldsAnEmptyArray() {
    let log = EventLog<[Int], Never>()
    _ = EmptySignal<Int, Never>().collect().subscribe(log)
    #expect(log.events == [.value([]), .finished])
  }

  @Test func failureReplacesTheArray() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<[Int], TestError>()
    let token = subject.collect().subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func byCountEmitsFullChunksThenThePartialOne() {
    let log = EventLog<[Int], Never>()
    _ = [1, 2, 3, 4, 5].signal.collect(2).subscribe(log)
    #expect(log.events == [.value([1, 2]), .value([3, 4]), .value([5]), .finished])
  }

  @Test func byCountEmitsNoEmptyChunk() {
    let exact = EventLog<[Int], Never>()
    _ = [1, 2, 3, 4].signal.collect(2).subscribe(exact)
    #expect(exact.events == [.value([1, 2]), .value([3, 4]), .finished])
    let empty = EventLog<[Int], Never>()
    _ = EmptySignal<Int, Never>().collect(3).subscribe(empty)
    #expect(empty.events == [.finished])
  }

  @Test func byCountEmitsAChunkAsSoonAsItIsFull() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<[Int], TestError>()
    let token = subject.collect(2).subscribe(log)
    subject.send(1)
    #expect(log.events.isEmpty)
    subject.send(2)
    #expect(log.events == [.value([1, 2])])
    subject.send(3)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value([1, 2]), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func zeroCountIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).collect(0)
      }
    }

    @Test func negativeCountIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).collect(-2)
      }
    }
  #endif

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.collect(2)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.collect(1) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `collect`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let collect: [ContractCase] = [
    ContractCase("collect", [.finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).collect().map(\.count).eraseToAnySignal()
    },
    ContractCase("collect(2)", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).collect(2).map { $0.reduce(0, +) }.eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `collect`'s rows of the bad-input table (`BadInputTests.swift`).
  static let collect: [BadInputRow] = [
    BadInputRow(api: "collect()", input: "an upstream without values", behaviour: "sends an empty array") {
      events(EmptySignal<Int, Never>().collect()) == [.value([]), .finished]
    }
  ]
}

extension PreconditionRow {
  /// `collect`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let collect: [PreconditionRow] = [
    PreconditionRow(api: "collect(_:)", input: "0", message: "Signals: collect(_:) needs a count of at least 1") {
      _ = PassthroughSignal<Int, Never>().collect(0)
    }
  ]
}
