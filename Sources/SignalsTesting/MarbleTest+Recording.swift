import Signals

// Recording at chosen instants, and the RxTest-style `start`.

extension MarbleTest {
  /// Subscribes to `signal` at `subscribed`, cancels the subscription at `cancelled`, and returns every
  /// event delivered in between, with its time.
  ///
  /// The subscription and the cancellation are scheduled now, so at those instants they run after the
  /// work scheduled before this call (a hot input's events) and before the work scheduled later (the
  /// operators' timers). The scheduler is advanced to `cancelled`; with `cancelled` `nil`, it runs until
  /// nothing is pending and the subscription is cancelled then. A `subscribed` in the past means now.
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(1))
  /// let xs = test.hotInput([.value(100, "a"), .value(300, "b"), .value(500, "c"), .finished(700)])
  /// let recording = test.record(xs, subscribed: 200, cancelled: 400)
  /// // recording.testEvents == [.value(300, "b")]
  /// // xs.subscriptions == [TestSubscriptionRecord(200, 400)]
  /// ```
  ///
  /// - Precondition: `subscribed` is not after `cancelled`.
  public func record<Upstream: Signal>(
    _ signal: Upstream, subscribed: TestTime, cancelled: TestTime? = nil
  ) -> MarbleRecording<Upstream.Output, Upstream.Failure> {
    if let problem = problem(created: nil, subscribed: subscribed, cancelled: cancelled) {
      preconditionFailure(problem)
    }
    return recordRun(created: nil, subscribed: subscribed, cancelled: cancelled) { signal }
  }

  /// Makes a signal at `created`, subscribes to it at `subscribed`, cancels at `cancelled`, and returns
  /// every event delivered, with its time: RxTest's `start`, with its defaults (ticks 100, 200, 1000).
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(1))
  /// let xs = test.hotInput([.value(150, 1), .value(210, 2), .value(220, 3), .value(230, 4), .finished(600)])
  /// let results = test.start { xs.filter { $0 % 2 == 0 } }
  /// // results.testEvents == [.value(210, 2), .value(230, 4), .finished(600)]
  /// // xs.subscriptions == [TestSubscriptionRecord(200, 600)]
  /// ```
  ///
  /// `makeSignal` runs once, at `created`. As with ``record(_:subscribed:cancelled:)``, the three steps
  /// are scheduled now, and the scheduler is advanced to `cancelled`.
  ///
  /// - Precondition: `created` ≤ `subscribed` ≤ `cancelled`.
  public func start<Upstream: Signal>(
    created: TestTime = 100, subscribed: TestTime = 200, cancelled: TestTime = 1000,
    _ makeSignal: @escaping @Sendable () -> Upstream
  ) -> MarbleRecording<Upstream.Output, Upstream.Failure> {
    if let problem = problem(created: created, subscribed: subscribed, cancelled: cancelled) {
      preconditionFailure(problem)
    }
    return recordRun(created: created, subscribed: subscribed, cancelled: cancelled, makeSignal)
  }

  /// Why these instants cannot be a recording's, or `nil` when they can. Backs the preconditions.
  package func problem(created: TestTime?, subscribed: TestTime, cancelled: TestTime?) -> String? {
    let times = [created, subscribed, cancelled].compactMap { $0 }
    let instants = times.map(instant(of:))
    guard zip(instants, instants.dropFirst()).contains(where: { $0 > $1 }) else { return nil }
    let names =
      (created.map { "created \($0), " } ?? "") + "subscribed \(subscribed)"
      + (cancelled.map { ", cancelled \($0)" } ?? "")
    return "Signals: MarbleTest: the instants of a recording must be in order, got \(names)"
  }

  /// A recording of `recorder`'s entries on this test's frames.
  func recording<Output, Failure>(of recorder: SignalRecorder<Output, Failure>) -> MarbleRecording<Output, Failure> {
    var recording = recorder.recording(origin: origin, frame: frame)
    recording.groupLength = groupLength
    return recording
  }

  private func recordRun<Upstream: Signal>(
    created: TestTime?, subscribed: TestTime, cancelled: TestTime?, _ makeSignal: @escaping @Sendable () -> Upstream
  ) -> MarbleRecording<Upstream.Output, Upstream.Failure> {
    let recorder = SignalRecorder<Upstream.Output, Upstream.Failure>(scheduler: scheduler)
    let made = Locked<Upstream?>(nil)
    let subscription = Locked<SignalSubscription?>(nil)
    var work: [ScheduledWork] = []
    if let created {
      work.append(
        ScheduledWork.schedule(on: scheduler, at: instant(of: created)) {
          let signal = makeSignal()
          made.withLock { $0 = signal }
        })
    }
    work.append(
      ScheduledWork.schedule(on: scheduler, at: instant(of: subscribed)) {
        guard let signal = created == nil ? makeSignal() : made.withLock({ $0.take() }) else { return }
        let token = signal.subscribe(recorder)
        subscription.withLock { $0 = token }
      })
    if let cancelled {
      work.append(
        ScheduledWork.schedule(on: scheduler, at: instant(of: cancelled)) {
          subscription.withLock { $0.take() }?.cancel()
        })
      scheduler.advance(to: instant(of: cancelled))
    } else {
      scheduler.run()
    }
    subscription.withLock { $0.take() }?.cancel()
    for item in work { item.cancel() }
    return recording(of: recorder)
  }
}
