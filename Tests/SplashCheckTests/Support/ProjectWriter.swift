/// Writes a small `project.pbxproj` in Xcode's OpenStep format, with the objects the check reads:
/// the project, its configuration list, native targets, their configuration lists and build
/// configurations (optionally based on an xcconfig file reference in a group).
struct ProjectWriter {
  struct Target {
    var name: String
    var productType = "com.apple.product-type.application"
    /// Build configuration name → build settings, in order.
    var configurations: [(String, [String: String])]
    /// An xcconfig (relative to the project's directory) every configuration of the target is based on.
    var xcconfig: String?
  }

  var targets: [Target]
  /// The project-level build settings, per configuration name.
  var projectSettings: [String: [String: String]] = [:]
  var projectDirPath = ""

  /// A project with one application target, `App`, in Debug and Release with these settings.
  static func app(debug: [String: String], release: [String: String]? = nil, xcconfig: String? = nil)
    -> ProjectWriter
  {
    ProjectWriter(targets: [
      Target(name: "App", configurations: [("Debug", debug), ("Release", release ?? debug)], xcconfig: xcconfig)
    ])
  }

  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  private static func settings(_ settings: [String: String]) -> String {
    settings.keys.sorted().map { "\(quoted($0)) = \(quoted(settings[$0]!));" }.joined(separator: " ")
  }

  var text: String {
    var objects: [String] = []
    var targetIDs: [String] = []
    var groupChildren: [String] = []
    let configurationNames = targets.first?.configurations.map(\.0) ?? ["Debug", "Release"]
    var projectConfigurationIDs: [String] = []
    for (index, name) in configurationNames.enumerated() {
      let id = "PC\(index)"
      projectConfigurationIDs.append(id)
      objects.append(
        "\(id) /* \(name) */ = {isa = XCBuildConfiguration; buildSettings = {\(Self.settings(projectSettings[name] ?? [:]))}; name = \(Self.quoted(name)); };"
      )
    }
    objects.append(
      "PL = {isa = XCConfigurationList; buildConfigurations = (\(projectConfigurationIDs.joined(separator: ", ")), ); defaultConfigurationName = Release; };"
    )
    for (targetIndex, target) in targets.enumerated() {
      let targetID = "T\(targetIndex)"
      targetIDs.append(targetID)
      var configurationIDs: [String] = []
      var base = ""
      if let xcconfig = target.xcconfig {
        let referenceID = "X\(targetIndex)"
        groupChildren.append(referenceID)
        objects.append(
          "\(referenceID) = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \(Self.quoted(xcconfig)); sourceTree = \"<group>\"; };"
        )
        base = "baseConfigurationReference = \(referenceID); "
      }
      for (index, (name, settings)) in target.configurations.enumerated() {
        let id = "C\(targetIndex)_\(index)"
        configurationIDs.append(id)
        objects.append(
          "\(id) = {isa = XCBuildConfiguration; \(base)buildSettings = {\(Self.settings(settings))}; name = \(Self.quoted(name)); };"
        )
      }
      objects.append(
        "L\(targetIndex) = {isa = XCConfigurationList; buildConfigurations = (\(configurationIDs.joined(separator: ", ")), ); };"
      )
      objects.append(
        "\(targetID) /* \(target.name) */ = {isa = PBXNativeTarget; buildConfigurationList = L\(targetIndex); buildPhases = (); name = \(Self.quoted(target.name)); productName = \(Self.quoted(target.name)); productType = \(Self.quoted(target.productType)); };"
      )
    }
    objects.append(
      "G0 = {isa = PBXGroup; children = (\(groupChildren.joined(separator: ", "))); sourceTree = \"<group>\"; };")
    objects.append(
      "P0 /* Project object */ = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; projectDirPath = \(Self.quoted(projectDirPath)); targets = (\(targetIDs.joined(separator: ", ")), ); };"
    )
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tclasses = {
      \t};
      \tobjectVersion = 56;
      \tobjects = {
      \(objects.map { "\t\t" + $0 }.joined(separator: "\n"))
      \t};
      \trootObject = P0 /* Project object */;
      }

      """
  }
}

extension Fixture {
  /// Writes `project` as `App.xcodeproj/project.pbxproj` (or under `directory`).
  func project(_ project: ProjectWriter, at directory: String = "App.xcodeproj") {
    write("\(directory)/project.pbxproj", project.text)
  }
}
