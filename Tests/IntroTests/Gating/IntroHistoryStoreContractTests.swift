import Foundation
import Intro
import Testing

/// Each store, made fresh in scratch space of its own: `open()` gives another instance over the same source.
enum StoreKind: String, Sendable, CaseIterable {
  case inMemory
  case userDefaults
  case jsonFile

  func withStores(_ body: (_ open: () -> any IntroHistoryStore) throws -> Void) throws {
    switch self {
    case .inMemory:
      let store = InMemoryIntroHistoryStore()
      try body { store }
    case .userDefaults:
      try withTemporarySuite { suite in try body { UserDefaultsIntroHistoryStore(suiteName: suite, key: "intro") } }
    case .jsonFile:
      try withTemporaryDirectory { directory in try body { JSONFileIntroHistoryStore(directory: directory) } }
    }
  }
}

/// One cold launch as the coordinator runs it: read, decide, record when the intro presents.
private func launch(_ gate: IntroGate, _ store: any IntroHistoryStore) -> Bool {
  let reading = store.read()
  #expect(reading.diagnostic == nil)
  guard gate.allowsIntro(given: reading.history) else { return false }
  if let record = gate.historyToRecord(presentingAfter: reading.history) {
    #expect(store.writeAndFlush(record).isEmpty)
  }
  return true
}

@Suite struct IntroHistoryStoreContractTests {
  @Test(arguments: StoreKind.allCases)
  func firstLaunchShowsOnceAcrossLaunches(_ kind: StoreKind) throws {
    try kind.withStores { open in
      #expect(
        [launch(.firstLaunch, open()), launch(.firstLaunch, open()), launch(.firstLaunch, open())] == [
          true, false, false,
        ])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func afterUpdateShowsOncePerVersionAcrossLaunches(_ kind: StoreKind) throws {
    try kind.withStores { open in
      let shown = ["1.0", "1.0", "1.1", "1.1", "2.0", "1.1"].map { launch(.afterUpdate(version: $0), open()) }
      #expect(shown == [true, false, true, false, true, true])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func everyLaunchShowsAlwaysAndWritesOnce(_ kind: StoreKind) throws {
    try kind.withStores { open in
      #expect((0..<3).map { _ in launch(.everyLaunch, open()) } == [true, true, true])
      #expect(open().read().history == .shown(version: open().read().history.lastShownVersion))
      #expect(!launch(.firstLaunch, open()))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func writingNeverShownForgetsTheIntro(_ kind: StoreKind) throws {
    try kind.withStores { open in
      #expect(open().writeAndFlush(.shown(version: "1")).isEmpty)
      #expect(open().writeAndFlush(.neverShown).isEmpty)
      #expect(open().read() == IntroHistoryReading(history: .neverShown))
      #expect(launch(.firstLaunch, open()))
    }
  }
}
