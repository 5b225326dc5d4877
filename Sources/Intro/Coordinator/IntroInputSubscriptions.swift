import Signals

/// A coordinator's subscriptions to its inputs: one field per input, so `start` grows no array.
struct IntroInputSubscriptions {
  var active: SignalSubscription?
  var taps: SignalSubscription?
  var asset: SignalSubscription?
  /// The end trigger's or the playback's.
  var animation: SignalSubscription?
  /// The content's: kept after the outcome until `cancel()` or deinit (the intro ending never cancels the
  /// content's work).
  var content: SignalSubscription?

  /// Takes every input's subscription but the content's out, to be cancelled once the caller no longer
  /// accesses these (a cancellation may run code that comes back to the coordinator).
  mutating func takeInputs() -> IntroInputSubscriptions {
    defer {
      active = nil
      taps = nil
      asset = nil
      animation = nil
    }
    return IntroInputSubscriptions(active: active, taps: taps, asset: asset, animation: animation)
  }

  /// Takes the content's subscription out, to be cancelled as ``takeInputs()``' are.
  mutating func takeContent() -> IntroInputSubscriptions {
    defer { content = nil }
    return IntroInputSubscriptions(content: content)
  }

  /// Cancels every subscription, in the order they were made.
  func cancel() {
    active?.cancel()
    taps?.cancel()
    content?.cancel()
    asset?.cancel()
    animation?.cancel()
  }
}
