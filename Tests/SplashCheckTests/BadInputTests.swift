import Foundation
import Testing

@testable import SplashCheck

/// One bad input and its defined behaviour: the exit code, and the finding that says so.
struct BadInputCase: Sendable, CustomTestStringConvertible {
  let input: String
  /// Spoils the usual app (which checks clean).
  let spoil: @Sendable (Fixture) -> Void
  /// Command-line arguments after `--intro-background LaunchBackground`.
  var arguments: [String] = []
  let exitCode: Int32
  let kind: Finding.Kind
  let file: String
  let message: String

  var testDescription: String { "\(input) → exit \(exitCode), \(kind.rawValue)" }
}

/// Bad input that does not depend on file modes, so it behaves the same for root (as in CI).
@Suite struct BadInputTests {
  static let cases: [BadInputCase] = [
    // A directory where a file should be.
    BadInputCase(
      input: "--plist names a directory", spoil: { $0.directory("Folder") }, arguments: ["--plist", "Folder"],
      exitCode: 2, kind: .unreadableInput, file: "Folder",
      message: "the Info.plist given with --plist is a directory, not a file"),
    BadInputCase(
      input: "a colour set's Contents.json is a directory",
      spoil: { fixture in
        try? FileManager.default.removeItem(
          atPath: fixture.path("App/Assets.xcassets/LaunchBackground.colorset/Contents.json"))
        fixture.directory("App/Assets.xcassets/LaunchBackground.colorset/Contents.json")
      },
      exitCode: 2, kind: .unreadableInput, file: "App/Assets.xcassets/LaunchBackground.colorset/Contents.json",
      message: "the colour set 'LaunchBackground' is a directory, not a file"),
    BadInputCase(
      input: "project.pbxproj is a directory", spoil: { $0.directory("App.xcodeproj/project.pbxproj") },
      exitCode: 2, kind: .unreadableInput, file: "App.xcodeproj/project.pbxproj", message: "is a directory, not a file"),
    BadInputCase(
      input: "the directory to check is a file", spoil: { $0.write("file", "x") }, arguments: ["file"],
      exitCode: 2, kind: .unreadableInput, file: "\(placeholder)/file",
      message: "the directory to check is a file, not a directory"),
    // A path under a regular file.
    BadInputCase(
      input: "--plist below a regular file", spoil: { _ in }, arguments: ["--plist", "App/Info.plist/Info.plist"],
      exitCode: 2, kind: .unreadableInput, file: "App/Info.plist/Info.plist",
      message: "the Info.plist given with --plist cannot exist: 'App/Info.plist' is a file, not a directory"),
    BadInputCase(
      input: "--assets below a regular file", spoil: { _ in },
      arguments: ["--assets", "App/Info.plist/Assets.xcassets"],
      exitCode: 2, kind: .unreadableInput, file: "App/Info.plist/Assets.xcassets",
      message: "the asset catalog given with --assets cannot exist: 'App/Info.plist' is a file, not a directory"),
    BadInputCase(
      input: "INFOPLIST_FILE below a regular file",
      spoil: { $0.project(.app(debug: ["INFOPLIST_FILE": "App/Info.plist/Info.plist"])) },
      exitCode: 2, kind: .unreadableInput, file: "App/Info.plist/Info.plist",
      message: "the Info.plist of target 'App' (Debug) cannot exist: 'App/Info.plist' is a file, not a directory"),
    BadInputCase(
      input: "the directory to check is missing", spoil: { _ in }, arguments: ["Nowhere"],
      exitCode: 2, kind: .unreadableInput, file: "\(placeholder)/Nowhere",
      message: "the directory to check does not exist"),
    // A truncated plist.
    BadInputCase(
      input: "a truncated binary plist given with --plist",
      spoil: { fixture in
        let data = try! PropertyListSerialization.data(
          fromPropertyList: ["UILaunchScreen": ["UIColorName": "LaunchBackground"]], format: .binary, options: 0)
        fixture.write("Cut.plist", data: data.prefix(data.count - 5))
      },
      arguments: ["--plist", "Cut.plist"], exitCode: 2, kind: .unreadableInput, file: "Cut.plist",
      message: "the Info.plist given with --plist is not a valid property list (corrupt or truncated)"),
    BadInputCase(
      input: "the app's Info.plist truncated",
      spoil: { fixture in
        fixture.write(
          "App/Info.plist", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>UILaunchScreen</key><dict>")
      },
      exitCode: 2, kind: .unreadableInput, file: "App/Info.plist",
      message: "is not a valid property list (corrupt or truncated)"),
    // Invalid JSON.
    BadInputCase(
      input: "the launch colour's Contents.json is broken",
      spoil: { $0.write("App/Assets.xcassets/LaunchBackground.colorset/Contents.json", "{\"colors\": [") },
      exitCode: 2, kind: .unreadableInput, file: "App/Assets.xcassets/LaunchBackground.colorset/Contents.json",
      message: "the colour set 'LaunchBackground' is not valid JSON (an object was expected)"),
    BadInputCase(
      input: "a folder's Contents.json is not an object",
      spoil: { $0.write("App/Assets.xcassets/Brand/Contents.json", "[1, 2]") },
      exitCode: 2, kind: .unreadableInput, file: "App/Assets.xcassets/Brand/Contents.json",
      message: "is not valid JSON (an object was expected); cannot tell whether the folder provides a namespace"),
    BadInputCase(
      input: "an unused colour set's Contents.json is broken (never read)",
      spoil: { $0.write("App/Assets.xcassets/Unused.colorset/Contents.json", "{") },
      exitCode: 0, kind: .colorNotInCatalog, file: "", message: ""),
    // Dangling symbolic links.
    BadInputCase(
      input: "a dangling link in the tree", spoil: { $0.symlink("App/Old.plist", to: "Gone.plist") },
      exitCode: 0, kind: .skippedPath, file: "App/Old.plist",
      message: "is a dangling symbolic link (App/Old.plist points to nothing); skipped"),
    BadInputCase(
      input: "--plist is a dangling link", spoil: { $0.symlink("Link.plist", to: "Gone.plist") },
      arguments: ["--plist", "Link.plist"], exitCode: 2, kind: .unreadableInput, file: "Link.plist",
      message: "the Info.plist given with --plist is a dangling symbolic link (Link.plist points to nothing)"),
    BadInputCase(
      input: "--assets is a dangling link", spoil: { $0.symlink("Link.xcassets", to: "Gone.xcassets") },
      arguments: ["--assets", "Link.xcassets"], exitCode: 2, kind: .unreadableInput, file: "Link.xcassets",
      message: "the asset catalog given with --assets is a dangling symbolic link (Link.xcassets points to nothing)"
    ),
    BadInputCase(
      input: "a dangling link in the asset catalog", spoil: { $0.symlink("App/Assets.xcassets/Old", to: "Gone") },
      exitCode: 0, kind: .skippedPath, file: "App/Assets.xcassets/Old",
      message: "is a dangling symbolic link (App/Assets.xcassets/Old points to nothing); skipped"),
    // Looping symbolic links.
    BadInputCase(
      input: "a directory link back to the root", spoil: { $0.symlink("App/Up", to: "..") },
      exitCode: 0, kind: .skippedPath, file: "App/Up", message: "loops back to '.' (a symbolic link); skipped"),
    BadInputCase(
      input: "a link to itself in the tree", spoil: { $0.symlink("App/Loop", to: "Loop") },
      exitCode: 0, kind: .skippedPath, file: "App/Loop",
      message: "is a symbolic link loop (App/Loop); skipped"),
    BadInputCase(
      input: "--plist is a link loop", spoil: { $0.symlink("Loop.plist", to: "Loop.plist") },
      arguments: ["--plist", "Loop.plist"], exitCode: 2, kind: .unreadableInput, file: "Loop.plist",
      message: "the Info.plist given with --plist is a symbolic link loop (Loop.plist)"),
    BadInputCase(
      input: "a folder link looping inside the catalog",
      spoil: { $0.symlink("App/Assets.xcassets/Brand/Again", to: "..") },
      exitCode: 0, kind: .skippedPath, file: "App/Assets.xcassets/Brand/Again",
      message: "loops back or nests too deep; skipped"),
    // A pipe where a file should be: never opened, so never a hang.
    BadInputCase(
      input: "--plist is a pipe", spoil: { _ = mkfifo($0.path("Pipe.plist"), 0o644) },
      arguments: ["--plist", "Pipe.plist"],
      exitCode: 2, kind: .unreadableInput, file: "Pipe.plist",
      message: "the Info.plist given with --plist is not a regular file (a pipe, socket or device)"),
    BadInputCase(
      input: "an Info.plist in the tree is a pipe", spoil: { _ = mkfifo($0.path("App/Sub-Info.plist"), 0o644) },
      exitCode: 0, kind: .skippedPath, file: "App/Sub-Info.plist",
      message: "is not a regular file (a pipe, socket or device); skipped"),
  ]

  /// Stands for the fixture's root in expected messages.
  static let placeholder = "<root>"

  @Test(arguments: cases)
  func badInput(_ row: BadInputCase) {
    let fixture = Fixture.usualApp()
    row.spoil(fixture)
    let output = fixture.run(["--intro-background", "LaunchBackground", "--json"] + row.arguments)
    #expect(output.exitCode == row.exitCode, "\(output.standardOutput)\(output.standardError)")
    let findings = Self.findings(in: output.standardOutput)
    if row.message.isEmpty {
      #expect(findings.isEmpty, "\(output.standardOutput)")
      return
    }
    let expected = row.message.replacingOccurrences(of: Self.placeholder, with: fixture.root)
    let file = row.file.replacingOccurrences(of: Self.placeholder, with: fixture.root)
    #expect(
      findings.contains { $0.kind == row.kind && $0.file == file && $0.message == expected },
      "\(output.standardOutput)")
  }

