import Foundation
import Intro
import Observation
import Signals
import SignalsTesting
import Testing

private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// One coordinator over a test scheduler and subjects the test sends into.
@MainActor
private final class Rig {
  let scheduler = TestScheduler()
  let trigger = PassthroughSignal<Void, Never>()
  let content = PassthroughSignal<Void, Offline>()
  let coordinator: IntroCoordinator<Never>
  private(set) var finished: [IntroOutcome] = []

  init(
    gate: IntroGate = .everyLaunch, store: any IntroHistoryStore = InMemoryIntroHistoryStore(),
    launch: IntroLaunchKind = .coldStart,
    log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)? = nil
  ) {
    coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(trigger, fallbackLength: .milliseconds(2600)), content: .signal(content),
        timeout: .seconds(3), gate: gate, historyStore: store, launchKind: launch, log: log),
      scheduler: scheduler)
  }

  /// A tap, as the app forwards it.
  func tap() { coordinator.skip() }

  func start(reduceMotion: Bool = false) {
    coordinator.start(reduceMotion: reduceMotion) { self.finished.append($0) }
  }
}

@MainActor
@Suite("Intro lifecycle") struct IntroLifecycleTests {
  @Test func onFinishRunsOnceInsideAdvanceAtTheDecidedInstant() {
    let rig = Rig()
    rig.start()
    rig.scheduler.schedule(after: .seconds(1)) {
      rig.trigger.send()
      rig.content.send()
    }
    rig.scheduler.advance(by: .milliseconds(999))
    #expect(rig.finished.isEmpty)
    rig.scheduler.advance(by: .milliseconds(1))
    #expect(rig.finished.map(\.reason.kind) == [.finished])
    #expect(rig.finished.first?.endedAt == SignalInstant(offset: .seconds(1)))
    rig.trigger.send()
    rig.tap()
    rig.scheduler.advance(by: .seconds(5))
    #expect(rig.finished.count == 1, "later inputs are recorded, never delivered")
    #expect(rig.coordinator.trace.entries.contains { $0.role == .afterOutcome && $0.input == .tap })
  }

  @Test func aSecondStartGetsTheSameOutcomeAndNeverRestarts() {
    let rig = Rig()
    rig.start()
    let second = LockedBox<[IntroOutcome.Kind]>([])
    rig.coordinator.start(reduceMotion: true) { second.append($0.reason.kind) }
    #expect(second.values.isEmpty, "not decided yet: it waits for the same outcome")
    rig.scheduler.advance(by: .seconds(5))
    #expect(rig.finished.map(\.reason.kind) == [.timedOut])
    #expect(second.values == [.timedOut], "Reduce Motion on the second start changes nothing")
    let third = LockedBox<[IntroOutcome.Kind]>([])
    rig.coordinator.start(reduceMotion: false) { third.append($0.reason.kind) }
    #expect(third.values == [.timedOut], "at once, when already decided")
  }

  @Test func cancelBeforeTheDecisionWinsEvenWithInputsWaitingAtThatInstant() {
    let rig = Rig()
    rig.start()
    rig.scheduler.schedule(after: .seconds(1)) {
      rig.trigger.send()
      rig.content.send()
      // The app cancels in the same instant, before the end-of-instant decision.
      MainActor.assumeIsolated { rig.coordinator.cancel() }
    }
    rig.scheduler.advance(by: .seconds(5))
    #expect(rig.finished.map(\.reason.kind) == [.cancelled])
    #expect(rig.finished.first?.presentation == .animated)
    rig.coordinator.cancel()
    #expect(rig.finished.count == 1)
  }

  @Test func cancelAfterTheDecisionKeepsTheOutcomeAndReleasesTheInputs() {
    let rig = Rig()
    rig.start()
    rig.tap()
    rig.scheduler.advance()
    #expect(rig.coordinator.phase.outcome?.reason.kind == .skipped)
    #expect(rig.content.hasObservers, "the intro ending does not cancel the content's work")
    rig.coordinator.cancel()
    #expect(rig.coordinator.phase.outcome?.reason.kind == .skipped)
    #expect(!rig.content.hasObservers)
    #expect(!rig.trigger.hasObservers)
    #expect(rig.finished.count == 1)
  }

  @Test func cancelBeforeStartGivesCancelledToTheLaterStart() {
    let rig = Rig()
    rig.coordinator.cancel()
    rig.start()
    #expect(rig.finished.map(\.reason.kind) == [.cancelled])
    #expect(rig.finished.first?.presentation == IntroOutcome.Presentation.none)
    #expect(!rig.trigger.hasObservers)
  }

  @Test func anyNumberOfAwaitsReturnTheOutcome() async {
    let rig = Rig()
    rig.start()
    async let first = rig.coordinator.outcome
    async let second = rig.coordinator.outcome
    await Task.yield()
    rig.content.send(completion: .failed(Offline()))
    rig.scheduler.advance()
    let outcomes = await [first, second]
    #expect(outcomes.map(\.reason.kind) == [.contentFailed, .contentFailed])
    #expect(await rig.coordinator.outcome.reason.kind == .contentFailed)
  }

  @Test func theLogHookRunsOnceJustBeforeOnFinishWithTheTraceAsOfTheDecision() {
    let calls = LockedBox<[String]>([])
    let rig = Rig(log: { outcome, trace in
      calls.append("log \(outcome.reason.kind.rawValue) with \(trace.entries.count) entries")
    })
    rig.coordinator.start(reduceMotion: false) { _ in calls.append("onFinish") }
    rig.tap()
    rig.scheduler.advance()
    rig.tap()
    rig.scheduler.advance()
    #expect(calls.values == ["log skipped with 1 entries", "onFinish"])
  }

