import Foundation

/// The JSON shape of ``JSONFileIntroHistoryStore``'s file, format version 1, and its checks.
///
/// ```json
/// {
///   "formatVersion" : 1,
///   "lastShownVersion" : "2.1",
///   "shown" : true
/// }
/// ```
///
/// `lastShownVersion` is absent (or `null`) when the intro was never shown or shown without a version; other
/// keys are ignored. Anything else is corrupt, and another `formatVersion` is unsupported.
package enum IntroHistoryFileFormat {
  /// The format version this build writes and the only one it reads.
  static let currentVersion = 1

  private struct Header: Decodable {
    let formatVersion: Int
  }

  private struct Body: Codable {
    var formatVersion: Int
    var shown: Bool
    var lastShownVersion: String?
  }

  /// Why a file's bytes are not a history: the diagnostic's kind and cause.
  struct Failure: Error, Equatable {
    let kind: IntroHistoryDiagnostic.Kind
    let cause: String
  }

  static func encode(_ history: IntroHistory) -> Data {
    let body = Body(formatVersion: currentVersion, shown: history.wasShown, lastShownVersion: history.lastShownVersion)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // Encoding three plain fields cannot fail.
    return try! encoder.encode(body)
  }

  static func decode(_ data: Data) -> Result<IntroHistory, Failure> {
    if data.isEmpty { return .failure(Failure(kind: .corrupt, cause: "the file is empty")) }
    // JSONSerialization says where the syntax breaks; JSONDecoder (on Linux) only that it does.
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      return .failure(Failure(kind: .corrupt, cause: syntaxCause(error)))
    }
    let decoder = JSONDecoder()
    let header: Header
    do {
      header = try decoder.decode(Header.self, from: data)
    } catch {
      return .failure(Failure(kind: .corrupt, cause: describe(error, malformed: #""formatVersion" is not an integer"#)))
    }
    guard header.formatVersion == currentVersion else {
      return .failure(
        Failure(
          kind: .unsupportedFormat,
          cause: "format version \(header.formatVersion); this build reads version \(currentVersion)"))
    }
    let body: Body
    do {
      body = try decoder.decode(Body.self, from: data)
    } catch {
      return .failure(Failure(kind: .corrupt, cause: describe(error, malformed: "not a history")))
    }
    guard body.shown || body.lastShownVersion == nil else {
      return .failure(Failure(kind: .corrupt, cause: #""lastShownVersion" is set but "shown" is false"#))
    }
    return .success(body.shown ? .shown(version: body.lastShownVersion) : .neverShown)
  }

  /// The cause of a JSON syntax error: "not valid JSON", then Foundation's own words for where it breaks, in
  /// parentheses, when it gives them (`NSDebugDescription`). Those words differ between Linux's Foundation and
  /// Darwin's ("unexpected end of file", "invalid value around line 1, column 0"), so only ours are pinned.
  package static func syntaxCause(_ error: any Error) -> String {
    guard var detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String, !detail.isEmpty else {
      return "not valid JSON"
    }
    if detail.hasSuffix(".") { detail.removeLast() }
    return "not valid JSON (" + detail.prefix(1).lowercased() + detail.dropFirst() + ")"
  }

  /// The cause of a decoding error in valid JSON; `malformed` when the decoder does not say which key.
  private static func describe(_ error: any Error, malformed: String) -> String {
    guard let error = error as? DecodingError else { return "\(malformed) (\(error))" }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return malformed
    case .dataCorrupted(let context):
      return "\(name(context.codingPath)) is malformed"
    case .typeMismatch(_, let context) where context.codingPath.isEmpty:
      return "the top level is not a JSON object"
    case .valueNotFound(_, let context) where context.codingPath.isEmpty:
      return "the top level is null, not a JSON object"
    case .typeMismatch(let type, let context):
      return "\(name(context.codingPath)) is not \(article(type))"
    case .valueNotFound(let type, let context):
      return "\(name(context.codingPath)) is null, not \(article(type))"
    case .keyNotFound(let key, _):
      return "\"\(key.stringValue)\" is missing"
    @unknown default:
      return "\(malformed) (\(error))"
    }
  }

  private static func name(_ path: [any CodingKey]) -> String {
    "\"" + path.map(\.stringValue).joined(separator: ".") + "\""
  }

  private static func article(_ type: Any.Type) -> String {
    switch type {
    case is Bool.Type: "a Bool"
    case is Int.Type: "an integer"
    case is String.Type: "a string"
    default: "a \(type)"
    }
  }
}
