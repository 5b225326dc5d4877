import Signals

/// How an intro ended: exactly one per coordinator, delivered on the main actor.
///
/// ```swift
/// func describe(_ outcome: IntroOutcome) -> String {
///   switch outcome.reason {
///   case .finished: "played to its end after \(outcome.duration)"
///   case .contentFailed(let error): "the content failed: \(error)"
///   default: "\(outcome.reason)"
///   }
/// }
/// ```
public struct IntroOutcome: Sendable, CustomStringConvertible {
  /// Why the intro ended.
  public enum Reason: Sendable, CustomStringConvertible {
    /// It played to its end: the animation ended, the content was ready and the minimum time had passed.
    case finished
    /// The person skipped it (a tap after the grace period, or ``IntroCoordinator/skip()``).
    case skipped
    /// The safety timeout came first.
    case timedOut
    /// The animation failed before it ended: its asset did not load, or its trigger or playback failed.
    case animationFailed(any Error)
    /// The content work failed.
    case contentFailed(any Error)
    /// Reduce Motion is on and the policy is ``IntroReduceMotionPolicy/skip``.
    case reducedMotion
    /// The app was resumed from the background: the intro never shows then.
    case resumed
    /// The gate said no (first launch only, or after an update, and this is neither).
    case gated
    /// ``IntroCoordinator/cancel()`` was called before the decision.
    case cancelled

    /// The reason without its error: for comparisons and tables.
    public var kind: Kind {
      switch self {
      case .finished: .finished
      case .skipped: .skipped
      case .timedOut: .timedOut
      case .animationFailed: .animationFailed
      case .contentFailed: .contentFailed
      case .reducedMotion: .reducedMotion
      case .resumed: .resumed
      case .gated: .gated
      case .cancelled: .cancelled
      }
    }

    /// The error of a failure, if the reason is one.
    public var error: (any Error)? {
      switch self {
      case .animationFailed(let error), .contentFailed(let error): error
      default: nil
      }
    }

    /// The reason in words, with the error of a failure: `content failed: offline`.
    public var description: String {
      switch self {
      case .animationFailed(let error): "animation failed: \(error)"
      case .contentFailed(let error): "content failed: \(error)"
      default: kind.rawValue
      }
    }
  }

  /// A ``Reason`` without its error.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// See ``Reason/finished``.
    case finished
    /// See ``Reason/skipped``.
    case skipped
    /// See ``Reason/timedOut``.
    case timedOut = "timed out"
    /// See ``Reason/animationFailed(_:)``.
    case animationFailed = "animation failed"
    /// See ``Reason/contentFailed(_:)``.
    case contentFailed = "content failed"
    /// See ``Reason/reducedMotion``.
    case reducedMotion = "reduced motion"
    /// See ``Reason/resumed``.
    case resumed = "not shown: resumed"
    /// See ``Reason/gated``.
    case gated = "not shown: gated"
    /// See ``Reason/cancelled``.
    case cancelled
  }

  /// How the intro was presented before it ended.
  public enum Presentation: String, Sendable, Hashable {
    /// The animated intro.
    case animated
    /// A still pose (Reduce Motion with the ``IntroReduceMotionPolicy/staticPose`` policy).
    case staticPose = "static pose"
    /// Not at all: resumed, gated, skipped for Reduce Motion, or cancelled before `start`.
    case none
  }

  /// Why the intro ended.
  public let reason: Reason
  /// How it was presented.
  public let presentation: Presentation
  /// The instant it ended, on the coordinator's scheduler.
  public let endedAt: SignalInstant
  /// How long after `start` it ended (wall time on the scheduler, pauses included).
  public let duration: Duration

  /// An outcome; coordinators make them, tests may too.
  public init(reason: Reason, presentation: Presentation, endedAt: SignalInstant, duration: Duration) {
    self.reason = reason
    self.presentation = presentation
    self.endedAt = endedAt
    self.duration = duration
  }

  /// `finished (animated) at 2.6 seconds, 2.6 seconds after start`.
  public var description: String {
    "\(reason) (\(presentation.rawValue)) at \(endedAt), \(duration) after start"
  }
}

/// Where an intro is, for UI binding: ``IntroCoordinator/phase``.
public enum IntroPhase: Sendable, CustomStringConvertible {
  /// Before `start`.
  case idle
  /// The animation plays (its asset loading included).
  case playing
  /// The animation has ended; the intro holds its last pose until the content is ready and the minimum
  /// time has passed.
  case holding
  /// Reduce Motion: a still pose until the content is ready and the minimum time has passed.
  case staticPose
  /// Over: the outcome is decided (whatever its reason) and the intro leaves the screen.
  case finished(IntroOutcome)

  /// The outcome, once finished.
  public var outcome: IntroOutcome? {
    if case .finished(let outcome) = self { return outcome }
    return nil
  }

  /// `playing`, `finished: skipped (animated) at …`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .playing: "playing"
    case .holding: "holding"
    case .staticPose: "static pose"
    case .finished(let outcome): "finished: \(outcome)"
    }
  }
}
