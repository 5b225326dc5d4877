/// The app's Info.plist as one build configuration (or several equal ones) sees it.
struct AppConfiguration: Sendable, Equatable {
  /// Where a top-level key came from: a file, or an `INFOPLIST_KEY_…` build setting of a project.
  struct Source: Sendable, Equatable {
    var file: String
    /// The build setting, for generated keys.
    var setting: String?
  }

  /// The build configurations that share this Info.plist (empty without a project).
  var names: [String]
  var plist: [String: PlistValue]
  var sources: [String: Source]
  /// Where findings about keys the plist lacks go.
  var defaultSource: Source

  func source(of key: String) -> Source { sources[key] ?? defaultSource }

  static let launchKeys: Set<String> = ["UILaunchScreen", "UILaunchScreens", "UILaunchStoryboardName"]

  /// The keys that make up a launch screen, `~device` variants included.
  var launchPlist: [String: PlistValue] {
    plist.filter { Self.launchKeys.contains(String($0.key.prefix { $0 != "~" })) }
  }
}

/// The app whose launch screen is checked.
struct LocatedApp: Sendable {
  /// For the summary line: `App/Info.plist (target 'App' of App.xcodeproj)`.
  var description: String
  /// One entry per distinct launch setup; several when build configurations differ.
  var configurations: [AppConfiguration]
}

/// Finds the app's Info.plist: the one given with `--plist`; else an Xcode project's single
/// application target (or the one `--target` names), per build configuration; else the single
/// Info.plist under the directory that is not another bundle's.
struct AppLocator {
  let options: SplashCheckOptions
  let tree: ProjectTree
  let display: PathDisplay
  var findings: [Finding] = []
  /// Info.plist files read once, whatever number of configurations use them.
  private var cache: [String: Result<[String: PlistValue], InputProblem>] = [:]

  init(options: SplashCheckOptions, tree: ProjectTree, display: PathDisplay) {
    self.options = options
    self.tree = tree
    self.display = display
  }

  mutating func locate() -> LocatedApp? {
    if let plist = options.plist {
      switch PropertyListFile.read(plist) {
      case .failure(let problem):
        findings.append(
          Finding(
            .error, .unreadableInput, file: display(problem.path), "the Info.plist given with --plist \(problem.reason)"
          ))
        return nil
      case .success(let dictionary):
        let source = AppConfiguration.Source(file: display(plist))
        return LocatedApp(
          description: display(plist),
          configurations: [
            AppConfiguration(
              names: [], plist: dictionary, sources: dictionary.mapValues { _ in source }, defaultSource: source)
          ])
      }
    }
    var targets: [(project: XcodeProject, target: XcodeProject.Target)] = []
    for file in tree.projects {
      switch XcodeProject.read(file, display: display) {
      case .failure(let problem):
        findings.append(Finding(.error, .unreadableInput, file: display(problem.path), problem.reason))
      case .success(let project):
        findings += project.findings
        targets += project.targets.map { (project, $0) }
      }
    }
    if findings.contains(where: { $0.kind.isInputProblem }) { return nil }
    if let wanted = options.target {
      let matching = targets.filter { $0.target.name == wanted }
      guard !matching.isEmpty else {
        let names = targets.map { "'\($0.target.name)'" }.joined(separator: ", ")
        findings.append(
          Finding(
            .error, .appNotFound, file: display(options.directory),
            "no iOS application target is named '\(wanted)'"
              + (names.isEmpty ? " (no Xcode project with one was found)" : "; the targets are \(names)")))
        return nil
      }
      targets = matching
    }
    switch targets.count {
    case 0:
      if !tree.projects.isEmpty {
        findings.append(
          Finding(
            .note, .skippedTarget, file: display(options.directory),
            "no iOS application target in the Xcode project(s); looking for Info.plist files instead"))
      }
      return scan()
    case 1:
      return configurations(of: targets[0].target, in: targets[0].project)
    default:
      findings.append(
        Finding(
          .error, .ambiguousApp, file: display(options.directory),
          "\(targets.count) application targets could be the app's; pass --target NAME (or --plist PATH)"))
      for (project, target) in targets {
        findings.append(
          Finding(.note, .appCandidate, file: display(project.file), keyPath: "target '\(target.name)'", "a candidate"))
      }
      return nil
    }
  }

