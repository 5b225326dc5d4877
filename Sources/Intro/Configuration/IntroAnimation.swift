import Signals

/// How an intro's animation ends: an end trigger, a playback, or a fixed length.
///
/// ```swift
/// let endTrigger = PassthroughSignal<Void, Never>()  // the animation file's "done" trigger
/// let animation = IntroAnimation.endTrigger(endTrigger, fallbackLength: .seconds(2.6))
/// ```
///
/// - An **end trigger** is any signal: its first value ends the animation; a finish without a value is
///   ignored (a file without a trigger then relies on the fallback length or the timeout); a failure is
///   the animation's failure.
/// - A **playback** is a signal whose values are progress (recorded in the trace and published as the
///   coordinator's ``IntroCoordinator/progress``, never decisive) and whose finish ends the animation: the
///   stage and letter-wave recipes are playbacks. Its failure is the animation's failure.
/// - Either may have a **fallback length**: whichever comes first ends the animation.
/// - A **fixed length** alone: the animation ends after it (seed 000's 2.6 s Rive intro, which fires no
///   trigger).
///
/// The animation starts once the intro's asset has loaded (at `start` when there is none), and its
/// lengths count from then, in active time (they pause while the app is inactive).
public struct IntroAnimation: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    case endTrigger(IntroInputSource)
    case playback(IntroInputSource)
    case fixedLength
  }

  @usableFromInline let kind: Kind
  /// The fallback length, or the fixed length.
  @usableFromInline let length: Duration?

  @inlinable
  init(kind: Kind, length: Duration?) {
    self.kind = kind
    self.length = length
  }

  /// An animation that ends at `trigger`'s first value, or after `fallbackLength` if that comes first.
  @inlinable
  public static func endTrigger<Trigger: Signal>(_ trigger: Trigger, fallbackLength: Duration? = nil) -> Self {
    Self(kind: .endTrigger(IntroInputSource(trigger)), length: fallbackLength)
  }

  /// An animation that ends when `playback` finishes, or after `fallbackLength` if that comes first; its
  /// values are progress.
  @inlinable
  public static func playback<Playback: Signal>(_ playback: Playback, fallbackLength: Duration? = nil) -> Self {
    Self(kind: .playback(IntroInputSource(playback)), length: fallbackLength)
  }

  /// An animation that ends after `length`.
  public static func fixedLength(_ length: Duration) -> Self {
    Self(kind: .fixedLength, length: length)
  }

  /// Whether it is a fixed length alone.
  var isFixedLength: Bool {
    if case .fixedLength = kind { return true }
    return false
  }
}
