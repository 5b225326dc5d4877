import Testing

@testable import Signals

// `subscribe(on:)`'s rules, on its state alone: no thread, lock or scheduler. It is pinned by its own tests and the contract suites.

@Suite struct SubscribeOnStateTests {
  @Test func aCancelBeforeTheSubscriptionRanStopsIt() {
    var state = SubscribeOnState(scheduler: schedulerReference(ImmediateSignalScheduler()))
    state.scheduled(SignalScheduledAction(id: 9))
    var pending: SignalScheduledAction?
    #expect(state.cancel(pending: &pending) == nil)
    #expect(pending?.id == 9)
    let runs = state.start()
    #expect(!runs)
  }

  @Test func aSubscriptionMadeAfterACancelIsRefused() {
    var state = SubscribeOnState(scheduler: schedulerReference(ImmediateSignalScheduler()))
    let runs = state.start()
    #expect(runs)
    var pending: SignalScheduledAction?
    _ = state.cancel(pending: &pending)
    #expect(pending == nil)
    #expect(!state.keepsUpstream)
  }
}
