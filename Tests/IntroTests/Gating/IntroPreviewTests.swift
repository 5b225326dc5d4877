import Intro
import Testing

/// Nothing an Xcode preview runs writes the person's defaults: there, a gate that remembers with no store
/// of its own keeps its history in memory, a new one for each coordinator, so every preview shows the
/// intro. (`XCODE_RUNNING_FOR_PREVIEWS=1` is how Xcode's preview process says it is one.)
@Suite("Xcode previews") struct IntroPreviewTests {
  static func configuration(_ gate: IntroGate) -> IntroConfiguration<Never> {
    IntroConfiguration(animation: .endTrigger(), timeout: .seconds(3), gate: gate)
  }

  @Test func aPreviewIsToldByXcodesVariable() {
    #expect(IntroRunContext.isXcodePreview(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"]))
    #expect(!IntroRunContext.isXcodePreview(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "0"]))
    #expect(!IntroRunContext.isXcodePreview(environment: [:]))
    #expect(!IntroRunContext.isXcodePreview, "this test process is not a preview")
  }

  @Test(arguments: [IntroGate.firstLaunch, .afterUpdate(version: "2.0")])
  func inAPreviewARememberingGateWithNoStoreRemembersInMemoryOnly(_ gate: IntroGate) throws {
    let configuration = Self.configuration(gate)
    let first = try #require(configuration.historyStore(inXcodePreview: true) as? InMemoryIntroHistoryStore)
    let second = try #require(configuration.historyStore(inXcodePreview: true) as? InMemoryIntroHistoryStore)
    #expect(first !== second, "each coordinator (each preview) starts from a fresh install")
    #expect(first.history == .neverShown)
    #expect(configuration.historyStore(inXcodePreview: false) is UserDefaultsIntroHistoryStore)
  }

  @Test func aStoreTheAppNamesIsItsChoiceInAPreviewToo() {
    var configuration = Self.configuration(.firstLaunch)
    let store = InMemoryIntroHistoryStore(.shown(version: nil))
    configuration.historyStore = store
    #expect(configuration.historyStore(inXcodePreview: true) as? InMemoryIntroHistoryStore === store)
    #expect(Self.configuration(.everyLaunch).historyStore(inXcodePreview: true) == nil)
  }
}
