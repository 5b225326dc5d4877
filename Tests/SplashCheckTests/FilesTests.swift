import Foundation
import Testing

@testable import SplashCheck

@Suite struct FileProbeTests {
  @Test func kindsOfPaths() {
    let fixture = Fixture()
    fixture.write("file", "x")
    fixture.directory("dir")
    fixture.symlink("link-to-dir", to: "dir")
    fixture.symlink("dangling", to: "nowhere")
    fixture.symlink("self", to: "self")
    fixture.symlink("ping", to: "pong")
    fixture.symlink("pong", to: "ping")
    guard case .directory(let direct) = FileProbe.kind(of: fixture.path("dir")),
      case .directory(let linked) = FileProbe.kind(of: fixture.path("link-to-dir"))
    else {
      Issue.record("not directories")
      return
    }
    #expect(direct == linked)
    let kinds = ["file", "missing", "file/below", "dangling", "self", "ping", "self/below", "dangling/below"].map {
      FileProbe.kind(of: fixture.path($0))
    }
    #expect(
      kinds == [
        .file(size: 1), .missing, .underFile(ancestor: fixture.path("file")),
        .danglingLink(link: fixture.path("dangling")), .linkLoop(link: fixture.path("self")),
        .linkLoop(link: fixture.path("ping")), .linkLoop(link: fixture.path("self")),
        .danglingLink(link: fixture.path("dangling")),
      ])
  }

  @Test func aPipeIsNeverOpened() {
    let fixture = Fixture()
    #expect(mkfifo(fixture.path("pipe"), 0o644) == 0)
    #expect(FileProbe.kind(of: fixture.path("pipe")) == .special)
    // Reading a pipe nobody writes to would block forever; the probe refuses it first.
    guard case .failure(let problem) = InputFile.read(fixture.path("pipe")) else {
      Issue.record("read a pipe")
      return
    }
    #expect(problem.reason.contains("not a regular file"))
  }

  @Test(.enabled(if: !runningAsRoot, "root reads and searches directories whatever their modes"))
  func permissionsWhenNotRoot() throws {
    let fixture = Fixture()
    fixture.write("closed/file", "x")
    fixture.write("unreadable", "x")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: fixture.path("unreadable"))
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: fixture.path("closed"))
    #expect(FileProbe.kind(of: fixture.path("closed/file")) == .noPermission(directory: fixture.path("closed")))
    guard case .failure(let problem) = InputFile.read(fixture.path("unreadable")) else {
      Issue.record("read an unreadable file")
      return
    }
    #expect(problem.reason.contains("permission denied"))
  }

  @Test func tooLargeFilesAreRefusedUnread() throws {
    let fixture = Fixture()
    fixture.write("big", "")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.path("big")))
    try handle.truncate(atOffset: InputFile.maximumSize + 1)  // sparse: no disk used
    try handle.close()
    guard case .failure(let problem) = InputFile.read(fixture.path("big")) else {
      Issue.record("read a huge file")
      return
    }
    #expect(problem.reason == "is larger than 32 MB")
  }

  @Test func paths() {
    let display = PathDisplay(root: "/r")
    let computed = [
      Path.normalize("/a/./b/../c//d/"), Path.normalize("../a/.."), Path.normalize("/.."), Path.normalize(""),
      Path.absolute("x", from: "/r"), Path.absolute("/x", from: "/r"), Path.parent("/"), Path.parent("/a"),
      Path.parent("a"), Path.stem("Base.lproj/Launch.storyboard"), Path.stem(".hidden"), Path.join("a/", "b"),
      Path.join("a", ""), Path.join("", "b"), display("/r"), display("/r/a/b"), display("/rx/a"),
    ]
    #expect(
      computed == [
        "/a/c/d", "..", "/", ".", "/r/x", "/x", "/", "/", ".", "Launch", ".hidden", "a/b", "a", "b", ".", "a/b",
        "/rx/a",
      ])
  }
}

