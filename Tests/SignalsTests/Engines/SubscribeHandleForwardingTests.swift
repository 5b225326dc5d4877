import Signals
import SignalsTesting
import Testing

/// Every operator hands its subscription over, as `map` does: subscribed by another operator (a race, a
/// timeout), it gives that operator's observer a handle to keep and passes such an observer on to its own
/// upstream, which hands over its handle in turn. A `SignalSubscription` in the middle would allocate an
/// object of its own, so the cost of a chain would depend on which operators it uses.
@Suite struct SubscribeHandleForwardingTests {
  static let scheduler = TestScheduler()

  /// Each operator applied to a probe, by name.
  static let operators: [(name: String, make: @Sendable (ProbeSignal<Never>) -> any Signal)] = [
    ("map", { $0.map { $0 + 1 } }),
    ("map, map (fused)", { $0.map { $0 + 1 }.map { $0 * 2 } }),
    ("filter", { $0.filter { $0 > 0 } }),
    ("filter, filter (fused)", { $0.filter { $0 > 0 }.filter { $0 < 9 } }),
    ("compactMap", { $0.compactMap { $0 > 0 ? $0 : nil } }),
    ("tryMap", { $0.tryMap { $0 } }),
    ("setFailureType", { $0.setFailureType(to: TestError.self) }),
    ("mapError", { $0.setFailureType(to: TestError.self).mapError { _ in TestError(2) } }),
    ("replaceError", { $0.setFailureType(to: TestError.self).replaceError(with: 0) }),
    ("scan", { $0.scan(0, +) }),
    ("removeDuplicates", { $0.removeDuplicates() }),
    ("dropFirst(1)", { $0.dropFirst() }),
    ("dropFirst(0)", { $0.dropFirst(0) }),
    ("drop(while:)", { $0.drop { $0 < 2 } }),
    ("prefix(2)", { $0.prefix(2) }),
    ("prefix(while:)", { $0.prefix { $0 < 2 } }),
    ("prepend", { $0.prepend(0) }),
    ("append", { $0.append(9) }),
    ("ignoreOutput", { $0.ignoreOutput() }),
    ("replaceEmpty", { $0.replaceEmpty(with: 0) }),
    ("first", { $0.first() }),
    ("last", { $0.last() }),
    ("count", { $0.count() }),
    ("collect", { $0.collect() }),
    ("collect(2)", { $0.collect(2) }),
    ("reduce", { $0.reduce(0, +) }),
    ("output(at:)", { $0.output(at: 1) }),
    ("debounce", { $0.debounce(for: .seconds(1), scheduler: scheduler) }),
    ("throttle", { $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true) }),
    ("delay", { $0.delay(for: .seconds(1), scheduler: scheduler) }),
    ("timeout", { $0.timeout(.seconds(1), scheduler: scheduler) }),
    ("handleEvents", { $0.handleEvents(receiveValue: { _ in }) }),
    ("receive(on:)", { $0.receive(on: scheduler) }),
    ("handleEvents(receiveCancel:)", { $0.handleEvents(receiveCancel: {}) }),
    ("print", { $0.print("probe", to: DiscardedText()) }),
    // Operators with several upstreams, or one after another: each upstream is reached through its handle.
    ("merge", { $0.merge(with: ProbeSignal()) }),
    ("zip", { ZipSignal([$0, ProbeSignal()]) }),
    ("combineLatest", { CombineLatestSignal([$0, ProbeSignal()]) }),
    ("race(with:)", { $0.race(with: ProbeSignal()) }),
    ("race", { RaceSignal([$0, ProbeSignal()]) }),
    ("flatMap", { $0.flatMap { JustSignal($0) } }),
    ("switchToLatest", { $0.map { JustSignal($0) }.switchToLatest() }),
    ("prefix(untilOutputFrom:), the upstream", { $0.prefix(untilOutputFrom: PassthroughSignal<Void, Never>()) }),
    ("prefix(untilOutputFrom:), the trigger", { PassthroughSignal<Int, Never>().prefix(untilOutputFrom: $0) }),
    ("catch", { $0.setFailureType(to: TestError.self).catch { _ in JustSignal(0) } }),
    ("catch, the fallback", { probe in FailSignal<Int, TestError>(TestError(1)).catch { _ in probe } }),
    ("retry", { $0.setFailureType(to: TestError.self).retry(1) }),
    ("append(signal)", { $0.append(JustSignal(9)) }),
    ("prepend(signal): the probe second", { $0.prepend(JustSignal(0)) }),
    ("zip(_:), pairs", { $0.zip(ProbeSignal()) }),
    ("combineLatest(_:), pairs", { $0.combineLatest(ProbeSignal()) }),
    // Signals that pass an observer on to another signal.
    ("eraseToAnySignal", { $0.eraseToAnySignal() }),
    ("DeferredSignal", { probe in DeferredSignal { probe } }),
  ]

  @Test(arguments: operators.indices)
  func anOperatorSubscribedByAnotherHandsItsSubscriptionOverAndSoDoesItsUpstream(_ index: Int) {
    let (name, make) = Self.operators[index]
    let probe = ProbeSignal<Never>()
    let (subscription, keeper) = subscribeKeeping(make(probe))
    #expect(subscription === SignalSubscription.empty, "\(name): nothing is returned, all is handed over")
    #expect(probe.calls.withLock { $0 } == ["handed over"], "\(name)")
    keeper.cancelKept()
    #expect(probe.calls.withLock { $0 } == ["handed over", "cancel"], "\(name): cancelling reaches the upstream")
  }

  @Test(arguments: operators.indices)
  func anAppSubscriptionReachesTheProbeAndCancelsIt(_ index: Int) {
    // The other way in: an app's observer keeps nothing, and gets a subscription that cancels.
    let (name, make) = Self.operators[index]
    let probe = ProbeSignal<Never>()
    let subscription = subscribe(make(probe))
    #expect(probe.calls.withLock { $0 }.count == 1, "\(name)")
    subscription.cancel()
    #expect(probe.calls.withLock { $0 }.last == "cancel", "\(name)")
  }

  private func subscribeKeeping<S: Signal>(_ signal: S) -> (SignalSubscription, any KeptHandles) {
    let keeper = Keeper<S.Output, S.Failure>()
    return (signal.subscribe(keeper), keeper)
  }

  private func subscribe<S: Signal>(_ signal: S) -> SignalSubscription {
    signal.subscribe(EventLog<S.Output, S.Failure>())
  }
}

