import SplashDemoKit
import Testing

@Suite struct DemoScreenTests {
  private let style = DemoCellStyle(foreground: TerminalColor(hex: 0xFFFFFF), background: TerminalColor(hex: 0))

  @Test func textIsClippedAtEveryEdge() {
    var screen = DemoScreen(width: 10, height: 3, style: style)
    screen.draw("0123456789ABC", row: 0, column: 0, style: style)
    screen.draw("xyz", row: 1, column: -2, style: style)
    screen.draw("end", row: 2, column: 8, style: style)
    screen.draw("never", row: 3, column: 0, style: style)
    screen.draw("never", row: -1, column: 0, style: style)
    #expect(screen.lines == ["0123456789", "z", "        en"])
    #expect(screen.cells.count == 30)
  }

  @Test func controlCharactersAreDrawnAsQuestionMarks() {
    var screen = DemoScreen(width: 6, height: 1, style: style)
    screen.draw("a\u{1B}[2Jb", row: 0, column: 0, style: style)
    #expect(screen.lines == ["a?[2Jb"])
  }

  @Test(arguments: [(80, 25, 27), (80, 24, 28), (200, 25, 87), (5, 25, 0), (81, 24, 28)])
  func centringLeavesTheSameMarginOrOneMoreOnTheRight(width: Int, count: Int, column: Int) {
    #expect(DemoScreen.centeredColumn(of: count, in: width) == column)
    if count <= width {
      let right = width - column - count
      #expect(right == column || right == column + 1)
    }
  }

  @Test func centredTextTooWideIsCutWithAnEllipsis() {
    var screen = DemoScreen(width: 12, height: 1, style: style)
    let column = screen.drawCentered("a long line of text", row: 0, style: style)
    #expect(column == 2)
    #expect(screen.lines == ["  a long …"])  // two columns kept free each side
    #expect(DemoScreen.fitted("abc", width: 3) == "abc")
    #expect(DemoScreen.fitted("abcd", width: 1) == "a")
  }

  @Test func colours() {
    #expect(TerminalColor(hex: 0x000000).paletteIndex == 16)
    #expect(TerminalColor(hex: 0xFFFFFF).paletteIndex == 231)
    #expect(TerminalColor(hex: 0xFF0000).paletteIndex == 196)
    #expect(TerminalColor(hex: 0x808080).paletteIndex == 244)  // the grey ramp is nearer than the cube
    #expect(TerminalColor(hex: 0x5F87AF).paletteIndex == 67)
    let black = TerminalColor(hex: 0)
    let white = TerminalColor(hex: 0xFFFFFF)
    #expect(black.mixed(with: white, by: 0.5) == TerminalColor(red: 128, green: 128, blue: 128))
    #expect(black.mixed(with: white, by: 2) == white)
    #expect(black.mixed(with: white, by: -1) == black)
    #expect(TerminalColor(hex: 0x1E1B4B) == TerminalColor(red: 0x1E, green: 0x1B, blue: 0x4B))
    // Indigo is not in the palette: by distance, a grey is nearer than any blue of the cube.
    #expect(TerminalColor(hex: 0x1E1B4B).paletteIndex == 236)
  }

  @Test func theLogoHasThreeSizesOfEvenRows() {
    for size in DemoLogo.Size.allCases {
      let rows = DemoLogo.rows(size)
      #expect(Set(rows.map(\.count)).count == 1, "\(size): rows of one width")
    }
    #expect(DemoLogo.rows(.small).count == 3)
    #expect(DemoLogo.rows(.small)[0].count == 33)
    #expect(DemoLogo.rows(.medium).count == 5)
    #expect(DemoLogo.rows(.medium)[0].count == 66)
    #expect(DemoLogo.rows(.large).count == 10)
    #expect(DemoLogo.rows(.large)[0].count == 132)
    #expect(DemoLogo.largestSize(fitting: 196, 30) == .large)
    #expect(DemoLogo.largestSize(fitting: 76, 9) == .medium)
    #expect(DemoLogo.largestSize(fitting: 60, 9) == .small)
    #expect(DemoLogo.largestSize(fitting: 20, 9) == nil)
    #expect(DemoLogo.rows(.small)[0].hasPrefix("▄▀▀▀ ▀█▀"))
  }
}

