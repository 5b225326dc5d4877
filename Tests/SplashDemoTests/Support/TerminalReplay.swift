import SplashDemoKit

/// A small terminal in memory: plays back what the demo writes (cursor moves, styles, clears, text) onto
/// a grid of characters, and notes anything it would have had to wrap or does not know.
struct TerminalReplay {
  let width: Int
  let height: Int
  private(set) var grid: [[Character]]
  private(set) var row = 0
  private(set) var column = 0
  /// Characters written past the right edge (a real terminal would wrap them).
  private(set) var overflows = 0
  /// Escape sequences this replay does not know.
  private(set) var unknown: [String] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    grid = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  /// The rows as text, trailing spaces trimmed (like `tmux capture-pane -p`).
  var lines: [String] {
    grid.map { row in
      var text = String(row)
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  mutating func play(_ output: String) {
    var characters = Array(output)[...]
    while let character = characters.popFirst() {
      switch character {
      case "\u{18}": continue
      case "\u{1B}":
        guard characters.first == "[" else {
          unknown.append("ESC \(characters.first.map(String.init) ?? "")")
          continue
        }
        characters.removeFirst()
        var parameters = ""
        while let next = characters.first, !(next.isLetter) {
          parameters.append(next)
          characters.removeFirst()
        }
        guard let final = characters.popFirst() else { return }
        control(parameters, final)
      default:
        guard row < height else { continue }
        if column >= width {
          overflows += 1
          continue
        }
        grid[row][column] = character
        column += 1
      }
    }
  }

  private mutating func control(_ parameters: String, _ final: Character) {
    switch (parameters, final) {
    case (_, "H"):
      let numbers = parameters.split(separator: ";").compactMap { Int($0) }
      row = (numbers.first ?? 1) - 1
      column = (numbers.count > 1 ? numbers[1] : 1) - 1
    case ("2", "J"):
      grid = Array(repeating: Array(repeating: " ", count: width), count: height)
    case (_, "m"), ("?25", "l"), ("?25", "h"), ("?1049", "h"), ("?1049", "l"):
      break
    default:
      unknown.append("CSI \(parameters)\(final)")
    }
  }
}

extension DemoScreen {
  /// The blocks of non-blank rows (separated by blank rows), each as the first and last column any of its
  /// rows uses: what the tmux test checks for centring.
  static func blocks(of lines: [String]) -> [(rows: Range<Int>, first: Int, last: Int)] {
    var blocks: [(rows: Range<Int>, first: Int, last: Int)] = []
    var start: Int?
    for index in 0...lines.count {
      let blank = index == lines.count || lines[index].allSatisfy { $0 == " " }
      if blank, let begin = start {
        let rows = lines[begin..<index]
        let first = rows.map { $0.prefix { $0 == " " }.count }.min()!
        let last = rows.map { $0.count - 1 }.max()!
        blocks.append((begin..<index, first, last))
        start = nil
      } else if !blank, start == nil {
        start = index
      }
    }
    return blocks
  }
}
