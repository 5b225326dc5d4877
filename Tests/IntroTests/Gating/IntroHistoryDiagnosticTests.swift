import Intro
import Testing

@Suite struct IntroHistoryDiagnosticTests {
  @Test(arguments: IntroHistoryDiagnostic.Kind.allCases)
  func theMessageIsOneLineNamingTheSourceAndTheCause(_ kind: IntroHistoryDiagnostic.Kind) {
    let diagnostic = IntroHistoryDiagnostic(kind: kind, source: "/tmp/a\nb.json", cause: "line one\nline two")
    #expect(diagnostic.kind == kind)
    #expect(diagnostic.source == "/tmp/a b.json")
    #expect(diagnostic.cause == "line one line two")
    #expect(!diagnostic.message.contains { $0.isNewline })
    #expect(diagnostic.message.contains("/tmp/a b.json: line one line two"))
    #expect(diagnostic.description == diagnostic.message)
    // A read fault says what the coordinator does with it; a write fault has nothing to add.
    #expect(diagnostic.message.hasSuffix("; counted as never shown") == (kind != .writeFailed))
  }

  @Test func eachKindIsNamedInItsMessage() {
    let messages = IntroHistoryDiagnostic.Kind.allCases.map {
      IntroHistoryDiagnostic(kind: $0, source: "s", cause: "c").message
    }
    #expect(
      messages == [
        "intro history unreadable at s: c; counted as never shown",
        "intro history corrupt at s: c; counted as never shown",
        "intro history in an unsupported format at s: c; counted as never shown",
        "intro history not written at s: c",
      ])
  }

  @Test func aReadingOfAFaultySourceIsNeverShown() {
    let diagnostic = IntroHistoryDiagnostic(kind: .corrupt, source: "s", cause: "c")
    let reading = IntroHistoryReading(fault: diagnostic)
    #expect(reading.history == .neverShown)
    #expect(reading.diagnostic == diagnostic)
    #expect(IntroHistoryReading(history: .shown(version: "1")).diagnostic == nil)
  }
}
