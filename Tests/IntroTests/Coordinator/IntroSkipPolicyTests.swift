import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

/// Whether a person can skip the intro, and how: a rule of the configuration, decided by the coordinator
/// (`IntroUI` only wires the choice).
@MainActor
@Suite("The skip policy") struct IntroSkipPolicyTests {
  static func intro(_ policy: IntroSkipPolicy, grace: Duration = .zero) -> IntroHarness<Never> {
    IntroHarness(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .seconds(2)), content: .reported, timeout: .seconds(3),
        skipPolicy: policy, skipGracePeriod: grace))
  }

  @Test func byDefaultATapAnywhereSkipsIt() {
    let configuration = IntroConfiguration(animation: .endTrigger(), timeout: .seconds(3))
    #expect(configuration.skipPolicy == .tapAnywhere)
    #expect(IntroCoordinator(configuration, scheduler: TestScheduler()).skipPolicy == .tapAnywhere)
    #expect(Self.intro(.tapAnywhere).run(content: .never, taps: .at(seconds: 1)).ended(.skipped, after: .seconds(1)))
  }

  @Test func withSkippingOffSkipIsIgnoredAndTheTraceSaysSo() {
    let intro = Self.intro(.never)
    let result = intro.run(content: .at(seconds: 2.5), taps: .values(at: [.zero, .seconds(1), .seconds(2)]))
    #expect(result.ended(.finished, after: .milliseconds(2500)))
    #expect(result.trace.entries(of: .tap).count == 3)
    #expect(
      result.trace.entries(of: .tap).allSatisfy { $0.ignoredBecause == "skipping is off (skipPolicy: .never)" })
    #expect(intro.run(content: .never, taps: .at(seconds: 1)).ended(.timedOut, after: .seconds(3)))
    let configuration = IntroConfiguration(animation: .endTrigger(), timeout: .seconds(3), skipPolicy: .never)
    #expect(IntroCoordinator(configuration, scheduler: TestScheduler()).skipPolicy == .never)
  }

  @Test func aControlTheIntroPlacesSkipsItAfterTheGracePeriod() {
    let intro = Self.intro(.control, grace: .milliseconds(500))
    let result = intro.run(content: .never, taps: .values(at: [.milliseconds(200), .milliseconds(500)]))
    #expect(result.ended(.skipped, after: .milliseconds(500)))
    #expect(result.trace.entries(of: .tap).map(\.ignoredBecause) == ["in the grace period", nil])
  }

  @Test func theSkipPolicyDoesNotChangeTheOtherRules() {
    for policy in [IntroSkipPolicy.tapAnywhere, .control, .never] {
      let intro = Self.intro(policy)
      #expect(intro.run(trigger: .at(seconds: 1), content: .at(seconds: 1.5)).ended(.finished, after: .seconds(1.5)))
      #expect(intro.run(content: .fails(at: .seconds(1))).ended(.contentFailed, after: .seconds(1)))
      #expect(intro.run(content: .never).ended(.timedOut, after: .seconds(3)))
      #expect(intro.run(content: .never, reduceMotion: true).ended(.reducedMotion, after: .zero))
    }
  }
}
