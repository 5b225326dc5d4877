import Intro
import Testing

@Suite struct InMemoryIntroHistoryStoreTests {
  @Test func startsNeverShownOrWithItsSeed() {
    #expect(InMemoryIntroHistoryStore().read() == IntroHistoryReading(history: .neverShown))
    let seeded = InMemoryIntroHistoryStore(.shown(version: "1.0"))
    #expect(seeded.read() == IntroHistoryReading(history: .shown(version: "1.0")))
    #expect(seeded.writes.isEmpty)
  }

  @Test func aWriteIsReadBackAtOnceAndLogged() {
    let store = InMemoryIntroHistoryStore()
    let log = DiagnosticLog()
    store.write(.shown(version: "1.0"), onFailure: log.record)
    #expect(store.read().history == .shown(version: "1.0"))
    store.write(.neverShown, onFailure: log.record)
    #expect(store.read().history == .neverShown)
    #expect(store.history == .neverShown)
    #expect(store.writes == [.shown(version: "1.0"), .neverShown])
    #expect(log.all.isEmpty)
  }

  @Test func aReadFaultReadsNeverShownWithItsDiagnostic() {
    let fault = IntroHistoryDiagnostic(kind: .corrupt, source: "memory", cause: "injected")
    let store = InMemoryIntroHistoryStore(.shown(version: "1.0"), readFault: fault)
    #expect(store.read() == IntroHistoryReading(fault: fault))
    #expect(store.history == .shown(version: "1.0"))
  }

  @Test func aWriteFaultIsReportedOnceBeforeTheWriteReturnsAndStoresNothing() {
    let fault = IntroHistoryDiagnostic(kind: .writeFailed, source: "memory", cause: "injected")
    let store = InMemoryIntroHistoryStore(writeFault: fault)
    let log = DiagnosticLog()
    store.write(.shown(version: "1.0"), onFailure: log.record)
    #expect(log.all == [fault])
    #expect(store.read().history == .neverShown)
    #expect(store.writes == [.shown(version: "1.0")])
  }
}
