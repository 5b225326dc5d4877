import Foundation

/// A directory's identity on disk (device and inode): how the tree walk notices a symlink that loops back.
struct DirectoryIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
}

/// What is at a path, after following symbolic links.
enum PathKind: Equatable, Sendable {
  /// A regular file of `size` bytes.
  case file(size: UInt64)
  /// A directory.
  case directory(DirectoryIdentity)
  /// Nothing: the path does not exist (its parent is a directory).
  case missing
  /// The path cannot exist: `ancestor`, a component on its way, is a regular file.
  case underFile(ancestor: String)
  /// A symbolic link (the path itself, or one on its way) points to nothing.
  case danglingLink(link: String)
  /// A symbolic link (the path itself, or one on its way) loops.
  case linkLoop(link: String)
  /// A parent directory cannot be searched (permission denied).
  case noPermission(directory: String)
  /// A pipe, socket or device: never opened, since reading a pipe can block forever.
  case special

  /// Why this kind is not the file that was wanted, as the end of a sentence about the path.
  var problem: String {
    switch self {
    case .file: "is a file, not a directory"
    case .directory: "is a directory, not a file"
    case .missing: "does not exist"
    case .underFile(let ancestor): "cannot exist: '\(ancestor)' is a file, not a directory"
    case .danglingLink(let link): "is a dangling symbolic link (\(link) points to nothing)"
    case .linkLoop(let link): "is a symbolic link loop (\(link))"
    case .noPermission(let directory): "cannot be reached: permission denied on '\(directory)'"
    case .special: "is not a regular file (a pipe, socket or device)"
    }
  }
}

/// Looks at paths without opening them. Links are followed by hand, at most ``maximumLinks`` deep,
/// so a loop is reported instead of failing with an opaque error.
enum FileProbe {
  /// As many links as Linux follows before giving up with `ELOOP`.
  static let maximumLinks = 40

  /// What is at `path`, after following symbolic links.
  static func kind(of path: String) -> PathKind {
    let fileManager = FileManager.default
    var current = path
    for _ in 0...maximumLinks {
      guard let attributes = try? fileManager.attributesOfItem(atPath: current) else {
        return current == path ? diagnoseMissing(path) : diagnoseTarget(current, link: path)
      }
      switch attributes[.type] as? FileAttributeType {
      case .typeSymbolicLink?:
        guard let destination = try? fileManager.destinationOfSymbolicLink(atPath: current) else { return .special }
        current = Path.join(Path.parent(current), destination)
      case .typeDirectory?:
        return .directory(
          DirectoryIdentity(
            device: number(attributes[.systemNumber]), inode: number(attributes[.systemFileNumber])))
      case .typeRegular?:
        return .file(size: number(attributes[.size]))
      default:
        return .special
      }
    }
    return .linkLoop(link: path)
  }

  /// True when something (even a dangling link) is at `path` itself.
  static func exists(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)) != nil
  }

  private static func number(_ value: Any?) -> UInt64 {
    if let number = value as? NSNumber { return number.uint64Value }
    return value as? UInt64 ?? 0
  }

  /// `path` cannot be looked at: say why, from the nearest ancestor that can.
  private static func diagnoseMissing(_ path: String) -> PathKind {
    let parent = Path.parent(path)
    if parent == path { return .missing }
    switch kind(of: parent) {
    case .directory:
      return FileManager.default.isExecutableFile(atPath: parent) ? .missing : .noPermission(directory: parent)
    case .file: return .underFile(ancestor: parent)
    case .special: return .underFile(ancestor: parent)
    case let other: return other
    }
  }

  /// The link `link` led to `target`, which cannot be looked at.
  private static func diagnoseTarget(_ target: String, link: String) -> PathKind {
    switch diagnoseMissing(target) {
    case .missing: return .danglingLink(link: link)
    case let other: return other
    }
  }
}
