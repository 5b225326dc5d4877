import Signals
import SignalsTesting

/// Page 3: inputs drawn as marble diagrams, the output recorded and drawn back; an RxTest-style event list.
@MainActor func marblesPage() {
  let test = MarbleTest(frame: .milliseconds(100))
  do {
    let typing = try test.hot("-a-b---c----d|")
    let recording = test.record(typing.debounce(for: .milliseconds(250), scheduler: test.scheduler))
    print("a debounce of 2.5 frames (a quiet time of 250 ms):")
    print("  input:     -a-b---c----d|")
    print("  debounced: \(recording.marbles(symbol: { $0.first! }))")
  } catch {
    print("marble error: \(error)")
  }

  print("an event list at ticks of 1 ms, subscribed at 200 and cancelled at 1000 (RxTest's defaults):")
  let ticks = MarbleTest(frame: .milliseconds(1))
  let input = ticks.hotInput([.value(150, 1), .value(210, 2), .value(340, 3), .finished(600)])
  let results = ticks.start { input.map { $0 * 10 } }
  print("  recorded:      \(results.testEvents)")
  print("  subscriptions: \(input.subscriptions)")
}
