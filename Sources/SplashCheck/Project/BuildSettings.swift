import Foundation

/// One build configuration's settings, as layers from lowest to highest precedence: defaults, the
/// project's xcconfig, the project's settings, the target's xcconfig, the target's settings.
///
/// A key may carry conditions (`INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]`): within a
/// layer, a variant whose conditions all hold for an iOS device build wins over the plain key, and
/// variants for other SDKs are ignored. `$(inherited)` stands for the value of the layers below.
struct BuildSettings: Sendable, Equatable {
  var layers: [[String: String]]

  /// The value of `key`, with `$(inherited)` expanded but no other variable.
  func value(_ key: String) -> String? { value(key, below: layers.count) }

  private func value(_ key: String, below top: Int) -> String? {
    var index = top - 1
    while index >= 0 {
      if let raw = Self.lookup(key, in: layers[index]) {
        guard raw.contains("$(inherited)") || raw.contains("${inherited}") else { return raw }
        let inherited = value(key, below: index) ?? ""
        return raw.replacingOccurrences(of: "$(inherited)", with: inherited)
          .replacingOccurrences(of: "${inherited}", with: inherited).trimmingCharacters(in: .whitespaces)
      }
      index -= 1
    }
    return nil
  }

  private static func lookup(_ key: String, in layer: [String: String]) -> String? {
    var plain: String?
    var conditional: String?
    for (name, value) in layer {
      if name == key {
        plain = value
      } else if name.hasPrefix(key + "["), appliesToIOS(conditions: String(name.dropFirst(key.count))) {
        conditional = value
      }
    }
    return conditional ?? plain
  }

  /// Every key (conditions stripped) that starts with `prefix`, in any layer.
  func keys(withPrefix prefix: String) -> [String] {
    var found: Set<String> = []
    for layer in layers {
      for name in layer.keys where name.hasPrefix(prefix) {
        found.insert(String(name.prefix { $0 != "[" }))
      }
    }
    return found.sorted()
  }

  /// `[sdk=iphoneos*][arch=*]` or `[sdk=iphoneos*,arch=arm64]`: true when every condition can hold
  /// for an iOS device or simulator build.
  static func appliesToIOS(conditions: String) -> Bool {
    let body = conditions.replacingOccurrences(of: "][", with: ",")
    guard body.hasPrefix("["), body.hasSuffix("]") else { return false }
    for condition in body.dropFirst().dropLast().split(separator: ",") {
      let parts = condition.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2 else { return false }
      switch parts[0] {
      case "sdk":
        let pattern = parts[1].hasSuffix("*") ? String(parts[1].dropLast()) : parts[1]
        let matches = ["iphoneos", "iphonesimulator"].contains { sdk in
          parts[1].hasSuffix("*") ? sdk.hasPrefix(pattern) || pattern.hasPrefix(sdk) : sdk == pattern
        }
        if !matches { return false }
      case "arch", "variant": continue
      default: return false
      }
    }
    return true
  }

  /// Expands `$(NAME)` and `${NAME}` from these settings, recursively; returns the names it cannot
  /// resolve (a modifier such as `$(NAME:lower)` counts as unresolvable) instead of guessing.
  func expand(_ text: String) -> Result<String, UnresolvedVariable> { expand(text, depth: 0) }

  private func expand(_ text: String, depth: Int) -> Result<String, UnresolvedVariable> {
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let afterDollar = rest.index(after: dollar)
      guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
        result += "$"
        rest = rest[afterDollar...]
        continue
      }
      let close: Character = rest[afterDollar] == "(" ? ")" : "}"
      guard let end = rest[afterDollar...].firstIndex(of: close) else {
        return .failure(UnresolvedVariable(name: String(rest[dollar...])))
      }
      let name = String(rest[rest.index(after: afterDollar)..<end])
      guard depth < 16, let raw = value(name) else { return .failure(UnresolvedVariable(name: name)) }
      switch expand(raw, depth: depth + 1) {
      case .success(let expanded): result += expanded
      case .failure(let failure): return .failure(failure)
      }
      rest = rest[rest.index(after: end)...]
    }
    return .success(result + rest)
  }
}

/// A build-setting variable that has no value here.
struct UnresolvedVariable: Error, Equatable, Sendable {
  let name: String
}

/// Reads `.xcconfig` files: `KEY = value` lines (conditions allowed, as in the project), `//`
/// comments, and `#include "path"` / `#include? "path"` relative to the including file.
enum XcconfigFile {
  struct Read: Sendable {
    var settings: [String: String] = [:]
    var findings: [Finding] = []
  }

  static func read(_ path: String, display: PathDisplay) -> Result<Read, InputProblem> {
    var stack: [String] = []
    return read(path, optional: false, stack: &stack, display: display)
  }

  private static func read(
    _ path: String, optional: Bool, stack: inout [String], display: PathDisplay
  ) -> Result<Read, InputProblem> {
    let data: Data
    switch InputFile.read(path) {
    case .failure(let problem):
      return optional && FileProbe.kind(of: path) == .missing ? .success(Read()) : .failure(problem)
    case .success(let read): data = read
    }
    var result = Read()
    stack.append(path)
    defer { stack.removeLast() }
    for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
      var text = Substring(line)
      if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#include") {
        let isOptional = trimmed.hasPrefix("#include?")
        let quoted = trimmed.split(separator: "\"", omittingEmptySubsequences: false)
        guard quoted.count >= 3 else { continue }  // `#include <…>`: an SDK file, not the app's.
        let included = Path.normalize(Path.join(Path.parent(path), String(quoted[1])))
        guard !stack.contains(included) else {
          result.findings.append(
            Finding(
              .warning, .unresolvedSetting, file: display(path),
              "#include loops back to '\(display(included))'; ignored"))
          continue
        }
        switch read(included, optional: isOptional, stack: &stack, display: display) {
        case .failure(let problem): return .failure(problem)
        case .success(let nested):
          result.settings.merge(nested.settings) { $1 }
          result.findings += nested.findings
        }
        continue
      }
      guard let equals = trimmed.firstIndex(of: "=") else { continue }
      let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
      var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      if value.hasSuffix(";") { value.removeLast() }
      if !key.isEmpty { result.settings[key] = value }
    }
    return .success(result)
  }
}
