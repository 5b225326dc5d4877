import Intro
import Signals
import SignalsTesting

/// `--timeline` and `--svg`: the scenario decided in virtual time, at once, on a `TestScheduler`.
package enum DemoTimeline {
  /// Runs the intro of `options` in virtual time until nothing is left to run (the load, after the
  /// outcome, included), waits for the gate's history to be written, and returns the model: its ending,
  /// the load, and the trace.
  @MainActor
  package static func run(_ options: DemoOptions) -> DemoModel {
    let scheduler = TestScheduler()
    let session = DemoSession(
      options: options, scheduler: scheduler, sleep: { try await scheduler.clock.sleep(for: $0) },
      isRealTime: false, fadeFrames: 0)
    session.start()
    scheduler.run()
    session.intro.flushHistory()
    return session.model
  }

  /// The timeline `model`'s trace is drawn as: one lane per input, then the outcome's.
  package static func timeline(of model: DemoModel) -> SignalTimeline {
    DemoTraceText.timeline(of: model.trace ?? IntroTrace(), rounded: false)
  }

  /// What `--timeline` prints: a title, the outcome, the lanes and their legend; within `width` columns if
  /// given.
  package static func text(of model: DemoModel, width: Int?) -> String {
    let title = "splash-demo --timeline (virtual time): \(model.summary)"
    let titleLines = width.map { DemoTraceText.wrap(title, width: $0) } ?? [title]
    return (titleLines + DemoLog.summary(of: model, width: width)).joined(separator: "\n")
  }
}
