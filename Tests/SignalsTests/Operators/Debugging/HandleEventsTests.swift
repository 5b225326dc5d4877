import Signals
import SignalsTesting
import Testing

@Suite struct HandleEventsTests {
  /// Records the hooks' calls in order.
  final class Hooks: Sendable {
    let calls = Locked<[String]>([])
    var recorded: [String] { calls.withLock { $0 } }

    func attach<S: Signal>(to signal: S) -> HandleEventsSignal<S> {
      signal.handleEvents(
        receiveSubscription: { self.calls.withLock { $0.append("subscription") } },
        receiveValue: { value in self.calls.withLock { $0.append("value \(value)") } },
        receiveCompletion: { completion in self.calls.withLock { $0.append("completion \(completion)") } },
        receiveCancel: { self.calls.withLock { $0.append("cancel") } })
    }
  }

  @Test func callsTheHooksInOrderAndPassesEventsThrough() {
    let hooks = Hooks()
    let log = EventLog<Int, Never>()
    _ = hooks.attach(to: [1, 2].signal).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
    #expect(hooks.recorded == ["subscription", "value 1", "value 2", "completion finished"])
  }

  @Test func failureReachesTheCompletionHook() {
    let hooks = Hooks()
    let log = EventLog<Int, TestError>()
    _ = hooks.attach(to: FailSignal<Int, TestError>(TestError(2))).subscribe(log)
    #expect(log.events == [.failed(TestError(2))])
    #expect(hooks.recorded == ["subscription", "completion failed(SignalsTests.TestError(code: 2))"])
  }

  /// Subscribed directly, or by another operator (a race, which keeps the handle it hands over): either cancel
  /// reaches the hook once and cancels the upstream.
  @Test(arguments: [false, true])
  func cancelBeforeATerminalEventFiresReceiveCancelOnce(insideARace: Bool) {
    let subject = PassthroughSignal<Int, TestError>()
    let hooks = Hooks()
    let log = EventLog<Int, TestError>()
    let signal = hooks.attach(to: subject)
    let token =
      insideARace ? signal.race(with: NeverSignal<Int, TestError>()).subscribe(log) : signal.subscribe(log)
    subject.send(1)
    token.cancel()
    token.cancel()
    subject.send(2)
    #expect(hooks.recorded == ["subscription", "value 1", "cancel"])
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
  }

  @Test func cancelAfterATerminalEventDoesNotFire() {
    let subject = PassthroughSignal<Int, TestError>()
    let hooks = Hooks()
    let token = hooks.attach(to: subject).subscribe(EventLog<Int, TestError>())
    subject.send(completion: .finished)
    token.cancel()
    #expect(hooks.recorded == ["subscription", "completion finished"])
  }

  @Test func downstreamStopCountsAsCancel() {
    let hooks = Hooks()
    let log = EventLog<Int, Never> { _ in .stop }
    _ = hooks.attach(to: [1, 2, 3].signal).subscribe(log)
    #expect(log.events == [.value(1)])
    #expect(hooks.recorded == ["subscription", "value 1", "cancel"])
  }

  @Test func releasingTheSubscriptionFiresReceiveCancel() {
    let subject = PassthroughSignal<Int, TestError>()
    let hooks = Hooks()
    do {
      let token = hooks.attach(to: subject).subscribe(EventLog<Int, TestError>())
      withExtendedLifetime(token) {}
    }
    #expect(hooks.recorded == ["subscription", "cancel"])
    #expect(!subject.hasObservers)
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.handleEvents(
        receiveValue: { [witness] _ in _ = witness },
        receiveCancel: { [witness] in _ = witness })
    }
  }

  @Test func cancellationWithoutCancelHook() {
    expectCancellationContract { subject, witness in
      subject.handleEvents(receiveValue: { [witness] _ in _ = witness })
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.handleEvents(receiveCancel: {}) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `handleEvents`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let handleEvents: [ContractCase] = [
    ContractCase(
      "handleEvents", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).handleEvents(receiveValue: { [witness = context.witness] _ in touch(witness) })
        .eraseToAnySignal()
    }
  ]
}
