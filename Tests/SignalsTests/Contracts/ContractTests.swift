import Foundation
import Signals
import SignalsTesting
import Testing

// The rules of the event contract (Sources/Signals/Signals.docc/EventContract.md), each checked against
// every registered source and operator (Support/ContractRegistry.swift). Cancellation's releases are
// checked in Leaks/, the long concurrent runs in Stress/.

@Suite("Contracts: grammar") struct GrammarContractTests {
  @Test("finishing the inputs one by one: at most one terminal, nothing after it", arguments: ContractCase.all)
  func finishOneByOne(_ contract: ContractCase) {
    for order in [Array(0..<contract.inputCount), (0..<contract.inputCount).reversed()] {
      let run = ContractRun(contract)
      let recorder = ContractRecorder()
      run.subscribe(recorder)
      var finished: Set<Int> = []
      for index in order {
        for (other, input) in run.inputs.enumerated() where !finished.contains(other) { input.send(other * 10) }
        run.settle()
        run.inputs[index].send(.finished)
        finished.insert(index)
        run.settle()
      }
      run.sendAll(.value(99))
      run.sendAll(.failed(TestError(9)))
      run.settle()
      let state = recorder.snapshot
      #expect(state.terminals <= 1)
      #expect(state.eventsAfterTerminal == 0)
      #expect(state.overlaps == 0)
      if contract.traits.contains(.finishesWithInputs) {
        #expect(recorder.completion == .finished)
      }
      if contract.traits.contains(.identity) {
        // Every value sent before its input finished arrives once, unchanged.
        let expected = order.indices.flatMap { step in order[step...].map { $0 * 10 } }
        #expect(recorder.values.sorted() == expected.sorted())
      }
    }
  }

  @Test("input 0 fails: at most one terminal, nothing after it", arguments: ContractCase.withInputs)
  func failFirst(_ contract: ContractCase) {
    let run = ContractRun(contract)
    let recorder = ContractRecorder()
    run.subscribe(recorder)
    run.sendAll(.value(1))
    run.settle()
    run.inputs[0].send(.failed(TestError(1)))
    run.settle()
    run.sendAll(.value(2))
    run.sendAll(.finished)
    run.settle()
    let state = recorder.snapshot
    #expect(state.terminals <= 1)
    #expect(state.eventsAfterTerminal == 0)
    if contract.traits.contains(.failsWithInput) {
      #expect(recorder.completion == .failed(TestError(1)))
    }
  }

  @Test("a source on its own: at most one terminal, nothing after it", arguments: ContractCase.all)
  func onItsOwn(_ contract: ContractCase) {
    let run = ContractRun(contract)
    let recorder = ContractRecorder()
    run.subscribe(recorder)
    run.settle()
    let state = recorder.snapshot
    #expect(state.terminals <= 1)
    #expect(state.eventsAfterTerminal == 0)
    if contract.inputCount == 0 && contract.traits.contains(.finishesWithInputs) {
      #expect(recorder.completion == .finished)
    }
  }
}