@Suite struct TerminalFrameEncoderTests {
  private let style = DemoCellStyle(foreground: TerminalColor(hex: 0xD7D7FF), background: TerminalColor(hex: 0x00005F))

  private func screen(_ lines: [String], width: Int = 8) -> DemoScreen {
    var screen = DemoScreen(width: width, height: lines.count, style: style)
    for (row, line) in lines.enumerated() { screen.draw(line, row: row, column: 0, style: style) }
    return screen
  }

  @Test func aFirstFrameDrawsEveryRowAndReplaysToTheScreen() {
    let first = screen(["hello", "", "  world!"])
    let output = TerminalFrameEncoder().encode(first, over: nil)
    var replay = TerminalReplay(width: 8, height: 3)
    replay.play(output)
    #expect(replay.lines == first.lines)
    #expect(replay.overflows == 0)
    #expect(replay.unknown.isEmpty)
    #expect(output.hasPrefix("\u{1B}[1;1H\u{1B}[0;38;5;189;48;5;17m"))
    #expect(output.hasSuffix("\u{1B}[0m"))
  }

  @Test func laterFramesRewriteOnlyTheRowsThatChanged() {
    let first = screen(["one", "two", "three"])
    let second = screen(["one", "2", "three"])
    let encoder = TerminalFrameEncoder()
    let output = encoder.encode(second, over: first)
    #expect(output.contains("\u{1B}[2;1H"))
    #expect(!output.contains("\u{1B}[1;1H"))
    #expect(!output.contains("\u{1B}[3;1H"))
    #expect(encoder.encode(second, over: second).isEmpty)
    var replay = TerminalReplay(width: 8, height: 3)
    replay.play(encoder.encode(first, over: nil) + output)
    #expect(replay.lines == second.lines)
  }

  @Test func aNewSizeRedrawsEverything() {
    let small = screen(["a", "b"], width: 4)
    let large = screen(["a", "b"], width: 6)
    let output = TerminalFrameEncoder().encode(large, over: small)
    #expect(output.contains("\u{1B}[1;1H") && output.contains("\u{1B}[2;1H"))
  }

  @Test func stylesAreWrittenOncePerRun() {
    var mixed = DemoScreen(width: 4, height: 1, style: style)
    mixed.draw("ab", row: 0, column: 0, style: style.bold)
    let output = TerminalFrameEncoder().encode(mixed, over: nil)
    #expect(output.components(separatedBy: "\u{1B}[0;1;").count == 2)
    #expect(output.components(separatedBy: "\u{1B}[0;38").count == 2)
  }

  @Test func trueColourWhereTheTerminalSaysSo() {
    #expect(TerminalFrameEncoder.colorDepth(environment: ["COLORTERM": "truecolor"]) == .trueColor)
    #expect(TerminalFrameEncoder.colorDepth(environment: ["COLORTERM": "24bit"]) == .trueColor)
    #expect(TerminalFrameEncoder.colorDepth(environment: [:]) == .palette)
    let output = TerminalFrameEncoder(colorDepth: .trueColor).encode(screen(["x"]), over: nil)
    #expect(output.contains("38;2;215;215;255;48;2;0;0;95m"))
  }

  @Test func theSizeFromTheEnvironment() {
    #expect(TerminalSize.of(environment: ["COLUMNS": "100", "LINES": "40"]) == TerminalSize(columns: 100, rows: 40))
    #expect(TerminalSize.of(environment: ["COLUMNS": "100"]) == nil)
    #expect(TerminalSize.of(environment: ["COLUMNS": "0", "LINES": "40"]) == nil)
    #expect(TerminalSize.fallback.description == "80×24")
    #expect(TerminalSize.of(descriptor: -1) == nil)
  }
}