/// What a keeper kept, to cancel.
private protocol KeptHandles {
  func cancelKept()
}

/// An operator's observer, as far as subscriptions go: it keeps what is handed to it.
private final class Keeper<Input: Sendable, Failure: Error>: UpstreamKeeper, KeptHandles, Sendable {
  private let kept = Locked<[SignalSubscriptionHandle]>([])

  func receive(_ event: Event<Input, Failure>) -> SignalControl { .continue }
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    let handle = upstream
    kept.withLock { $0.append(handle) }
  }
  func cancelKept() { for handle in kept.withLock({ $0 }) { handle.cancel() } }
}

/// A signal that hands over, as Signals' own do, and records how it was subscribed (with an observer that
/// keeps its subscription, or not) and cancelled.
struct ProbeSignal<Failure: Error>: HandsOverSubscription {
  typealias Output = Int
  let calls = Locked<[String]>([])

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Int, Observer.Failure == Failure {
    let keeps = (Observer.self as? any EngineObserver.Type)?.keepsUpstream ?? false
    calls.withLock { $0.append(keeps ? "handed over" : "subscribe") }
    // Not a wrapped subscription: letting this handle go cancels nothing, so only a cancel the operator
    // makes itself is recorded (as for Signals' own handles).
    let recorder = CancelRecorder(calls)
    return .handing(probeHandle { recorder.cancel() }, to: observer)
  }
}

/// Records the first cancel of a probe's handle (cancelling is idempotent).
private final class CancelRecorder: Sendable {
  let calls: Locked<[String]>
  let isCancelled = Locked(false)

  init(_ calls: Locked<[String]>) {
    self.calls = calls
  }

  func cancel() {
    let wasCancelled = isCancelled.withLock { isCancelled in
      defer { isCancelled = true }
      return isCancelled
    }
    guard !wasCancelled else { return }
    calls.withLock { $0.append("cancel") }
  }
}

/// A text stream that keeps nothing, for `print(_:to:)`.
private struct DiscardedText: TextOutputStream, Sendable {
  mutating func write(_ string: String) {}
}
