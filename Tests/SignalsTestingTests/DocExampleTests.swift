import Foundation
import Signals
import SignalsTesting
import Testing

// Examples of the SignalsTesting documentation that must be true, not only compile (`.ci/snippets.py`
// compiles every snippet): each runs here verbatim, between markers, and a second test checks that the
// documentation still shows exactly this code.

@Suite struct DocExampleTests {
  @Test func theMarbleTestHeadlineExampleIsTrue() throws {
    // BEGIN MarbleTest.swift
    let m = MarbleTest(frame: .milliseconds(100))
    let input = try m.hot("-a-b----c-|", values: ["a": 1, "b": 2, "c": 3])
    let result = try m.expect(
      input.debounce(for: .milliseconds(300), scheduler: m.scheduler),
      toProduce: "------b---(c|)", values: ["b": 2, "c": 3])
    #expect(result == nil, "\(result!)")
    // END MarbleTest.swift
  }

  @Test func theDocumentationShowsTheseExamples() throws {
    let testFile = URL(fileURLWithPath: #filePath)
    let source = try String(contentsOf: testFile, encoding: .utf8)
    var root = testFile.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
      root.deleteLastPathComponent()
    }
    let pattern = #/\n *// BEGIN (?<file>\S+)\n(?<code>(?s:.*?))\n *// END \k<file>\n/#
    let examples = source.matches(of: pattern)
    #expect(examples.count == 1)
    for example in examples {
      let path = "Sources/SignalsTesting/\(example.file)"
      let docLines = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
        .compactMap { line -> String? in
          let trimmed = line.drop { $0 == " " }
          guard trimmed.hasPrefix("///") else { return nil }
          return String(trimmed.dropFirst(trimmed.hasPrefix("/// ") ? 4 : 3))
        }
      let code = example.code.split(separator: "\n", omittingEmptySubsequences: false)
      let indent = code.first.map { $0.prefix { $0 == " " }.count } ?? 0
      let lines = code.map { String($0.dropFirst(indent)) }
      let found = docLines.indices.contains { start in
        docLines[start...].starts(with: lines)
      }
      #expect(found, "\(path) does not show the example of \(example.file) as it runs here")
    }
  }
}
