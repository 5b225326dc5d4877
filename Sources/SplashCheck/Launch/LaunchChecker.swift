/// Checks one app configuration's launch screens against the intro's first frame.
///
/// Launch screens come from `UILaunchScreen`, `UILaunchScreens` (per URL scheme) and
/// `UILaunchStoryboardName`, each also per device (`~iphone`, `~ipad`; a suffixed key replaces the
/// plain one on its device). Every one is checked on the devices it applies to.
struct LaunchChecker {
  let options: SplashCheckOptions
  /// The walk of the checked directory; nil until something needs it.
  var tree: ProjectTree?
  let display: PathDisplay
  var assets: AssetCatalogs
  /// The intro's background, when it could be read.
  var intro: AppearanceColor?
  /// Findings about the catalogs themselves (a broken colour set, a name defined twice), made once.
  var catalogFindings: [Finding] = []
  private var loaded: [String: AppearanceColor?] = [:]

  init(options: SplashCheckOptions, tree: ProjectTree?, display: PathDisplay, assets: AssetCatalogs) {
    self.options = options
    self.tree = tree
    self.display = display
    self.assets = assets
  }

  /// Where a missing name is reported: the catalog when there is one.
  private var catalogText: String {
    switch assets.catalogs.count {
    case 0: "no asset catalog was found (pass --assets PATH)"
    case 1: "it is not in the asset catalog \(display(assets.catalogs[0]))"
    default: "it is in none of the \(assets.catalogs.count) asset catalogs"
    }
  }

  /// Reads the intro's colour and checks the intro's image; call once, before ``check(_:)``.
  mutating func prepareIntro() {
    var found: [Finding] = []
    intro = color(named: options.introBackground, file: nil, keyPath: "--intro-background", into: &found)
    if let image = options.introImage {
      _ = hasImage(named: image, file: nil, keyPath: "--intro-image", subject: "the intro's image", into: &found)
    }
    catalogFindings += found
  }

  /// The colour set `name`, loaded once; nil (with a finding in `findings`) when it is missing.
  mutating func color(named name: String, file: String?, keyPath: String, into findings: inout [Finding])
    -> AppearanceColor?
  {
    guard let directories = assets.colors[name] else {
      let hint = AssetCatalogs.nearMiss(name, in: assets.colors.keys).map { " (did you mean '\($0)'?)" } ?? ""
      findings.append(
        Finding(
          .error, .colorNotInCatalog, file: file, keyPath: keyPath,
          "the colour '\(name)' is missing: \(catalogText)\(hint)"))
      return nil
    }
    if let cached = loaded[name] { return cached }
    if directories.count > 1 {
      catalogFindings.append(
        Finding(
          .warning, .assetDefinedTwice, file: display(directories[0]),
          "the colour '\(name)' is defined \(directories.count) times (\(directories.map { display($0) }.joined(separator: ", "))); "
            + "checking the first: pass --assets PATH to choose"))
    }
    var color: AppearanceColor?
    switch ColorSetFile.load(directories[0], name: name, display: display) {
    case .failure(let problem):
      catalogFindings.append(
        Finding(.error, .unreadableInput, file: display(problem.path), "the colour set '\(name)' \(problem.reason)"))
    case .success(let read):
      if read.variants.isEmpty {
        findings.append(
          Finding(
            .error, .colorNotInCatalog, file: read.file, keyPath: keyPath,
            "the colour set '\(name)' defines no colour for iPhone or iPad"))
      } else {
        color = read
      }
    }
    loaded[name] = color
    return color
  }

  /// True when the image set `name` exists; otherwise an error in `findings`.
  mutating func hasImage(
    named name: String, file: String?, keyPath: String, subject: String, into findings: inout [Finding]
  ) -> Bool {
    guard let directories = assets.images[name] else {
      let hint = AssetCatalogs.nearMiss(name, in: assets.images.keys).map { " (did you mean '\($0)'?)" } ?? ""
      findings.append(
        Finding(
          .error, .imageNotInCatalog, file: file, keyPath: keyPath,
          "\(subject) '\(name)' is missing: \(catalogText)\(hint)"))
      return false
    }
    if directories.count > 1, !catalogFindings.contains(where: { $0.file == display(directories[0]) }) {
      catalogFindings.append(
        Finding(
          .warning, .assetDefinedTwice, file: display(directories[0]),
          "the image '\(name)' is defined \(directories.count) times (\(directories.map { display($0) }.joined(separator: ", ")))"
        ))
    }
    return true
  }

