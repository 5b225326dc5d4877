import Signals
import SignalsTesting
import Testing

@Suite struct CatchTests {
  @Test func switchesToTheFallbackOnFailure() {
    let subject = PassthroughSignal<Int, TestError>()
    let errors = Locked<[TestError]>([])
    let log = EventLog<Int, Never>()
    let token = subject.catch { error in
      errors.withLock { $0.append(error) }
      return [8, 9].signal
    }.subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(4)))
    #expect(log.events == [.value(1), .value(8), .value(9), .finished])
    #expect(errors.withLock { $0 } == [TestError(4)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func finishedPassesThroughWithoutTheHandler() {
    let calls = Locked(0)
    let log = EventLog<Int, Never>()
    _ = SequenceSignal([1], failureType: TestError.self).catch { _ in
      calls.withLock { $0 += 1 }
      return JustSignal(0)
    }.subscribe(log)
    #expect(log.events == [.value(1), .finished])
    #expect(calls.withLock { $0 } == 0)
  }

  @Test func aSynchronousFailureSwitchesToo() {
    let log = EventLog<String, Never>()
    _ = FailSignal<String, TestError>(TestError(1)).catch { JustSignal("recovered \($0.code)") }.subscribe(log)
    #expect(log.events == [.value("recovered 1"), .finished])
  }

  @Test func theFallbackFailurePassesThrough() {
    struct Other: Error, Equatable {}
    let log = EventLog<Int, Other>()
    _ = FailSignal<Int, TestError>(TestError(1)).catch { _ in FailSignal<Int, Other>(Other()) }.subscribe(log)
    #expect(log.events == [.failed(Other())])
  }

  @Test func cancellationBeforeTheFailure() {
    expectCancellationContract { subject, witness in
      subject.catch { [witness] _ in
        _ = witness
        return JustSignal(0)
      }
    }
  }

  @Test func cancellationAfterTheSwitchReleasesTheFallback() {
    let fallback = PassthroughSignal<Int, Never>()
    weak var weakWitness: Witness?
    let log = EventLog<Int, Never>()
    var token: SignalSubscription?
    do {
      let witness = Witness()
      weakWitness = witness
      token = FailSignal<Int, TestError>(TestError()).catch { [witness] _ in
        _ = witness
        return fallback
      }.subscribe(log)
    }
    fallback.send(1)
    #expect(fallback.hasObservers)
    token?.cancel()
    fallback.send(2)
    #expect(log.events == [.value(1)])
    #expect(!fallback.hasObservers)
    #expect(weakWitness == nil)
  }

  @Test func cancellingWhileTheFallbackIsBeingSubscribedCancelsIt() {
    let subject = PassthroughSignal<Int, TestError>()
    let outer = Locked<SignalSubscription?>(nil)
    let fallbackCancelled = Locked(false)
    let log = EventLog<Int, Never>()
    outer.withLock {
      $0 = subject.catch { _ in
        AnySignal<Int, Never> { observer in
          outer.withLock { $0 }?.cancel()
          _ = observer.receive(.value(99))
          return SignalSubscription { fallbackCancelled.withLock { $0 = true } }
        }
      }.subscribe(log)
    }
    subject.send(completion: .failed(TestError()))
    #expect(log.events.isEmpty)
    #expect(fallbackCancelled.withLock { $0 })
  }

  @Test func downstreamStopReleasesTheUpstream() {
    expectStopReleasesUpstream { $0.catch { _ in JustSignal(0).setFailureType(to: TestError.self) } }
  }

  @Test func downstreamStopReleasesTheFallback() {
    let fallback = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = FailSignal<Int, TestError>(TestError()).catch { _ in fallback }.subscribe(log)
    fallback.send(1)
    fallback.send(2)
    #expect(log.events == [.value(1)])
    #expect(!fallback.hasObservers)
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `catch`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let `catch`: [ContractCase] = [
    ContractCase("catch", inputs: 2, [.finishesWithInputs, .holdsWitness, .concurrent]) { context in
      context.input(0).catch { [witness = context.witness, fallback = context.input(1)] _ in
        touch(witness)
        return fallback
      }.eraseToAnySignal()
    }
  ]
}
