import Foundation

/// Checks an iOS app's launch screen against its intro's first frame, from the project's files, so
/// that the flash between the two is caught before it ships.
///
/// ```swift
/// let report = SplashCheck.check(
///   SplashCheckOptions(directory: "/path/to/MyApp", introBackground: "LaunchBackground"))
/// print(report.text, terminator: "")
/// ```
///
/// The `splash-check` executable is ``run(arguments:currentDirectory:)`` and nothing more.
package enum SplashCheck {
  /// The help text (`--help`), also printed after a usage error.
  package static let usage = """
    usage: splash-check [DIR] --intro-background NAME [options]

    Checks the launch screen of the iOS app under DIR (default: the current directory) against the
    first frame of its intro, whose background is the asset-catalog colour NAME.

    options:
      --intro-background NAME  the colour behind the intro's first frame (required)
      --intro-image NAME       the image the intro's first frame draws, if any
      --plist PATH             the app's Info.plist (skips the search)
      --target NAME            the application target, when a project has several
      --assets PATH            an asset catalog to use instead of the ones found (repeatable)
      --json                   print the report as JSON
      -h, --help               print this help

    Exit status: 2 for bad usage or unreadable input, else 1 when there is an error, else 0.

    """

  /// Runs the command line `arguments` (without the program name), as `splash-check` does: the
  /// report on standard output, usage errors on standard error, and the exit code.
  package static func run(arguments: [String], currentDirectory: String) -> SplashCheckOutput {
    let command: SplashCheckCommand
    do {
      command = try SplashCheckCommand.parse(arguments, currentDirectory: currentDirectory)
    } catch {
      return SplashCheckOutput(
        exitCode: 2, standardOutput: "", standardError: "splash-check: error: \(error.message)\n\n\(usage)")
    }
    switch command {
    case .help:
      return SplashCheckOutput(exitCode: 0, standardOutput: usage, standardError: "")
    case .check(let options):
      let report = check(options)
      return SplashCheckOutput(
        exitCode: report.exitCode, standardOutput: options.json ? report.json : report.text, standardError: "")
    }
  }

  /// Checks the app that `options` describe. Never throws and never stops the process: bad input is a
  /// finding that makes ``SplashReport/exitCode`` 2.
  package static func check(_ options: SplashCheckOptions) -> SplashReport {
    let root = Path.normalize(options.directory)
    let display = PathDisplay(root: root)
    guard case .directory = FileProbe.kind(of: root) else {
      let problem = FileProbe.kind(of: root).problem
      return SplashReport(findings: [
        Finding(.error, .unreadableInput, file: root, "the directory to check \(problem)")
      ])
    }
    // With --plist and --assets nothing needs the walk, except a launch storyboard, which the
    // checker then looks for itself: an Xcode build phase under user-script sandboxing reads only
    // what it declared.
    let tree = options.plist != nil && !options.assets.isEmpty ? nil : ProjectTree.scan(root, display: display)
    var findings = tree?.findings ?? []
    var locator = AppLocator(options: options, tree: tree ?? ProjectTree(), display: display)
    let app = locator.locate()
    findings += locator.findings
    guard let app else { return SplashReport(findings: unique(findings, root: root)) }

    let assets = AssetCatalogs.index(
      options.assets.isEmpty ? tree?.catalogs ?? [] : options.assets, explicit: !options.assets.isEmpty,
      display: display)
    findings += assets.findings
    var checker = LaunchChecker(options: options, tree: tree, display: display, assets: assets)
    checker.prepareIntro()
    let perConfiguration = app.configurations.map { checker.check($0) }
    findings += checker.catalogFindings
    findings += merge(perConfiguration, names: app.configurations.map(\.names))
    return SplashReport(findings: unique(findings, root: root), checked: app.description)
  }

  /// One list from each configuration's findings: those every configuration has, once; the others
  /// with the configurations' names in front of their message.
  private static func merge(_ lists: [[Finding]], names: [[String]]) -> [Finding] {
    guard lists.count > 1 else { return lists.first ?? [] }
    var merged: [Finding] = []
    for (index, list) in lists.enumerated() {
      for finding in list {
        if lists.allSatisfy({ $0.contains(finding) }) {
          if index == 0 { merged.append(finding) }
        } else {
          var labelled = finding
          labelled.message = "in \(names[index].joined(separator: ", ")): \(finding.message)"
          merged.append(labelled)
        }
      }
    }
    return merged
  }

  /// Drops repeated findings, and shows paths inside `root` relative to it in messages too (the
  /// file probe's reasons name paths in full).
  private static func unique(_ findings: [Finding], root: String) -> [Finding] {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    var result: [Finding] = []
    for var finding in findings {
      finding.message = finding.message.replacingOccurrences(of: prefix, with: "")
      if !result.contains(finding) { result.append(finding) }
    }
    return result
  }
}

/// What a run of the command line produced: what to print where, and the exit code.
package struct SplashCheckOutput: Sendable, Equatable {
  /// The process's exit status: 0, 1 or 2.
  package var exitCode: Int32
  /// The report (text or JSON), or the help text.
  package var standardOutput: String
  /// A usage error and the usage text, or nothing.
  package var standardError: String

  /// An output with these parts.
  package init(exitCode: Int32, standardOutput: String, standardError: String) {
    self.exitCode = exitCode
    self.standardOutput = standardOutput
    self.standardError = standardError
  }
}
