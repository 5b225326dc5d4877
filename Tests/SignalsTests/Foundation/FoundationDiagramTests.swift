import Foundation
import Signals
import SignalsFoundation
import SignalsTestSupport
import SignalsTesting
import Testing

// The diagrams of SignalsFoundation's documentation, run here beside the others (DocDiagram); the rest of
// its tests are in SignalsFoundationTests.

@Suite struct FoundationDiagramTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedEncodeDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("encode", in: "Sources/SignalsFoundation/Coding.swift")
    let input = try m.hot(diagram.inputs[0])
    let encoded = input.encode(encoder: JSONEncoder()).mapError { _ in MarbleTestError() }
    let json = { (text: String) in try! JSONEncoder().encode(text) }
    try expectMarbles(m, encoded, diagram.output, values: ["x": json("a"), "y": json("b")])
  }

  @Test func theDocumentedDecodeDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("decode", in: "Sources/SignalsFoundation/Coding.swift")
    let json = { (text: String) in try! JSONEncoder().encode(text) }
    let input = try m.hot(diagram.inputs[0], values: ["x": json("a"), "y": json("b"), "?": Data("{".utf8)])
    let decoded = input.decode(type: String.self, decoder: JSONDecoder()).mapError { _ in MarbleTestError() }
    try expectMarbles(m, decoded, diagram.output, values: ["a": "a"], error: MarbleTestError())
  }

  @Test func theDocumentedNotificationsDiagramIsWhatTheSignalDoes() throws {
    let diagram = try DocDiagram("notifications", in: "Sources/SignalsFoundation/NotificationSignal.swift")
    let name = Notification.Name("diagram")
    let center = NotificationCenter()
    let posts = try m.hot(diagram.inputs[0])
    let poster = posts.sink { center.post(name: name, object: nil, userInfo: ["value": $0]) }
    let values = center.signal(for: name) { $0.userInfo?["value"] as? String ?? "?" }
    try expectMarbles(m, values, diagram.output, frames: 8)
    withExtendedLifetime(poster) {}
  }
}
