// expected-error: referencing instance method 'sink(receiveValue:)' on 'Signal' requires the types 'TimeoutFailure<Never>' and 'Never' be equivalent
//
// The README's intro race with the plain `timeout(_:scheduler:)` in place of the fallback form. The plain
// timeout can fail, so a trailing-closure `sink` has nothing to bind to: a closure meant for the one
// outcome is never called a second time with `.finished` (it was, before `sink(receiveEvent:)` became
// `observe(_:)`).
import Signals
import SignalsTesting

func introRace() {
  let scheduler = TestScheduler()
  let endTrigger = PassthroughSignal<String, Never>()
  let outcome = CurrentValueSignal<String, Never>("playing")
  let token =
    endTrigger
    .race(with: AfterSignal(.milliseconds(2600), value: "fixed length", on: scheduler))
    .first()
    .timeout(.seconds(3), scheduler: scheduler)
    .sink { outcome.value = "ended by \($0) at \(scheduler.now)" }
  _ = token
}
