import Foundation

/// Facts about the `Intro` module.
public enum IntroModule {
  /// The version of the intro coordinator's API.
  public static let version = "0.2.0"
  /// The privacy manifest in the module's resources (its `UserDefaults` store must say why it reads them).
  package static var privacyManifest: URL? { Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy") }
}
