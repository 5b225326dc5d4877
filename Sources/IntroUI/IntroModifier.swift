#if canImport(SwiftUI)
  import Foundation
  import Intro
  import SwiftUI

  extension View {
    /// Shows an intro above this view, the app's content, while `coordinator` says it shows.
    ///
    /// Add it to the root view of each window, with the one coordinator the app owns (one intro per
    /// launch: every window shows the same one):
    ///
    /// <!-- setup
    /// struct ContentView: View {
    ///   var body: some View { Color("Content") }
    /// }
    /// struct LaunchAnimation: View {
    ///   let onEnd: () -> Void
    ///   var body: some View { Image("Launch") }
    /// }
    /// struct Root: View {
    ///   let intro: IntroCoordinator<Never>
    ///   var body: some View {
    ///     // snippet
    ///   }
    /// }
    /// -->
    /// ```swift
    /// ContentView()
    ///   .intro(intro) { intro in
    ///     LaunchAnimation(onEnd: intro.animationEnded)
    ///   }
    /// ```
    ///
    /// It wires the intro into SwiftUI, and decides nothing itself (the coordinator does):
    ///
    /// - **Layers**: the content underneath, loading from the first frame; the intro above it
    ///   (`zIndex`), removed with an opacity transition and a 0.25 s ease-out fade. While the intro shows,
    ///   the content is hidden from VoiceOver and takes no taps.
    /// - **Starts** the coordinator when it appears (a second appearance, in another window, changes
    ///   nothing).
    /// - **Reduce Motion** is read from the environment and passed to the coordinator before the first
    ///   frame: with the skip policy the intro is never drawn, not even for one frame.
    /// - **Taps** anywhere on the intro skip it (after the grace period).
    /// - **Activity**: the scene's `scenePhase` is the coordinator's `setActive(_:scene:)`, one scene per
    ///   window. Only `.background` pauses the clocks: an `.inactive` scene is still on screen (Control
    ///   Center or a system alert over it, the app switcher) and its animation still plays, while in the
    ///   background nothing is drawn and no one sees the intro.
    ///
    /// - Parameters:
    ///   - coordinator: The intro's coordinator, made once for the app's launch (for example in the `App`).
    ///   - content: The intro's view, given the coordinator (its `progress`, and its methods for the
    ///     animation to report it loaded, ended or failed).
    public func intro<Progress: Sendable, IntroView: View>(
      _ coordinator: IntroCoordinator<Progress>,
      @ViewBuilder content: @escaping (IntroCoordinator<Progress>) -> IntroView
    ) -> some View {
      modifier(IntroModifier(coordinator: coordinator, introView: content))
    }
  }

  /// Puts the intro above the content and wires the coordinator to SwiftUI: see `View.intro(_:content:)`.
  struct IntroModifier<Progress: Sendable, IntroView: View>: ViewModifier {
    let coordinator: IntroCoordinator<Progress>
    let introView: (IntroCoordinator<Progress>) -> IntroView
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.scenePhase) private var scenePhase
    /// This window's name for the coordinator's activity.
    @State private var scene = UUID().uuidString

    func body(content: Content) -> some View {
      // Before the first frame: asked with the environment's Reduce Motion, nothing written yet.
      let showsIntro = coordinator.showsIntro(reduceMotion: reduceMotion)
      ZStack {
        content
          .accessibilityHidden(showsIntro)
          .allowsHitTesting(!showsIntro)
        if showsIntro {
          introView(coordinator)
            .contentShape(Rectangle())
            .onTapGesture { coordinator.skip() }
            .transition(.opacity)
            .zIndex(1)
        }
      }
      .animation(.easeOut(duration: 0.25), value: showsIntro)
      .onAppear { coordinator.start(reduceMotion: reduceMotion) }
      .onChange(of: scenePhase, initial: true) { old, new in
        // At the first appearance only a background scene says anything: the app is active until it does.
        if old != new || new == .background { coordinator.setActive(new != .background, scene: scene) }
      }
    }
  }
#endif
