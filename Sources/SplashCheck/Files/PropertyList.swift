import Foundation

/// A property-list value as a Sendable, comparable tree (Foundation hands out `Any`).
indirect enum PlistValue: Sendable, Equatable {
  case string(String)
  case bool(Bool)
  case number(Double)
  case array([PlistValue])
  case dictionary([String: PlistValue])
  /// Data or a date: never a launch setting; kept so that configurations still compare.
  case other(String)

  /// Converts what `PropertyListSerialization` returns.
  init(_ value: Any) {
    if let string = value as? String {
      self = .string(string)
    } else if let bool = Self.boolean(value) {
      self = .bool(bool)
    } else if let dictionary = value as? [String: Any] {
      self = .dictionary(dictionary.mapValues(PlistValue.init))
    } else if let array = value as? [Any] {
      self = .array(array.map(PlistValue.init))
    } else if let number = value as? NSNumber {
      self = .number(number.doubleValue)
    } else {
      self = .other(String(describing: value))
    }
  }

  /// `value` as a property list's `<true/>` or `<false/>`, or `nil` when it is something else.
  ///
  /// Linux's Foundation hands out a Swift `Bool`; Darwin's an `NSNumber` (a `CFBoolean`), which `as? Bool`
  /// also accepts for the integers 0 and 1, so that cast cannot tell them apart. A boolean's `objCType` is
  /// `c` (char), on both; a property list's integers are `q` or `i`, its reals `d`.
  static func boolean(_ value: Any) -> Bool? {
    guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
    return number.boolValue
  }

  var string: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  var dictionary: [String: PlistValue]? {
    if case .dictionary(let dictionary) = self { return dictionary }
    return nil
  }

  var array: [PlistValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  /// The value as the plist would show it, short: `'Splash'`, `YES`, `{UIColorName = 'Splash'}`.
  var description: String {
    switch self {
    case .string(let string): return "'\(string)'"
    case .bool(let bool): return bool ? "YES" : "NO"
    case .number(let number):
      return abs(number) < 1e15 && number == number.rounded() ? String(Int(number)) : String(number)
    case .array(let array): return "(" + array.map(\.description).joined(separator: ", ") + ")"
    case .dictionary(let dictionary):
      let entries = dictionary.keys.sorted().map { "\($0) = \(dictionary[$0]!.description)" }
      return "{" + entries.joined(separator: "; ") + "}"
    case .other(let text): return text
    }
  }
}

/// Reads property lists in every format Xcode writes: XML, binary and OpenStep (`project.pbxproj`).
/// Foundation's `PropertyListSerialization` reads all three on Linux too (checked when this was
/// written, and pinned by the tests), so there is no parser of our own.
enum PropertyListFile {
  /// The dictionary at the top of the property list at `path`, or why there is none.
  static func read(_ path: String) -> Result<[String: PlistValue], InputProblem> {
    switch InputFile.read(path) {
    case .failure(let problem): return .failure(problem)
    case .success(let data): return parse(data, path: path)
    }
  }

  /// The dictionary at the top of `data`; `path` names it in the problem.
  static func parse(_ data: Data, path: String) -> Result<[String: PlistValue], InputProblem> {
    guard let object = try? PropertyListSerialization.propertyList(from: data, format: nil) else {
      return .failure(InputProblem(path: path, reason: "is not a valid property list (corrupt or truncated)"))
    }
    guard case .dictionary(let dictionary) = PlistValue(object) else {
      return .failure(InputProblem(path: path, reason: "is a property list, but not a dictionary"))
    }
    return .success(dictionary)
  }
}
