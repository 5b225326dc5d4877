import Signals
import SignalsTesting
import Testing

// "Coming from Combine" has a table of CombineExt's operators and their Signals spellings. This file writes
// the ones Signals adds for CombineExt users as a CombineExt user would — CombineExt's spelling, or the
// table's where it differs (`eventValues()` for `values()`, `eventFailures()` for `failures()`) — and checks
// each in a line.

private struct SaveError: Error, Equatable {}

@Suite struct CombineExtSpellingProbeTests {
  @Test func withLatestFromOfTwoAndThree() {
    let (taps, name, age, city) =
      (
        PassthroughSignal<Int, Never>(), PassthroughSignal<String, Never>(), PassthroughSignal<Int, Never>(),
        PassthroughSignal<String, Never>()
      )
    let two = taps.withLatestFrom(name, age)
    let twoSelected = taps.withLatestFrom(name, age) { tap, latest in "\(tap) \(latest.0) \(latest.1)" }
    let three = taps.withLatestFrom(name, age, city)
    let threeSelected = taps.withLatestFrom(name, age, city) { _, latest in latest.2 }
    let logs = (
      EventLog<String, Never>(), EventLog<String, Never>(), EventLog<String, Never>(), EventLog<String, Never>()
    )
    let tokens = [
      two.map { "\($0) \($1)" }.subscribe(logs.0), twoSelected.subscribe(logs.1),
      three.map { "\($0) \($1) \($2)" }.subscribe(logs.2), threeSelected.subscribe(logs.3),
    ]
    name.send("ada")
    age.send(36)
    city.send("London")
    taps.send(1)
    #expect(logs.0.values == ["ada 36"] && logs.1.values == ["1 ada 36"])
    #expect(logs.2.values == ["ada 36 London"] && logs.3.values == ["London"])
    withExtendedLifetime(tokens) {}
  }

  @Test func manyOfACollection() {
    let subjects = [PassthroughSignal<Int, Never>(), PassthroughSignal<Int, Never>()]
    let logs = (EventLog<[Int], Never>(), EventLog<[Int], Never>(), EventLog<Int, Never>())
    let tokens = [
      subjects.combineLatest().subscribe(logs.0), subjects.zip().subscribe(logs.1), subjects.merge().subscribe(logs.2),
    ]
    subjects[0].send(1)
    subjects[1].send(2)
    #expect(logs.0.values == [[1, 2]] && logs.1.values == [[1, 2]] && logs.2.values == [1, 2])
    withExtendedLifetime(tokens) {}
  }

  @Test func nwise() {
    let log = EventLog<[Int], Never>()
    let token = [1, 2, 3, 4].signal.nwise(3).subscribe(log)
    #expect(log.values == [[1, 2, 3], [2, 3, 4]])
    withExtendedLifetime(token) {}
  }

  @Test func valuesAndFailuresOfMaterializedEvents() {
    let saves = PassthroughSignal<String, SaveError>()
    let outcomes = saves.materialize().share()
    // CombineExt: .values(), .failures(). `values` is every signal's async sequence of its values.
    let logs = (EventLog<String, Never>(), EventLog<SaveError, Never>())
    let tokens = [outcomes.eventValues().subscribe(logs.0), outcomes.eventFailures().subscribe(logs.1)]
    saves.send("draft")
    saves.send(completion: .failed(SaveError()))
    #expect(logs.0.values == ["draft"] && logs.1.values == [SaveError()])
    withExtendedLifetime(tokens) {}
  }
}
