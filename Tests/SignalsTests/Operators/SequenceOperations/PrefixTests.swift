import Signals
import SignalsTesting
import Testing

@Suite struct PrefixTests {
  @Test func emitsTheFirstValuesThenFinishes() {
    let log = EventLog<Int, Never>()
    _ = [1, 2, 3, 4].signal.prefix(2).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
  }

  @Test func terminatesAnInfiniteSequence() {
    let log = EventLog<Int, Never>()
    _ = (1...).signal.prefix(3).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .finished])
  }

  @Test func reachingTheLengthReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.prefix(2).subscribe(log)
    subject.send(1)
    #expect(subject.hasObservers)
    subject.send(2)
    #expect(!subject.hasObservers)
    subject.send(3)
    #expect(log.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func shorterUpstreamEndsTheSameWay() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.prefix(5).subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(3)))
    #expect(log.events == [.value(1), .failed(TestError(3))])
    withExtendedLifetime(token) {}
  }

  @Test func zeroFinishesAtOnceWithoutSubscribing() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.prefix(0).subscribe(log)
    #expect(log.events == [.finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func stopOnTheLastValueSuppressesFinished() {
    let log = EventLog<Int, Never> { _ in .stop }
    _ = [1, 2].signal.prefix(1).subscribe(log)
    #expect(log.events == [.value(1)])
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func negativeLengthIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).prefix(-1)
      }
    }
  #endif

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.prefix(5)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.prefix(5) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `prefix(_:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let prefix: [ContractCase] = [
    ContractCase("prefix(Int.max)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).prefix(Int.max).eraseToAnySignal()
    },
    ContractCase("prefix(2)", [.finishesWithInputs]) { context in
      context.input(0).prefix(2).eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `prefix(_:)`'s rows of the bad-input table (`BadInputTests.swift`).
  static let prefix: [BadInputRow] = [
    BadInputRow(api: "prefix(_:)", input: "0", behaviour: "finishes at once, never subscribes upstream") {
      let subject = PassthroughSignal<Int, Never>()
      let result = events(subject.prefix(0))
      return result == [.finished] && !subject.hasObservers
    }
  ]
}

extension PreconditionRow {
  /// `prefix(_:)`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let prefix: [PreconditionRow] = [
    PreconditionRow(api: "prefix(_:)", input: "-1", message: "Signals: prefix(_:) needs a maxLength of at least 0") {
      _ = PassthroughSignal<Int, Never>().prefix(-1)
    }
  ]
}
