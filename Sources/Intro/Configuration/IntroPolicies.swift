/// What the intro does when the person has turned on Reduce Motion.
public enum IntroReduceMotionPolicy: Sendable, Hashable {
  /// The intro does not show: the outcome is ``IntroOutcome/Reason/reducedMotion`` at `start`.
  case skip
  /// The intro shows a still pose (the same background, no movement) until the content is ready and the
  /// minimum time has passed, then fades out; the animation's inputs are not used. Without content, the
  /// pose is held for the minimum time, and at least ``shortestStillPose`` (or up to the timeout, if that
  /// is shorter), so that it never blinks.
  case staticPose

  /// The shortest time a still pose with no content to wait for stays on screen: 1 s. A pose drawn for a
  /// frame and gone would be a blink, not an intro.
  public static let shortestStillPose = Duration.seconds(1)
}

/// Whether a person can skip the intro, and how. Skipping is a rule of the intro (``IntroCoordinator``
/// decides it); `IntroUI` wires the choice into the view.
///
/// ```swift
/// let staged = IntroConfiguration(
///   animation: .stages([1: .seconds(1), 2: .seconds(1)]), timeout: .seconds(3), skipPolicy: .never)
/// ```
///
/// Whatever the policy, a skip counts only after the configuration's grace period.
public enum IntroSkipPolicy: Sendable, Hashable {
  /// A tap anywhere on the intro skips it (`IntroUI` makes the whole intro one control: a click, a Siri
  /// Remote press, VoiceOver's activation, the Escape key); ``IntroCoordinator/skip()`` too.
  case tapAnywhere
  /// Only a control the intro's view places itself skips it (a "Skip" button that calls
  /// ``IntroCoordinator/skip()``); `IntroUI` adds VoiceOver's escape gesture.
  case control
  /// Nothing skips it: ``IntroCoordinator/skip()`` is ignored, and the trace says so.
  case never
}

/// How the app was launched.
public enum IntroLaunchKind: Sendable, Hashable {
  /// A cold start: the intro may show.
  case coldStart
  /// A return from the background, for an app that makes its coordinator again then (one kept for the
  /// launch never replays its intro: it is single-use): the intro never shows.
  case resume
}
