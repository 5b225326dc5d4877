import Signals

// The bad-input rows of the operators from Combine's reference, CombineExt and RxSwift (issue 34, part A),
// in the one table of BadInputTests.swift.

extension BadInputRow {
  static let partA: [BadInputRow] = [
    BadInputRow(
      api: "output(in:)", input: "an empty range (3..<3)", behaviour: "finishes at once, without subscribing"
    ) {
      let subject = PassthroughSignal<Int, TestError>()
      let log = EventLog<Int, TestError>()
      let token = subject.output(in: 3..<3).subscribe(log)
      defer { withExtendedLifetime(token) {} }
      return log.events == [.finished] && !subject.hasObservers
    },
    BadInputRow(api: "max()", input: "an upstream that finishes empty", behaviour: "only finished (no largest value)") {
      syncEvents(EmptySignal<Int, Never>().max()) == [.finished]
    },
  ]
}

extension PreconditionRow {
  static let partA: [PreconditionRow] = [
    PreconditionRow(api: "output(in:)", input: "-1..<3", message: "Signals: output(in:) needs positions of at least 0"),
    PreconditionRow(
      api: "output(in:) open below", input: "..<(-1)", message: "Signals: output(in:) needs positions of at least 0"),
    PreconditionRow(
      api: "OutputInSignal(upstream:range:)", input: "-2..<0",
      message: "Signals: output(in:) needs positions of at least 0"),
  ]

  /// Runs the bad call of a part A row (in the child process of an exit test); an unknown row returns.
  static func triggerPartA(_ api: String) {
    let subject = PassthroughSignal<Int, Never>()
    switch api {
    case "output(in:)": _ = subject.output(in: -1..<3)
    case "output(in:) open below": _ = subject.output(in: ..<(-1))
    case "OutputInSignal(upstream:range:)": _ = OutputInSignal(upstream: subject, range: -2..<0)
    default: break
    }
  }
}