  private mutating func readPlist(_ path: String) -> Result<[String: PlistValue], InputProblem> {
    if let cached = cache[path] { return cached }
    let read = PropertyListFile.read(path)
    cache[path] = read
    return read
  }

  /// The target's Info.plist per build configuration: `INFOPLIST_FILE`, merged into the keys that
  /// `GENERATE_INFOPLIST_FILE = YES` generates from `INFOPLIST_KEY_…` settings (the file's keys win).
  private mutating func configurations(of target: XcodeProject.Target, in project: XcodeProject) -> LocatedApp? {
    let projectFile = display(project.file)
    var all: [AppConfiguration] = []
    var files: Set<String> = []
    for (name, settings) in target.configurations {
      let place = "target '\(target.name)' (\(name))"
      let defaultSource = AppConfiguration.Source(file: projectFile, setting: place)
      var configuration = AppConfiguration(names: [name], plist: [:], sources: [:], defaultSource: defaultSource)
      let generates = settings.value("GENERATE_INFOPLIST_FILE") == "YES"
      if generates {
        for key in settings.keys(withPrefix: "INFOPLIST_KEY_") {
          guard let raw = settings.value(key) else { continue }  // Set only for other SDKs.
          let value = (try? settings.expand(raw).get()) ?? raw
          var plistKey = String(key.dropFirst("INFOPLIST_KEY_".count))
          let plistValue: PlistValue
          if plistKey == "UILaunchScreen_Generation" {
            guard value == "YES" else { continue }
            plistKey = "UILaunchScreen"
            plistValue = .dictionary([:])
          } else {
            plistValue = .string(value)
          }
          configuration.plist[plistKey] = plistValue
          configuration.sources[plistKey] = AppConfiguration.Source(file: projectFile, setting: key)
        }
      }
      if let rawFile = settings.value("INFOPLIST_FILE"), !rawFile.isEmpty {
        let path: String
        switch settings.expand(rawFile) {
        case .failure(let unresolved):
          findings.append(
            Finding(
              .error, .unreadableInput, file: projectFile, keyPath: "\(place).INFOPLIST_FILE",
              "cannot resolve $(\(unresolved.name)) in '\(rawFile)'; pass --plist PATH"))
          return nil
        case .success(let expanded): path = Path.absolute(expanded, from: project.sourceRoot)
        }
        files.insert(display(path))
        switch readPlist(path) {
        case .failure(let problem):
          findings.append(
            Finding(
              .error, .unreadableInput, file: display(problem.path), keyPath: nil,
              "the Info.plist of \(place) \(problem.reason)"))
          return nil
        case .success(let dictionary):
          merge(dictionary, from: display(path), into: &configuration)
        }
      } else if !generates {
        findings.append(
          Finding(
            .error, .unreadableInput, file: projectFile, keyPath: place,
            "has neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES, so its Info.plist is unknown; pass --plist PATH"
          ))
        return nil
      }
      all.append(configuration)
    }
    guard !all.isEmpty else {
      findings.append(
        Finding(
          .error, .appNotFound, file: projectFile, keyPath: "target '\(target.name)'", "has no build configurations"))
      return nil
    }
    let plistText = files.isEmpty ? "the generated Info.plist" : files.sorted().joined(separator: ", ")
    return LocatedApp(
      description: "\(plistText) (target '\(target.name)' of \(Path.name(Path.parent(project.file))))",
      configurations: group(all))
  }

