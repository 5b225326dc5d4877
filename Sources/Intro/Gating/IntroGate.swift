/// When an intro may show: on every cold launch, on the first launch only, or after the app is updated.
///
/// A gate is a pure decision over an ``IntroHistory`` read from an ``IntroHistoryStore``:
/// ``allowsIntro(given:)`` says whether the intro shows, and ``historyToRecord(presentingAfter:)`` says what to
/// write once it starts presenting (animated or static). Nothing is written when the intro does not show.
///
/// After-update gating takes the version string of the running app. Most apps pass the marketing version
/// (`CFBundleShortVersionString`), so the intro shows again after each release; `CFBundleVersion` (the build
/// number) would also show it after every TestFlight build. Versions are compared exactly, as strings: "after an
/// update" means the stored version is absent or differs. An app without a version string can pass `""`: the
/// intro then shows once, like ``firstLaunch``.
///
/// ```swift
/// import Foundation
/// import Intro
///
/// let appVersion = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String ?? ""
/// let gate = IntroGate.afterUpdate(version: appVersion)
/// let store = InMemoryIntroHistoryStore()
/// let history = store.read().history
/// if gate.allowsIntro(given: history) {
///   // The intro starts presenting: record it now, not when it ends.
///   if let record = gate.historyToRecord(presentingAfter: history) {
///     store.write(record) { diagnostic in print(diagnostic) }
///   }
/// }
/// ```
public enum IntroGate: Sendable, Hashable {
  /// Every cold launch shows the intro (a resume from the background never does; that is the launch kind's
  /// decision, not the gate's).
  case everyLaunch

  /// Only a launch whose history says the intro was never shown.
  case firstLaunch

  /// A launch of an app version other than the one that last showed the intro, and the first launch.
  ///
  /// - Parameter version: The running app's version string, such as
  ///   `Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String`.
  case afterUpdate(version: String)

  /// Whether the intro shows on a cold launch with this history.
  ///
  /// ``everyLaunch``: always. ``firstLaunch``: when ``IntroHistory/wasShown`` is `false`.
  /// ``afterUpdate(version:)``: when ``IntroHistory/lastShownVersion`` is absent or differs from `version`.
  public func allowsIntro(given history: IntroHistory) -> Bool {
    switch self {
    case .everyLaunch: true
    case .firstLaunch: !history.wasShown
    case .afterUpdate(let version): history.lastShownVersion != version
    }
  }

  /// The history to write once the intro starts presenting, or `nil` when `history` already says it.
  ///
  /// After-update gating records its version; the other gates record "shown" and keep the stored version.
  /// Call it only when the intro does present: a launch that does not show it records nothing.
  public func historyToRecord(presentingAfter history: IntroHistory) -> IntroHistory? {
    let recorded: IntroHistory
    switch self {
    case .everyLaunch, .firstLaunch: recorded = .shown(version: history.lastShownVersion)
    case .afterUpdate(let version): recorded = .shown(version: version)
    }
    return recorded == history ? nil : recorded
  }
}
