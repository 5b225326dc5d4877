import Signals
import SignalsTesting
import Testing

// Issue 6.3: every registered source and operator releases its upstream subscriptions, the closures
// it was given, and its scheduled actions, on cancel and on termination. Proved with weak
// references to a witness that the case's closures capture (Support/ContractCase.swift), and with
// the inputs' `hasObservers`.

@Suite("Leaks") struct LeakTests {
  @Test(
    "cancel releases the upstream subscriptions and closures, even while the token lives", arguments: ContractCase.all)
  func cancelReleases(_ contract: ContractCase) {
    let run = ContractRun(contract)
    run.subscribe(ContractRecorder())
    run.sendAll(.value(1))
    run.settle()
    if contract.traits.contains(.holdsWitness) {
      #expect(run.witnessAlive, "the case's closures were released before the end: the check would be vacuous")
    }
    run.cancel()
    #expect(!run.witnessAlive, "a closure outlived cancel()")
    #expect(!run.anyInputObserved, "an upstream subscription outlived cancel()")
    #expect(run.scheduler.pendingCount == 0, "a scheduled action outlived cancel()")
  }

  @Test("releasing the subscription releases everything", arguments: ContractCase.all)
  func releaseReleases(_ contract: ContractCase) {
    let run = ContractRun(contract)
    run.subscribe(ContractRecorder())
    run.sendAll(.value(1))
    run.settle()
    run.releaseToken()
    #expect(!run.witnessAlive, "a closure outlived its subscription")
    #expect(!run.anyInputObserved, "an upstream subscription outlived its token")
    #expect(run.scheduler.pendingCount == 0, "a scheduled action outlived its subscription")
  }

  @Test(
    "finishing releases everything, while the token still lives",
    arguments: ContractCase.all.filter { $0.traits.contains(.finishesWithInputs) })
  func finishReleases(_ contract: ContractCase) {
    let run = ContractRun(contract)
    run.subscribe(ContractRecorder())
    run.sendAll(.value(1))
    run.sendAll(.finished)
    run.settle()
    #expect(!run.witnessAlive, "a closure outlived the terminal event")
    #expect(!run.anyInputObserved, "an upstream subscription outlived the terminal event")
    #expect(run.scheduler.pendingCount == 0, "a scheduled action outlived the terminal event")
  }

  @Test(
    "a failing input releases every input and closure, while the token still lives",
    arguments: ContractCase.all.filter { $0.traits.contains(.failsWithInput) })
  func failureReleases(_ contract: ContractCase) {
    let run = ContractRun(contract)
    run.subscribe(ContractRecorder())
    run.sendAll(.value(1))
    run.inputs[0].send(.failed(TestError(1)))
    run.settle()
    #expect(!run.witnessAlive, "a closure outlived the failure")
    #expect(!run.anyInputObserved, "an upstream subscription outlived the failure")
  }

  @Test(
    "answering .stop releases every input and closure, while the token still lives",
    arguments: ContractCase.withInputs)
  func stopReleases(_ contract: ContractCase) {
    let run = ContractRun(contract)
    let recorder = ContractRecorder { _ in .stop }
    run.subscribe(recorder)
    run.sendAll(.value(2))
    run.settle()
    guard recorder.snapshot.valueCount == 1 else { return }  // the case filtered the value: nothing stopped it
    #expect(!run.witnessAlive, "a closure outlived .stop")
    #expect(!run.anyInputObserved, "an upstream subscription outlived .stop")
    #expect(run.scheduler.pendingCount == 0, "a scheduled action outlived .stop")
  }
}
