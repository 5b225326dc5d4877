import Foundation
import Testing

@testable import SplashCheck

/// The command line: arguments, output streams and exit codes, through `SplashCheck.run`.
@Suite struct CommandTests {
  private func parse(_ arguments: [String]) throws(SplashCheckUsageError) -> SplashCheckCommand {
    try SplashCheckCommand.parse(arguments, currentDirectory: "/work")
  }

  @Test func everyOption() throws {
    let command = try parse([
      "App", "--intro-background", "LaunchBackground", "--intro-image=Logo", "--plist", "App/Info.plist",
      "--assets", "A.xcassets", "--assets=/abs/B.xcassets", "--json",
    ])
    #expect(
      command
        == .check(
          SplashCheckOptions(
            directory: "/work/App", introBackground: "LaunchBackground", introImage: "Logo",
            plist: "/work/App/Info.plist", assets: ["/work/A.xcassets", "/abs/B.xcassets"], json: true)))
    #expect(
      try parse(["--target", "App", "--intro-background", "X"])
        == .check(SplashCheckOptions(directory: "/work", introBackground: "X", target: "App")))
    #expect(
      try parse(["--intro-background", "X", "--", "--odd-dir"])
        == .check(SplashCheckOptions(directory: "/work/--odd-dir", introBackground: "X")))
  }

  @Test(arguments: [["--help"], ["-h"], ["--bogus", "--help"], ["--intro-background"] + ["-h"]])
  func helpWinsOverEverything(arguments: [String]) throws {
    #expect(try parse(arguments) == .help)
  }

  static let usageErrorCases: [(arguments: [String], message: String)] = [
    ([String](), "--intro-background NAME is required: the colour behind the intro's first frame"),
    (["App"], "--intro-background NAME is required: the colour behind the intro's first frame"),
    (["--intro-background"], "--intro-background needs a value"),
    (["--intro-background="], "--intro-background needs a non-empty value"),
    (["--intro-background", "X", "--bogus"], "unknown option '--bogus'"),
    (["-x", "--intro-background", "X"], "unknown option '-x'"),
    (["--intro-background", "X", "--json=yes"], "--json takes no value"),
    (["--intro-background", "X", "--intro-background", "Y"], "--intro-background is given more than once"),
    (["A", "B", "--intro-background", "X"], "only one directory can be checked (got 'A' and 'B')"),
    (["--intro-background", "X", "--plist", "P", "--target", "T"], "give --plist or --target, not both"),
    (["--intro-background", "X", "--assets"], "--assets needs a value"),
  ]

  @Test(arguments: usageErrorCases)
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: SplashCheckUsageError(message)) { try parse(arguments) }
  }

  @Test func aUsageErrorIsOneLineThenTheUsageOnStandardErrorAndExit2() {
    let output = SplashCheck.run(arguments: ["--bogus"], currentDirectory: "/")
    #expect(output.exitCode == 2)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError == "splash-check: error: unknown option '--bogus'\n\n" + SplashCheck.usage)
  }

  @Test func helpGoesToStandardOutputWithExit0() {
    let output = SplashCheck.run(arguments: ["--help"], currentDirectory: "/")
    #expect(output == SplashCheckOutput(exitCode: 0, standardOutput: SplashCheck.usage, standardError: ""))
    #expect(SplashCheck.usage.hasPrefix("usage: splash-check [DIR] --intro-background NAME"))
  }

  @Test func exitCodes() {
    let fixture = Fixture.usualApp()
    let arguments = ["--intro-background", "LaunchBackground"]
    var codes: [String: Int32] = ["clean": fixture.run(arguments).exitCode]
    fixture.imageSet("Logo")
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    codes["notes alone"] = fixture.run(arguments).exitCode
    fixture.colorSet("Splash", ColorEntry.whiteWithDarkVariant)
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    codes["warnings alone"] = fixture.run(arguments).exitCode
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Missing"]])
    codes["an error"] = fixture.run(arguments).exitCode
    fixture.plist("Other/Info.plist", ["UILaunchScreen": ["UIColorName": "Missing"]])
    codes["ambiguous, beating the error"] = fixture.run(arguments).exitCode
    codes["the error, once --plist chooses"] = fixture.run(arguments + ["--plist", "Other/Info.plist"]).exitCode
    #expect(
      codes == [
        "clean": 0, "notes alone": 0, "warnings alone": 0, "an error": 1, "ambiguous, beating the error": 2,
        "the error, once --plist chooses": 1,
      ])
  }

  @Test func relativePathsAreTakenFromTheCurrentDirectory() {
    let fixture = Fixture.usualApp()
    let output = SplashCheck.run(
      arguments: [
        ".", "--intro-background", "LaunchBackground", "--plist", "Info.plist", "--assets", "Assets.xcassets",
      ],
      currentDirectory: fixture.path("App"))
    #expect(
      output
        == SplashCheckOutput(
          exitCode: 0, standardOutput: "splash-check: 0 errors, 0 warnings, 0 notes (checked Info.plist)\n",
          standardError: ""))
  }

  @Test func textReport() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    let output = fixture.run(["--intro-background", "LaunchBackground"])
    #expect(
      output.standardOutput == """
        error: App/Info.plist: UILaunchScreen.UIColorName: the colour 'Splash' is missing: it is not in the asset \
        catalog App/Assets.xcassets
        splash-check: 1 error, 0 warnings, 0 notes (checked App/Info.plist)

        """)
  }

  @Test func jsonReport() throws {
    let fixture = Fixture.usualApp()
    fixture.imageSet("Logo")
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    let output = fixture.run(["--intro-background", "LaunchBackground", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    #expect(object["exitCode"] as? Int == 0 && object["checked"] as? String == "App/Info.plist")
    #expect(object["summary"] as? [String: Int] == ["errors": 0, "warnings": 0, "notes": 1])
    let findings = try #require(object["findings"] as? [[String: String]])
    #expect(
      findings.map { $0.filter { $0.key != "message" } } == [
        [
          "kind": "image-reminder", "severity": "note", "keyPath": "UILaunchScreen.UIImageName",
          "file": "App/Info.plist",
        ]
      ])
  }

  @Test func findingLinesLeaveOutEmptyParts() {
    let lines = [
      Finding(.note, .imageReminder, file: nil, "m"), Finding(.warning, .skippedPath, file: "f", "m"),
      Finding(.error, .colorDiffers, file: "f", keyPath: "k", "m"),
    ]
    .map(\.line)
    #expect(lines == ["note: m", "warning: f: m", "error: f: k: m"])
    #expect(Finding.Severity.allCases.sorted(by: >) == [.error, .warning, .note])
    let report = SplashReport(findings: [
      Finding(.warning, .skippedPath, file: "f", "m"), Finding(.warning, .skippedPath, file: "g", "m"),
    ])
    #expect(report.summary == "splash-check: 0 errors, 2 warnings, 0 notes" && report.exitCode == 0)
  }
}

/// Every kind of finding is produced by at least one test: each `Finding.Kind` case must be named
/// (as `.caseName`) in a test file other than this one.
@Suite struct FindingKindCoverageTests {
  @Test func everyKindAppearsInATest() throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix("Tests.swift") && $0 != "CommandTests.swift" }
    let sources = try files.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
      .joined()
    for kind in Finding.Kind.allCases {
      let caseName = String(describing: kind)
      #expect(sources.contains(".\(caseName)"), "no test names Finding.Kind.\(caseName)")
    }
  }
}
