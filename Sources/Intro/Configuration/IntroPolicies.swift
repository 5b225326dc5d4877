/// What the intro does when the person has turned on Reduce Motion.
public enum IntroReduceMotionPolicy: Sendable, Hashable {
  /// The intro does not show: the outcome is ``IntroOutcome/Reason/reducedMotion`` at `start`.
  case skip
  /// The intro shows a still pose (the same background, no movement) until the content is ready and the
  /// minimum time has passed, then fades out; the animation's inputs are not used. Without content, the
  /// pose is held for the minimum time, or not at all.
  case staticPose
}

/// How the app was launched.
public enum IntroLaunchKind: Sendable, Hashable {
  /// A cold start: the intro may show.
  case coldStart
  /// A return from the background: the intro never shows.
  case resume
}
