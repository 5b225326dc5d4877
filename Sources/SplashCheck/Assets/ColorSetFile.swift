/// Reads a colour set's `Contents.json`: its `colors` entries, each with an `idiom`, optional
/// `appearances` (`luminosity` light or dark, `contrast` high) and a `color` given by components in
/// a `color-space`, or by `reference` to a system colour.
///
/// Entries for a Display P3 `display-gamut` are skipped: the sRGB-gamut entry beside them is the
/// colour every device can show. An entry with no `color` is an empty slot and is skipped too.
enum ColorSetFile {
  static func load(_ directory: String, name: String, display: PathDisplay) -> Result<AppearanceColor, InputProblem> {
    let path = Path.join(directory, "Contents.json")
    let object: [String: Any]
    switch InputFile.readJSONObject(path) {
    case .failure(let problem): return .failure(problem)
    case .success(let read): object = read
    }
    var variants: [ColorVariant] = []
    for case let entry as [String: Any] in object["colors"] as? [Any] ?? [] {
      guard let color = entry["color"] as? [String: Any] else { continue }
      if let gamut = entry["display-gamut"] as? String, gamut.lowercased() != "srgb" { continue }
      var variant = ColorVariant(value: .unconvertible(""))
      variant.idiom = entry["idiom"] as? String ?? "universal"
      for case let appearance as [String: Any] in entry["appearances"] as? [Any] ?? [] {
        switch (appearance["appearance"] as? String, appearance["value"] as? String) {
        case ("luminosity", "dark"): variant.luminosity = .dark
        case ("luminosity", "light"): variant.luminosity = .light
        case ("contrast", "high"): variant.highContrast = true
        default: continue
        }
      }
      if let reference = color["reference"] as? String {
        guard let system = SystemColors.named(reference) else {
          variant.value = .unconvertible("it refers to the system colour '\(reference)', whose value is not known here")
          variants.append(variant)
          continue
        }
        switch variant.luminosity {
        case .dark: variant.value = .rgba(system.dark)
        case .light: variant.value = .rgba(system.light)
        case .any:
          variant.value = .rgba(system.light)
          if system.dark != system.light {
            var dark = variant
            dark.luminosity = .dark
            dark.value = .rgba(system.dark)
            variants.append(dark)
          }
        }
        variants.append(variant)
        continue
      }
      variant.value = value(of: color)
      variants.append(variant)
    }
    return .success(AppearanceColor(label: "'\(name)'", file: display(path), variants: variants))
  }

  /// One `color` object's value in sRGB, or why it cannot be had.
  static func value(of color: [String: Any]) -> VariantValue {
    guard let spaceName = color["color-space"] as? String else { return .unconvertible("it has no color-space") }
    guard let space = ColorSpaces.Space(rawValue: spaceName) else {
      return .unconvertible("its colour space '\(spaceName)' cannot be converted to sRGB here")
    }
    let components = color["components"] as? [String: Any] ?? [:]
    var read: [String: Double] = [:]
    for (key, raw) in components {
      guard let number = ComponentNotation.value(raw, isAlpha: key == "alpha") else {
        return .unconvertible("its component '\(key)' (\(raw)) is not a float, a 0–255 integer or a 0xHH byte")
      }
      read[key] = number
    }
    switch ColorSpaces.convert(space: space, component: { read[$0] }) {
    case .success(let rgba): return .rgba(rgba)
    case .failure(let problem): return .unconvertible("it has \(problem.reason)")
    }
  }
}

/// The UIKit system colours a launch screen can use whose values are fixed facts: the base-level
/// background colours in light and dark mode, and the constant colours.
enum SystemColors {
  static func named(_ name: String) -> (light: RGBA, dark: RGBA)? {
    let grouped = RGBA(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
    switch name {
    case "systemBackgroundColor", "systemBackground": return (.white, .black)
    case "systemGroupedBackgroundColor", "systemGroupedBackground": return (grouped, .black)
    case "whiteColor", "white": return (.white, .white)
    case "blackColor", "black": return (.black, .black)
    case "clearColor", "clear":
      let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
      return (clear, clear)
    default: return nil
    }
  }

  /// The colour as an ``AppearanceColor``: one variant when it does not follow dark mode.
  static func color(named name: String, file: String?) -> AppearanceColor? {
    guard let values = named(name) else { return nil }
    var color = AppearanceColor.fixed(.rgba(values.light), label: "the system colour '\(name)'", file: file)
    if values.dark != values.light { color.variants.append(ColorVariant(luminosity: .dark, value: .rgba(values.dark))) }
    return color
  }
}