  private static func findings(in json: String) -> [Finding] {
    struct Document: Decodable { let findings: [Finding] }
    return (try? JSONDecoder().decode(Document.self, from: Data(json.utf8)).findings) ?? []
  }

  @Test func aDeeplyNestedTreeIsCutOffWithAWarning() {
    let fixture = Fixture.usualApp()
    fixture.directory(Array(repeating: "d", count: ProjectTree.maximumDepth + 2).joined(separator: "/"))
    let report = fixture.check()
    #expect(report.only(.skippedPath)?.message == "deeper than \(ProjectTree.maximumDepth) levels; not searched")
    #expect(report.exitCode == 0)
  }
}

/// Bad input that needs file modes, which root ignores: only run when not root.
@Suite(.enabled(if: !runningAsRoot, "root reads whatever the file modes say"))
struct ModeBadInputTests {
  private func closed(_ fixture: Fixture, _ relative: String) {
    try! FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: fixture.path(relative))
  }

  @Test func anUnreadableDirectoryInTheTreeIsSkipped() {
    let fixture = Fixture.usualApp()
    fixture.directory("Private/Inner")
    closed(fixture, "Private")
    let report = fixture.check()
    #expect(report.only(.skippedPath)?.file == "Private")
    #expect(report.exitCode == 0)
  }

  @Test func anUnreadableInfoPlistGivenExplicitly() {
    let fixture = Fixture.usualApp()
    closed(fixture, "App/Info.plist")
    let report = fixture.check(plist: "App/Info.plist")
    #expect(
      report.only(.unreadableInput)?.message == "the Info.plist given with --plist cannot be read: permission denied")
    #expect(report.exitCode == 2)
  }

  @Test func anUnreadableCatalogFolder() {
    let fixture = Fixture.usualApp()
    fixture.directory("App/Assets.xcassets/Brand")
    closed(fixture, "App/Assets.xcassets/Brand")
    #expect(fixture.check().only(.skippedPath)?.file == "App/Assets.xcassets/Brand")
  }
}