  /// The findings for one configuration.
  mutating func check(_ configuration: AppConfiguration) -> [Finding] {
    var findings: [Finding] = []
    var entries: [(key: String, base: String, device: Device?)] = []
    for key in configuration.plist.keys.sorted() {
      let parts = key.split(separator: "~", maxSplits: 1)
      let base = String(parts[0])
      guard AppConfiguration.launchKeys.contains(base) else { continue }
      if parts.count == 2 {
        guard let device = Device(rawValue: String(parts[1]).lowercased()) else {
          let source = configuration.source(of: key)
          findings.append(
            Finding(
              .warning, .unknownDeviceSuffix, file: source.file, keyPath: key,
              "'~\(parts[1])' is not a device suffix a launch screen uses (~iphone, ~ipad); not checked"))
          continue
        }
        entries.append((key, base, device))
      } else {
        entries.append((key, base, nil))
      }
    }
    guard !entries.isEmpty else {
      let source = configuration.defaultSource
      findings.append(
        Finding(
          .error, .launchScreenMissing, file: source.file, keyPath: source.setting,
          "no launch screen is configured (neither UILaunchScreen nor UILaunchStoryboardName): "
            + "set UILaunchScreen with UIColorName '\(options.introBackground)'"))
      return findings
    }
    func devices(of entry: (key: String, base: String, device: Device?)) -> [Device] {
      if let device = entry.device { return [device] }
      return Device.allCases.filter { device in !entries.contains { $0.base == entry.base && $0.device == device } }
    }
    for device in Device.allCases {
      let applying = entries.filter { devices(of: $0).contains(device) }
      let source = configuration.source(of: entries[0].key)
      if applying.isEmpty {
        findings.append(
          Finding(
            .error, .launchScreenMissing, file: source.file, keyPath: entries.map(\.key).joined(separator: ", "),
            "no launch screen on \(device.title): only \(entries.map(\.key).joined(separator: ", ")) is set"))
      } else if applying.contains(where: { $0.base == "UILaunchStoryboardName" }),
        applying.contains(where: { $0.base != "UILaunchStoryboardName" })
      {
        findings.append(
          Finding(
            .warning, .launchKindsConflict, file: source.file, keyPath: applying.map(\.key).joined(separator: ", "),
            "on \(device.title) both a launch storyboard and a UILaunchScreen dictionary apply: keep one"))
      }
    }
    for entry in entries {
      let devices = devices(of: entry)
      guard !devices.isEmpty else { continue }
      let source = configuration.source(of: entry.key)
      let value = configuration.plist[entry.key]!
      switch entry.base {
      case "UILaunchScreen":
        guard let dictionary = value.dictionary else {
          findings.append(invalid(entry.key, source, "a dictionary", value))
          continue
        }
        checkDefinition(
          dictionary, label: entry.key, keyPath: source.setting ?? entry.key, source: source, devices: devices,
          into: &findings)
      case "UILaunchScreens":
        checkSchemes(value, key: entry.key, source: source, devices: devices, into: &findings)
      default:
        guard let name = value.string, !name.isEmpty else {
          findings.append(invalid(entry.key, source, "the name of a storyboard", value))
          continue
        }
        checkStoryboard(
          named: name, key: source.setting ?? entry.key, source: source, devices: devices, into: &findings)
      }
    }
    return findings
  }

  private func invalid(_ key: String, _ source: AppConfiguration.Source, _ expected: String, _ value: PlistValue)
    -> Finding
  {
    Finding(.error, .invalidValue, file: source.file, keyPath: key, "should be \(expected), not \(value.description)")
  }

