import Foundation

/// A colour in sRGB (or extended sRGB): gamma-encoded components, not clamped, alpha straight.
struct RGBA: Sendable, Equatable {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double

  /// Two colours match when every component (alpha too) is within one 8-bit step.
  static let tolerance = 1.0 / 255

  static let white = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
  static let black = RGBA(red: 0, green: 0, blue: 0, alpha: 1)

  func matches(_ other: RGBA) -> Bool {
    let slack = Self.tolerance + 1e-9
    return abs(red - other.red) <= slack && abs(green - other.green) <= slack && abs(blue - other.blue) <= slack
      && abs(alpha - other.alpha) <= slack
  }

  /// `#RRGGBB` (`#RRGGBBAA` when not opaque) in sRGB's range; `rgb(1.090, -0.020, 0.500)` outside it.
  var text: String {
    let components = [red, green, blue, alpha]
    guard components.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
      let listed = (alpha == 1 ? components.dropLast() : components[...]).map { String(format: "%.3f", $0) }
      return "rgb(" + listed.joined(separator: ", ") + ")"
    }
    let bytes = (alpha == 1 ? components.dropLast() : components[...]).map { Int(($0 * 255).rounded()) }
    return "#" + bytes.map { String(format: "%02X", $0) }.joined()
  }
}

/// Conversions of every colour space Xcode writes to (extended) sRGB.
///
/// - sRGB and extended sRGB: taken as they are (extended values may leave 0…1).
/// - Display P3 shares sRGB's transfer function and white point (D65) but has wider primaries:
///   decode each component with the sRGB transfer function (`c ≤ 0.04045 ? c / 12.92 :
///   ((c + 0.055) / 1.055)^2.4`, odd-symmetric for negative values), multiply the linear triple by
///   the P3→sRGB matrix ``displayP3ToSRGB``, then encode again (`l ≤ 0.0031308 ? 12.92 l :
///   1.055 l^(1/2.4) − 0.055`). Colours outside sRGB's gamut come out below 0 or above 1: they are
///   compared as they are, never clamped, since clamping would call different colours equal.
/// - Gray gamma 2.2 (`white`): linear = white^2.2, then sRGB-encoded into red, green and blue alike.
/// - Extended linear sRGB: already linear, so only encoded.
enum ColorSpaces {
  /// Linear Display P3 → linear sRGB (rows give sRGB's red, green, blue). It is M(sRGB)⁻¹ · M(P3),
  /// the two RGB→XYZ matrices of the primaries with the D65 white point.
  static let displayP3ToSRGB: [[Double]] = [
    [1.224_940_176_280_559_8, -0.224_940_176_280_559_96, 0],
    [-0.042_056_954_709_688_163, 1.042_056_954_709_688_1, 0],
    [-0.019_637_554_590_334_432, -0.078_636_045_550_631_889, 1.098_273_600_140_966_3],
  ]

  /// sRGB's transfer function, encoded → linear, odd-symmetric so that extended values survive.
  static func linearize(_ value: Double) -> Double {
    let magnitude = abs(value)
    let linear = magnitude <= 0.040_45 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
    return value < 0 ? -linear : linear
  }

  /// sRGB's transfer function, linear → encoded, odd-symmetric.
  static func encode(_ value: Double) -> Double {
    let magnitude = abs(value)
    let encoded = magnitude <= 0.003_130_8 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
    return value < 0 ? -encoded : encoded
  }

  static func fromDisplayP3(red: Double, green: Double, blue: Double, alpha: Double) -> RGBA {
    let linear = [linearize(red), linearize(green), linearize(blue)]
    let converted = displayP3ToSRGB.map { row in zip(row, linear).reduce(0) { $0 + $1.0 * $1.1 } }
    return RGBA(red: encode(converted[0]), green: encode(converted[1]), blue: encode(converted[2]), alpha: alpha)
  }

  static func fromGrayGamma22(white: Double, alpha: Double) -> RGBA {
    let linear = white < 0 ? -pow(-white, 2.2) : pow(white, 2.2)
    let value = encode(linear)
    return RGBA(red: value, green: value, blue: value, alpha: alpha)
  }

  static func fromLinearSRGB(red: Double, green: Double, blue: Double, alpha: Double) -> RGBA {
    RGBA(red: encode(red), green: encode(green), blue: encode(blue), alpha: alpha)
  }

  /// The spaces ``convert(space:component:)`` knows: asset-catalog `color-space` names.
  enum Space: String, CaseIterable {
    case srgb
    case extendedSRGB = "extended-srgb"
    case displayP3 = "display-p3"
    case grayGamma22 = "gray-gamma-22"
    case extendedGray = "extended-gray"
    case extendedLinearSRGB = "extended-linear-srgb"

    var isGray: Bool { self == .grayGamma22 || self == .extendedGray }
  }

  /// Converts components in `space` to sRGB; `component` reads one by name (`red`, `white`, `alpha`)
  /// and returns nil when it is absent or unreadable. Returns why not, when it cannot.
  static func convert(space: Space, component: (String) -> Double?) -> Result<RGBA, ConversionProblem> {
    let alpha = component("alpha") ?? 1
    if space.isGray {
      guard let white = component("white") else { return .failure(ConversionProblem("no readable 'white' component")) }
      return .success(fromGrayGamma22(white: white, alpha: alpha))
    }
    guard let red = component("red"), let green = component("green"), let blue = component("blue") else {
      return .failure(ConversionProblem("no readable 'red', 'green' and 'blue' components"))
    }
    switch space {
    case .displayP3: return .success(fromDisplayP3(red: red, green: green, blue: blue, alpha: alpha))
    case .extendedLinearSRGB: return .success(fromLinearSRGB(red: red, green: green, blue: blue, alpha: alpha))
    default: return .success(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }
  }
}

/// Why a colour could not be converted to sRGB.
struct ConversionProblem: Error, Equatable, Sendable {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

/// The three notations of an asset catalog's components: floats (`"0.502"`), 8-bit integers
/// (`"128"`) and hexadecimal bytes (`"0x80"`).
///
/// Xcode writes the float form with a decimal point, so a string of digits alone is an 8-bit
/// integer, except for `alpha`, which Xcode always writes as a float: `"1"` there means opaque.
enum ComponentNotation {
  static func value(_ raw: Any, isAlpha: Bool) -> Double? {
    if let number = raw as? NSNumber, !(raw is String) {
      let value = number.doubleValue
      return value.isFinite ? value : nil
    }
    guard let text = (raw as? String)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      guard let byte = UInt8(text.dropFirst(2), radix: 16) else { return nil }
      return Double(byte) / 255
    }
    if !isAlpha, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let byte = UInt8(text) else { return nil }
      return Double(byte) / 255
    }
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }
}
