#if canImport(SwiftUI)
  import Foundation
  import Intro
  import SwiftUI

  extension View {
    /// Shows an intro above this view, the app's content, while `coordinator` says it shows, and leaves
    /// with `transition`.
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
    /// - **Layers**: the content underneath, loading from the first frame; the intro above it (`zIndex`),
    ///   removed with `transition` and `animation` (by default an opacity transition and a 0.25 s
    ///   ease-out fade). With Reduce Motion on it always leaves with that fade: a moving transition
    ///   becomes a fade. While the intro shows, the content is hidden from VoiceOver, takes no taps and no
    ///   focus (it is disabled), so a keyboard or a Siri Remote reaches the intro only.
    /// - **Starts** the coordinator when it appears (a second appearance, in another window, changes
    ///   nothing).
    /// - **Reduce Motion** is read from the environment and passed to the coordinator before the first
    ///   frame: with the skip policy the intro is never drawn, not even for one frame.
    /// - **Skipping**, as the configuration's ``IntroSkipPolicy`` says: with
    ///   ``IntroSkipPolicy/tapAnywhere`` the whole intro is one button that skips it (a tap or a click, a
    ///   Siri Remote press, VoiceOver's activation and its escape gesture, the Escape key where there is a
    ///   keyboard); with ``IntroSkipPolicy/control`` only the control the intro places does
    ///   (``IntroSkipButton``), and VoiceOver's escape gesture; with ``IntroSkipPolicy/never``, nothing.
    /// - **Activity**: each window reports its `scenePhase` as the coordinator's `setActive(_:scene:)` when
    ///   it appears and when it changes, and its disappearance as `sceneDisappeared(_:)`. Only
    ///   `.background` pauses the clocks: an `.inactive` scene is still on screen (Control Center or a
    ///   system alert over it, the app switcher) and its animation still plays. A window that goes away
    ///   stops counting; once the last one has gone, the clocks pause.
    ///
    /// - Parameters:
    ///   - coordinator: The intro's coordinator, made once for the app's launch (for example in the `App`).
    ///   - transition: How the intro leaves: `.opacity` (the default), `.move(edge: .leading)`, …
    ///   - animation: The animation it leaves with: by default a 0.25 s ease-out.
    ///   - content: The intro's view, given the coordinator (its `progress`, and its methods for the
    ///     animation to report it loaded, ended or failed).
    public func intro<Progress: Sendable, IntroView: View>(
      _ coordinator: IntroCoordinator<Progress>, transition: AnyTransition = .opacity,
      animation: Animation = .easeOut(duration: 0.25),
      @ViewBuilder content: @escaping (IntroCoordinator<Progress>) -> IntroView
    ) -> some View {
      modifier(IntroModifier(coordinator: coordinator, transition: transition, leaving: animation, introView: content))
    }
  }

  /// Puts the intro above the content and wires the coordinator to SwiftUI: see
  /// `View.intro(_:transition:animation:content:)`.
  struct IntroModifier<Progress: Sendable, IntroView: View>: ViewModifier {
    let coordinator: IntroCoordinator<Progress>
    let transition: AnyTransition
    let leaving: Animation
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
          .disabled(showsIntro)
        if showsIntro {
          IntroLayer(skipPolicy: coordinator.skipPolicy, skip: coordinator.skip) { introView(coordinator) }
            .transition(reduceMotion ? .opacity : transition)
            .zIndex(1)
        }
      }
      .animation(reduceMotion ? .easeOut(duration: 0.25) : leaving, value: showsIntro)
      .onAppear {
        coordinator.start(reduceMotion: reduceMotion)
        coordinator.setActive(scenePhase != .background, scene: scene)
      }
      .onChange(of: scenePhase) { _, phase in coordinator.setActive(phase != .background, scene: scene) }
      .onDisappear { coordinator.sceneDisappeared(scene) }
    }
  }
#endif
