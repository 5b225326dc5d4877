import Signals
import SignalsTesting
import Testing

@Suite struct PrefixUntilOutputTests {
  @Test func passesValuesUntilTheTriggerSendsAValueThenFinishes() {
    let values = PassthroughSignal<Int, Never>()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, Never>()
    let token = values.prefix(untilOutputFrom: trigger).subscribe(log)
    values.send(1)
    values.send(2)
    trigger.send()
    values.send(3)
    #expect(log.events == [.value(1), .value(2), .finished])
    #expect(!values.hasObservers && !trigger.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func triggerFinishingWithoutAValueChangesNothing() {
    let values = PassthroughSignal<Int, Never>()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, Never>()
    let token = values.prefix(untilOutputFrom: trigger).subscribe(log)
    trigger.send(completion: .finished)
    values.send(1)
    values.send(completion: .finished)
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func triggerFailureFailsTheSignal() {
    let values = PassthroughSignal<Int, CombineError>()
    let trigger = PassthroughSignal<Void, CombineError>()
    let log = EventLog<Int, CombineError>()
    let token = values.prefix(untilOutputFrom: trigger).subscribe(log)
    values.send(1)
    trigger.send(completion: .failed(CombineError(9)))
    values.send(2)
    #expect(log.events == [.value(1), .failed(CombineError(9))])
    #expect(!values.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aTriggerThatCannotFailWorksWithAFailingUpstream() {
    let values = PassthroughSignal<Int, CombineError>()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, CombineError>()
    let token = values.prefix(untilOutputFrom: trigger).subscribe(log)
    values.send(1)
    trigger.send()
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func upstreamTerminalEndsAndCancelsTheTrigger() {
    let values = PassthroughSignal<Int, CombineError>()
    let trigger = PassthroughSignal<Void, CombineError>()
    let log = EventLog<Int, CombineError>()
    let token = values.prefix(untilOutputFrom: trigger).subscribe(log)
    values.send(completion: .failed(CombineError(1)))
    #expect(log.events == [.failed(CombineError(1))])
    #expect(!trigger.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousTriggerFinishesBeforeTheUpstreamIsSubscribed() {
    let values = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = values.prefix(untilOutputFrom: SyncEventsSignal<Void, Never>([.value(())])).subscribe(log)
    #expect(log.events == [.finished])
    #expect(values.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func cancelReleasesBoth() {
    let values = PassthroughSignal<Int, Never>()
    let trigger = PassthroughSignal<Void, Never>()
    weak var weakWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let witness = CombineWitness()
      weakWitness = witness
      token = values.prefix(untilOutputFrom: trigger).sink { [witness] _ in _ = witness }
    }
    token?.cancel()
    #expect(!values.hasObservers && !trigger.hasObservers)
    #expect(weakWitness == nil)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantTriggerFromTheObserverEndsAfterTheCurrentValue() {
    let values = PassthroughSignal<Int, Never>()
    let trigger = PassthroughSignal<Void, Never>()
    let order = Locked<[String]>([])
    let token = values.prefix(untilOutputFrom: trigger).observe { event in
      order.withLock { $0.append("begin \(event)") }
      if event == .value(1) {
        trigger.send()
        values.send(2)
      }
      order.withLock { $0.append("end \(event)") }
    }
    values.send(1)
    #expect(order.withLock { $0 } == ["begin value(1)", "end value(1)", "begin finished", "end finished"])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentTriggerAndValuesEndExactlyOnce() {
    for _ in 0..<(20 * combineStressScale) {
      let values = PassthroughSignal<Int, Never>()
      let trigger = PassthroughSignal<Void, Never>()
      let probe = SerialProbe<Int, Never>()
      let token = values.prefix(untilOutputFrom: trigger).subscribe(probe)
      runConcurrently(2) { index in
        if index == 0 {
          for value in 0..<500 { values.send(value) }
        } else {
          trigger.send()
        }
      }
      #expect(probe.terminals == [.finished])
      #expect(probe.eventsAfterTerminal == 0)
      #expect(probe.values == Array(0..<probe.values.count))
      #expect(probe.maximumInside == 1)
      withExtendedLifetime(token) {}
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `prefix(untilOutputFrom:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let prefixUntilOutput: [ContractCase] = [
    ContractCase("prefix(untilOutputFrom:)", inputs: 2, [.finishesWithInputs, .concurrent]) { context in
      context.input(0).prefix(untilOutputFrom: context.input(1)).eraseToAnySignal()
    }
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func prefixUntilOutputFrom() {
    check("prefix(untilOutputFrom:)", inputs: 2, salt: 5, model: Models.prefixUntilOutput) { inputs, _, _ in
      inputs[0].prefix(untilOutputFrom: inputs[1]).eraseToAnySignal()
    }
  }
}

extension Models {
  /// Input 0 passes until input 1 (the trigger) sends a value; a failing trigger fails; a trigger
  /// that finishes changes nothing.
  static func prefixUntilOutput(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    for timed in schedule.events {
      if timed.input == 1 {
        switch timed.event {
        case .value:
          out.append(TimedOutput(time: timed.time, event: .finished))
          return out
        case .failed(let error):
          out.append(TimedOutput(time: timed.time, event: .failed(error)))
          return out
        case .finished: continue
        }
      }
      out.append(TimedOutput(time: timed.time, event: timed.event))
      if timed.event.isTerminal { return out }
    }
    return out
  }
}
