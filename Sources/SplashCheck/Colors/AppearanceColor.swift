/// The devices a launch screen appears on.
enum Device: String, Sendable, CaseIterable {
  case iphone
  case ipad

  var title: String { self == .iphone ? "iPhone" : "iPad" }
}

/// One circumstance in which the system picks a colour: a device, light or dark mode, normal or
/// high contrast.
struct Appearance: Hashable, Sendable {
  var device: Device
  var dark: Bool
  var highContrast: Bool

  static func all(on devices: [Device]) -> [Appearance] {
    [false, true].flatMap { dark in
      [false, true].flatMap { highContrast in
        devices.map { Appearance(device: $0, dark: dark, highContrast: highContrast) }
      }
    }
  }

  /// Describes `appearances`: `every appearance`, `dark mode`, `light mode on iPad, dark mode with high
  /// contrast`. A device is named only when not every one of `devices` is concerned, and contrast only
  /// when normal and high contrast are not both concerned.
  static func describe(_ appearances: [Appearance], devices: [Device]) -> String {
    if Set(appearances) == Set(all(on: devices)) { return "every appearance" }
    var parts: [String] = []
    for dark in [false, true] {
      let mode = dark ? "dark mode" : "light mode"
      let concerned = { (highContrast: Bool) in
        devices.filter { appearances.contains(Appearance(device: $0, dark: dark, highContrast: highContrast)) }
      }
      let onDevices = { (list: [Device]) in
        list.count < devices.count ? " on " + list.map(\.title).joined(separator: " and ") : ""
      }
      let normal = concerned(false)
      let high = concerned(true)
      if normal == high {
        if !normal.isEmpty { parts.append(mode + onDevices(normal)) }
        continue
      }
      if !normal.isEmpty { parts.append(mode + onDevices(normal)) }
      if !high.isEmpty { parts.append(mode + " with high contrast" + onDevices(high)) }
    }
    return parts.joined(separator: ", ")
  }
}

/// A colour's value in one variant: sRGB, or why it cannot be had.
enum VariantValue: Equatable, Sendable {
  case rgba(RGBA)
  case unconvertible(String)
}

/// One entry of a colour: the idiom, appearance and contrast it is for, and its value.
struct ColorVariant: Equatable, Sendable {
  enum Luminosity: String, Sendable {
    case any
    case light
    case dark
  }

  /// `universal`, `iphone`, `ipad`, or an idiom no launch screen uses (`mac`, `tv`, …).
  var idiom: String = "universal"
  var luminosity: Luminosity = .any
  var highContrast = false
  var value: VariantValue

  /// How well this variant fits `appearance`, or nil when it does not apply at all. The device's own
  /// idiom counts most, then an explicit light or dark appearance, then high contrast: an `ipad`
  /// entry for any appearance beats a `universal` dark one on iPad.
  func score(for appearance: Appearance) -> Int? {
    guard idiom == "universal" || idiom == appearance.device.rawValue else { return nil }
    switch luminosity {
    case .any: break
    case .light where appearance.dark, .dark where !appearance.dark: return nil
    default: break
    }
    if highContrast && !appearance.highContrast { return nil }
    return (idiom == "universal" ? 0 : 4) + (luminosity == .any ? 0 : 2) + (highContrast ? 1 : 0)
  }
}

/// A colour as the system resolves it: every variant, and where it came from.
struct AppearanceColor: Equatable, Sendable {
  /// How findings name it: `'LaunchBackground'`, `the system background`, `#101010`.
  var label: String
  /// The file that defines it (a colour set's `Contents.json`, a storyboard), for notes.
  var file: String?
  var variants: [ColorVariant]

  /// The same colour in every appearance.
  static func fixed(_ value: VariantValue, label: String, file: String? = nil) -> AppearanceColor {
    AppearanceColor(label: label, file: file, variants: [ColorVariant(value: value)])
  }

  /// White in light mode and black in dark, which is what an empty `UILaunchScreen` draws.
  static let systemBackground = AppearanceColor(
    label: "the system background", file: nil,
    variants: [ColorVariant(value: .rgba(.white)), ColorVariant(luminosity: .dark, value: .rgba(.black))])

  var hasDarkVariant: Bool { variants.contains { $0.luminosity == .dark } }

  /// The value the system picks in `appearance` (the best-fitting variant, the first on a tie), or nil
  /// when no variant applies.
  func resolve(_ appearance: Appearance) -> VariantValue? {
    var best: (score: Int, value: VariantValue)?
    for variant in variants {
      guard let score = variant.score(for: appearance) else { continue }
      if best == nil || score > best!.score { best = (score, variant.value) }
    }
    return best?.value
  }
}
