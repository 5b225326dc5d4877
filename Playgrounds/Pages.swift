import Signals
import SignalsTesting

/// Page 1: a trigger, a couple of operators, and what a subscription is.
func basicsPage() {
  let taps = PassthroughSignal<Void, Never>()
  let count = CurrentValueSignal<Int, Never>(0)

  // Every tap adds one; `sink` returns the subscription: keep it, or delivery stops.
  let counting = taps.map { 1 }.sink { count.value += $0 }
  let printing = count.removeDuplicates().sink { print("count is \(count.value), saw \($0)") }

  taps.send()
  taps.send()
  counting.cancel()  // idempotent: cancel twice, nothing happens
  counting.cancel()
  taps.send()  // nobody counts this one
  print("after cancel the count stays \(count.value)")
  _ = printing
}

/// Page 2: animation end trigger vs. fixed length vs. safety timeout, decided in virtual time.
func introRacePage() {
  enum IntroEnd: String, Sendable {
    case trigger, length, timeout
  }
  let cases: [(triggerAt: Duration?, fixedLength: Duration?)] = [
    (.milliseconds(1200), .milliseconds(2600)),  // the file's end trigger comes first
    (.milliseconds(2800), .milliseconds(2600)),  // the fixed length comes first
    (nil, nil),  // a file without an end trigger and no fixed length: the safety timeout
  ]
  for (triggerAt, fixedLength) in cases {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<IntroEnd, Never>()
    let outcome = CurrentValueSignal<(IntroEnd, SignalInstant)?, Never>(nil)
    let animationEnd =
      fixedLength.map { trigger.race(with: AfterSignal($0, value: IntroEnd.length, on: scheduler)).eraseToAnySignal() }
      ?? trigger.eraseToAnySignal()
    let intro =
      animationEnd
      .first()
      .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(IntroEnd.timeout))
      .sink { end in outcome.value = (end, scheduler.now) }
    let fire = triggerAt.map { scheduler.schedule(after: $0) { trigger.send(.trigger) } }
    _ = scheduler.run()
    if let (end, time) = outcome.value {
      let label = triggerAt.map { "trigger at \($0)" } ?? "no trigger"
      print("\(label): the intro ended by \(end.rawValue) at \(time) (virtual time; nothing waited)")
    }
    _ = (intro, fire)
  }
}

/// Page 3: draw inputs as marbles, record the output, read it back as a diagram.
func marblesPage() {
  let test = MarbleTest(frame: .milliseconds(100))
  do {
    let typing = try test.hot("-a-b---c----d|")
    let recording = test.record(typing.debounce(for: .milliseconds(250), scheduler: test.scheduler))
    print("input:     -a-b---c----d|")
    print("debounced: \(recording.marbles(symbol: { $0.first! }))")
  } catch {
    print("marble error: \(error)")
  }
}