@Suite struct PropertyListTests {
  private static var launch: [String: Any] {
    [
      "UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageRespectsSafeAreaInsets": true],
      "CFBundleVersion": 3, "Scale": 0.5, "Stamp": Date(timeIntervalSince1970: 0),
    ]
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func xmlAndBinary(format: PropertyListSerialization.PropertyListFormat) throws {
    let fixture = Fixture()
    fixture.plist("Info.plist", Self.launch, format: format)
    let plist = try PropertyListFile.read(fixture.path("Info.plist")).get()
    #expect(
      plist["UILaunchScreen"]
        == .dictionary(["UIColorName": .string("LaunchBackground"), "UIImageRespectsSafeAreaInsets": .bool(true)]))
    #expect(plist["CFBundleVersion"] == .number(3))
    #expect(plist["Scale"]?.description == "0.5")
    #expect(
      plist["UILaunchScreen"]?.description == "{UIColorName = 'LaunchBackground'; UIImageRespectsSafeAreaInsets = YES}")
    #expect(PlistValue.array([.string("a"), .bool(false)]).description == "('a', NO)")
  }

  /// Darwin's `PropertyListSerialization` hands out `NSNumber`s (a `CFBoolean` for `<true/>`/`<false/>`), Linux's
  /// a Swift `Bool`: both are booleans, and the integers 0 and 1 stay numbers (`<false/>` read as 0 would say
  /// `UIImageRespectsSafeAreaInsets` the other way round).
  @Test func booleansAreToldFromZeroAndOneAsDarwinHandsThemOut() {
    let booleans: [Any] = [NSNumber(value: true), NSNumber(value: false), true, false]
    #expect(booleans.map(PlistValue.init) == [.bool(true), .bool(false), .bool(true), .bool(false)])
    let numbers: [Any] = [
      NSNumber(value: 0), NSNumber(value: 1), NSNumber(value: Int64(1)), 0, 1, NSNumber(value: 2.5),
    ]
    #expect(numbers.map(PlistValue.init) == [.number(0), .number(1), .number(1), .number(0), .number(1), .number(2.5)])
    #expect(
      PlistValue(["UIImageRespectsSafeAreaInsets": NSNumber(value: false)]).description
        == "{UIImageRespectsSafeAreaInsets = NO}")
  }

  @Test func openStepAsInProjectFiles() throws {
    let text = """
      // !$*UTF8*$!
      {
      \tobjects = {
      \t\tAB12 /* App */ = {isa = PBXNativeTarget; name = "My App"; list = (a, "b c", ); };
      \t};
      \trootObject = AB12 /* App */;
      }
      """
    let plist = try PropertyListFile.parse(Data(text.utf8), path: "p").get()
    #expect(plist["rootObject"] == .string("AB12"))
    #expect(
      plist["objects"]?.dictionary?["AB12"]?.dictionary?["list"] == .array([.string("a"), .string("b c")]))
  }

  static let corruptCases: [(text: String, reason: String)] = [
    ("{ a = (1, 2; b = \"x", "is not a valid property list (corrupt or truncated)"),
    ("", "is not a valid property list (corrupt or truncated)"),
    ("<plist version=\"1.0\"><array><string>x</string></array></plist>", "is a property list, but not a dictionary"),
    ("\"just a string\"", "is a property list, but not a dictionary"),
  ]

  @Test(arguments: corruptCases)
  func corrupt(text: String, reason: String) {
    #expect(PropertyListFile.parse(Data(text.utf8), path: "p") == .failure(InputProblem(path: "p", reason: reason)))
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func truncated(format: PropertyListSerialization.PropertyListFormat) throws {
    let data = try PropertyListSerialization.data(fromPropertyList: Self.launch, format: format, options: 0)
    // The last bytes of an XML plist are `</plist>` and a newline; cut into the closing tags.
    for length in [1, data.count / 2, data.count - 12] {
      guard case .failure = PropertyListFile.parse(data.prefix(length), path: "p") else {
        Issue.record("a \(format) plist cut to \(length) of \(data.count) bytes parsed")
        continue
      }
    }
  }
}
