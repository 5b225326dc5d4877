/// The parts of an Xcode project (`*.xcodeproj/project.pbxproj`, an OpenStep property list) that say
/// where an app's Info.plist comes from: its application targets and their build settings per
/// build configuration, xcconfig files included.
struct XcodeProject: Sendable {
  /// An application target that can have a launch screen (iOS, iPadOS, Mac Catalyst).
  struct Target: Sendable {
    var name: String
    /// Build configuration name → settings, in the project's order.
    var configurations: [(name: String, settings: BuildSettings)]
  }

  /// The `project.pbxproj` file.
  var file: String
  /// The `.xcodeproj` directory's name without its extension.
  var name: String
  /// `$(SRCROOT)`: the directory holding the `.xcodeproj` (plus the project's `projectDirPath`).
  var sourceRoot: String
  var targets: [Target] = []
  /// Application targets skipped (no launch screen on their platform), and xcconfig findings.
  var findings: [Finding] = []

  static let applicationTypes: Set<String> = [
    "com.apple.product-type.application", "com.apple.product-type.application.on-demand-install-capable",
  ]

  static func read(_ file: String, display: PathDisplay) -> Result<XcodeProject, InputProblem> {
    let root: [String: PlistValue]
    switch PropertyListFile.read(file) {
    case .failure(let problem): return .failure(problem)
    case .success(let read): root = read
    }
    guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
      let projectObject = objects[rootID]?.dictionary, projectObject["isa"]?.string == "PBXProject"
    else {
      return .failure(InputProblem(path: file, reason: "is not an Xcode project (no PBXProject root object)"))
    }
    let bundle = Path.parent(file)
    var project = XcodeProject(
      file: file, name: Path.stem(bundle),
      sourceRoot: Path.normalize(Path.join(Path.parent(bundle), projectObject["projectDirPath"]?.string ?? "")))
    let graph = ObjectGraph(objects: objects, sourceRoot: project.sourceRoot)

    var projectLayers: [String: (xcconfig: [String: String], settings: [String: String])] = [:]
    for configuration in graph.configurations(of: projectObject["buildConfigurationList"]?.string) {
      switch graph.xcconfig(of: configuration.object, display: display) {
      case .failure(let problem): return .failure(problem)
      case .success(let read):
        projectLayers[configuration.name] = (read.settings, configuration.settings)
        project.findings += read.findings
      }
    }
    for targetID in projectObject["targets"]?.array?.compactMap(\.string) ?? [] {
      guard let target = objects[targetID]?.dictionary, target["isa"]?.string == "PBXNativeTarget",
        let productType = target["productType"]?.string, productType.hasPrefix("com.apple.product-type.application")
      else { continue }
      let name = target["name"]?.string ?? targetID
      var configurations: [(name: String, settings: BuildSettings)] = []
      for configuration in graph.configurations(of: target["buildConfigurationList"]?.string) {
        let xcconfig: XcconfigFile.Read
        switch graph.xcconfig(of: configuration.object, display: display) {
        case .failure(let problem): return .failure(problem)
        case .success(let read): xcconfig = read
        }
        project.findings += xcconfig.findings
        let defaults = [
          "TARGET_NAME": name, "PROJECT_NAME": project.name, "PRODUCT_NAME": "$(TARGET_NAME)",
          "SRCROOT": project.sourceRoot, "PROJECT_DIR": project.sourceRoot, "SOURCE_ROOT": project.sourceRoot,
          "PROJECT_FILE_PATH": bundle, "CONFIGURATION": configuration.name,
        ]
        let projectLayer = projectLayers[configuration.name] ?? ([:], [:])
        let layers = [
          defaults, projectLayer.xcconfig, projectLayer.settings, xcconfig.settings, configuration.settings,
        ]
        configurations.append((configuration.name, BuildSettings(layers: layers)))
      }
      let settings = configurations.first?.settings ?? BuildSettings(layers: [])
      if !applicationTypes.contains(productType) || !Self.isIOS(settings) {
        let platform = settings.value("SDKROOT") ?? productType
        project.findings.append(
          Finding(
            .note, .skippedTarget, file: display(file), keyPath: "target '\(name)'",
            "an application target for '\(platform)', which has no launch screen; not checked"))
        continue
      }
      project.targets.append(Target(name: name, configurations: configurations))
    }
    return .success(project)
  }

  /// True when the settings build for iOS (or iPadOS, Mac Catalyst): `SUPPORTED_PLATFORMS` lists
  /// `iphoneos`, or, without it, `SDKROOT` is `iphoneos` (or `auto`, or not set).
  static func isIOS(_ settings: BuildSettings) -> Bool {
    if let platforms = settings.value("SUPPORTED_PLATFORMS") {
      return platforms.split(separator: " ").contains { $0.hasPrefix("iphone") }
    }
    let sdk = settings.value("SDKROOT") ?? "iphoneos"
    return sdk.hasPrefix("iphone") || sdk == "auto"
  }
}

/// Navigation in a project's `objects`: configuration lists, and file references to paths.
private struct ObjectGraph {
  let objects: [String: PlistValue]
  let sourceRoot: String
  /// Object → the group that lists it among its `children`.
  let parents: [String: String]

  init(objects: [String: PlistValue], sourceRoot: String) {
    self.objects = objects
    self.sourceRoot = sourceRoot
    var parents: [String: String] = [:]
    for (id, object) in objects {
      for child in object.dictionary?["children"]?.array?.compactMap(\.string) ?? [] { parents[child] = id }
    }
    self.parents = parents
  }

  /// The configurations of the `XCConfigurationList` `listID`.
  func configurations(
    of listID: String?
  ) -> [(name: String, settings: [String: String], object: [String: PlistValue])] {
    guard let listID, let list = objects[listID]?.dictionary else { return [] }
    return (list["buildConfigurations"]?.array ?? []).compactMap { id in
      guard let id = id.string, let configuration = objects[id]?.dictionary else { return nil }
      let settings = (configuration["buildSettings"]?.dictionary ?? [:]).compactMapValues { value -> String? in
        switch value {
        case .string(let string): string
        case .array(let array): array.compactMap(\.string).joined(separator: " ")
        default: nil
        }
      }
      return (configuration["name"]?.string ?? id, settings, configuration)
    }
  }

  /// The settings of a configuration's `baseConfigurationReference` (an xcconfig), if it has one.
  func xcconfig(
    of configuration: [String: PlistValue], display: PathDisplay
  ) -> Result<XcconfigFile.Read, InputProblem> {
    var path: String?
    if let reference = configuration["baseConfigurationReference"]?.string {
      path = self.path(of: reference, depth: 0)
    } else if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
      let relative = configuration["baseConfigurationReferenceRelativePath"]?.string,
      let folder = self.path(of: anchor, depth: 0)
    {
      path = Path.join(folder, relative)
    }
    guard let path else { return .success(XcconfigFile.Read()) }
    return XcconfigFile.read(Path.normalize(path), display: display)
  }

  /// Where the file reference or group `id` is on disk, following `sourceTree` up the groups; nil
  /// for paths relative to build products or the SDK.
  func path(of id: String, depth: Int) -> String? {
    guard depth < 64, let object = objects[id]?.dictionary else { return nil }
    let path = object["path"]?.string ?? ""
    switch object["sourceTree"]?.string ?? "<group>" {
    case "<absolute>": return path
    case "SOURCE_ROOT": return Path.join(sourceRoot, path)
    case "<group>":
      guard let parent = parents[id] else { return Path.join(sourceRoot, path) }
      return self.path(of: parent, depth: depth + 1).map { Path.join($0, path) }
    default: return nil
    }
  }
}
