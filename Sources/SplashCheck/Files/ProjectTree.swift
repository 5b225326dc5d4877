import Foundation

/// What one walk of the checked directory found: the files that can describe the app's launch screen.
///
/// The walk follows symbolic links to directories but never enters a directory twice (a link that
/// loops back is skipped with a warning), reads nothing it does not need, and does not descend into
/// dependencies, build products, tests or other bundles (each skipped folder gets a note).
struct ProjectTree: Sendable {
  /// `project.pbxproj` paths, one per `*.xcodeproj`.
  var projects: [String] = []
  /// Files named `Info.plist` or `…-Info.plist`.
  var infoPlists: [String] = []
  /// `*.xcassets` directories.
  var catalogs: [String] = []
  /// `*.storyboard` and `*.xib` files.
  var interfaceFiles: [String] = []
  /// Skipped folders (notes) and unreadable or looping paths (warnings).
  var findings: [Finding] = []

  /// Deeper than any real project; a guard against pathological trees.
  static let maximumDepth = 40
  /// Directories visited at most; the walk stops with a warning beyond it.
  static let maximumDirectories = 50_000

  /// Folder names never searched, with the reason given in their note.
  static func skipReason(forFolder name: String) -> String? {
    switch name {
    case "Pods", "Carthage", "node_modules": return "dependencies"
    case "DerivedData", ".build", "build": return "build products"
    case "Tests", "Test": return "tests"
    default: break
    }
    if name.hasSuffix("Tests") { return "tests" }
    for suffix in [".app", ".appex", ".framework", ".bundle", ".xctest", ".xcframework"] where name.hasSuffix(suffix) {
      return "another bundle"
    }
    return nil
  }

  /// Walks `root` (a directory).
  static func scan(_ root: String, display: PathDisplay) -> ProjectTree {
    var tree = ProjectTree()
    guard case .directory(let rootIdentity) = FileProbe.kind(of: root) else { return tree }
    var visited: [DirectoryIdentity: String] = [rootIdentity: root]
    var pending: [(path: String, depth: Int)] = [(root, 0)]
    let fileManager = FileManager.default

    while let (directory, depth) = pending.popLast() {
      guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else {
        tree.findings.append(
          Finding(.warning, .skippedPath, file: display(directory), "cannot be read (permission denied?); skipped"))
        continue
      }
      var subdirectories: [String] = []
      for name in names.sorted() {
        if name.hasPrefix("."), name != ".build" { continue }
        let path = Path.join(directory, name)
        let kind = FileProbe.kind(of: path)
        switch kind {
        case .directory(let identity):
          if name.hasSuffix(".xcodeproj") {
            let project = Path.join(path, "project.pbxproj")
            if FileProbe.exists(project) { tree.projects.append(project) }
          } else if name.hasSuffix(".xcassets") {
            tree.catalogs.append(path)
          } else if name.hasSuffix(".xcworkspace") {
            continue  // A workspace only points at projects, which the walk finds anyway.
          } else if let reason = skipReason(forFolder: name) {
            tree.findings.append(Finding(.note, .skippedFolder, file: display(path), "not searched (\(reason))"))
          } else if let earlier = visited[identity] {
            tree.findings.append(
              Finding(
                .warning, .skippedPath, file: display(path),
                "loops back to '\(display(earlier))' (a symbolic link); skipped"))
          } else if depth + 1 > maximumDepth {
            tree.findings.append(
              Finding(.warning, .skippedPath, file: display(path), "deeper than \(maximumDepth) levels; not searched"))
          } else {
            visited[identity] = path
            subdirectories.append(path)
          }
        case .file:
          if name == "Info.plist" || name.hasSuffix("-Info.plist") {
            tree.infoPlists.append(path)
          } else if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
            tree.interfaceFiles.append(path)
          }
        case .danglingLink, .linkLoop, .noPermission:
          tree.findings.append(Finding(.warning, .skippedPath, file: display(path), "\(kind.problem); skipped"))
        case .special:
          if name.hasSuffix("Info.plist") || name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
            tree.findings.append(
              Finding(.warning, .skippedPath, file: display(path), "\(kind.problem); skipped"))
          }
        case .missing, .underFile:
          continue  // Removed while the walk ran.
        }
      }
      if visited.count > maximumDirectories {
        tree.findings.append(
          Finding(
            .warning, .skippedPath, file: display(root),
            "more than \(maximumDirectories) directories; the search stopped early (pass --plist and --assets)"))
        break
      }
      pending.append(contentsOf: subdirectories.reversed().map { ($0, depth + 1) })
    }
    tree.projects.sort()
    tree.infoPlists.sort()
    tree.catalogs.sort()
    tree.interfaceFiles.sort()
    return tree
  }
}
