import Foundation
import Intro
import Testing

private let key = "intro.lastShownVersion"

/// A value of another type than `String`, put under the key by someone else.
struct ForeignValue: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let described: String
  let put: @Sendable (UserDefaults, String) -> Void
}

private let foreignValues: [ForeignValue] = [
  ForeignValue(testDescription: "Bool", described: "a number") { $0.set(true, forKey: $1) },
  ForeignValue(testDescription: "Int", described: "a number") { $0.set(42, forKey: $1) },
  ForeignValue(testDescription: "Double", described: "a number") { $0.set(2.5, forKey: $1) },
  ForeignValue(testDescription: "Data", described: "data") { $0.set(Data([1, 2]), forKey: $1) },
  ForeignValue(testDescription: "Date", described: "a date") { $0.set(Date(timeIntervalSince1970: 0), forKey: $1) },
  ForeignValue(testDescription: "Array", described: "an array") { $0.set(["2.0"], forKey: $1) },
  ForeignValue(testDescription: "Dictionary", described: "a dictionary") { $0.set(["v": "2.0"], forKey: $1) },
]

@Suite struct UserDefaultsIntroHistoryStoreTests {
  @Test func aSuiteOnThisPlatformsFoundationIsSharedByNameAndSeparateFromStandard() throws {
    try withTemporarySuite { suite in
      let defaults = try #require(UserDefaults(suiteName: suite))
      defaults.set("2.0", forKey: key)
      #expect(UserDefaults(suiteName: suite)?.string(forKey: key) == "2.0")
      #expect(UserDefaults.standard.object(forKey: key) == nil)
      UserDefaults.standard.removePersistentDomain(forName: suite)
      #expect(UserDefaults(suiteName: suite)?.object(forKey: key) == nil)
    }
  }

  @Test func anAbsentKeyIsNeverShownWithoutADiagnostic() {
    withTemporarySuite { suite in
      let store = UserDefaultsIntroHistoryStore(suiteName: suite, key: key)
      #expect(store.read() == IntroHistoryReading(history: .neverShown))
    }
  }

  @Test(arguments: [
    (IntroHistory.shown(version: "2.1"), "2.1" as String?),
    (.shown(version: ""), ""),
    (.shown(version: nil), ""),
    (.neverShown, nil),
  ])
  func storesTheLastVersionShownAsAString(_ history: IntroHistory, raw: String?) throws {
    try withTemporarySuite { suite in
      let store = UserDefaultsIntroHistoryStore(suiteName: suite, key: key)
      #expect(store.writeAndFlush(.shown(version: "old")).isEmpty)
      #expect(store.writeAndFlush(history).isEmpty)
      let defaults = try #require(UserDefaults(suiteName: suite))
      #expect(defaults.object(forKey: key) as? String == raw)
      #expect((defaults.object(forKey: key) == nil) == (raw == nil))
      // Without a version, "shown" reads back as shown in "": the format has one string.
      let expected: IntroHistory = history == .shown(version: nil) ? .shown(version: "") : history
      #expect(store.read() == IntroHistoryReading(history: expected))
      #expect(UserDefaultsIntroHistoryStore(suiteName: suite, key: key).read().history == expected)
    }
  }

  @Test func readsWhatAnAppStorageStringWrites() throws {
    try withTemporarySuite { suite in
      let defaults = try #require(UserDefaults(suiteName: suite))
      let store = UserDefaultsIntroHistoryStore(defaults: defaults, key: key)
      defaults.set("3.0", forKey: key)  // what `@AppStorage(key) var version: String?` writes
      #expect(store.read().history == .shown(version: "3.0"))
      defaults.removeObject(forKey: key)  // `version = nil`: replay the intro
      #expect(store.read() == IntroHistoryReading(history: .neverShown))
      #expect(IntroGate.firstLaunch.allowsIntro(given: store.read().history))
    }
  }

  @Test func keysAreIndependent() {
    withTemporarySuite { suite in
      let one = UserDefaultsIntroHistoryStore(suiteName: suite, key: "one")
      let two = UserDefaultsIntroHistoryStore(suiteName: suite, key: "two")
      _ = one.writeAndFlush(.shown(version: "1"))
      #expect(two.read().history == .neverShown)
      #expect(one.read().history == .shown(version: "1"))
    }
  }

  @Test(arguments: foreignValues)
  func aValueOfAnotherTypeIsCorruptNeverShownAndReplacedByTheNextWrite(_ value: ForeignValue) throws {
    try withTemporarySuite { suite in
      let defaults = try #require(UserDefaults(suiteName: suite))
      value.put(defaults, key)
      let store = UserDefaultsIntroHistoryStore(suiteName: suite, key: key)
      let reading = store.read()
      #expect(reading.history == .neverShown)
      let diagnostic = try #require(reading.diagnostic)
      #expect(diagnostic.kind == .corrupt)
      #expect(diagnostic.cause == "holds \(value.described), not a String")
      #expect(diagnostic.message.contains("UserDefaults suite \"\(suite)\", key \"\(key)\""))
      #expect(store.writeAndFlush(.shown(version: "2.0")).isEmpty)
      #expect(store.read() == IntroHistoryReading(history: .shown(version: "2.0")))
    }
  }

  @Test func diagnosticsNameTheirSource() throws {
    withTemporarySuite { suite in
      #expect(
        UserDefaultsIntroHistoryStore(suiteName: suite, key: "k").source == "UserDefaults suite \"\(suite)\", key \"k\""
      )
    }
    #expect(UserDefaultsIntroHistoryStore(key: "k").source == "UserDefaults.standard, key \"k\"")
    #expect(UserDefaultsIntroHistoryStore(key: "k").key == "k")
    #expect(UserDefaultsIntroHistoryStore(defaults: .standard, key: "k").source == "UserDefaults, key \"k\"")
  }

  #if os(Linux)
    @Test func aWriteReachesTheDiskWhereFoundationKeepsDefaults() throws {
      // swift-corelibs-foundation keeps a suite in $XDG_CONFIG_HOME (or ~/.config) and writes it only when
      // asked: without that, a history written at one launch would be gone at the next.
      let environment = ProcessInfo.processInfo.environment
      let config =
        environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
      try withTemporarySuite { suite in
        #expect(UserDefaultsIntroHistoryStore(suiteName: suite, key: key).writeAndFlush(.shown(version: "7")).isEmpty)
        let written = try String(contentsOf: config.appendingPathComponent("\(suite).plist"), encoding: .utf8)
        #expect(written.contains("<string>7</string>"))
      }
    }
  #endif

  @Test func aSuiteThatCannotBeOpenedReportsReadsAndWrites() throws {
    let store = UserDefaultsIntroHistoryStore(defaults: nil, key: key, source: "UserDefaults suite \"x\", key \"k\"")
    let reading = store.read()
    #expect(reading.history == .neverShown)
    #expect(reading.diagnostic?.kind == .unreadable)
    #expect(reading.diagnostic?.message.contains("suite \"x\", key \"k\": the suite could not be opened") == true)
    let log = DiagnosticLog()
    store.write(.shown(version: "1"), onFailure: log.record)  // synchronous: reported before it returns
    #expect(log.all.map(\.kind) == [.writeFailed])
  }
}
