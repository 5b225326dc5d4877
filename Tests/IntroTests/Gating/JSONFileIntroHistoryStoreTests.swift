import Dispatch
import Foundation
import Intro
import Testing

/// File contents that are not a history, with the diagnostic they must give.
struct BadFile: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let contents: String
  let kind: IntroHistoryDiagnostic.Kind
  let cause: String  // a part of the diagnostic's cause
}

private let badFiles: [BadFile] = [
  BadFile(testDescription: "empty", contents: "", kind: .corrupt, cause: "the file is empty"),
  // Only our words: Foundation's own, in the parentheses, differ between Linux and Darwin.
  BadFile(
    testDescription: "truncated", contents: #"{"formatVersion": 1, "shown": tr"#, kind: .corrupt,
    cause: "not valid JSON ("),
  BadFile(testDescription: "invalid JSON", contents: "shown = true", kind: .corrupt, cause: "not valid JSON ("),
  BadFile(testDescription: "null", contents: "null", kind: .corrupt, cause: "the top level is null, not a JSON object"),
  BadFile(
    testDescription: "a string", contents: #""shown""#, kind: .corrupt, cause: "the top level is not a JSON object"),
  BadFile(
    testDescription: "an array", contents: #"[1, true]"#, kind: .corrupt, cause: "the top level is not a JSON object"),
  BadFile(
    testDescription: "no format version", contents: #"{"shown": true}"#, kind: .corrupt,
    cause: #""formatVersion" is missing"#),
  BadFile(
    testDescription: "a string format version", contents: #"{"formatVersion": "1", "shown": true}"#, kind: .corrupt,
    cause: #""formatVersion" is not an integer"#),
  BadFile(
    testDescription: "a fractional format version", contents: #"{"formatVersion": 1.5, "shown": true}"#,
    kind: .corrupt, cause: #""formatVersion" is not an integer"#),
  BadFile(
    testDescription: "a null shown", contents: #"{"formatVersion": 1, "shown": null}"#, kind: .corrupt,
    cause: #""shown" is"#),
  BadFile(
    testDescription: "no shown", contents: #"{"formatVersion": 1}"#, kind: .corrupt, cause: #""shown" is missing"#),
  BadFile(
    testDescription: "a string for shown", contents: #"{"formatVersion": 1, "shown": "yes"}"#, kind: .corrupt,
    cause: #""shown" is not a Bool"#),
  BadFile(
    testDescription: "a number for the version",
    contents: #"{"formatVersion": 1, "shown": true, "lastShownVersion": 2}"#,
    kind: .corrupt, cause: #""lastShownVersion" is not a string"#),
  BadFile(
    testDescription: "a version never shown",
    contents: #"{"formatVersion": 1, "shown": false, "lastShownVersion": "2"}"#, kind: .corrupt,
    cause: #""lastShownVersion" is set but "shown" is false"#),
  BadFile(
    testDescription: "format version 2", contents: #"{"formatVersion": 2, "shown": true}"#,
    kind: .unsupportedFormat, cause: "format version 2; this build reads version 1"),
  BadFile(
    testDescription: "format version 0", contents: #"{"formatVersion": 0}"#, kind: .unsupportedFormat,
    cause: "format version 0"),
]

/// A store's read, expected to be a fault of `kind` naming `path` and containing `cause`.
private func expectFault(
  _ reading: IntroHistoryReading, _ kind: IntroHistoryDiagnostic.Kind, path: String, cause: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(reading.history == .neverShown, sourceLocation: sourceLocation)
  #expect(reading.diagnostic?.kind == kind, sourceLocation: sourceLocation)
  #expect(reading.diagnostic?.source == path, sourceLocation: sourceLocation)
  #expect(
    reading.diagnostic?.cause.contains(cause) == true, "\(String(describing: reading.diagnostic))",
    sourceLocation: sourceLocation)
}

/// A syntax error's cause is ours, with Foundation's words in parentheses whatever they are: Linux's and
/// Darwin's differ (and Darwin's may give none).
@Test(arguments: [
  ("Unexpected end of file", "not valid JSON (unexpected end of file)"),  // Linux's Foundation
  ("Invalid value around line 1, column 0.", "not valid JSON (invalid value around line 1, column 0)"),  // Darwin's
  ("", "not valid JSON"),
])
func aJSONSyntaxErrorSaysSoInOurWords(foundation: String, cause: String) {
  let error = NSError(domain: NSCocoaErrorDomain, code: 3840, userInfo: [NSDebugDescriptionErrorKey: foundation])
  #expect(IntroHistoryFileFormat.syntaxCause(error) == cause)
  #expect(IntroHistoryFileFormat.syntaxCause(NSError(domain: NSCocoaErrorDomain, code: 3840)) == "not valid JSON")
}

@Suite(.timeLimit(.minutes(1))) struct JSONFileIntroHistoryStoreTests {
  @Test func noFileOrNoDirectoryIsNeverShownWithoutADiagnostic() throws {
    try withTemporaryDirectory { directory in
      #expect(JSONFileIntroHistoryStore(directory: directory).read() == IntroHistoryReading(history: .neverShown))
      let deeper = directory.appendingPathComponent("a/b/c", isDirectory: true)
      #expect(JSONFileIntroHistoryStore(directory: deeper).read() == IntroHistoryReading(history: .neverShown))
    }
  }

  @Test func theFileIsNamedInTheGivenDirectory() throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      #expect(store.fileURL.lastPathComponent == "intro-history.json")
      #expect(store.fileURL.deletingLastPathComponent().path == directory.path)
      #expect(JSONFileIntroHistoryStore(directory: directory, fileName: "x.json").fileURL.lastPathComponent == "x.json")
    }
  }

  @Test(arguments: [IntroHistory.shown(version: "2.1"), .shown(version: ""), .shown(version: nil), .neverShown])
  func aFreshStoreReadsWhatAnotherWrote(_ history: IntroHistory) throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      #expect(store.writeAndFlush(.shown(version: "old")).isEmpty)
      #expect(store.writeAndFlush(history).isEmpty)
      #expect(JSONFileIntroHistoryStore(directory: directory).read() == IntroHistoryReading(history: history))
    }
  }

  @Test func writesTheDocumentedShapeAndCreatesTheDirectory() throws {
    try withTemporaryDirectory { directory in
      let nested = directory.appendingPathComponent("Library/Application Support/Intro", isDirectory: true)
      let store = JSONFileIntroHistoryStore(directory: nested)
      #expect(store.writeAndFlush(.shown(version: "2.1")).isEmpty)
      let text = try String(contentsOf: store.fileURL, encoding: .utf8)
      #expect(
        text == """
          {
            "formatVersion" : 1,
            "lastShownVersion" : "2.1",
            "shown" : true
          }
          """)
      #expect(store.writeAndFlush(.shown(version: nil)).isEmpty)
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.fileURL)) as? [String: Any]
      #expect(object?.keys.sorted() == ["formatVersion", "shown"])
    }
  }

  @Test(arguments: [
    (#"{"formatVersion": 1, "shown": true, "lastShownVersion": null}"#, IntroHistory.shown(version: nil)),
    (#"{"formatVersion": 1, "shown": true, "lastShownVersion": "4", "note": [1]}"#, .shown(version: "4")),
    (#"{"shown": false, "formatVersion": 1}"#, .neverShown),
  ])
  func readsVariantsOfTheFormat(_ contents: String, _ history: IntroHistory) throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      try writeFile(contents, to: store.fileURL)
      #expect(store.read() == IntroHistoryReading(history: history))
    }
  }

  @Test(arguments: badFiles)
  func aFileThatIsNotAHistoryIsNeverShownWithADiagnosticAndIsReplacedByTheNextWrite(_ bad: BadFile) throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      try writeFile(bad.contents, to: store.fileURL)
      expectFault(store.read(), bad.kind, path: store.fileURL.path, cause: bad.cause)
      #expect(store.writeAndFlush(.shown(version: "2.0")).isEmpty)
      #expect(
        JSONFileIntroHistoryStore(directory: directory).read() == IntroHistoryReading(history: .shown(version: "2.0")))
    }
  }

  @Test func aDirectoryWhereTheFileShouldBeIsUnreadableAndCannotBeWritten() throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: false)
      expectFault(store.read(), .unreadable, path: store.fileURL.path, cause: "it is a directory, not a file")
      let failures = store.writeAndFlush(.shown(version: "1.0"))
      #expect(failures.map(\.kind) == [.writeFailed])
      #expect(failures.first?.source == store.fileURL.path)
      // The failed write is not what the store reads afterwards: the directory is.
      expectFault(store.read(), .unreadable, path: store.fileURL.path, cause: "directory")
      var isDirectory: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: store.fileURL.path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["intro-history.json"])
    }
  }

  @Test(arguments: ["", "sub", "sub/deeper"])
  func aPathUnderARegularFileIsUnreadableAndCannotBeWritten(_ below: String) throws {
    try withTemporaryDirectory { directory in
      let regularFile = directory.appendingPathComponent("not-a-directory")
      try writeFile("keep", to: regularFile)
      let store = JSONFileIntroHistoryStore(
        directory: below.isEmpty ? regularFile : regularFile.appendingPathComponent(below, isDirectory: true))
      let cause = "\(regularFile.path) is a file, not a directory"
      expectFault(store.read(), .unreadable, path: store.fileURL.path, cause: cause)
      let failures = store.writeAndFlush(.shown(version: "1.0"))
      #expect(failures.map(\.kind) == [.writeFailed])
      #expect(failures.first?.cause == cause)
      #expect(try String(contentsOf: regularFile, encoding: .utf8) == "keep")
    }
  }

  @Test func aWriteReplacesTheFileInsteadOfRewritingItInPlace() throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      #expect(store.writeAndFlush(.shown(version: "1.0")).isEmpty)
      // A second name for the first file: an atomic write puts a new file under the store's name and leaves
      // this one whole; a write in place (which a crash could leave half done) would change it.
      let firstFile = directory.appendingPathComponent("first.json")
      try FileManager.default.linkItem(at: store.fileURL, to: firstFile)
      #expect(store.writeAndFlush(.shown(version: "2.0")).isEmpty)
      let first = JSONFileIntroHistoryStore(directory: directory, fileName: "first.json")
      #expect(first.read() == IntroHistoryReading(history: .shown(version: "1.0")))
      #expect(JSONFileIntroHistoryStore(directory: directory).read().history == .shown(version: "2.0"))
    }
  }

  @Test func aWriteIsQueuedReadBackByItsStoreAndOnDiskAfterFlush() throws {
    try withTemporaryDirectory { directory in
      let queue = DispatchQueue(label: "IntroTests.suspended")
      let store = JSONFileIntroHistoryStore(directory: directory, fileName: "h.json", queue: queue)
      queue.suspend()
      let log = DiagnosticLog()
      for index in 1...100 { store.write(.shown(version: "\(index)"), onFailure: log.record) }
      // Nothing has reached the disk: the writes wait on the store's queue, not on the caller.
      let other = JSONFileIntroHistoryStore(directory: directory, fileName: "h.json")
      #expect(other.read() == IntroHistoryReading(history: .neverShown))
      #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
      // Its own store reads the history it is writing.
      #expect(store.read() == IntroHistoryReading(history: .shown(version: "100")))
      queue.resume()
      store.flush()
      // A hundred atomic writes take far longer than this read: without a real flush it would see an older one.
      #expect(other.read() == IntroHistoryReading(history: .shown(version: "100")))
      #expect(log.all.isEmpty)
    }
  }

  @Test func writesFromManyThreadsAtOnceEndWithOneValidFile() throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory.appendingPathComponent("new", isDirectory: true))
      let log = DiagnosticLog()
      let versions = (0..<64).map { "v\($0)" }
      DispatchQueue.concurrentPerform(iterations: versions.count) { index in
        store.write(.shown(version: versions[index]), onFailure: log.record)
      }
      store.flush()
      #expect(log.all.isEmpty)
      let reading = JSONFileIntroHistoryStore(directory: directory.appendingPathComponent("new")).read()
      #expect(reading.diagnostic == nil)
      #expect(versions.contains(reading.history.lastShownVersion ?? "none"))
      #expect(store.read() == reading)
      // Atomic writes leave no temporary files behind.
      let files = try FileManager.default.contentsOfDirectory(atPath: store.fileURL.deletingLastPathComponent().path)
      #expect(files == ["intro-history.json"])
    }
  }

  @Test func flushFromAFailureHandlerDoesNotWaitForItself() throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: false)
      let log = DiagnosticLog()
      store.write(.shown(version: "1")) { diagnostic in
        store.flush()  // on the store's queue: returns at once
        log.record(diagnostic)
      }
      store.flush()
      #expect(log.all.map(\.kind) == [.writeFailed])
    }
  }

  @Test(.enabled(if: getuid() != 0, "root reads and writes whatever the file modes say"))
  func anUnreadableFileIsUnreadable() throws {
    try withTemporaryDirectory { directory in
      let store = JSONFileIntroHistoryStore(directory: directory)
      #expect(store.writeAndFlush(.shown(version: "1")).isEmpty)
      try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: store.fileURL.path)
      defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store.fileURL.path) }
      expectFault(
        JSONFileIntroHistoryStore(directory: directory).read(), .unreadable, path: store.fileURL.path,
        cause: "permission denied")
    }
  }

  @Test(.enabled(if: getuid() != 0, "root reads and writes whatever the file modes say"))
  func aReadOnlyDirectoryCannotBeWritten() throws {
    try withTemporaryDirectory { directory in
      let readOnly = directory.appendingPathComponent("read-only", isDirectory: true)
      try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
      defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
      let store = JSONFileIntroHistoryStore(directory: readOnly)
      let failures = store.writeAndFlush(.shown(version: "1"))
      #expect(failures.map(\.kind) == [.writeFailed])
      #expect(failures.first?.source == store.fileURL.path)
      #expect(store.read() == IntroHistoryReading(history: .neverShown))
      let inside = JSONFileIntroHistoryStore(directory: readOnly.appendingPathComponent("sub"))
      #expect(inside.writeAndFlush(.shown(version: "1")).map(\.kind) == [.writeFailed])
    }
  }
}