  @Test func afterTheOutcomeTheTraceKeeps64EntriesThenReleasesTheInputs() {
    let rig = Rig()
    rig.start()
    rig.tap()
    rig.scheduler.advance()
    for _ in 0..<100 { rig.tap() }
    let after = rig.coordinator.trace.entries.filter { $0.role == .afterOutcome }
    #expect(after.count == 64)
    #expect(!rig.trigger.hasObservers)
    #expect(rig.content.hasObservers, "the content is released only by cancel() or deinit")
  }

  @Test func releasingTheCoordinatorReleasesEveryInput() {
    var rig: Rig? = Rig()
    rig!.coordinator.start(reduceMotion: false) { _ in }  // (Rig.start's onFinish would keep the rig)
    let (trigger, content) = (rig!.trigger, rig!.content)
    #expect(trigger.hasObservers && content.hasObservers)
    weak var coordinator: IntroCoordinator<Never>?
    coordinator = rig!.coordinator
    rig = nil
    #expect(coordinator == nil)
    #expect(!trigger.hasObservers && !content.hasObservers)
  }

  @Test func phaseGoesPlayingHoldingFinishedAndIsObservable() {
    let rig = Rig()
    #expect("\(rig.coordinator.phase)" == "idle")
    #expect(rig.coordinator.isShowingIntro)
    let changes = LockedBox<Int>(0)
    withObservationTracking {
      _ = rig.coordinator.phase
    } onChange: {
      changes.mutate { $0 += 1 }
    }
    rig.start()
    #expect("\(rig.coordinator.phase)" == "playing")
    #expect(changes.values == 1)
    rig.trigger.send()
    rig.scheduler.advance()
    #expect("\(rig.coordinator.phase)" == "holding")
    rig.content.send()
    rig.scheduler.advance()
    #expect(rig.coordinator.phase.outcome?.reason.kind == .finished)
    #expect(!rig.coordinator.isShowingIntro)
  }

  // MARK: Launch kind and gating

  @Test func aResumeNeverShowsTheIntroAndInitKnowsIt() {
    let store = InMemoryIntroHistoryStore()
    let rig = Rig(store: store, launch: .resume)
    #expect(!rig.coordinator.isShowingIntro, "the first frame is the content")
    rig.start()
    #expect(rig.finished.map(\.reason.kind) == [.resumed])
    #expect(store.writes.isEmpty, "nothing is recorded when the intro does not show")
    #expect(!rig.trigger.hasObservers)
  }

  @Test func firstLaunchGatingShowsOnceAndRecordsShownWhenItStartsPresenting() {
    let store = InMemoryIntroHistoryStore()
    let first = Rig(gate: .firstLaunch, store: store)
    #expect(first.coordinator.isShowingIntro)
    first.start()
    #expect(store.history.wasShown, "recorded at start, not at the end: a kill during the intro does not replay it")
    #expect(first.finished.isEmpty)
    let second = Rig(gate: .firstLaunch, store: store)
    #expect(!second.coordinator.isShowingIntro)
    second.start()
    #expect(second.finished.map(\.reason.kind) == [.gated])
    #expect(store.writes.count == 1)
  }

  @Test func afterUpdateGatingShowsForANewVersion() {
    let store = InMemoryIntroHistoryStore(.shown(version: "1.0"))
    let same = Rig(gate: .afterUpdate(version: "1.0"), store: store)
    same.start()
    #expect(same.finished.map(\.reason.kind) == [.gated])
    let updated = Rig(gate: .afterUpdate(version: "1.1"), store: store)
    updated.start()
    #expect(updated.finished.isEmpty)
    #expect(store.history == .shown(version: "1.1"))
  }

  @Test func aCorruptHistoryCountsAsNeverShownAndIsADiagnosticNotACrash() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = JSONFileIntroHistoryStore(directory: directory)
    try Data("{\"formatVersion\": 1, \"sho".utf8).write(to: store.fileURL)
    let logged = LockedBox<[String]>([])
    let rig = Rig(
      gate: .firstLaunch, store: store,
      log: { _, trace in
        logged.append(contentsOf: trace.entries(of: .history).map { "\($0.event)" })
      })
    #expect(rig.coordinator.isShowingIntro)
    rig.start()
    rig.tap()
    rig.scheduler.advance()
    #expect(rig.finished.map(\.reason.kind) == [.skipped])
    #expect(logged.values.count == 1)
    #expect(logged.values.first?.hasPrefix("diagnostic: ") == true)
    store.flush()
    #expect(store.read().history.wasShown, "the shown record replaced the corrupt file")
  }

  @Test func aFailedHistoryWriteIsTraced() {
    let fault = IntroHistoryDiagnostic(kind: .writeFailed, source: "memory", cause: "disk full")
    let rig = Rig(gate: .firstLaunch, store: InMemoryIntroHistoryStore(writeFault: fault))
    rig.start()
    rig.scheduler.advance()
    #expect(rig.coordinator.trace.entries(of: .history).map(\.event) == [.diagnostic(fault.message)])
    #expect(rig.coordinator.phase.outcome == nil, "the intro goes on")
  }
}

/// A value shared with `@Sendable` closures in tests.
final class LockedBox<Value: Sendable>: Sendable {
  private let state: Locked<Value>

  init(_ value: Value) {
    state = Locked(value)
  }

  var values: Value { state.withLock { $0 } }

  func mutate(_ body: (inout Value) -> Void) {
    state.withLock { body(&$0) }
  }
}

extension LockedBox {
  func append<Element>(_ element: Element) where Value == [Element] {
    mutate { $0.append(element) }
  }

  func append<Element>(contentsOf elements: [Element]) where Value == [Element] {
    mutate { $0.append(contentsOf: elements) }
  }
}
