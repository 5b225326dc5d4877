import Foundation

// The operators' documented marble diagrams, read from their source files at test time, so a test runs
// the very diagram a reader sees. `.ci/snippets.py` checks that every ```` ```marble NAME ```` fence has
// a test that calls `DocDiagram("NAME", …)`; the test fails when the diagram is wrong.

/// A ```` ```marble NAME ```` fence of the documentation: lanes of `label: diagram`, the diagrams
/// starting in one column.
struct DocDiagram: CustomStringConvertible {
  /// One lane: its label (the text before its last `:`) and its diagram.
  struct Lane {
    var label: String
    var diagram: String
  }

  /// Why a diagram could not be read.
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  let name: String
  /// The file, relative to the repository's root.
  let path: String
  let lanes: [Lane]

  /// The diagram named `name` in the file at `path` (relative to the repository's root): in a `///`
  /// comment of a Swift file, or in a Markdown page.
  init(_ name: String, in path: String, testFile: StaticString = #filePath) throws {
    self.name = name
    self.path = path
    let root = try Self.repositoryRoot(from: "\(testFile)")
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
      let trimmed = line.drop { $0 == " " }
      guard path.hasSuffix(".swift") else { return line }
      guard trimmed.hasPrefix("///") else { return "" }
      let body = trimmed.dropFirst(3)
      return body.hasPrefix(" ") ? body.dropFirst() : body
    }
    guard let open = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```marble \(name)" })
    else { throw Problem(description: "\(path): no ```marble \(name) fence") }
    guard let close = lines[(open + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" })
    else { throw Problem(description: "\(path): the ```marble \(name) fence is never closed") }
    var lanes: [Lane] = []
    var column: Int?
    for line in lines[(open + 1)..<close] {
      guard let colon = line.lastIndex(of: ":") else {
        throw Problem(description: "\(path), diagram \(name): a lane without a label: \(line)")
      }
      let rest = line[line.index(after: colon)...]
      guard let start = rest.firstIndex(where: { $0 != " " }) else {
        throw Problem(description: "\(path), diagram \(name): a lane without a diagram: \(line)")
      }
      let lineColumn = line.distance(from: line.startIndex, to: start)
      if let column, column != lineColumn {
        throw Problem(
          description: "\(path), diagram \(name): the lanes' diagrams do not start in one column: \(line)")
      }
      column = lineColumn
      lanes.append(Lane(label: String(line[..<colon]), diagram: String(rest[start...])))
    }
    guard !lanes.isEmpty else { throw Problem(description: "\(path), diagram \(name): no lanes") }
    self.lanes = lanes
  }

  /// Every lane but the last: the inputs.
  var inputs: [String] { lanes.dropLast().map(\.diagram) }
  /// The last lane: what the operator produces.
  var output: String { lanes[lanes.count - 1].diagram }

  /// The diagram of the lane labelled `label`.
  func lane(_ label: String) throws -> String {
    guard let lane = lanes.first(where: { $0.label == label }) else {
      throw Problem(description: "\(path), diagram \(name): no lane labelled \(label)")
    }
    return lane.diagram
  }

  var description: String { "\(path), ```marble \(name)" }

  /// The directory holding `Package.swift`, above `file`.
  static func repositoryRoot(from file: String) throws -> URL {
    var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        return directory
      }
      directory.deleteLastPathComponent()
    }
    throw Problem(description: "no Package.swift above \(file)")
  }
}
