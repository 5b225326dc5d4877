import Intro
import Testing

/// One row of the gate's decision table, written out by hand (not computed by the rule under test).
struct GateCase: Sendable, CustomTestStringConvertible {
  let gate: IntroGate
  let history: IntroHistory
  let shows: Bool
  let records: IntroHistory?

  var testDescription: String { "\(gate), \(history) → \(shows ? "shows" : "hidden")" }
}

private let never = IntroHistory.neverShown
private let noVersion = IntroHistory.shown(version: nil)
private let empty = IntroHistory.shown(version: "")
private let v1 = IntroHistory.shown(version: "1.0")
private let v2 = IntroHistory.shown(version: "2.0")
private let v200 = IntroHistory.shown(version: "2.0.0")

private let decisionTable: [GateCase] = [
  // Every cold launch: always shows; "shown" is recorded once, keeping the stored version.
  GateCase(gate: .everyLaunch, history: never, shows: true, records: noVersion),
  GateCase(gate: .everyLaunch, history: noVersion, shows: true, records: nil),
  GateCase(gate: .everyLaunch, history: empty, shows: true, records: nil),
  GateCase(gate: .everyLaunch, history: v1, shows: true, records: nil),
  GateCase(gate: .everyLaunch, history: v2, shows: true, records: nil),
  // First launch only: whatever the version.
  GateCase(gate: .firstLaunch, history: never, shows: true, records: noVersion),
  GateCase(gate: .firstLaunch, history: noVersion, shows: false, records: nil),
  GateCase(gate: .firstLaunch, history: empty, shows: false, records: nil),
  GateCase(gate: .firstLaunch, history: v1, shows: false, records: nil),
  GateCase(gate: .firstLaunch, history: v2, shows: false, records: nil),
  // After an update to 2.0: absent or different versions show and record 2.0; the same version does not.
  GateCase(gate: .afterUpdate(version: "2.0"), history: never, shows: true, records: v2),
  GateCase(gate: .afterUpdate(version: "2.0"), history: noVersion, shows: true, records: v2),
  GateCase(gate: .afterUpdate(version: "2.0"), history: empty, shows: true, records: v2),
  GateCase(gate: .afterUpdate(version: "2.0"), history: v1, shows: true, records: v2),
  GateCase(gate: .afterUpdate(version: "2.0"), history: v2, shows: false, records: nil),
  GateCase(gate: .afterUpdate(version: "2.0"), history: v200, shows: true, records: v2),
  // An empty version string is a version like any other: it shows once, then not again.
  GateCase(gate: .afterUpdate(version: ""), history: never, shows: true, records: empty),
  GateCase(gate: .afterUpdate(version: ""), history: noVersion, shows: true, records: empty),
  GateCase(gate: .afterUpdate(version: ""), history: empty, shows: false, records: nil),
  GateCase(gate: .afterUpdate(version: ""), history: v1, shows: true, records: empty),
]

@Suite struct IntroGateTests {
  @Test(arguments: decisionTable) func decides(_ row: GateCase) {
    #expect(row.gate.allowsIntro(given: row.history) == row.shows)
    #expect(row.gate.historyToRecord(presentingAfter: row.history) == row.records)
  }

  @Test func theTableCoversEveryGateAndHistory() {
    let gates: Set<IntroGate> = [.everyLaunch, .firstLaunch, .afterUpdate(version: "2.0"), .afterUpdate(version: "")]
    #expect(Set(decisionTable.map(\.gate)) == gates)
    for gate in gates {
      let histories = Set(decisionTable.filter { $0.gate == gate }.map(\.history))
      #expect(histories.isSuperset(of: [never, noVersion, empty, v1]), "\(gate)")
    }
  }

  @Test(arguments: [IntroGate.everyLaunch, .firstLaunch, .afterUpdate(version: "2.0"), .afterUpdate(version: "")])
  func aRecordedHistoryIsOneTheGateNeedNotRecordAgain(_ gate: IntroGate) throws {
    for history in [never, noVersion, empty, v1, v2] where gate.allowsIntro(given: history) {
      guard let recorded = gate.historyToRecord(presentingAfter: history) else { continue }
      #expect(recorded.wasShown)
      #expect(gate.historyToRecord(presentingAfter: recorded) == nil, "\(gate) after \(history)")
    }
  }

  @Test func launchesOfAnAppThatIsUpdatedShowTheIntroOncePerVersion() {
    var history = IntroHistory.neverShown
    var shown: [String] = []
    for version in ["1.0", "1.0", "1.1", "1.1", "1.1", "2.0", "1.1"] {
      let gate = IntroGate.afterUpdate(version: version)
      guard gate.allowsIntro(given: history) else { continue }
      shown.append(version)
      history = gate.historyToRecord(presentingAfter: history) ?? history
    }
    // A downgrade (2.0 back to 1.1) is a different version too.
    #expect(shown == ["1.0", "1.1", "2.0", "1.1"])
  }

  @Test func switchingFromFirstLaunchToAfterUpdateShowsOnceInTheNextVersion() throws {
    let first = try #require(IntroGate.firstLaunch.historyToRecord(presentingAfter: .neverShown))
    #expect(!IntroGate.firstLaunch.allowsIntro(given: first))
    #expect(IntroGate.afterUpdate(version: "3.0").allowsIntro(given: first))
    let third = try #require(IntroGate.afterUpdate(version: "3.0").historyToRecord(presentingAfter: first))
    #expect(!IntroGate.firstLaunch.allowsIntro(given: third))
    #expect(!IntroGate.afterUpdate(version: "3.0").allowsIntro(given: third))
  }
}
