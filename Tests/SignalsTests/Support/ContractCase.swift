import Signals
import SignalsTesting
import Testing

// The generic contract tests (reliability): every source and operator is registered once as a
// `ContractCase` (see ContractRegistry.swift) and every rule of the event contract
// (Sources/Signals/Signals.docc/EventContract.md) is checked against
// all of them by the parameterised tests in Contracts/, Leaks/ and Stress/.

/// The generic checks, to attach a known issue to one of them.
enum ContractCheck: String, Sendable, Hashable {
  case grammar, reentrantValue, reentrantTerminal, reentrantCancel, deepChain, stop, cancel, cancelDuringDelivery
  case serialDelivery, exactlyOnceTerminal, leakOnCancel, leakOnRelease, leakOnFinish, leakOnFailure, leakOnStop
}

/// One input of a case under test: a subject the tests drive (values, terminal events, threads).
final class ContractInput: Sendable {
  /// How the input is built.
  enum Kind: Sendable {
    case passthrough
    /// A `CurrentValueSignal` holding `0` at first (so it replays `0` to each new observer).
    case currentValue
  }

  let passthrough: PassthroughSignal<Int, TestError>?
  let current: CurrentValueSignal<Int, TestError>?

  init(_ kind: Kind) {
    switch kind {
    case .passthrough:
      passthrough = PassthroughSignal()
      current = nil
    case .currentValue:
      passthrough = nil
      current = CurrentValueSignal(0)
    }
  }

  /// The input as a signal, for building the case.
  var signal: AnySignal<Int, TestError> {
    if let passthrough { return passthrough.eraseToAnySignal() }
    return current!.eraseToAnySignal()
  }

  func send(_ event: Event<Int, TestError>) {
    if let passthrough { passthrough.send(event) } else { current!.send(event) }
  }

  func send(_ value: Int) { send(.value(value)) }

  var hasObservers: Bool { passthrough?.hasObservers ?? current!.hasObservers }
}

/// What a case's builder gets: its inputs, a virtual-time scheduler, and a witness to capture.
struct ContractContext: Sendable {
  let inputs: [ContractInput]
  /// The run's `TestScheduler`, or a faulty scheduler wrapping it (FaultInjection/).
  let scheduler: any SignalScheduler
  /// Captured by every closure the case passes to the operator: a weak reference to it proves
  /// the closures were released.
  let witness: Witness

  /// Input `index` as a signal.
  func input(_ index: Int) -> AnySignal<Int, TestError> { inputs[index].signal }

  /// The typed subject behind passthrough input `index`.
  func subject(_ index: Int) -> PassthroughSignal<Int, TestError> { inputs[index].passthrough! }
}

/// One source or operator under test, built as an `AnySignal<Int, TestError>` from its inputs.
struct ContractCase: Sendable, CustomTestStringConvertible {
  /// What the generic checks may expect of the case.
  struct Traits: OptionSet, Sendable {
    let rawValue: Int
    /// Values sent on input 0 arrive unchanged and in order (after the scheduler settles).
    static let identity = Traits(rawValue: 1 << 0)
    /// The signal runs the 100,000-deep reentrant chain on input 0: values sent on input 0 arrive
    /// unchanged, synchronously.
    static let deepChain = Traits(rawValue: 1 << 1)
    /// When every input has finished (and the scheduler has settled) the signal has finished.
    static let finishesWithInputs = Traits(rawValue: 1 << 2)
    /// When input 0 fails, the signal fails with that error.
    static let failsWithInput = Traits(rawValue: 1 << 3)
    /// While subscribed, the subscription keeps `witness` alive (the case captures it in a
    /// closure the operator holds until it ends), so the release check is not vacuous.
    static let holdsWitness = Traits(rawValue: 1 << 4)
    /// Runs the deep chain 20,000 deep by default (each step is costly in a debug build).
    static let shortChain = Traits(rawValue: 1 << 7)
    /// Combines several inputs or crosses threads: the stress tests include it.
    static let concurrent = Traits(rawValue: 1 << 5)
    /// Delivers through the scheduler: the tests advance it (from another thread in the
    /// concurrent checks) to settle.
    static let usesScheduler = Traits(rawValue: 1 << 6)
  }

  let name: String
  let inputKinds: [ContractInput.Kind]
  let traits: Traits
  /// Contract violations found and not yet fixed, by check: the check runs inside
  /// `withKnownIssue`, so the suite stays green while the finding stays visible.
  let knownIssues: [ContractCheck: String]
  let build: @Sendable (ContractContext) -> AnySignal<Int, TestError>

  init(
    _ name: String, inputs: Int = 1, kind: ContractInput.Kind = .passthrough, _ traits: Traits = [],
    knownIssues: [ContractCheck: String] = [:],
    build: @escaping @Sendable (ContractContext) -> AnySignal<Int, TestError>
  ) {
    self.name = name
    self.inputKinds = Array(repeating: kind, count: inputs)
    self.traits = traits
    self.knownIssues = knownIssues
    self.build = build
  }

