import Signals

/// Page 1: a subject, a couple of operators, what a subscription is, and how a signal ends.
@MainActor func signalsPage() {
  let taps = PassthroughSignal<Void, Never>()
  let count = CurrentValueSignal<Int, Never>(0)

  print("a CurrentValueSignal replays its value to a new subscriber, then two taps:")
  // Every tap adds one. `sink` returns the subscription: keep it, or delivery stops.
  let counting = taps.map { 1 }.sink { count.value += $0 }
  let printing = count.removeDuplicates().sink { print("  count is now \($0)") }

  taps.send()
  taps.send()
  counting.cancel()  // idempotent: cancelling twice does nothing more
  counting.cancel()
  taps.send()  // nobody counts this one
  print("after cancel, a third tap leaves the count at \(count.value)")

  // A signal that can fail has no trailing-closure `sink`: say what happens at the end, or observe
  // every event.
  let load = PassthroughSignal<String, LoadError>()
  let observing = load.observe { event in print("  load event: \(event)") }
  print("a load that sends a value, then fails:")
  load.send("profile.json")
  load.send(completion: .failed(.offline))
  load.send("ignored: the signal has ended")
  _ = (printing, observing)
}

enum LoadError: Error {
  case offline
}
