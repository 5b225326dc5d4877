/// The demo's logo: "SIGNALS" in a 5-pixel-high font, drawn with block elements at three sizes.
package enum DemoLogo {
  /// The letters, one string per pixel row (`#` on).
  static let letters: [[String]] = [
    [".###", "#...", ".##.", "...#", "###."],  // S
    ["###", ".#.", ".#.", ".#.", "###"],  // I
    [".###", "#...", "#.##", "#..#", ".###"],  // G
    ["#..#", "##.#", "#.##", "#..#", "#..#"],  // N
    [".##.", "#..#", "####", "#..#", "#..#"],  // A
    ["#...", "#...", "#...", "#...", "####"],  // L
    [".###", "#...", ".##.", "...#", "###."],  // S
  ]

  /// The logo's pixels: 5 rows, a column gap between letters.
  static let pixels: [[Bool]] = (0..<5).map { row in
    letters.enumerated().flatMap { index, letter in
      (index == 0 ? [] : [false]) + letter[row].map { $0 == "#" }
    }
  }

  /// How big the logo is drawn.
  package enum Size: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// A pixel is half a cell (`▀`, `▄`, `█`): 33 × 3.
    case small = 1
    /// A pixel is two cells side by side (`██`): 66 × 5.
    case medium = 2
    /// A pixel is four cells by two rows: 132 × 10.
    case large = 4

    /// Orders sizes from small to large.
    package static func < (lhs: Size, rhs: Size) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The logo's rows at `size`, all of the same width (spaces where a pixel is off).
  package static func rows(_ size: Size) -> [String] {
    switch size {
    case .small:
      return stride(from: 0, to: pixels.count, by: 2).map { top in
        let bottom = top + 1 < pixels.count ? pixels[top + 1] : Array(repeating: false, count: pixels[top].count)
        return String(
          zip(pixels[top], bottom).map { upper, lower -> Character in
            switch (upper, lower) {
            case (true, true): "█"
            case (true, false): "▀"
            case (false, true): "▄"
            case (false, false): " "
            }
          })
      }
    case .medium, .large:
      let columns = size == .medium ? 2 : 4
      let repeats = size == .medium ? 1 : 2
      return pixels.flatMap { row in
        let line = String(row.flatMap { Array(repeating: $0 ? "█" : " ", count: columns) as [Character] })
        return Array(repeating: line, count: repeats)
      }
    }
  }

  /// The largest size that fits in `columns` × `rows` cells, or `nil` if none does.
  package static func largestSize(fitting columns: Int, _ rows: Int) -> Size? {
    Size.allCases.reversed().first { size in
      let drawn = self.rows(size)
      return drawn[0].count <= columns && drawn.count <= rows
    }
  }
}
