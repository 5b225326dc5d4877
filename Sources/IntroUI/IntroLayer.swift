#if canImport(SwiftUI)
  import Intro
  import SwiftUI

  /// The intro's view with the skip the configuration allows: one button over the whole intro for a tap
  /// anywhere, VoiceOver's escape gesture where the intro places its own control, nothing where it cannot
  /// be skipped.
  struct IntroLayer<IntroView: View>: View {
    let skipPolicy: IntroSkipPolicy
    let skip: @MainActor () -> Void
    @ViewBuilder let introView: () -> IntroView

    var body: some View {
      switch skipPolicy {
      case .tapAnywhere:
        // A button, not a tap gesture: a Siri Remote's press reaches a focused button (tvOS delivers no
        // press to a view that cannot take focus), and VoiceOver and keyboards know one.
        Button(action: skip) { introView().contentShape(Rectangle()) }
          .buttonStyle(IntroLayerButtonStyle())
          .accessibilityLabel(Text("Skip intro"))
          .accessibilityAction(.escape) { skip() }
          .skipsOnEscape()
      case .control:
        introView().accessibilityAction(.escape) { skip() }
      case .never:
        introView()
      }
    }
  }

  /// Draws the intro as it is: no highlight while pressed, no focus effect.
  struct IntroLayerButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View { configuration.label }
  }

  extension View {
    /// The Escape key presses this button, where SwiftUI has keyboard shortcuts (not tvOS, not watchOS:
    /// there the Siri Remote's press and a tap are the ways).
    @ViewBuilder func skipsOnEscape() -> some View {
      #if os(tvOS) || os(watchOS)
        self
      #else
        keyboardShortcut(.cancelAction)
      #endif
    }
  }
#endif
