import Foundation
import Testing

@testable import SplashCheck

/// A fixture project in a fresh temporary directory, removed when the fixture goes away.
///
/// Every path is relative to ``root``. The writers create missing parent directories.
final class Fixture {
  let root: String

  init() {
    root = Path.normalize(NSTemporaryDirectory() + "/splash-check-" + UUID().uuidString)
    try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  deinit {
    // Restore permissions that a test took away, so that the directory can be removed.
    if let paths = FileManager.default.enumerator(atPath: root) {
      for case let path as String in paths {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: Path.join(root, path))
      }
    }
    try? FileManager.default.removeItem(atPath: root)
  }

  func path(_ relative: String) -> String { Path.join(root, relative) }

  func directory(_ relative: String) {
    try! FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
  }

  func write(_ relative: String, _ text: String) { write(relative, data: Data(text.utf8)) }

  func write(_ relative: String, data: Data) {
    directory(Path.parent(relative))
    try! data.write(to: URL(fileURLWithPath: path(relative)))
  }

  /// A property list, XML by default; `.binary` writes the binary format.
  func plist(
    _ relative: String, _ dictionary: [String: Any],
    format: PropertyListSerialization.PropertyListFormat = .xml
  ) {
    write(relative, data: try! PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0))
  }

  func json(_ relative: String, _ object: Any) {
    write(relative, data: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
  }

  func symlink(_ relative: String, to destination: String) {
    directory(Path.parent(relative))
    try! FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
  }

  /// A colour set `name` in the catalog `catalog` (relative to the root).
  func colorSet(_ name: String, in catalog: String = "App/Assets.xcassets", _ entries: [ColorEntry]) {
    json("\(catalog)/\(name).colorset/Contents.json", ["colors": entries.map(\.json), "info": ["version": 1]])
  }

  /// An image set `name` (its images are never read, so it holds only `Contents.json`).
  func imageSet(_ name: String, in catalog: String = "App/Assets.xcassets") {
    json("\(catalog)/\(name).imageset/Contents.json", ["images": [["idiom": "universal"]], "info": ["version": 1]])
  }

  /// The app's Info.plist, `App/Info.plist` unless told otherwise, with `keys`.
  func infoPlist(
    _ keys: [String: Any], at relative: String = "App/Info.plist",
    format: PropertyListSerialization.PropertyListFormat = .xml
  ) {
    plist(relative, keys, format: format)
  }

  /// The usual app: an Info.plist whose launch screen uses `LaunchBackground`, the colour the intro
  /// uses too (white in light mode, near-black in dark).
  static func usualApp() -> Fixture {
    let fixture = Fixture()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground"]])
    fixture.colorSet("LaunchBackground", ColorEntry.whiteWithDarkVariant)
    return fixture
  }

  func options(
    _ introBackground: String = "LaunchBackground", introImage: String? = nil, plist: String? = nil,
    target: String? = nil, assets: [String] = []
  ) -> SplashCheckOptions {
    SplashCheckOptions(
      directory: root, introBackground: introBackground, introImage: introImage, plist: plist.map(path),
      target: target, assets: assets.map(path))
  }

  func check(
    _ introBackground: String = "LaunchBackground", introImage: String? = nil, plist: String? = nil,
    target: String? = nil, assets: [String] = []
  ) -> SplashReport {
    SplashCheck.check(
      options(introBackground, introImage: introImage, plist: plist, target: target, assets: assets))
  }

  /// Runs the command line with `arguments` from the fixture's root.
  func run(_ arguments: [String]) -> SplashCheckOutput {
    SplashCheck.run(arguments: arguments, currentDirectory: root)
  }
}

/// One entry of a colour set's `colors`.
struct ColorEntry {
  var space = "srgb"
  var components: [String: Any]
  var dark = false
  var light = false
  var highContrast = false
  var idiom = "universal"

  static func rgb(
    _ red: Any, _ green: Any, _ blue: Any, alpha: Any = "1.000", space: String = "srgb", dark: Bool = false
  ) -> ColorEntry {
    ColorEntry(space: space, components: ["red": red, "green": green, "blue": blue, "alpha": alpha], dark: dark)
  }