  private mutating func merge(
    _ file: [String: PlistValue], from path: String, into configuration: inout AppConfiguration
  ) {
    for (key, value) in file {
      if let generated = configuration.plist[key], generated != value {
        if case .dictionary(let generatedDictionary) = generated, case .dictionary(let fileDictionary) = value {
          configuration.plist[key] = .dictionary(generatedDictionary.merging(fileDictionary) { $1 })
          configuration.sources[key] = AppConfiguration.Source(file: path)
          continue
        }
        let setting = configuration.sources[key]?.setting ?? key
        findings.append(
          Finding(
            .warning, .settingConflict, file: path, keyPath: key,
            "the file says \(value.description) but the build setting \(setting) says \(generated.description); "
              + "checking the file's value: keep one"))
      }
      configuration.plist[key] = value
      configuration.sources[key] = AppConfiguration.Source(file: path)
    }
  }

  /// Configurations with equal launch keys become one; a difference is a warning.
  private mutating func group(_ configurations: [AppConfiguration]) -> [AppConfiguration] {
    var groups: [AppConfiguration] = []
    for configuration in configurations {
      if let index = groups.firstIndex(where: { $0.launchPlist == configuration.launchPlist }) {
        groups[index].names += configuration.names
      } else {
        groups.append(configuration)
      }
    }
    if groups.count > 1 {
      let keys = Set(groups.flatMap { $0.launchPlist.keys }).sorted().filter { key in
        Set(groups.map { $0.launchPlist[key]?.description ?? "(not set)" }).count > 1
      }
      let details = keys.map { key in
        "\(key) is "
          + groups.map { "\($0.launchPlist[key]?.description ?? "not set") in \($0.names.joined(separator: ", "))" }
          .joined(separator: " but ")
      }
      findings.append(
        Finding(
          .warning, .configurationsDiffer, file: groups[0].defaultSource.file,
          "the launch screen differs between build configurations: \(details.joined(separator: "; ")); each is checked")
      )
    }
    return groups
  }

  /// Without a project: the Info.plists under the directory that are not another bundle's.
  private mutating func scan() -> LocatedApp? {
    var candidates: [(path: String, plist: [String: PlistValue])] = []
    var unreadable: [InputProblem] = []
    for path in tree.infoPlists {
      switch readPlist(path) {
      case .failure(let problem): unreadable.append(problem)
      case .success(let plist):
        if plist["NSExtension"] != nil {
          findings.append(
            Finding(.note, .skippedPlist, file: display(path), keyPath: "NSExtension", "an app extension's; skipped"))
        } else if let type = plist["CFBundlePackageType"]?.string, type != "APPL", !type.contains("$") {
          findings.append(
            Finding(
              .note, .skippedPlist, file: display(path), keyPath: "CFBundlePackageType",
              "'\(type)' is not an app's ('APPL'); skipped"))
        } else {
          candidates.append((path, plist))
        }
      }
    }
    if candidates.isEmpty, !unreadable.isEmpty {
      // Nothing else could be the app's, so an unreadable one is: it is the app's own input.
      for problem in unreadable {
        findings.append(Finding(.error, .unreadableInput, file: display(problem.path), problem.reason))
      }
      return nil
    }
    for problem in unreadable {
      findings.append(Finding(.warning, .skippedPath, file: display(problem.path), "\(problem.reason); skipped"))
    }
    switch candidates.count {
    case 0:
      findings.append(
        Finding(
          .error, .appNotFound, file: display(options.directory),
          "no Xcode project and no app Info.plist found; pass --plist PATH"))
      return nil
    case 1:
      let source = AppConfiguration.Source(file: display(candidates[0].path))
      return LocatedApp(
        description: display(candidates[0].path),
        configurations: [
          AppConfiguration(
            names: [], plist: candidates[0].plist, sources: candidates[0].plist.mapValues { _ in source },
            defaultSource: source)
        ])
    default:
      findings.append(
        Finding(
          .error, .ambiguousApp, file: display(options.directory),
          "\(candidates.count) Info.plist files could be the app's; pass --plist PATH"))
      for candidate in candidates {
        findings.append(Finding(.note, .appCandidate, file: display(candidate.path), "a candidate"))
      }
      return nil
    }
  }
}
