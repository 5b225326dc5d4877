/// A colour as red, green and blue, drawn as the nearest of the terminal's 256 colours, or exactly where
/// the terminal says it takes 24-bit colour.
package struct TerminalColor: Sendable, Hashable {
  /// Red, 0–255.
  package var red: UInt8
  /// Green, 0–255.
  package var green: UInt8
  /// Blue, 0–255.
  package var blue: UInt8

  /// A colour from its components.
  package init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// A colour from `0xRRGGBB`.
  package init(hex: UInt32) {
    self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
  }

  /// The colour `fraction` of the way from this one to `other` (0: this one, 1: `other`).
  package func mixed(with other: TerminalColor, by fraction: Double) -> TerminalColor {
    let amount = min(max(fraction, 0), 1)
    func mix(_ from: UInt8, _ to: UInt8) -> UInt8 {
      UInt8((Double(from) + (Double(to) - Double(from)) * amount).rounded())
    }
    return TerminalColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
  }

  /// The nearest colour of the xterm 256-colour palette: the 6×6×6 cube (16–231) or the grey ramp
  /// (232–255).
  package var paletteIndex: Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
    }
    let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
    let cube = (index: 16 + 36 * r + 6 * g + b, color: (levels[r], levels[g], levels[b]))
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
    let grey = (index: 232 + greyStep, level: 8 + 10 * greyStep)
    func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
      let (dr, dg, db) = (r - Int(red), g - Int(green), b - Int(blue))
      return dr * dr + dg * dg + db * db
    }
    let cubeDistance = distance(cube.color.0, cube.color.1, cube.color.2)
    return distance(grey.level, grey.level, grey.level) < cubeDistance ? grey.index : cube.index
  }
}

/// How a cell is drawn: its colours and weight.
package struct DemoCellStyle: Sendable, Hashable {
  /// The text's colour.
  package var foreground: TerminalColor
  /// The cell's colour.
  package var background: TerminalColor
  /// Whether the text is bold.
  package var isBold: Bool

  /// A style.
  package init(foreground: TerminalColor, background: TerminalColor, isBold: Bool = false) {
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
  }

  /// The same style, bold.
  package var bold: DemoCellStyle {
    var style = self
    style.isBold = true
    return style
  }

  /// The same style with another foreground.
  package func foreground(_ color: TerminalColor) -> DemoCellStyle {
    var style = self
    style.foreground = color
    return style
  }
}
