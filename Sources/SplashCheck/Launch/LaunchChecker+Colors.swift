/// The colour checks: a launch colour (named, the system background, or fixed) against the intro's.
extension LaunchChecker {
  mutating func checkNamedColor(
    _ name: String, subject: String, file: String, keyPath: String, devices: [Device], into findings: inout [Finding]
  ) {
    guard let launch = color(named: name, file: file, keyPath: keyPath, into: &findings) else { return }
    guard name != options.introBackground, let intro else { return }
    compare(launch, with: intro, subject: subject, file: file, keyPath: keyPath, devices: devices, into: &findings)
  }

  /// An empty `UILaunchScreen`, or one without `UIColorName`: the system background against the intro.
  func checkSystemBackground(
    why: String, kind: Finding.Kind, file: String, keyPath: String, devices: [Device], into findings: inout [Finding]
  ) {
    let fix = "set UIColorName to '\(options.introBackground)'"
    let start = "\(why), so the launch screen draws the system background, white in light mode and black in dark"
    guard let intro else {
      findings.append(Finding(.error, kind, file: file, keyPath: keyPath, "\(start): \(fix)"))
      return
    }
    let comparison = ColorComparison(launch: .systemBackground, intro: intro, devices: devices)
    findings += notes(for: comparison)
    if comparison.matches {
      findings.append(
        Finding(
          .warning, kind, file: file, keyPath: keyPath,
          "\(start), which the intro's '\(options.introBackground)' matches today only by value: \(fix)"))
    } else if !comparison.differences.isEmpty {
      findings.append(
        Finding(
          .error, kind, file: file, keyPath: keyPath,
          "\(start), but the intro's '\(options.introBackground)' does not follow it: "
            + describe(comparison.differences, devices: devices) + "; \(fix)"))
    }
  }

  /// A launch colour with its own name (or none) against the intro's background.
  func compare(
    _ launch: AppearanceColor, with intro: AppearanceColor, subject: String, file: String, keyPath: String,
    devices: [Device], into findings: inout [Finding]
  ) {
    let comparison = ColorComparison(launch: launch, intro: intro, devices: devices)
    findings += notes(for: comparison)
    if comparison.matches {
      findings.append(
        Finding(
          .warning, .colorsMatchByCoincidence, file: file, keyPath: keyPath,
          "\(subject) is not the intro's '\(options.introBackground)' but has its value in every appearance today: "
            + "use '\(options.introBackground)' for both, so that they cannot drift apart"))
      return
    }
    var light: [ColorComparison.Difference] = []
    var dark: [ColorComparison.Difference] = []
    let oneSided = launch.hasDarkVariant != intro.hasDarkVariant
    for difference in comparison.differences {
      var lightPart = difference
      var darkPart = difference
      lightPart.appearances = difference.appearances.filter { !$0.dark || !oneSided }
      darkPart.appearances = difference.appearances.filter { $0.dark && oneSided }
      if !lightPart.appearances.isEmpty { light.append(lightPart) }
      if !darkPart.appearances.isEmpty { dark.append(darkPart) }
    }
    if !dark.isEmpty {
      let (with, without) = launch.hasDarkVariant ? (launch, intro) : (intro, launch)
      findings.append(
        Finding(
          .error, .darkVariantOnOneSide, file: file, keyPath: keyPath,
          "\(with.label) has a dark variant and \(without.label) does not: " + describe(dark, devices: devices)))
    }
    if !light.isEmpty {
      findings.append(
        Finding(
          .error, .colorDiffers, file: file, keyPath: keyPath,
          "\(subject) differs from the intro's '\(options.introBackground)': " + describe(light, devices: devices)))
    }
  }

  func notes(for comparison: ColorComparison) -> [Finding] {
    comparison.unconvertible.map { item in
      Finding(
        .note, .conversionImpossible, file: item.color.file, keyPath: nil,
        "\(item.color.label) is not compared in \(Appearance.describe(item.appearances, devices: Device.allCases)): "
          + item.reason)
    }
  }

  func describe(_ differences: [ColorComparison.Difference], devices: [Device]) -> String {
    differences.map { difference in
      "in \(Appearance.describe(difference.appearances, devices: devices)) the launch screen shows "
        + "\(difference.launch?.text ?? "no colour") and the intro \(difference.intro?.text ?? "no colour")"
    }
    .joined(separator: "; ")
  }
}
