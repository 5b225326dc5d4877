import Foundation

/// The colour and image names the app's asset catalogs define, and where.
///
/// A catalog is a directory tree: `Name.colorset` and `Name.imageset` directories define `Name`; any
/// other directory is a folder, whose `Contents.json` may say `"properties": {"provides-namespace":
/// true}`, and then the names inside it are prefixed with `Folder/`. Only the folders' and the needed
/// sets' `Contents.json` are read; a broken one is the app's own input, so it is an
/// ``Finding/Kind/unreadableInput`` (exit 2).
struct AssetCatalogs: Sendable {
  var catalogs: [String] = []
  /// Name → the colour-set directories defining it (more than one is a warning).
  var colors: [String: [String]] = [:]
  /// Name → the image-set directories defining it.
  var images: [String: [String]] = [:]
  /// Unreadable folder `Contents.json` files (errors, exit 2) and looping paths (warnings).
  var findings: [Finding] = []

  /// Indexes `catalogs`; `explicit` catalogs (`--assets`) must be directories.
  static func index(_ catalogs: [String], explicit: Bool, display: PathDisplay) -> AssetCatalogs {
    var index = AssetCatalogs()
    for catalog in catalogs {
      guard case .directory(let identity) = FileProbe.kind(of: catalog) else {
        let problem = FileProbe.kind(of: catalog).problem
        index.findings.append(
          Finding(
            explicit ? .error : .warning, explicit ? .unreadableInput : .skippedPath, file: display(catalog),
            explicit ? "the asset catalog given with --assets \(problem)" : "\(problem); skipped"))
        continue
      }
      index.catalogs.append(catalog)
      var visited: Set<DirectoryIdentity> = [identity]
      index.walk(catalog, prefix: "", depth: 0, visited: &visited, display: display)
    }
    return index
  }

  private mutating func walk(
    _ directory: String, prefix: String, depth: Int, visited: inout Set<DirectoryIdentity>, display: PathDisplay
  ) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      findings.append(
        Finding(.warning, .skippedPath, file: display(directory), "cannot be read (permission denied?); skipped"))
      return
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = Path.join(directory, name)
      let kind = FileProbe.kind(of: path)
      switch kind {
      case .directory(let identity):
        if name.hasSuffix(".colorset") {
          colors[prefix + Path.stem(name), default: []].append(path)
        } else if name.hasSuffix(".imageset") {
          images[prefix + Path.stem(name), default: []].append(path)
        } else if name.contains(".") {
          continue  // App icons, symbol sets, data sets…: nothing a launch screen names.
        } else if !visited.insert(identity).inserted || depth >= ProjectTree.maximumDepth {
          findings.append(
            Finding(.warning, .skippedPath, file: display(path), "loops back or nests too deep; skipped"))
        } else {
          var folderPrefix = prefix
          let contents = Path.join(path, "Contents.json")
          if FileProbe.exists(contents) {
            switch InputFile.readJSONObject(contents) {
            case .failure(let problem):
              findings.append(
                Finding(
                  .error, .unreadableInput, file: display(problem.path),
                  "\(problem.reason); cannot tell whether the folder provides a namespace"))
            case .success(let object):
              let properties = object["properties"] as? [String: Any]
              if properties?["provides-namespace"] as? Bool == true { folderPrefix += name + "/" }
            }
          }
          walk(path, prefix: folderPrefix, depth: depth + 1, visited: &visited, display: display)
        }
      case .danglingLink, .linkLoop, .noPermission:
        findings.append(Finding(.warning, .skippedPath, file: display(path), "\(kind.problem); skipped"))
      default:
        continue
      }
    }
  }

  /// The name in `names` that differs from `name` only in letter case, for a "did you mean" hint.
  static func nearMiss(_ name: String, in names: some Collection<String>) -> String? {
    names.first { $0 != name && $0.lowercased() == name.lowercased() }
  }
}
