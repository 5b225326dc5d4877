import Foundation
import Testing

@testable import SplashCheck

@Suite struct ColorSpacesTests {
  private func close(_ a: Double, _ b: Double, within tolerance: Double = 0.0005) -> Bool { abs(a - b) <= tolerance }

  @Test func srgbTransferFunctionRoundTripsAndIsOddSymmetric() {
    for value in stride(from: -1.5, through: 1.5, by: 0.05) {
      #expect(close(ColorSpaces.encode(ColorSpaces.linearize(value)), value, within: 1e-12))
    }
    #expect(
      ColorSpaces.linearize(-0.5) == -ColorSpaces.linearize(0.5) && close(ColorSpaces.linearize(0.5), 0.214_041)
        && ColorSpaces.linearize(0.04) == 0.04 / 12.92)
  }

  @Test func displayP3PrimariesLeaveSRGBsGamut() {
    // Display P3's pure red is more saturated than sRGB's: in sRGB it needs red above 1 and negative
    // green and blue (published values: 1.0931, -0.2267, -0.1501).
    let red = ColorSpaces.fromDisplayP3(red: 1, green: 0, blue: 0, alpha: 1)
    #expect(close(red.red, 1.0931) && close(red.green, -0.2267) && close(red.blue, -0.1501))
    let green = ColorSpaces.fromDisplayP3(red: 0, green: 1, blue: 0, alpha: 1)
    #expect(close(green.red, -0.5116) && close(green.green, 1.0183) && close(green.blue, -0.3107))
  }

  @Test func displayP3GraysAndWhiteAreUnchanged() {
    for value in [0.0, 0.25, 0.5, 1.0] {
      let gray = ColorSpaces.fromDisplayP3(red: value, green: value, blue: value, alpha: 0.5)
      #expect(gray.matches(RGBA(red: value, green: value, blue: value, alpha: 0.5)))
    }
  }

  @Test func grayGamma22IsLinearizedWithItsOwnExponent() {
    let gray = ColorSpaces.fromGrayGamma22(white: 0.5, alpha: 1)
    // 0.5^2.2 = 0.2176 linear, which sRGB encodes as 0.5039: within one 8-bit step of 0.5.
    #expect(
      [
        close(gray.red, 0.5039) && gray.red == gray.green && gray.green == gray.blue,
        gray.matches(RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)),
        ColorSpaces.fromGrayGamma22(white: 1, alpha: 1).matches(.white),
        ColorSpaces.fromGrayGamma22(white: -0.5, alpha: 1).red == -gray.red,
      ] == [true, true, true, true])
  }

  @Test func extendedLinearSRGBIsOnlyEncoded() {
    let color = ColorSpaces.fromLinearSRGB(red: 0.214_041, green: 0, blue: 1, alpha: 1)
    #expect(close(color.red, 0.5) && color.green == 0 && close(color.blue, 1))
  }

  /// Typed, so that the test macro's generated code does not have to infer the tuples' types (which
  /// took the type checker 24 s when this was an untyped literal).
  static let notations: [(text: String, isAlpha: Bool, expected: Double)] = [
    ("0.502", false, 0.502), ("128", false, 128.0 / 255), ("0x80", false, 128.0 / 255), ("0XFF", false, 1.0),
    (" 255 ", false, 1.0), ("1", true, 1.0), ("0.5", true, 0.5), ("0x80", true, 128.0 / 255), ("-0.25", false, -0.25),
    ("1.5e0", false, 1.5),
  ]

  @Test(arguments: notations)
  func componentNotations(text: String, isAlpha: Bool, expected: Double) {
    #expect(ComponentNotation.value(text, isAlpha: isAlpha) == expected)
  }

  @Test(arguments: ["300", "0x100", "0xZZ", "abc", "", "nan", "inf"])
  func unreadableComponents(text: String) {
    #expect(ComponentNotation.value(text, isAlpha: false) == nil)
  }

  @Test func jsonNumbersAreFloats() {
    let values: [Any] = [NSNumber(value: 0.5), NSNumber(value: 1), [1]]
    #expect(values.map { ComponentNotation.value($0, isAlpha: false) } == [0.5, 1, nil])
  }

  @Test func sameColourInEachNotationAndSpaceMatches() {
    let notations: [[String: Any]] = [
      ["red": "0.502", "green": "0.000", "blue": "1.000", "alpha": "1.000"],
      ["red": "128", "green": "0", "blue": "255", "alpha": "1.000"],
      ["red": "0x80", "green": "0x00", "blue": "0xFF", "alpha": "1.000"],
    ]
    let values = notations.map { ColorSetFile.value(of: ["color-space": "srgb", "components": $0]) }
    for value in values {
      guard case .rgba(let rgba) = value else {
        Issue.record("not converted: \(value)")
        continue
      }
      #expect(rgba.matches(RGBA(red: 0.502, green: 0, blue: 1, alpha: 1)))
    }
    #expect(
      ColorSetFile.value(of: ["color-space": "extended-srgb", "components": notations[0]])
        == ColorSetFile.value(of: ["color-space": "srgb", "components": notations[0]]))
  }

  @Test func tolerance_isOneEightBitStep() {
    let base = RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    let others = [
      RGBA(red: 0.5 + 1.0 / 255, green: 0.5, blue: 0.5, alpha: 1),
      RGBA(red: 0.5 + 1.5 / 255, green: 0.5, blue: 0.5, alpha: 1),
      RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.99),
    ]
    #expect(others.map(base.matches) == [true, false, false])
  }

  @Test func unconvertibleColours() {
    #expect(ColorSetFile.value(of: ["components": ["red": "1"]]) == .unconvertible("it has no color-space"))
    guard case .unconvertible(let reason) = ColorSetFile.value(of: ["color-space": "cmyk", "components": [:]]) else {
      Issue.record("cmyk converted")
      return
    }
    #expect(reason.contains("'cmyk'"))
    guard
      case .unconvertible(let missing) = ColorSetFile.value(of: ["color-space": "srgb", "components": ["red": "1"]])
    else { return }
    #expect(missing.contains("'red', 'green' and 'blue'"))
    guard case .unconvertible(let gray) = ColorSetFile.value(of: ["color-space": "gray-gamma-22", "components": [:]])
    else { return }
    #expect(gray.contains("'white'"))
    guard
      case .unconvertible(let bad) = ColorSetFile.value(of: [
        "color-space": "srgb", "components": ["red": "x", "green": "0", "blue": "0"],
      ])
    else { return }
    #expect(bad.contains("'red'"))
  }

  @Test func textShowsHexInsideTheGamutAndDecimalsOutside() {
    let colors = [
      RGBA.white, RGBA(red: 0, green: 0.5, blue: 1, alpha: 0.5), RGBA(red: 1.09, green: -0.2, blue: 0, alpha: 1),
      RGBA(red: 1.09, green: 0, blue: 0, alpha: 0.5),
    ]
    #expect(
      colors.map(\.text) == ["#FFFFFF", "#0080FF80", "rgb(1.090, -0.200, 0.000)", "rgb(1.090, 0.000, 0.000, 0.500)"])
  }

  @Test func appearancesResolveToTheBestFittingVariant() {
    let color = AppearanceColor(
      label: "'C'", file: nil,
      variants: [
        ColorVariant(value: .rgba(.white)),
        ColorVariant(luminosity: .dark, value: .rgba(.black)),
        ColorVariant(idiom: "ipad", value: .rgba(RGBA(red: 1, green: 0, blue: 0, alpha: 1))),
        ColorVariant(luminosity: .dark, highContrast: true, value: .rgba(RGBA(red: 0, green: 0, blue: 1, alpha: 1))),
        ColorVariant(idiom: "mac", value: .rgba(RGBA(red: 0, green: 1, blue: 0, alpha: 1))),
      ])
    let red = RGBA(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = RGBA(red: 0, green: 0, blue: 1, alpha: 1)
    let phoneOnly = AppearanceColor(
      label: "'P'", file: nil, variants: [ColorVariant(idiom: "iphone", value: .rgba(.white))])
    let lightOnly = AppearanceColor(
      label: "'L'", file: nil, variants: [ColorVariant(luminosity: .light, value: .rgba(.white))])
    let resolved = [
      color.resolve(Appearance(device: .iphone, dark: false, highContrast: false)),
      color.resolve(Appearance(device: .iphone, dark: true, highContrast: false)),
      color.resolve(Appearance(device: .iphone, dark: true, highContrast: true)),
      color.resolve(Appearance(device: .ipad, dark: false, highContrast: false)),
      phoneOnly.resolve(Appearance(device: .ipad, dark: false, highContrast: false)),
      lightOnly.resolve(Appearance(device: .iphone, dark: true, highContrast: false)),
    ]
    #expect(resolved == [.rgba(.white), .rgba(.black), .rgba(blue), .rgba(red), nil, nil])
  }

  @Test func appearanceDescriptions() {
    let all = Appearance.all(on: Device.allCases)
    let descriptions = [
      Appearance.describe(all, devices: Device.allCases),
      Appearance.describe(all.filter(\.dark), devices: Device.allCases),
      Appearance.describe(all.filter { $0.dark && $0.highContrast }, devices: Device.allCases),
      Appearance.describe(all.filter { !$0.dark && $0.device == .ipad }, devices: Device.allCases),
      Appearance.describe(all.filter(\.dark), devices: [.ipad]),
    ]
    #expect(
      descriptions == [
        "every appearance", "dark mode", "dark mode with high contrast", "light mode on iPad", "dark mode",
      ])
  }
}
