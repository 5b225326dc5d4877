import Foundation

/// An ``IntroHistoryStore`` in `UserDefaults`: one `String` under one key, which `@AppStorage` can bind to.
///
/// **Format.** The key is absent when the intro was never shown. Otherwise it holds a `String`: the app version
/// that last showed the intro, or `""` when it was recorded without a version (by ``IntroGate/firstLaunch`` or
/// ``IntroGate/everyLaunch``). So `""` reads back as ``IntroHistory/shown(version:)`` with version `""`: the
/// gates decide alike for both, except `afterUpdate(version: "")`, which treats the two as the same version.
/// Writing ``IntroHistory/neverShown`` removes the key. A value of another type under the key (a `Bool` left
/// by an older build, say) reads as never shown with a ``IntroHistoryDiagnostic/Kind/corrupt`` diagnostic,
/// and is replaced by the next write.
///
/// **With `@AppStorage`.** The same key and suite bind to an optional `String`; `nil` means never shown, and
/// setting it to `nil` (a "Replay the intro" setting) shows the intro at the next cold launch:
///
/// <!-- setup
/// import SwiftUI
/// struct ReplaySetting {
///   // snippet
/// }
/// -->
/// ```swift
/// @AppStorage("intro.lastShownVersion", store: UserDefaults(suiteName: "group.com.example.app"))
/// private var introLastShownVersion: String?
/// ```
///
/// Reads and writes happen on the calling thread (`UserDefaults` is thread-safe); a write never fails, except
/// when the suite could not be opened.
///
/// ```swift
/// import Intro
///
/// func replayIntroSetting(appGroup: String) {
///   let store = UserDefaultsIntroHistoryStore(suiteName: appGroup, key: "intro.lastShownVersion")
///   print(store.read().history)  // shown in "2.1", say
///   store.write(.neverShown) { print($0) }  // removes the key: the next cold launch shows the intro
/// }
/// ```
public struct UserDefaultsIntroHistoryStore: IntroHistoryStore {
  // `UserDefaults` is documented as thread-safe and is `Sendable` in Apple's SDKs; swift-corelibs-foundation
  // marks that conformance unavailable. The reference never changes, and every call goes to `UserDefaults`.
  private final class Defaults: @unchecked Sendable {
    let defaults: UserDefaults
    init(_ defaults: UserDefaults) { self.defaults = defaults }
  }

  /// The key an ``IntroConfiguration`` without a store uses, in `UserDefaults.standard`:
  /// `intro.lastShownVersion` (`@AppStorage("intro.lastShownVersion")` reads and resets it).
  public static let defaultKey = "intro.lastShownVersion"

  /// The key the history is stored under.
  public let key: String
  /// Where the history lives, as diagnostics name it: the suite (or `UserDefaults.standard`) and the key.
  public let source: String
  private let defaults: Defaults?

  /// A store under `key` in the suite named `suiteName`, or in `UserDefaults.standard` when it is `nil`
  /// (by default: ``defaultKey`` in `UserDefaults.standard`, the store of a configuration without one).
  ///
  /// A suite name that Foundation refuses (on Apple's platforms, the global domain's name or the app's own
  /// bundle identifier) gives a store whose reads and writes report an
  /// ``IntroHistoryDiagnostic/Kind/unreadable`` or ``IntroHistoryDiagnostic/Kind/writeFailed`` diagnostic.
  public init(suiteName: String? = nil, key: String = defaultKey) {
    if let suiteName {
      let source = "UserDefaults suite \"\(suiteName)\", key \"\(key)\""
      self.init(defaults: UserDefaults(suiteName: suiteName), key: key, source: source)
    } else {
      self.init(defaults: UserDefaults.standard, key: key, source: "UserDefaults.standard, key \"\(key)\"")
    }
  }

  /// A store under `key` in `defaults`.
  public init(defaults: UserDefaults, key: String) {
    self.init(defaults: defaults, key: key, source: "UserDefaults, key \"\(key)\"")
  }

  /// A store under `key` in `defaults`, named `source` in diagnostics; `nil` defaults: a suite that could not
  /// be opened.
  package init(defaults: UserDefaults?, key: String, source: String) {
    self.key = key
    self.source = source
    self.defaults = defaults.map(Defaults.init)
  }

  /// Reads the key: absent is never shown, a `String` is the last version shown, anything else is corrupt.
  public func read() -> IntroHistoryReading {
    guard let defaults = defaults?.defaults else {
      return IntroHistoryReading(fault: diagnostic(.unreadable, "the suite could not be opened"))
    }
    guard let value = defaults.object(forKey: key) else { return IntroHistoryReading(history: .neverShown) }
    guard let version = value as? String else {
      return IntroHistoryReading(fault: diagnostic(.corrupt, "holds \(Self.describe(value)), not a String"))
    }
    return IntroHistoryReading(history: .shown(version: version))
  }

  /// Sets the key to the last version shown (`""` without one), or removes it for a history never shown.
  public func write(_ history: IntroHistory, onFailure: @escaping @Sendable (IntroHistoryDiagnostic) -> Void) {
    guard let defaults = defaults?.defaults else {
      onFailure(diagnostic(.writeFailed, "the suite could not be opened"))
      return
    }
    if history.wasShown {
      defaults.set(history.lastShownVersion ?? "", forKey: key)
    } else {
      defaults.removeObject(forKey: key)
    }
    #if !canImport(Darwin)
      _ = defaults.synchronize()  // swift-corelibs-foundation writes its defaults to disk only when asked
    #endif
  }

  private func diagnostic(_ kind: IntroHistoryDiagnostic.Kind, _ cause: String) -> IntroHistoryDiagnostic {
    IntroHistoryDiagnostic(kind: kind, source: source, cause: cause)
  }

  private static func describe(_ value: Any) -> String {
    switch value {
    case is Bool, is Int, is Double, is NSNumber: "a number"
    case is Data: "data"
    case is Date: "a date"
    case is [Any]: "an array"
    case is [String: Any]: "a dictionary"
    default: "a value of type \(type(of: value))"
    }
  }
}
