/// Lexical path arithmetic on `/`-separated strings: no file-system access, no symlink resolution.
enum Path {
  /// `path` made absolute against `directory` and normalized.
  static func absolute(_ path: String, from directory: String) -> String {
    normalize(path.hasPrefix("/") ? path : join(directory, path))
  }

  /// `base/component`, without a doubled separator.
  static func join(_ base: String, _ component: String) -> String {
    if component.isEmpty { return base }
    if component.hasPrefix("/") || base.isEmpty { return component }
    return base.hasSuffix("/") ? base + component : base + "/" + component
  }

  /// Removes `.`, empty components and (lexically) `..`.
  static func normalize(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !isAbsolute {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// The directory that holds `path` (`.` for a bare name, `/` for the root).
  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// The last component of `path`.
  static func name(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The last component without its extension (`LaunchScreen` for `Base.lproj/LaunchScreen.storyboard`).
  static func stem(_ path: String) -> String {
    let name = name(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}

/// Shows paths relative to the checked directory when they are inside it.
struct PathDisplay: Sendable {
  /// The checked directory, absolute and normalized.
  let root: String

  func callAsFunction(_ path: String) -> String {
    if path == root { return "." }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
