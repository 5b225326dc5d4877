import Signals
import SignalsTesting
import Testing

// The example of SignalsTesting.docc/VirtualTime.md, kept compiling and true here.

enum IntroEnd: Equatable, Sendable {
  case trigger, length, timeout
}

func introEnd(trigger: AnySignal<IntroEnd, Never>, on scheduler: TestScheduler) -> some Signal<IntroEnd, Never> {
  trigger
    .race(with: AfterSignal(.milliseconds(2600), value: IntroEnd.length, on: scheduler).eraseToAnySignal())
    .first()
    .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(IntroEnd.timeout))
}

@Suite struct VirtualTimeArticleTests {
  let values: [Character: IntroEnd] = ["t": .trigger, "l": .length, "x": .timeout]

  @Test func anEarlyTriggerWins() throws {
    let test = MarbleTest(frame: .milliseconds(100))  // one character = 100 ms
    let trigger = try test.hot("------------t", values: values)  // the end trigger fires at 1.2 s
    let mismatch = try test.expect(
      introEnd(trigger: trigger, on: test.scheduler), toProduce: "------------(t|)", values: values)
    #expect(mismatch == nil, "\(mismatch.map { "\n\($0)" } ?? "")")
  }

  @Test func withoutATriggerTheFixedLengthWinsAt2_6Seconds() throws {
    let test = MarbleTest(frame: .milliseconds(100))
    let trigger = try test.hot("-", values: values)  // never fires
    let mismatch = try test.expect(
      introEnd(trigger: trigger, on: test.scheduler), toProduce: "--------------------------(l|)", values: values)
    #expect(mismatch == nil, "\(mismatch.map { "\n\($0)" } ?? "")")
  }

  @Test func aMismatchShowsBothDiagrams() throws {
    let test = MarbleTest(frame: .milliseconds(100))
    let trigger = try test.hot("------------t", values: values)
    let mismatch = try #require(
      try test.expect(introEnd(trigger: trigger, on: test.scheduler), toProduce: "-----(t|)", values: values))
    #expect(mismatch.description.contains("expected: -----(t|)"))
    #expect(mismatch.description.contains("got t (trigger) at frame 12"))
  }
}
