import Signals
import SignalsTesting

// W11 search field: the typeahead an app writes, built once per field and fed keystrokes in virtual time —
// `query.map { $0.lowercased() }.removeDuplicates().debounce(for: 300 ms).filter { !$0.isEmpty }` into a
// callback. A session is 20 keystrokes at seeded random gaps of 40–440 ms (so some texts wait out the
// quiet time and are searched, most are replaced first); the figure is per keystroke. Time operators and
// a chain of them had no workload before: a debounce chain ran unspecialized for a while unnoticed.
//
// Baseline: the same typeahead by hand on the plain heap scheduler: lowercase, compare with the last
// text, a generation number instead of a cancelled timer, the emptiness check, the callback.

private let keystrokesPerSession = 20
private let quietTime = Duration.milliseconds(300)
private let quietNanoseconds: Int64 = 300_000_000

/// One keystroke: the field's text after it, and the milliseconds since the previous one.
private struct Keystroke {
  var text: String
  var gapMilliseconds: Int
}

/// Sessions of typing: words grow a letter at a time, sometimes shrink (a backspace), sometimes the same
/// text again (a key that changes nothing, such as a shift), sometimes cleared.
private func typingSessions(_ count: Int) -> [[Keystroke]] {
  var generator = SplitMix64(seed: 11)
  let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ")
  return (0..<count).map { _ in
    var text = ""
    return (0..<keystrokesPerSession).map { _ in
      switch Int.random(in: 0..<10, using: &generator) {
      case 0: text = ""
      case 1: if !text.isEmpty { text.removeLast() }
      case 2: break
      default: if text.count < 12 { text.append(letters.randomElement(using: &generator)!) }
      }
      return Keystroke(text: text, gapMilliseconds: Int.random(in: 40...440, using: &generator))
    }
  }
}

func searchFieldWorkload(sessions: Int) -> Workload {
  let plan = typingSessions(sessions)
  return Workload(
    name: "W11",
    summary: "map(lowercased) → removeDuplicates → debounce(300 ms) → filter → callback, per keystroke; "
      + "\(sessions) sessions of \(keystrokesPerSession)",
    operations: sessions * keystrokesPerSession,
    baselineName: "heap",
    countsAllocations: true,
    signals: { RunOutcome(checksum: searchFieldSignals(plan)) },
    baseline: { RunOutcome(checksum: searchFieldByHand(plan)) }
  )
}

@inline(never)
private func searchFieldSignals(_ plan: [[Keystroke]]) -> Int {
  nonisolated(unsafe) let searches = Accumulator()
  let scheduler = TestScheduler()
  for session in plan {
    let query = PassthroughSignal<String, Never>()
    let subscription =
      query
      .map { $0.lowercased() }
      .removeDuplicates()
      .debounce(for: quietTime, scheduler: scheduler)
      .filter { !$0.isEmpty }
      .sink { text in searches.fold(text.utf8.count) }
    for keystroke in session {
      scheduler.advance(by: .milliseconds(keystroke.gapMilliseconds))
      query.send(keystroke.text)
    }
    scheduler.run()
    subscription.cancel()
  }
  return searches.value
}

/// The typeahead by hand: the last text seen, and a generation number so that only the latest waiting
/// text is searched.
private final class HandWrittenSearchField {
  var lastText: String?
  var generation = 0
  let search: (String) -> Void

  init(search: @escaping (String) -> Void) {
    self.search = search
  }

  func type(_ text: String, now: Int64, scheduler: inout HeapScheduler) {
    let lowered = text.lowercased()
    guard lowered != lastText else { return }
    lastText = lowered
    generation += 1
    let expected = generation
    scheduler.schedule(at: now + quietNanoseconds) { [self] in
      guard generation == expected, !lowered.isEmpty else { return }
      search(lowered)
    }
  }
}

@inline(never)
private func searchFieldByHand(_ plan: [[Keystroke]]) -> Int {
  let searches = Accumulator()
  var scheduler = HeapScheduler()
  for session in plan {
    let field = HandWrittenSearchField { text in searches.fold(text.utf8.count) }
    var now = scheduler.now
    for keystroke in session {
      now += Int64(keystroke.gapMilliseconds) * 1_000_000
      scheduler.run(until: now)
      field.type(keystroke.text, now: now, scheduler: &scheduler)
    }
    scheduler.run()
  }
  return searches.value
}
