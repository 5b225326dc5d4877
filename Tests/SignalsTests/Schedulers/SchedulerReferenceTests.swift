import Signals
import SignalsTesting
import Testing

/// Signals keep their scheduler by reference (a class scheduler as itself, a value scheduler boxed): what
/// the signals answer and do is the same either way.
@Suite struct SchedulerReferenceTests {
  @Test func aClassSchedulerIsKeptAsItself() {
    let scheduler = TestScheduler()
    #expect(AfterSignal(.seconds(1), value: 1, on: scheduler).scheduler as? TestScheduler === scheduler)
    let timeout = PassthroughSignal<Int, Never>().timeout(.seconds(1), scheduler: scheduler)
    #expect(timeout.scheduler as? TestScheduler === scheduler)
    let input = PassthroughSignal<Int, Never>()
    let schedulers: [any SignalScheduler] = [
      input.debounce(for: .seconds(1), scheduler: scheduler).scheduler,
      input.throttle(for: .seconds(1), scheduler: scheduler, latest: true).scheduler,
      input.delay(for: .seconds(1), scheduler: scheduler).scheduler,
      input.receive(on: scheduler).scheduler,
      TimerSignal(every: .seconds(1), on: scheduler).scheduler,
    ]
    for kept in schedulers { #expect(kept as? TestScheduler === scheduler) }
  }

  @Test func aValueSchedulerIsAnsweredUnboxed() {
    let after = AfterSignal(.seconds(1), value: 1, on: ImmediateSignalScheduler())
    #expect(after.scheduler is ImmediateSignalScheduler)
    let timeout = PassthroughSignal<Int, Never>().timeout(.seconds(1), scheduler: ImmediateSignalScheduler())
    #expect(timeout.scheduler is ImmediateSignalScheduler)
    // An existential passed in is opened: the scheduler inside is kept, not the existential's box.
    let erased: any SignalScheduler = ImmediateSignalScheduler()
    #expect(AfterSignal(.seconds(1), on: erased).scheduler is ImmediateSignalScheduler)
    let input = PassthroughSignal<Int, Never>()
    let immediate = ImmediateSignalScheduler()
    #expect(input.debounce(for: .seconds(1), scheduler: immediate).scheduler is ImmediateSignalScheduler)
    #expect(input.delay(for: .seconds(1), scheduler: immediate).scheduler is ImmediateSignalScheduler)
    #expect(TimerSignal(every: .seconds(1), on: immediate).scheduler is ImmediateSignalScheduler)
  }

  @Test func aBoxedValueSchedulerSchedulesReadsTheClockAndCancelsThroughItsValue() {
    let base = TestScheduler()
    let scheduler = ForwardingScheduler(base: base)
    let log = EventLog<Int, TimeoutFailure<Never>>()
    // The race's AfterSignal schedules on the boxed scheduler; the timeout reads its clock for each value
    // and moves its timer there.
    let input = PassthroughSignal<Int, Never>()
    let token = input.race(with: AfterSignal(.seconds(5), value: 99, on: scheduler).setFailureType(to: Never.self))
      .timeout(.seconds(2), scheduler: scheduler).subscribe(log)
    #expect(base.pendingCount == 2)
    base.advance(by: .seconds(1))
    input.send(1)  // wins: the AfterSignal's timer is cancelled on the base scheduler
    #expect(base.pendingCount == 1)
    base.advance(by: .seconds(2))  // the timeout's timer (2 s) moves to 3 s, the deadline the value set
    #expect(log.events == [.value(1), .failed(.timedOut)])
    #expect(base.pendingCount == 0)
    withExtendedLifetime(token) {}
  }
}

/// A scheduler that is a value, forwarding to a `TestScheduler`.
private struct ForwardingScheduler: SignalScheduler {
  let base: TestScheduler
  var now: SignalInstant { base.now }

  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    base.schedule(at: deadline, action)
  }

  func cancel(_ action: SignalScheduledAction) {
    base.cancel(action)
  }
}