@Suite("Contracts: reentrancy") struct ReentrancyContractTests {
  @Test(
    "an observer that sends into its input gets the nested value after the current one",
    arguments: ContractCase.withInputs)
  func nestedValue(_ contract: ContractCase) async {
    let run = ContractRun(contract)
    let recorder = ContractRecorder { [input = run.inputs[0]] value in
      if value < 20 { input.send(value + 1) }
      return .continue
    }
    let state = await watchdog("reentrant sends into \(contract.name)") {
      run.subscribe(recorder)
      run.inputs[0].send(1)
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    #expect(state.overlaps == 0, "a nested event was delivered inside the current one")
    if contract.traits.contains(.identity) {
      #expect(recorder.values == Array(1...20))
    }
  }

  @Test(
    "an observer that ends its input from inside a delivery: one terminal, nothing after",
    arguments: ContractCase.withInputs)
  func nestedTerminal(_ contract: ContractCase) async {
    let run = ContractRun(contract)
    let recorder = ContractRecorder { [inputs = run.inputs] value in
      inputs[0].send(.failed(TestError(5)))
      for input in inputs { input.send(value + 100) }
      for input in inputs { input.send(.finished) }
      return .continue
    }
    let state = await watchdog("a reentrant terminal into \(contract.name)") {
      run.subscribe(recorder)
      run.sendAll(.value(2))
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    contract.expect(.reentrantTerminal) {
      #expect(state.terminals <= 1)
      #expect(state.eventsAfterTerminal == 0)
      #expect(state.overlaps == 0)
      // Only a case that delivered a value had its observer send the failure.
      if contract.traits.contains(.failsWithInput) && state.valueCount > 0 {
        #expect(recorder.completion == .failed(TestError(5)))
      }
      if contract.traits.contains(.identity) && contract.inputCount == 1 {
        #expect(recorder.values.first == 2)
        #expect(!recorder.values.contains(102), "a value sent after the failure got through")
      }
    }
  }

  @Test(
    "an observer that cancels its own subscription from inside a delivery gets nothing more",
    arguments: ContractCase.withInputs)
  func nestedCancel(_ contract: ContractCase) async {
    let run = ContractRun(contract)
    let this = Locked<ContractRecorder?>(nil)
    let recorder = ContractRecorder { [run] _ in
      // A value delivered during `subscribe` (a replay) comes before there is a token to cancel.
      if run.cancelIfSubscribed() { this.withLock { $0 }?.markCancelled() }
      return .continue
    }
    this.withLock { $0 = recorder }
    defer { this.withLock { $0 = nil } }
    let state = await watchdog("a reentrant cancel of \(contract.name)") {
      run.subscribe(recorder)
      run.sendAll(.value(1))
      run.settle()
      run.sendAll(.value(2))
      run.sendAll(.finished)
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    contract.expect(.reentrantCancel) {
      #expect(state.eventsAfterCancel == 0, "an event arrived after cancel() returned on the delivering thread")
      #expect(!run.anyInputObserved)
    }
  }

}

// One chain at a time: each is long, and under Thread Sanitizer they would starve each other.
@Suite("Contracts: deep reentrancy", .serialized) struct DeepReentrancyContractTests {
  @Test("the 100,000-deep reentrant chain does not grow the stack", arguments: ContractCase.deepChains)
  func deepChain(_ contract: ContractCase) async {
    // 100,000 deep; 20,000 for the costly `.shortChain` cases unless SIGNALS_STRESS_SCALE asks for
    // more; 10,000 under Thread Sanitizer, where each step costs ~50 times more. A chain that
    // recursed would overflow the 512 KiB stack many times over at any of these depths.
    let full = contract.traits.contains(.shortChain) && stressScale == 1 ? 20_000 : 100_000
    let depth = underThreadSanitizer ? 10_000 : full
    let run = ContractRun(contract)
    let last = Locked(0)
    let recorder = ContractRecorder(keepsEvents: false) { [input = run.inputs[0]] value in
      last.withLock { $0 = value }
      if value < depth { input.send(value + 1) }
      return .continue
    }
    // A 512 KiB stack: a chain that recursed would need tens of megabytes.
    let state = await watchdog("the \(depth)-deep chain through \(contract.name)", seconds: 60, stackSize: 512 << 10) {
      run.subscribe(recorder)
      run.inputs[0].send(1)
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    #expect(state.valueCount == depth)
    #expect(last.withLock { $0 } == depth)
    #expect(state.overlaps == 0)
  }
}

@Suite("Contracts: stop and cancellation") struct CancellationContractTests {
  @Test("an observer that answers .stop receives nothing more and releases the inputs", arguments: ContractCase.all)
  func stop(_ contract: ContractCase) async {
    let run = ContractRun(contract)
    let recorder = ContractRecorder { _ in .stop }
    let state = await watchdog("stopping \(contract.name)") {
      run.subscribe(recorder)
      run.sendAll(.value(1))
      run.settle()
      run.sendAll(.value(2))
      run.sendAll(.finished)
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    #expect(state.valueCount <= 1)
    #expect(state.terminals == 0 || state.valueCount == 0)
    if state.valueCount == 1 {
      #expect(!run.anyInputObserved, "an upstream subscription outlived .stop")
    }
  }

  @Test("cancel is idempotent and thread-safe; nothing arrives after it returns", arguments: ContractCase.all)
  func cancelFromSeveralThreads(_ contract: ContractCase) async {
    let run = ContractRun(contract)
    let recorder = ContractRecorder()
    let state = await watchdog("cancelling \(contract.name) from several threads") {
      run.subscribe(recorder)
      run.sendAll(.value(1))
      run.settle()
      onThreads(3) { _ in run.cancel() }
      run.cancel()
      recorder.markCancelled()
      run.cancel()
      run.sendAll(.value(2))
      run.sendAll(.finished)
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    #expect(state.eventsAfterCancel == 0)
    #expect(state.terminals <= 1)
    #expect(!run.anyInputObserved)
  }

  @Test(
    "cancel from another thread during delivery: at most the event in flight arrives after it",
    arguments: ContractCase.withInputs)
  func cancelDuringDelivery(_ contract: ContractCase) async {
    let run = ContractRun(contract)
    let recorder = ContractRecorder()
    let sends = stressSize(2_000)
    let state = await watchdog("cancelling \(contract.name) while another thread sends") {
      run.subscribe(recorder)
      let sent = Locked(0)
      onThreads(2) { thread in
        if thread == 0 {
          for value in 0..<sends {
            run.inputs[value % run.inputs.count].send(value)
            sent.withLock { $0 = value }
            if run.usesScheduler && value.isMultiple(of: 16) { run.scheduler.advance(by: .seconds(1)) }
          }
        } else {
          while sent.withLock({ $0 }) < sends / 4 { sched_yield() }
          run.cancel()
          recorder.markCancelled()
        }
      }
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    #expect(state.eventsAfterCancel <= 1)
    #expect(state.overlaps == 0)
    #expect(!run.anyInputObserved)
  }
}

@Suite("Contracts: serial delivery and exactly-once terminal") struct ConcurrencyContractTests {
  @Test("several threads send at once: deliveries never overlap, nothing is lost", arguments: ContractCase.withInputs)
  func serialDelivery(_ contract: ContractCase) async {
    let threads = 4
    let sends = stressSize(1_000)
    let run = ContractRun(contract)
    let recorder = ContractRecorder(keepsEvents: false)
    let state = await watchdog("\(threads) threads sending into \(contract.name)") {
      run.subscribe(recorder)
      onThreads(threads + 1) { thread in
        if thread == threads {
          // The scheduler's thread: delivers whatever the operator scheduled, meanwhile.
          guard run.usesScheduler else { return }
          for _ in 0..<200 { run.scheduler.advance(by: .milliseconds(50)) }
          return
        }
        let input = run.inputs[thread % run.inputs.count]
        for value in 0..<sends {
          input.send(value)
          if value.isMultiple(of: 128) { sched_yield() }
        }
      }
      run.settle()
      run.sendAll(.finished)
      run.settle()
      return recorder.snapshot
    }
    guard let state else { return }
    #expect(state.overlaps == 0, "two deliveries overlapped")
    #expect(state.terminals <= 1)
    #expect(state.eventsAfterTerminal == 0)
    if contract.traits.contains(.identity) {
      #expect(state.valueCount == threads * sends, "values were lost or duplicated")
    }
    if contract.traits.contains(.finishesWithInputs) {
      #expect(state.terminals == 1)
    }
  }

  @Test("threads finish and fail the inputs at once: exactly one terminal", arguments: ContractCase.withInputs)
  func exactlyOnceTerminal(_ contract: ContractCase) async {
    let rounds = stressSize(20)
    let expectsTerminal = !contract.traits.isDisjoint(with: [.finishesWithInputs, .failsWithInput])
    let results = await watchdog("racing terminal events into \(contract.name)") {
      (0..<rounds).map { _ -> ContractRecorder.State in
        let run = ContractRun(contract)
        let recorder = ContractRecorder()
        run.subscribe(recorder)
        onThreads(3) { thread in
          for offset in run.inputs.indices {
            let input = run.inputs[(offset + thread) % run.inputs.count]
            input.send(thread)
            input.send(thread.isMultiple(of: 2) ? .finished : .failed(TestError(thread)))
          }
        }
        run.settle()
        return recorder.snapshot
      }
    }
    guard let results else { return }
    for state in results {
      #expect(state.terminals <= 1)
      #expect(state.eventsAfterTerminal == 0)
      #expect(state.overlaps == 0)
      if expectsTerminal { #expect(state.terminals == 1) }
    }
  }
}
