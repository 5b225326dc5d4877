/// A screen's worth of cells in memory: what the terminal shows, as text and styles.
///
/// Everything the demo draws goes here first; the terminal gets it through ``TerminalFrameEncoder``, and
/// tests read it back as text (``lines``). Each cell holds one Unicode scalar of one column: the demo
/// draws only characters one column wide (ASCII, the block elements of the logo, box-drawing lines). Text
/// is clipped at the screen's edges, so nothing drawn can exceed the width or wrap.
package struct DemoScreen: Sendable, Hashable {
  /// One character and how it is drawn.
  package struct Cell: Sendable, Hashable {
    /// The character (a space when blank).
    package var character: Unicode.Scalar
    /// Its style.
    package var style: DemoCellStyle

    /// A cell.
    package init(character: Unicode.Scalar, style: DemoCellStyle) {
      self.character = character
      self.style = style
    }
  }

  /// The number of columns.
  package let width: Int
  /// The number of rows.
  package let height: Int
  /// The cells, row by row.
  package private(set) var cells: [Cell]

  /// A screen of `width` × `height` blank cells in `style` (its background fills the screen).
  package init(width: Int, height: Int, style: DemoCellStyle) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    cells = Array(repeating: Cell(character: " ", style: style), count: self.width * self.height)
  }

  /// The cell at `row`, `column` (both from 0).
  package subscript(row: Int, column: Int) -> Cell {
    cells[row * width + column]
  }

  /// Draws `text` from `column` on `row` in `style`, a cell per Unicode scalar; what falls outside the
  /// screen is dropped. Control characters are drawn as `?`.
  package mutating func draw(_ text: String, row: Int, column: Int, style: DemoCellStyle) {
    guard row >= 0, row < height else { return }
    var column = column
    for scalar in text.unicodeScalars {
      defer { column += 1 }
      guard column >= 0 else { continue }
      guard column < width else { return }
      let printable = scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value)
      cells[row * width + column] = Cell(character: printable ? scalar : "?", style: style)
    }
  }

  /// Changes the style of every cell (`transform` is called once per distinct style).
  package mutating func restyle(_ transform: (DemoCellStyle) -> DemoCellStyle) {
    var transformed: [DemoCellStyle: DemoCellStyle] = [:]
    for index in cells.indices {
      let style = cells[index].style
      if let known = transformed[style] {
        cells[index].style = known
      } else {
        let new = transform(style)
        transformed[style] = new
        cells[index].style = new
      }
    }
  }

  /// Draws `text` centred on `row` (one column left of centre when the margins cannot be equal) and
  /// returns its first column. Text wider than the screen less two columns each side is cut, ending in `…`.
  @discardableResult
  package mutating func drawCentered(_ text: String, row: Int, style: DemoCellStyle) -> Int {
    let fitted = Self.fitted(text, width: width - 4)
    let column = Self.centeredColumn(of: fitted.unicodeScalars.count, in: width)
    draw(fitted, row: row, column: column, style: style)
    return column
  }

  /// `text`, cut to `width` cells ending in `…` when it is longer.
  package static func fitted(_ text: String, width: Int) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > width else { return text }
    guard width > 1 else { return String(String.UnicodeScalarView(scalars.prefix(max(width, 0)))) }
    return String(String.UnicodeScalarView(scalars.prefix(width - 1))) + "…"
  }

  /// Fills `row` with `style`'s background (blank cells).
  package mutating func fill(row: Int, style: DemoCellStyle) {
    draw(String(repeating: " ", count: width), row: row, column: 0, style: style)
  }

  /// The first column of a block `count` columns wide centred in `width` (0 if it is wider).
  package static func centeredColumn(of count: Int, in width: Int) -> Int {
    max((width - count) / 2, 0)
  }

  /// Row `row` as text, trailing spaces included.
  package func line(_ row: Int) -> String {
    var text = String.UnicodeScalarView()
    for cell in cells[(row * width)..<((row + 1) * width)] { text.append(cell.character) }
    return String(text)
  }

  /// Every row as text, trailing spaces trimmed: what a terminal capture shows.
  package var lines: [String] {
    (0..<height).map { row in
      var text = String.UnicodeScalarView()
      let cells = self.cells[(row * width)..<((row + 1) * width)]
      let end = cells.lastIndex { $0.character != " " }.map { $0 + 1 } ?? cells.startIndex
      for cell in cells[cells.startIndex..<end] { text.append(cell.character) }
      return String(text)
    }
  }
}
