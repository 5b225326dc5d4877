import Foundation
import Intro
import Testing

/// `Intro` reads and writes `UserDefaults` (its default history store), an API whose use an app must explain
/// in a privacy manifest: the module ships one, in its resources, so the app that links it has nothing to add.
@Suite struct PrivacyManifestTests {
  @Test func theModuleShipsAPrivacyManifestGivingItsReasonsForUserDefaults() throws {
    let url = try #require(IntroModule.privacyManifest, "PrivacyInfo.xcprivacy is in the module's resource bundle")
    let manifest = try #require(
      try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
    #expect(manifest["NSPrivacyTracking"] as? Bool == false)
    #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    let uses = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    #expect(uses.count == 1, "UserDefaults is the only required-reason API the module calls")
    #expect(uses.first?["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
    // The app's own defaults (the default store), and an App Group's (a store with a suite name).
    #expect(uses.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["CA92.1", "1C8F.1"])
  }
}
