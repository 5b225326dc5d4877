#if canImport(SwiftUI)
  import Intro
  import SwiftUI

  /// A "Skip" control for an intro whose ``IntroSkipPolicy`` is ``IntroSkipPolicy/control``: a button that
  /// calls ``IntroCoordinator/skip()``, which the Escape key presses too where there is a keyboard.
  ///
  /// Place it in the intro's view, where the intro has room for it:
  ///
  /// <!-- setup
  /// struct SkippableIntro: View {
  ///   let intro: IntroCoordinator<Never>
  ///   var body: some View {
  ///     // snippet
  ///   }
  /// }
  /// -->
  /// ```swift
  /// ZStack(alignment: .bottom) {
  ///   Image("Launch")
  ///   IntroSkipButton("Skip", intro).padding()
  /// }
  /// ```
  ///
  /// A button of the app's own that calls `skip()` does as well; give it `.keyboardShortcut(.cancelAction)`
  /// for the Escape key.
  public struct IntroSkipButton<Label: View>: View {
    private let skip: @MainActor () -> Void
    private let label: Label

    /// A button drawn by `label` that skips `coordinator`'s intro.
    public init<Progress: Sendable>(_ coordinator: IntroCoordinator<Progress>, @ViewBuilder label: () -> Label) {
      skip = coordinator.skip
      self.label = label()
    }

    /// The button.
    public var body: some View {
      Button(action: skip) { label }.skipsOnEscape()
    }
  }

  extension IntroSkipButton where Label == Text {
    /// A button titled `title` (say, a localized "Skip") that skips `coordinator`'s intro.
    public init<Progress: Sendable>(_ title: String, _ coordinator: IntroCoordinator<Progress>) {
      self.init(coordinator) { Text(title) }
    }
  }
#endif
