import Signals
import Testing

/// An object with a property to assign to (its own lock, so it is `Sendable`).
private final class Gauge: Sendable {
  let storage = Locked(0)
  var level: Int {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

@MainActor private final class Screen {
  var title = ""
}

@Suite struct AssignTests {
  @Test func writesEachValueToTheProperty() {
    let levels = PassthroughSignal<Int, Never>()
    let gauge = Gauge()
    let token = levels.assign(to: \.level, on: gauge)
    levels.send(3)
    #expect(gauge.level == 3)
    levels.send(5)
    #expect(gauge.level == 5)
    withExtendedLifetime(token) {}
  }

  @Test func holdsTheObjectStronglyUntilTheSubscriptionEnds() {
    let levels = PassthroughSignal<Int, Never>()
    weak var weakGauge: Gauge?
    let token: SignalSubscription
    do {
      let gauge = Gauge()
      weakGauge = gauge
      token = levels.assign(to: \.level, on: gauge)
    }
    #expect(weakGauge != nil, "held strongly, as Combine's assign(to:on:)")
    token.cancel()
    #expect(weakGauge == nil)
  }

  @Test func finishingReleasesTheObject() {
    let levels = PassthroughSignal<Int, Never>()
    weak var weakGauge: Gauge?
    let token: SignalSubscription
    do {
      let gauge = Gauge()
      weakGauge = gauge
      token = levels.assign(to: \.level, on: gauge)
    }
    levels.send(completion: .finished)
    #expect(weakGauge == nil)
    withExtendedLifetime(token) {}
  }

  @MainActor @Test func onTheMainActorWritesAMainActorModel() async {
    let titles = PassthroughSignal<String, Never>()
    let screen = Screen()
    let token = titles.receiveOnMainActor().assign(to: \.title, on: screen)
    titles.send("Welcome")
    #expect(screen.title == "Welcome", "sent on the main thread: delivered at once")
    withExtendedLifetime(token) {}
  }
}
