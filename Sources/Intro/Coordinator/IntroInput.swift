import Foundation
import Observation
import Signals

/// One input of an intro, typed from the app's call (or a configured source's event) to the decision and the
/// trace: what the app calls from any thread, what the configuration's signals and async functions send.
enum IntroInput: Sendable {
  /// The animation's asset: its load (`animationLoaded()`, or its source's value or finish) or its failure.
  case asset(IntroEvent)
  /// The animation's end trigger: its end (`animationEnded()`, or its source's first value) or its failure
  /// (`animationFailed(_:)`); a finish without a value is nothing.
  case trigger(IntroEvent)
  /// The animation's playback: its values are the progress, its finish ends the animation.
  case playback(IntroEvent)
  /// The content the intro hides: ready (`contentReady()`, or its source's value, or finish) or failed
  /// (`contentFailed(_:)`); a readiness flag's value is a `Bool`.
  case content(IntroEvent)
  /// A person asked to skip the intro (`skip()`).
  case skip
  /// A scene (window) is active or not (`setActive(_:scene:)`), or has gone (`nil`: `sceneDisappeared(_:)`).
  case scene(String, active: Bool?)
  /// The history store could not record that the intro was shown.
  case historyWriteFailed(IntroHistoryDiagnostic)
}

/// An event of an input: a value (kept as it came: `()` for an app's call, a `Bool` for a readiness flag,
/// the source's value otherwise), a finish, or a failure.
typealias IntroEvent = Event<any Sendable, any Error>

extension Event where Output == any Sendable, Failure == any Error {
  /// A source's event, its value and its error kept as they are.
  init<Value: Sendable, Failing: Error>(erasing event: Event<Value, Failing>) {
    switch event {
    case .value(let value): self = .value(value)
    case .finished: self = .finished
    case .failed(let error): self = .failed(error)
    }
  }

  /// The error, for a failure.
  var failure: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

/// What reaches a coordinator through its inbox, from any thread, to be handled on the main actor: an input,
/// or, when a clock or the end of an instant came on another thread than the main one, the instant to
/// judge. Not generic: the inbox's code is then compiled for it.
enum IntroMessage: Sendable {
  case input(IntroInput)
  /// The instant is to be judged: `clock` when a clock's deadline came (a timer), not only the instant's end.
  case judge(clock: Bool)
}

/// What a coordinator's views observe, in a class that is not generic: Observation reaches a property by a
/// key path, built at run time at each access in a generic class (measured: 4× a whole `init` and `start`).
@MainActor
@Observable
final class IntroObservedState {
  var phase = IntroPhase.idle
  var progress: (any Sendable)?
  var reduceMotion: Bool?
}

/// What the coordinator's inbox and its scheduled actions reach it through: one object that holds the
/// coordinator weakly (an abandoned coordinator goes away, its late inputs and clocks with it), so that each
/// of their closures captures this one reference and nothing else (a closure of one reference needs no
/// context of its own: no allocation for each timer and each instant).
final class IntroRelay: Sendable {
  private struct Target: Sendable {
    weak var coordinator: (any IntroMessageHandling)?
  }

  private let target = Locked(Target())
  /// Every input and store fault, from any thread, onto the main actor: each crosses it once.
  let inbox = PassthroughSignal<IntroMessage, Never>()

  /// The coordinator, if it is still there.
  var coordinator: (any IntroMessageHandling)? { target.withLock { $0.coordinator } }

  /// Relays to `coordinator`, held weakly.
  func connect(_ coordinator: any IntroMessageHandling) {
    target.withLock { $0.coordinator = coordinator }
  }

  /// The instant is to be judged (`clock`: a clock's deadline came): at once when the scheduler runs its
  /// actions on the main thread (the main queue; a `TestScheduler` advanced on the main actor), through the
  /// inbox from any other thread.
  func judge(clock: Bool) {
    guard Thread.isMainThread else { return inbox.send(.judge(clock: clock)) }
    coordinator?.handle(.judge(clock: clock))
  }
}

/// A coordinator, as its relay reaches it. Its conformance is `@preconcurrency`: the coordinator's `handle`
/// is `@MainActor`, and a call from the relay, made on the main thread only, checks that at run time
/// (`MainActor.assumeIsolated` would allocate a thunk at every call).
protocol IntroMessageHandling: AnyObject, Sendable {
  func handle(_ message: IntroMessage)
}