  /// Runs the expectations of `check` in `body`, inside `withKnownIssue` when the case has a known issue there.
  func expect(_ check: ContractCheck, _ body: () -> Void) {
    if let reason = knownIssues[check] {
      withKnownIssue(Comment(rawValue: "\(name): \(reason)"), isIntermittent: true) { body() }
    } else {
      body()
    }
  }

  var testDescription: String { name }
  var inputCount: Int { inputKinds.count }

}

/// One run of a case: its inputs and scheduler, and (after `subscribe`) the subscription and a
/// weak reference to the witness its closures captured. The signal itself is not kept: after
/// `subscribe` only the subscription holds what the operator needs.
final class ContractRun: Sendable {
  private struct Held: Sendable {
    var token: SignalSubscription?
    weak var witness: Witness?
  }

  let contract: ContractCase
  let inputs: [ContractInput]
  let scheduler = TestScheduler()
  /// What the case's operators are given: `scheduler`, or a wrapper around it that misbehaves.
  let operatorScheduler: any SignalScheduler
  private let held = Locked(Held())

  /// - Parameter wrapScheduler: wraps the run's `TestScheduler` before the case sees it (fault injection).
  init(_ contract: ContractCase, wrapScheduler: (TestScheduler) -> any SignalScheduler = { $0 }) {
    self.contract = contract
    inputs = contract.inputKinds.map(ContractInput.init)
    operatorScheduler = wrapScheduler(scheduler)
  }

  /// Builds the signal (with a fresh witness), subscribes `observer`, keeps the subscription.
  func subscribe<Observer: SignalObserver>(_ observer: Observer)
  where Observer.Input == Int, Observer.Failure == TestError {
    let witness = Witness()
    let signal = contract.build(ContractContext(inputs: inputs, scheduler: operatorScheduler, witness: witness))
    let token = signal.subscribe(observer)
    held.withLock {
      $0.token = token
      $0.witness = witness
    }
  }

  /// Cancels the subscription (keeping the token object alive).
  func cancel() {
    let token = held.withLock { $0.token }
    token?.cancel()
  }

  /// Cancels the subscription if `subscribe` has returned; says whether it did.
  func cancelIfSubscribed() -> Bool {
    guard let token = held.withLock({ $0.token }) else { return false }
    token.cancel()
    return true
  }

  /// Whether something still holds the witness the case's closures captured.
  var witnessAlive: Bool { held.withLock { $0.witness != nil } }

  /// Runs whatever the scheduler has due within a generous horizon, a few times over, so that
  /// work scheduled by work also runs. A no-op for cases that do not use the scheduler.
  func settle() {
    for _ in 0..<3 { scheduler.advance(by: .seconds(100)) }
  }

  /// Sends `event` on every input.
  func sendAll(_ event: Event<Int, TestError>) {
    for input in inputs { input.send(event) }
  }

  /// Whether any input still has an observer (some upstream subscription was not released).
  var anyInputObserved: Bool { inputs.contains { $0.hasObservers } }

  var usesScheduler: Bool { contract.traits.contains(.usesScheduler) }

  /// Ends the token's life, so that only a leak could keep the witness alive.
  func releaseToken() {
    let token = held.withLock { held in
      defer { held.token = nil }
      return held.token
    }
    withExtendedLifetime(token) {}
  }
}

/// Uses `witness` (in a closure that captures it, so that the closure keeps it alive).
@inline(never)
func touch(_ witness: Witness) { withExtendedLifetime(witness) {} }

/// A `Failure == Never` signal of `Int`s as an `AnySignal<Int, TestError>`, for the sources that cannot fail.
func contractErased<Upstream: Signal>(_ upstream: Upstream) -> AnySignal<Int, TestError>
where Upstream.Output == Int, Upstream.Failure == Never {
  AnySignal { observer in
    upstream.subscribe(
      AnySignalObserver<Int, Never> { event in
        switch event {
        case .value(let value): return observer.receive(.value(value))
        case .finished: return observer.receive(.finished)
        }
      })
  }
}

/// A signal of no values (`Output == Never`) as an `AnySignal<Int, TestError>`.
func contractErased<Upstream: Signal>(_ upstream: Upstream) -> AnySignal<Int, TestError>
where Upstream.Output == Never, Upstream.Failure == TestError {
  AnySignal { observer in
    upstream.subscribe(
      AnySignalObserver<Never, TestError> { event in
        switch event {
        case .finished: return observer.receive(.finished)
        case .failed(let error): return observer.receive(.failed(error))
        }
      })
  }
}

/// An `any Error` failure back to the `TestError` the inputs fail with (for the untyped `try` forms' cases).
func contractUnerased<Upstream: Signal<Int, any Error>>(_ upstream: Upstream) -> AnySignal<Int, TestError> {
  upstream.mapError { $0 as? TestError ?? TestError(-1) }.eraseToAnySignal()
}
