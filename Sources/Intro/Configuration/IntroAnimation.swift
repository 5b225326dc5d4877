import Signals

/// How an intro's animation ends, and what it reports as it plays (its `Progress`).
///
/// ```swift
/// let rive = IntroAnimation.endTrigger(fallbackLength: .milliseconds(2600))  // animationEnded(), or 2.6 s
/// let staged = IntroAnimation.stages([1: .seconds(1), 2: .seconds(1)])  // 1, then 2 at 1 s; ends at 2 s
/// ```
///
/// - An **end trigger** ends the animation: the app's ``IntroCoordinator/animationEnded()``, an async
///   function returning, or a signal's first value (its finish without a value is ignored).
/// - A **playback** reports progress and ends the animation when it finishes: ``stages(_:)``,
///   ``letterWave(text:interval:loops:)``, or any signal with ``playback(_:fallbackLength:)``. Its values
///   are the coordinator's ``IntroCoordinator/progress``, typed.
/// - A **fallback length** ends it if nothing else has; a **fixed length** alone ends it after that time.
///
/// Whatever the form, the app's ``IntroCoordinator/animationEnded()`` and
/// ``IntroCoordinator/animationFailed(_:)`` count too. The animation starts once its asset has loaded (at
/// `start` when there is none): a trigger or playback is started then, and the lengths count from then,
/// in active time. An animation whose known length (fixed, fallback or stated) is above the timeout is
/// refused: it could only time out.
public struct IntroAnimation<Progress: Sendable>: Sendable {
  /// Starts the animation's own source, on the coordinator's scheduler: its events go to `send`.
  typealias Source =
    @Sendable (any SignalScheduler, @escaping @Sendable (IntroInput) -> Void) ->
    SignalSubscription

  let source: Source?
  /// The fixed or fallback length: a clock from the animation's start.
  let length: Duration?
  /// The longest the animation is known to last, in words (`the letter wave's length`).
  let knownLength: (duration: Duration, name: String)?
  /// Why the animation is refused, if it is.
  let problem: String?
  /// What ends it, as a timeout's diagnostic names it (`animationEnded() or the 2.6 seconds fallback length`).
  let end: IntroDecision.Source
  /// Whether it is a playback (its end is the playback's finish), rather than an end trigger.
  let isPlayback: Bool
  /// Its progress before it starts, when known (a recipe's first stage or position): right from the first
  /// frame. Type-erased, as the coordinator keeps its progress: a stored `Progress` would make every copy of a
  /// configuration go through its generic type's metadata.
  let initialProgress: (any Sendable)?

  init(
    source: Source?, length: Duration?, knownLength: (Duration, String)?, problem: String? = nil,
    end: IntroDecision.Source, isPlayback: Bool = false, initialProgress: Progress? = nil
  ) {
    self.source = source
    self.length = length
    self.knownLength = knownLength ?? length.map { ($0, source == nil ? "fixed length" : "fallback length") }
    self.problem = problem
    self.end = end
    self.isPlayback = isPlayback
    self.initialProgress = initialProgress
  }

  /// An animation that ends when `playback` finishes (or after `fallbackLength`, if that comes first);
  /// each of its values is the coordinator's progress. Its failure is the animation's failure.
  public static func playback<Playback: Signal<Progress, Failure>, Failure: Error>(
    _ playback: Playback, fallbackLength: Duration? = nil
  ) -> Self {
    Self(
      source: { _, send in playback.observe { send(.playback(IntroEvent(erasing: $0))) } }, length: fallbackLength,
      knownLength: nil,
      end: .configured("the playback's finish", orFallback: fallbackLength), isPlayback: true)
  }

  /// An animation of stages, in order, each lasting its duration: the first is the progress at once, each
  /// next one when the previous one's duration has passed, and the animation ends after the last one's.
  ///
  /// ```swift
  /// enum Step: Sendable { case logo, tagline }
  /// let steps = IntroAnimation.stages([Step.logo: .seconds(1), .tagline: .seconds(1)])  // ends at 2 s
  /// ```
  ///
  /// - Precondition: at least one stage, and no negative duration (checked with the configuration).
  public static func stages(_ stages: KeyValuePairs<Progress, Duration>) -> Self {
    let stages = Array(stages)
    let total = stages.reduce(Duration.zero) { $0 + $1.value }
    let problem =
      stages.isEmpty
      ? "no stages" : stages.firstIndex { $0.value < .zero }.map { "stage \($0 + 1) has a negative duration" }
    let source: Source = { scheduler, send in
      var instant = scheduler.now
      var actions: [SignalScheduledAction] = []
      send(.playback(.value(stages[0].key)))
      for (stage, next) in zip(stages, stages.dropFirst()) {
        instant = instant + stage.value
        actions.append(scheduler.schedule(at: instant) { send(.playback(.value(next.key))) })
      }
      actions.append(scheduler.schedule(at: instant + stages.last!.value) { send(.playback(.finished)) })
      return SignalSubscription { [actions] in for action in actions { scheduler.cancel(action) } }
    }
    return Self(
      source: source, length: nil, knownLength: (total, "stages' total length"), problem: problem,
      end: .configured("the last stage's end"), isPlayback: true, initialProgress: stages.first?.key)
  }
}

extension IntroAnimation where Progress == Never {
  /// An animation that ends when the app calls ``IntroCoordinator/animationEnded()``, or after
  /// `fallbackLength` if that comes first (`nil`: only the timeout ends an animation that never says).
  public static func endTrigger(fallbackLength: Duration? = nil) -> Self {
    Self(
      source: nil, length: fallbackLength, knownLength: fallbackLength.map { ($0, "fallback length") },
      end: .call("animationEnded()", orFallback: fallbackLength))
  }

  /// An animation that ends when `trigger` returns, or after `fallbackLength` if that comes first; its
  /// error is the animation's failure. It runs once the asset has loaded, in a task on the coordinator's
  /// scheduler's clock (a `TestScheduler`'s executor in tests).
  ///
  /// ```swift
  /// let animation = IntroAnimation.endTrigger(fallbackLength: .seconds(3)) {
  ///   try await Task.sleep(for: .seconds(2))  // awaiting the animation file's "done" trigger
  /// }
  /// ```
  public static func endTrigger(
    fallbackLength: Duration? = nil, _ trigger: @escaping @Sendable () async throws -> Void
  ) -> Self {
    let source: Source = { scheduler, send in
      TaskSignal(on: scheduler) { () async throws -> Void in try await trigger() }.observe {
        send(.trigger(IntroEvent(erasing: $0)))
      }
    }
    return Self(
      source: source, length: fallbackLength, knownLength: nil,
      end: .configured("the end trigger's function", orFallback: fallbackLength))
  }

  /// An animation that ends at `trigger`'s first value (its finish without a value is ignored), or after
  /// `fallbackLength` if that comes first; its failure is the animation's failure. Subscribed once the
  /// asset has loaded.
  public static func endTrigger<Trigger: Signal>(_ trigger: Trigger, fallbackLength: Duration? = nil) -> Self {
    Self(
      source: { _, send in trigger.observe { send(.trigger(IntroEvent(erasing: $0))) } },
      length: fallbackLength, knownLength: nil,
      end: .configured("the end trigger's first value", orFallback: fallbackLength))
  }

  /// An animation that ends after `length` (a file that fires no trigger, played once).
  public static func fixedLength(_ length: Duration) -> Self {
    Self(source: nil, length: length, knownLength: nil, end: .configured("the fixed length"))
  }
}
