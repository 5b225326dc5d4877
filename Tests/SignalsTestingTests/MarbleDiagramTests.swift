import Signals
import SignalsTesting
import Testing

@Suite struct MarbleDiagramTests {
  @Test func dashesAndEventsCountOneFrameEach() throws {
    let diagram = try MarbleDiagram("--a--b--|")
    #expect(diagram.slots.map(\.frame) == [2, 5, 8])
    #expect(diagram.slots.map(\.symbols) == [[.value("a")], [.value("b")], [.finished]])
    #expect(diagram.frameCount == 9)
  }

  @Test func aGroupIsOneFrameWhateverItsLength() throws {
    let diagram = try MarbleDiagram("-(ab)-c(d#)")
    #expect(diagram.slots.map(\.frame) == [1, 3, 4])
    #expect(diagram.slots[0].symbols == [.value("a"), .value("b")])
    #expect(diagram.slots[0].columns == [3, 4])
    #expect(diagram.slots[2].symbols == [.value("d"), .failed])
  }

  @Test func spacesAreIgnoredButCountAsColumns() throws {
    let diagram = try MarbleDiagram("  -a - b|")
    #expect(diagram.slots.map(\.frame) == [1, 3, 4])
    #expect(diagram.slots.map(\.column) == [4, 8, 9])
  }

  @Test func caretIsFrameZero() throws {
    let diagram = try MarbleDiagram("a-^-b|")
    #expect(diagram.slots.map(\.frame) == [-2, 2, 3])
    #expect(diagram.subscriptionColumn == 3)
    #expect(diagram.frameCount == 4)
  }

  @Test func dashesMayFollowATerminal() throws {
    let diagram = try MarbleDiagram("-|--")
    #expect(diagram.slots.map(\.frame) == [1])
  }

  @Test(arguments: [
    ("--a(b", MarbleError.Kind.unbalancedOpen, 4),
    ("--a)--|", .unbalancedClose, 4),
    ("-(a(b))", .nestedGroup, 4),
    ("-()-", .emptyGroup, 2),
    ("-(a-b)", .notAllowedInGroup("-"), 4),
    ("-(a^)", .notAllowedInGroup("^"), 4),
    ("^-^", .duplicateSubscription, 3),
    ("--|-a", .eventAfterTerminal, 5),
    ("-#(ab)", .eventAfterTerminal, 3),
    ("-(|a)", .eventAfterTerminal, 4),
    ("-|#", .eventAfterTerminal, 3),
  ])
  func invalidDiagramsNameTheColumn(text: String, kind: MarbleError.Kind, column: Int) {
    #expect(throws: MarbleError(kind, column: column, diagram: text)) { try MarbleDiagram(text) }
  }

  @Test func errorDescriptionPointsAtTheColumn() {
    let error = MarbleError(.unbalancedOpen, column: 4, diagram: "--a(b--|")
    #expect(
      error.description == """
        marble diagram error at column 4: '(' is never closed
          --a(b--|
             ^
        """)
  }

  @Test func unknownValueNamesItsColumn() {
    let m = MarbleTest()
    #expect(throws: MarbleError(.unknownValue("c"), column: 6, diagram: "-a-b c|")) {
      _ = try m.hot("-a-b c|", values: ["a": 1, "b": 2])
    }
  }

  @Test func failureWithoutAnErrorNamesItsColumn() {
    let m = MarbleTest()
    #expect(throws: MarbleError(.missingError, column: 3, diagram: "-a#")) {
      _ = try m.cold("-a#")
    }
  }

  @Test func caretIsRejectedOutsideHotInputs() {
    let m = MarbleTest()
    #expect(throws: MarbleError(.subscriptionNotAllowed, column: 2, diagram: "-^a|")) {
      _ = try m.cold("-^a|")
    }
    #expect(throws: MarbleError(.subscriptionNotAllowed, column: 1, diagram: "^a|")) {
      _ = try m.expect(try m.cold("a|"), toProduce: "^a|")
    }
  }
}