  static func gray(_ white: Any, alpha: Any = "1.000", space: String = "gray-gamma-22", dark: Bool = false)
    -> ColorEntry
  {
    ColorEntry(space: space, components: ["white": white, "alpha": alpha], dark: dark)
  }

  static var white: ColorEntry { rgb("1.000", "1.000", "1.000") }
  static var black: ColorEntry { rgb("0.000", "0.000", "0.000") }
  /// White, and #101010 in dark mode.
  static var whiteWithDarkVariant: [ColorEntry] { [white, rgb("0.063", "0.063", "0.063", dark: true)] }

  var json: [String: Any] {
    var appearances: [[String: String]] = []
    if dark { appearances.append(["appearance": "luminosity", "value": "dark"]) }
    if light { appearances.append(["appearance": "luminosity", "value": "light"]) }
    if highContrast { appearances.append(["appearance": "contrast", "value": "high"]) }
    var entry: [String: Any] = ["idiom": idiom, "color": ["color-space": space, "components": components]]
    if !appearances.isEmpty { entry["appearances"] = appearances }
    return entry
  }
}

extension SplashReport {
  /// The findings of `kind`.
  func findings(_ kind: Finding.Kind) -> [Finding] { findings.filter { $0.kind == kind } }

  /// The kinds found, in order, without repeats.
  var kinds: [Finding.Kind] {
    var kinds: [Finding.Kind] = []
    for finding in findings where !kinds.contains(finding.kind) { kinds.append(finding.kind) }
    return kinds
  }

  /// The one finding of `kind`, recorded as a test failure when there is not exactly one.
  func only(_ kind: Finding.Kind, sourceLocation: SourceLocation = #_sourceLocation) -> Finding? {
    let found = findings(kind)
    #expect(found.count == 1, "expected one \(kind.rawValue), got:\n\(text)", sourceLocation: sourceLocation)
    return found.first
  }

  /// Expects exactly one finding of `kind`, with these parts: the severity, file and key path, and the
  /// message exactly, or `containing`, starting with (`prefix`) or ending with (`suffix`) some text;
  /// and the report's exit code. Parts left nil are not checked. Returns the finding.
  ///
  /// One `#expect` here, instead of one per part at every call site, keeps the test target quick to
  /// compile: each `#expect` expansion costs the type checker about 30 ms.
  @discardableResult
  func expectOne(
    _ kind: Finding.Kind, _ severity: Finding.Severity? = nil, file: String? = nil, keyPath: String? = nil,
    message: String? = nil, containing: String? = nil, prefix: String? = nil, suffix: String? = nil,
    exitCode: Int32? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Finding? {
    guard let finding = only(kind, sourceLocation: sourceLocation) else { return nil }
    var wrong: [String] = []
    if let severity, finding.severity != severity { wrong.append("severity is \(finding.severity), not \(severity)") }
    if let file, finding.file != file { wrong.append("file is \(finding.file ?? "nil"), not \(file)") }
    if let keyPath, finding.keyPath != keyPath {
      wrong.append("key path is \(finding.keyPath ?? "nil"), not \(keyPath)")
    }
    if let message, finding.message != message { wrong.append("message is not \"\(message)\"") }
    if let containing, !finding.message.contains(containing) { wrong.append("message lacks \"\(containing)\"") }
    if let prefix, !finding.message.hasPrefix(prefix) { wrong.append("message does not start \"\(prefix)\"") }
    if let suffix, !finding.message.hasSuffix(suffix) { wrong.append("message does not end \"\(suffix)\"") }
    if let exitCode, self.exitCode != exitCode { wrong.append("exit code is \(self.exitCode), not \(exitCode)") }
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "; ")):\n\(text)", sourceLocation: sourceLocation)
    return finding
  }

  /// Expects exactly these kinds of findings (in order, without repeats) and, if given, this exit code.
  func expect(kinds: [Finding.Kind], exitCode: Int32? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      self.kinds == kinds && (exitCode == nil || self.exitCode == exitCode), "exit code \(self.exitCode):\n\(text)",
      sourceLocation: sourceLocation)
  }
}

/// True when the tests run as root, who can read whatever the file modes say.
var runningAsRoot: Bool { getuid() == 0 }
