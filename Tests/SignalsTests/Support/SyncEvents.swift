import Signals

// Helpers of the operator tests that read what a signal delivers synchronously.

/// The digits of a marble diagram as the numbers they name: `"3"` is `3`.
let digitValues: [Character: Int] = Dictionary(uniqueKeysWithValues: (0...9).map { (Character("\($0)"), $0) })

/// The events `signal` delivers synchronously, with its subscription kept until then.
func syncEvents<S: Signal>(_ signal: S) -> [Event<S.Output, S.Failure>] {
  let log = EventLog<S.Output, S.Failure>()
  let token = signal.subscribe(log)
  withExtendedLifetime(token) {}
  return log.events
}

/// The events of `signal`, whose failure is `any Error`, with the failure as the `TestError` it must be.
func syncEventsOfAnyError<S: Signal>(_ signal: S) -> [Event<S.Output, TestError>] where S.Failure == any Error {
  syncEvents(signal.mapError { $0 as? TestError ?? TestError(-1) })
}
