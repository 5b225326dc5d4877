import Dispatch
import Signals
import SignalsTesting
import Testing

@Suite struct ConcatenateTests {
  @Test func appendEmitsTheSignalAfterTheUpstreamFinishes() {
    let log = EventLog<Int, Never>()
    _ = [1, 2].signal.append([3, 4].signal).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .value(4), .finished])
  }

  @Test func prependEmitsTheSignalFirst() {
    let log = EventLog<Int, Never>()
    _ = [3, 4].signal.prepend(JustSignal(1).append(2)).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .value(4), .finished])
  }

  @Test func theAppendedSignalIsSubscribedOnlyWhenTheUpstreamFinishes() {
    let first = PassthroughSignal<Int, TestError>()
    let second = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = first.append(second).subscribe(log)
    #expect(!second.hasObservers)
    first.send(1)
    second.send(99)
    first.send(completion: .finished)
    #expect(!first.hasObservers)
    #expect(second.hasObservers)
    second.send(2)
    second.send(completion: .finished)
    #expect(log.events == [.value(1), .value(2), .finished])
    #expect(!second.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aFailureSkipsTheAppendedSignal() {
    let builds = Locked(0)
    let suffix = DeferredSignal { () -> SequenceSignal<[Int], TestError> in
      builds.withLock { $0 += 1 }
      return SequenceSignal([9], failureType: TestError.self)
    }
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).append(suffix).subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
    #expect(builds.withLock { $0 } == 0)
  }

  @Test func theSuffixFailurePassesThrough() {
    let log = EventLog<Int, TestError>()
    _ = SequenceSignal([1], failureType: TestError.self).append(FailSignal(TestError(2))).subscribe(log)
    #expect(log.events == [.value(1), .failed(TestError(2))])
  }

  @Test func longChainsOfSynchronousSignals() {
    var signal = JustSignal(0).eraseToAnySignal()
    for index in 1..<200 { signal = signal.append(JustSignal(index)).eraseToAnySignal() }
    let log = EventLog<Int, Never>()
    _ = signal.subscribe(log)
    #expect(log.values == Array(0..<200))
    #expect(log.completion == .finished)
  }

  @Test func downstreamStopDuringThePrefixNeverSubscribesTheSuffix() {
    let first = PassthroughSignal<Int, TestError>()
    let second = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError> { _ in .stop }
    let token = first.append(second).subscribe(log)
    first.send(1)
    first.send(completion: .finished)
    #expect(log.events == [.value(1)])
    #expect(!first.hasObservers)
    #expect(!second.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func downstreamStopDuringTheSuffixReleasesIt() {
    let second = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError> { $0.value == 2 ? .stop : .continue }
    let token = SequenceSignal([1], failureType: TestError.self).append(second).subscribe(log)
    second.send(2)
    second.send(3)
    #expect(log.events == [.value(1), .value(2)])
    #expect(!second.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancellationDuringThePrefix() {
    expectCancellationContract { subject, witness in
      subject.append(
        JustSignal(0).setFailureType(to: TestError.self).map { [witness] value in
          _ = witness
          return value
        })
    }
  }

  @Test func cancellationDuringTheSuffixReleasesItAndTheClosures() {
    let second = PassthroughSignal<Int, TestError>()
    weak var weakWitness: Witness?
    let log = EventLog<Int, TestError>()
    var token: SignalSubscription?
    do {
      let witness = Witness()
      weakWitness = witness
      token = EmptySignal<Int, TestError>()
        .append(
          second.map { [witness] value in
            _ = witness
            return value
          }
        )
        .subscribe(log)
    }
    second.send(1)
    token?.cancel()
    second.send(2)
    #expect(log.events == [.value(1)])
    #expect(!second.hasObservers)
    #expect(weakWitness == nil)
  }

  @Test func cancellingWhileTheSuffixIsBeingSubscribedCancelsIt() {
    let first = PassthroughSignal<Int, TestError>()
    let outer = Locked<SignalSubscription?>(nil)
    let suffixCancelled = Locked(false)
    let suffix = AnySignal<Int, TestError> { observer in
      outer.withLock { $0 }?.cancel()
      _ = observer.receive(.value(99))
      _ = observer.receive(.finished)
      return SignalSubscription { suffixCancelled.withLock { $0 = true } }
    }
    let log = EventLog<Int, TestError>()
    outer.withLock { $0 = first.append(suffix).subscribe(log) }
    first.send(1)
    first.send(completion: .finished)
    #expect(log.events == [.value(1)])
    #expect(suffixCancelled.withLock { $0 })
  }

  @Test func cancelRacingTheSwitchDeliversNothingAfterCancelReturns() {
    for _ in 0..<(200 * stressScale) {
      let first = PassthroughSignal<Int, TestError>()
      let second = PassthroughSignal<Int, TestError>()
      let log = EventLog<Int, TestError>()
      let token = first.append(second).subscribe(log)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 { first.send(completion: .finished) } else { token.cancel() }
      }
      let count = log.events.count
      second.send(1)
      second.send(completion: .finished)
      #expect(log.events.count == count)
      #expect(!second.hasObservers)
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `append` and `prepend` of a signal's cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let concatenate: [ContractCase] = [
    ContractCase("append(signal)", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).append(context.input(1)).eraseToAnySignal()
    },
    ContractCase("prepend(signal)", inputs: 2, [.finishesWithInputs, .concurrent]) { context in
      context.input(0).prepend(context.input(1)).eraseToAnySignal()
    },
  ]
}
