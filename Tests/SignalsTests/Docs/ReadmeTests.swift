import Foundation
import Signals
import SignalsTesting
import Testing

// The README's quick start, verbatim (between the markers). `quickStartIsTheREADMEs` checks that the
// README still shows exactly this code, so the README cannot drift from what compiles.
// BEGIN README QUICK START
final class TapCounter: Sendable {
  let taps = PassthroughSignal<Void, Never>()
  let count = CurrentValueSignal<Int, Never>(0)
  private let subscription: SignalSubscription

  init() {
    let count = self.count
    subscription = taps.map { 1 }.sink { count.value += $0 }
  }
}
// END README QUICK START

@Suite struct ReadmeTests {
  @Test func quickStartCountsTaps() {
    let counter = TapCounter()
    counter.taps.send()
    counter.taps.send()
    #expect(counter.count.value == 2)
  }

  @Test func introRaceEndsByTheFixedLength() {
    // BEGIN README INTRO RACE
    let scheduler = TestScheduler()
    let endTrigger = PassthroughSignal<String, Never>()
    let outcome = CurrentValueSignal<String, Never>("playing")
    let token =
      endTrigger
      .race(with: AfterSignal(.milliseconds(2600), value: "fixed length", on: scheduler))
      .first()
      .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal("timeout"))
      .sink { outcome.value = "ended by \($0) at \(scheduler.now)" }
    scheduler.advance(by: .seconds(5))
    print(outcome.value)  // ended by fixed length at 2.6 seconds
    // END README INTRO RACE
    #expect(outcome.value == "ended by fixed length at 2.6 seconds")
    withExtendedLifetime(token) {}
  }

  @Test func introRaceIsTheREADMEs() throws {
    let testFile = URL(fileURLWithPath: #filePath)
    let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: testFile, encoding: .utf8)
    let begin = try #require(source.range(of: "// BEGIN README INTRO RACE\n"))
    let end = try #require(source.range(of: "    // END README INTRO RACE"))
    let code = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }.joined(separator: "\n")
    #expect(readme.contains(code), "README.md's intro race differs from ReadmeTests.swift")
  }

  @Test func quickStartIsTheREADMEs() throws {
    let testFile = URL(fileURLWithPath: #filePath)
    let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: testFile, encoding: .utf8)
    let begin = try #require(source.range(of: "// BEGIN README QUICK START\n"))
    let end = try #require(source.range(of: "// END README QUICK START"))
    let code = source[begin.upperBound..<end.lowerBound]
    #expect(readme.contains(code), "README.md's quick start differs from ReadmeTests.swift")
  }
}
