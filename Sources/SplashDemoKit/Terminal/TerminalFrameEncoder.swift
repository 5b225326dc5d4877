/// Turns ``DemoScreen``s into the bytes that draw them on an ANSI terminal, rewriting only the rows that
/// changed since the previous frame.
package struct TerminalFrameEncoder: Sendable, Hashable {
  /// How colours are written.
  package enum ColorDepth: Sendable, Hashable {
    /// The xterm 256-colour palette (`38;5;N`): every terminal the demo targets.
    case palette
    /// 24-bit colour (`38;2;R;G;B`), where the terminal says so (`COLORTERM=truecolor`).
    case trueColor
  }

  /// How colours are written.
  package var colorDepth: ColorDepth

  /// An encoder writing colours at `colorDepth`.
  package init(colorDepth: ColorDepth = .palette) {
    self.colorDepth = colorDepth
  }

  /// The colour depth a terminal takes, from its environment: 24-bit when `COLORTERM` says `truecolor` or
  /// `24bit`.
  package static func colorDepth(environment: [String: String]) -> ColorDepth {
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .palette
  }

  /// Switches to the alternate screen, hides the cursor and clears.
  package static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[2J"
  /// Resets the style, shows the cursor and leaves the alternate screen (what the restore writes too).
  package static let leaveSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// The bytes that turn `previous` (what the terminal shows; `nil` when unknown) into `screen`: every row
  /// that differs, each from its first column. A different size redraws everything.
  package func encode(_ screen: DemoScreen, over previous: DemoScreen?) -> String {
    let known = previous.flatMap { $0.width == screen.width && $0.height == screen.height ? $0 : nil }
    var output = ""
    var current: DemoCellStyle?
    for row in 0..<screen.height {
      let start = row * screen.width
      let cells = screen.cells[start..<(start + screen.width)]
      if let known, known.cells[start..<(start + screen.width)] == cells { continue }
      output += "\u{1B}[\(row + 1);1H"
      for cell in cells {
        if cell.style != current {
          output += sgr(cell.style)
          current = cell.style
        }
        output.unicodeScalars.append(cell.character)
      }
    }
    if current != nil { output += "\u{1B}[0m" }
    return output
  }

  /// The select-graphic-rendition sequence for `style`.
  func sgr(_ style: DemoCellStyle) -> String {
    "\u{1B}[0;\(style.isBold ? "1;" : "")38;\(color(style.foreground));48;\(color(style.background))m"
  }

  private func color(_ color: TerminalColor) -> String {
    switch colorDepth {
    case .palette: "5;\(color.paletteIndex)"
    case .trueColor: "2;\(color.red);\(color.green);\(color.blue)"
    }
  }
}
