/// What an app remembers about its intro: whether it was ever shown, and the last app version that showed it.
///
/// "Shown" means the intro *started presenting* (animated or as a static pose), so an app killed during its
/// intro does not replay it forever. A history is one of two states, and nothing else can be built or decoded:
/// ``neverShown``, or ``shown(version:)`` with the version of the app that last showed it (`nil` when the intro
/// was recorded by a gate that does not track versions, such as ``IntroGate/firstLaunch``).
///
/// ```swift
/// import Intro
///
/// let history = IntroHistory.shown(version: "2.1")
/// print(history.wasShown, history.lastShownVersion ?? "none")  // true 2.1
/// print(IntroGate.afterUpdate(version: "2.2").allowsIntro(given: history))  // true
/// ```
public struct IntroHistory: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Whether the intro ever started presenting.
  public let wasShown: Bool

  /// The app version that last showed the intro: `nil` when it was never shown, or shown without a version.
  ///
  /// Compared exactly, as a string: `"2.0"` and `"2.0.0"` are different versions, and so are `""` and `nil`.
  public let lastShownVersion: String?

  private init(wasShown: Bool, lastShownVersion: String?) {
    self.wasShown = wasShown
    self.lastShownVersion = lastShownVersion
  }

  /// The intro never started presenting (or its record was lost): the history of a fresh install.
  public static let neverShown = IntroHistory(wasShown: false, lastShownVersion: nil)

  /// The intro started presenting; `version` is the app version that last showed it, if it was known.
  public static func shown(version: String?) -> IntroHistory {
    IntroHistory(wasShown: true, lastShownVersion: version)
  }

  /// `never shown`, `shown` or `shown in "2.1"`: for traces and logs.
  public var description: String {
    guard wasShown else { return "never shown" }
    guard let lastShownVersion else { return "shown" }
    return "shown in \"\(lastShownVersion)\""
  }

  private enum CodingKeys: String, CodingKey {
    case wasShown
    case lastShownVersion
  }

  /// Decodes `{"wasShown": true, "lastShownVersion": "2.1"}` (the version optional); a version on a history
  /// that was never shown is rejected as corrupt data.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let wasShown = try container.decode(Bool.self, forKey: .wasShown)
    let version = try container.decodeIfPresent(String.self, forKey: .lastShownVersion)
    if !wasShown, version != nil {
      throw DecodingError.dataCorruptedError(
        forKey: .lastShownVersion, in: container, debugDescription: "a last shown version on a history never shown")
    }
    self.init(wasShown: wasShown, lastShownVersion: version)
  }
}