  private mutating func checkSchemes(
    _ value: PlistValue, key: String, source: AppConfiguration.Source, devices: [Device], into findings: inout [Finding]
  ) {
    guard let dictionary = value.dictionary else {
      findings.append(invalid(key, source, "a dictionary", value))
      return
    }
    let definitions = dictionary["UILaunchScreenDefinitions"]?.array ?? []
    guard !definitions.isEmpty else {
      findings.append(
        Finding(
          .error, .launchScreenMissing, file: source.file, keyPath: "\(key).UILaunchScreenDefinitions",
          "\(key) defines no launch screen"))
      return
    }
    var identifiers: Set<String> = []
    for (index, definition) in definitions.enumerated() {
      let keyPath = "\(key).UILaunchScreenDefinitions[\(index)]"
      guard var screen = definition.dictionary else {
        findings.append(invalid(keyPath, source, "a dictionary", definition))
        continue
      }
      let identifier = screen.removeValue(forKey: "UILaunchScreenIdentifier")?.string
      if let identifier {
        identifiers.insert(identifier)
      } else {
        findings.append(
          Finding(
            .warning, .launchScreenIdentifierMissing, file: source.file, keyPath: keyPath,
            "has no UILaunchScreenIdentifier, so nothing can select it"))
      }
      let label = identifier.map { "launch screen '\($0)'" } ?? "launch screen [\(index)]"
      checkDefinition(screen, label: label, keyPath: keyPath, source: source, devices: devices, into: &findings)
    }
    var referenced: [(keyPath: String, identifier: String)] = []
    if let fallback = dictionary["UIDefaultLaunchScreen"]?.string {
      referenced.append(("\(key).UIDefaultLaunchScreen", fallback))
    }
    for (scheme, identifier) in (dictionary["UIURLToLaunchScreenAssociations"]?.dictionary ?? [:]).sorted(by: {
      $0.key < $1.key
    }) {
      referenced.append(
        ("\(key).UIURLToLaunchScreenAssociations.\(scheme)", identifier.string ?? identifier.description))
    }
    for (keyPath, identifier) in referenced where !identifiers.contains(identifier) {
      findings.append(
        Finding(
          .error, .launchScreenIdentifierMissing, file: source.file, keyPath: keyPath,
          "names the launch screen '\(identifier)', which no UILaunchScreenDefinitions entry defines"))
    }
  }

  /// One `UILaunchScreen`-style dictionary.
  private mutating func checkDefinition(
    _ screen: [String: PlistValue], label: String, keyPath: String, source: AppConfiguration.Source,
    devices: [Device], into findings: inout [Finding]
  ) {
    let file = source.file
    for (bar, title) in [("UINavigationBar", "navigation bar"), ("UITabBar", "tab bar"), ("UIToolbar", "toolbar")]
    where screen[bar] != nil {
      findings.append(
        Finding(
          .note, .barsInLaunchScreen, file: file, keyPath: "\(keyPath).\(bar)",
          "\(label) shows a \(title): it flashes away unless the intro's first frame draws the same \(title)"))
    }
    if let respects = screen["UIImageRespectsSafeAreaInsets"] {
      findings.append(
        Finding(
          .note, .safeAreaInsets, file: file, keyPath: "\(keyPath).UIImageRespectsSafeAreaInsets",
          "is \(respects.description): the launch image is placed \(respects == .bool(false) ? "ignoring" : "within") "
            + "the safe area, so the intro must place its image the same way"))
    }
    if let image = screen["UIImageName"] {
      if let name = image.string, !name.isEmpty {
        checkImage(name, file: file, keyPath: "\(keyPath).UIImageName", into: &findings)
      } else {
        findings.append(invalid("\(keyPath).UIImageName", source, "an image name", image))
      }
    }
    guard let colorName = screen["UIColorName"] else {
      let kind: Finding.Kind = screen.isEmpty ? .emptyLaunchScreen : .colorNameMissing
      let why =
        screen.isEmpty
        ? "\(label) is empty (what INFOPLIST_KEY_UILaunchScreen_Generation generates)"
        : "\(label) has no UIColorName"
      checkSystemBackground(why: why, kind: kind, file: file, keyPath: keyPath, devices: devices, into: &findings)
      return
    }
    guard let name = colorName.string, !name.isEmpty else {
      findings.append(invalid("\(keyPath).UIColorName", source, "a colour name", colorName))
      return
    }
    checkNamedColor(
      name, subject: "the UIColorName '\(name)' of \(label)", file: file, keyPath: "\(keyPath).UIColorName",
      devices: devices, into: &findings)
  }

  mutating func checkImage(_ name: String, file: String, keyPath: String, into findings: inout [Finding]) {
    _ = hasImage(named: name, file: file, keyPath: keyPath, subject: "the launch image", into: &findings)
    if let introImage = options.introImage, introImage != name {
      findings.append(
        Finding(
          .error, .imageDiffers, file: file, keyPath: keyPath,
          "the launch screen shows the image '\(name)' but the intro's first frame draws '\(introImage)'"))
    }
    findings.append(
      Finding(
        .note, .imageReminder, file: file, keyPath: keyPath,
        "the launch screen shows the image '\(name)': the intro's first frame must draw it at the same size and "
          + "position, or it jumps; simpler still, keep the launch screen colour-only and bring the image in with the intro"
      ))
  }
}
