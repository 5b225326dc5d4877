/// The checks of launch storyboards and nibs.
extension LaunchChecker {
  /// `UILaunchStoryboardName`: every storyboard or nib of that name in the tree.
  mutating func checkStoryboard(
    named name: String, key: String, source: AppConfiguration.Source, devices: [Device], into findings: inout [Finding]
  ) {
    let stem = name.hasSuffix(".storyboard") || name.hasSuffix(".xib") ? Path.stem(name) : name
    if tree == nil {
      let scanned = ProjectTree.scan(options.directory, display: display)
      catalogFindings += scanned.findings
      tree = scanned
    }
    let files = tree!.interfaceFiles.filter { Path.stem($0) == stem }
    guard !files.isEmpty else {
      findings.append(
        Finding(
          .error, .storyboardNotFound, file: source.file, keyPath: key,
          "names the launch storyboard '\(name)', but there is no \(stem).storyboard or \(stem).xib under \(display(options.directory))"
        ))
      return
    }
    for path in files {
      let file = display(path)
      switch LaunchStoryboard.read(path) {
      case .failure(let problem):
        findings.append(
          Finding(.error, .unreadableInput, file: display(problem.path), "the launch storyboard \(problem.reason)"))
      case .success(let storyboard):
        check(storyboard, file: file, devices: devices, into: &findings)
      }
    }
  }

  mutating func check(
    _ storyboard: LaunchStoryboard, file: String, devices: [Device], into findings: inout [Finding]
  ) {
    for problem in storyboard.unverifiable {
      findings.append(Finding(.warning, .storyboardUnverifiable, file: file, "cannot be verified: \(problem)"))
    }
    let keyPath = "\(storyboard.rootKeyPath).backgroundColor"
    let fix = "give the root view the named colour '\(options.introBackground)'"
    switch storyboard.background {
    case nil:
      if storyboard.unverifiable.isEmpty {
        findings.append(
          Finding(
            .warning, .storyboardUnverifiable, file: file, keyPath: keyPath,
            "the root view has no background colour (it is transparent), so what shows cannot be verified: \(fix)"))
      }
    case .named(let name)?:
      checkNamedColor(
        name, subject: "the root view's colour '\(name)'", file: file, keyPath: keyPath, devices: devices,
        into: &findings)
    case .system(let name)?:
      guard let system = SystemColors.color(named: name, file: file) else {
        findings.append(
          Finding(
            .warning, .storyboardUnverifiable, file: file, keyPath: keyPath,
            "the system colour '\(name)' has no value known here, so it cannot be verified: \(fix)"))
        break
      }
      if let intro {
        compare(
          system, with: intro, subject: "the root view's system colour '\(name)'", file: file, keyPath: keyPath,
          devices: devices, into: &findings)
      }
    case .components(.rgba(let rgba))?:
      if let intro {
        compare(
          .fixed(.rgba(rgba), label: "the root view's fixed colour \(rgba.text)", file: file), with: intro,
          subject: "the root view's fixed colour \(rgba.text)", file: file, keyPath: keyPath, devices: devices,
          into: &findings)
      }
    case .components(.unconvertible(let reason))?:
      findings.append(
        Finding(
          .warning, .storyboardUnverifiable, file: file, keyPath: keyPath,
          "the root view's colour cannot be verified: \(reason); \(fix)"))
    }
    for image in storyboard.images {
      if image.system {
        findings.append(
          Finding(
            .note, .imageReminder, file: file, keyPath: image.keyPath,
            "the launch screen shows the SF Symbol '\(image.name)': the intro's first frame must draw it at the same size and position"
          ))
      } else {
        checkImage(image.name, file: file, keyPath: image.keyPath, into: &findings)
      }
    }
    if !storyboard.otherViews.isEmpty {
      findings.append(
        Finding(
          .warning, .storyboardUnverifiable, file: file, keyPath: storyboard.rootKeyPath,
          "the root view also holds \(storyboard.otherViews.joined(separator: ", ")): splash-check cannot verify that "
            + "the intro's first frame draws them"))
    }
  }
}
