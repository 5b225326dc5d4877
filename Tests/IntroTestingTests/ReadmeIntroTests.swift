import Foundation
import Intro
import IntroTesting
import Testing

// The README's app configuration and the test of its timing, verbatim (between the markers): the test runs
// here, and `theReadmeShowsThisCode` checks that the README still shows exactly this code.
// BEGIN README INTRO CONFIGURATION
extension IntroConfiguration<Never> {
  /// The animation's end trigger or its 2.6 s, the account loading under it, a 3 s safety timeout, once.
  static var pip: Self {
    IntroConfiguration(
      animation: .endTrigger(fallbackLength: .milliseconds(2600)), asset: .reported, content: .reported,
      timeout: .seconds(3), gate: .firstLaunch)
  }
}
// END README INTRO CONFIGURATION

// BEGIN README INTRO TEST
@MainActor @Test func theIntroEndsWithTheAnimationOnceTheAccountHasLoaded() {
  let intro = IntroHarness(.pip)
  let played = intro.run(asset: .at(seconds: 0.2), trigger: .at(seconds: 1.2), content: .at(seconds: 2))
  #expect(played.ended(.finished, after: .seconds(2)))
  #expect(intro.run(asset: .at(seconds: 0.2), content: .at(seconds: 1)).ended(.finished, after: .milliseconds(2800)))
  #expect(intro.run(asset: .at(seconds: 0.2), content: .never).ended(.timedOut))
  #expect(intro.run(content: .at(seconds: 2), taps: .at(seconds: 0.5)).ended(.skipped, after: .milliseconds(500)))
  #expect(intro.run(content: .at(seconds: -1), reduceMotion: true).ended(.reducedMotion))
  #expect(intro.run(content: .at(seconds: 1), history: .shown(version: nil)).ended(.gated))  // a second launch
}
// END README INTRO TEST

@Suite struct ReadmeIntroTests {
  @Test(arguments: ["CONFIGURATION", "TEST"])
  func theReadmeShowsThisCode(_ part: String) throws {
    let testFile = URL(fileURLWithPath: #filePath)
    let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: testFile, encoding: .utf8)
    let begin = try #require(source.range(of: "// BEGIN README INTRO \(part)\n"))
    let end = try #require(source.range(of: "// END README INTRO \(part)"))
    #expect(
      readme.contains(source[begin.upperBound..<end.lowerBound]), "README.md differs from \(testFile.lastPathComponent)"
    )
  }
}
