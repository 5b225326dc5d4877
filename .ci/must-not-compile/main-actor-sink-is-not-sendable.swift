// expected-error: main actor-isolated property 'text' can not be mutated from a Sendable closure
//
// A plain `sink` takes a `@Sendable` closure, which may run on any thread: main-actor state cannot be
// touched from it. `receiveOnMainActor()` is the way (its `sink` takes a `@MainActor` closure).
import Signals

@MainActor final class Model {
  var text = ""
  var subscriptions = Set<SignalSubscription>()

  func bind(_ load: PassthroughSignal<String, Never>) {
    load.sink { value in self.text = value }.store(in: &subscriptions)
  }
}
