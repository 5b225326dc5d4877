import Foundation
import Intro
import Testing

@Suite struct IntroHistoryTests {
  @Test func theTwoStatesSayWhatTheyAre() {
    #expect(!IntroHistory.neverShown.wasShown)
    #expect(IntroHistory.neverShown.lastShownVersion == nil)
    #expect(IntroHistory.shown(version: nil).wasShown)
    #expect(IntroHistory.shown(version: nil).lastShownVersion == nil)
    #expect(IntroHistory.shown(version: "2.1").lastShownVersion == "2.1")
    #expect(IntroHistory.shown(version: "") != IntroHistory.shown(version: nil))
    #expect(IntroHistory.shown(version: nil) != IntroHistory.neverShown)
  }

  @Test func describesItselfForTraces() {
    #expect(IntroHistory.neverShown.description == "never shown")
    #expect(IntroHistory.shown(version: nil).description == "shown")
    #expect(IntroHistory.shown(version: "2.1").description == "shown in \"2.1\"")
    #expect(IntroHistory.shown(version: "").description == "shown in \"\"")
  }

  @Test(arguments: [IntroHistory.neverShown, .shown(version: nil), .shown(version: ""), .shown(version: "2.1")])
  func codableRoundTrip(_ history: IntroHistory) throws {
    let data = try JSONEncoder().encode(history)
    #expect(try JSONDecoder().decode(IntroHistory.self, from: data) == history)
  }

  @Test func decodesItsDocumentedKeys() throws {
    let json = #"{"wasShown": true, "lastShownVersion": "2.1"}"#
    #expect(try JSONDecoder().decode(IntroHistory.self, from: Data(json.utf8)) == .shown(version: "2.1"))
    let never = #"{"wasShown": false}"#
    #expect(try JSONDecoder().decode(IntroHistory.self, from: Data(never.utf8)) == .neverShown)
  }

  @Test(arguments: [
    #"{"wasShown": false, "lastShownVersion": "2.1"}"#,
    #"{"lastShownVersion": "2.1"}"#,
    #"{"wasShown": "yes"}"#,
  ])
  func rejectsDataThatIsNotAHistory(_ json: String) {
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(IntroHistory.self, from: Data(json.utf8)) }
  }
}
