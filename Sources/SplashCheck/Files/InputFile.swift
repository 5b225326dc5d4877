import Foundation

/// A file the check needed and could not use, and why.
struct InputProblem: Error, Equatable, Sendable {
  /// The file, absolute.
  let path: String
  /// Why, as the end of a sentence about the path: "is a directory, not a file".
  let reason: String
}

/// Reads the files the check needs, refusing anything that is not a regular file of a sane size.
enum InputFile {
  /// No Info.plist, project, storyboard or `Contents.json` is anywhere near this large.
  static let maximumSize: UInt64 = 32 << 20

  /// The bytes of the regular file at `path`, or why there are none.
  static func read(_ path: String) -> Result<Data, InputProblem> {
    switch FileProbe.kind(of: path) {
    case .file(let size):
      guard size <= maximumSize else {
        return .failure(InputProblem(path: path, reason: "is larger than \(maximumSize >> 20) MB"))
      }
      guard FileManager.default.isReadableFile(atPath: path) else {
        return .failure(InputProblem(path: path, reason: "cannot be read: permission denied"))
      }
      do {
        return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
      } catch {
        return .failure(InputProblem(path: path, reason: "cannot be read (\(error.localizedDescription))"))
      }
    case let other:
      return .failure(InputProblem(path: path, reason: other.problem))
    }
  }

  /// The JSON object at `path` (an asset catalog's `Contents.json`), or why there is none.
  static func readJSONObject(_ path: String) -> Result<[String: Any], InputProblem> {
    switch read(path) {
    case .failure(let problem): return .failure(problem)
    case .success(let data):
      guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any]
      else { return .failure(InputProblem(path: path, reason: "is not valid JSON (an object was expected)")) }
      return .success(dictionary)
    }
  }
}
