import Signals
import SignalsTesting

/// Page 4: the intro's race — the animation's end trigger against its 2.6 s length, with a 3 s safety
/// timeout — decided in virtual time, for three setups.
@MainActor func racePage() {
  struct Case {
    let label: String
    let triggerAt: Duration?
    let fixedLength: Duration?
  }
  let cases = [
    Case(label: "trigger at 1.2 s, length 2.6 s", triggerAt: .milliseconds(1200), fixedLength: .milliseconds(2600)),
    Case(label: "trigger at 2.8 s, length 2.6 s", triggerAt: .milliseconds(2800), fixedLength: .milliseconds(2600)),
    Case(label: "no trigger and no fixed length", triggerAt: nil, fixedLength: nil),
  ]
  for setup in cases {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<String, Never>()
    let outcome = CurrentValueSignal<String, Never>("undecided")
    let animationEnd =
      setup.fixedLength.map {
        trigger.race(with: AfterSignal($0, value: "the fixed length", on: scheduler)).eraseToAnySignal()
      } ?? trigger.eraseToAnySignal()
    let intro =
      animationEnd
      .first()
      .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal("the safety timeout"))
      .sink { end in outcome.value = "ended by \(end) at \(scheduler.now)" }
    if let triggerAt = setup.triggerAt {
      scheduler.schedule(after: triggerAt) { trigger.send("the end trigger") }
    }
    scheduler.run()
    print("\(setup.label): \(outcome.value)")
    _ = intro
  }
}
