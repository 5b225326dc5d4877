import Intro
import IntroTesting
import Signals
import Testing

@MainActor
@Suite struct IntroHarnessTests {
  @Test func aCaseInALineOrTwo() {
    let intro = IntroHarness {
      .init(animation: .endTrigger($0.trigger), timeout: .seconds(3), scheduler: $0.scheduler)
    }
    #expect(intro.run(trigger: .at(seconds: 1)).kind == .completed)
  }
}
