// Chains as apps write them, with every operator of Signals, for `.ci/specialization.sh`: compiled against
// the release-built modules with the generic specializer's loop report on, it fails if the specializer
// gave up on a function of Signals, which would leave that chain's subscription, and every event through
// it, unspecialized (three `map`s cost 3,503 instructions per value that way; one `map`, 216).
//
// The rule (the Engines article, rule 10): the specializer accepts a function twice in one chain with a
// growing observer type, not three times. So no engine function shared by several operators subscribes an
// upstream (the time operators, the combining operators and both races meet three or more times below),
// the single-call forwarders (`map`, `filter`, `compactMap`, `scan`, ...) keep their subscribe path
// `@inline(__always)`, and `map` after `map` and `filter` after `filter` fuse. Any other operator three
// times in one chain is a known limit, left out here.
//
// Every function is public so that none is removed before the specializer sees it.
import Signals

public typealias Values = PassthroughSignal<Int, Never>
public struct Failure: Error {}
public typealias Failing = PassthroughSignal<Int, Failure>

public func maps(_ s: Values) -> SignalSubscription {
  s.map { $0 + 1 }.map { $0 + 2 }.map { $0 + 3 }.map { $0 + 4 }.map { $0 + 5 }.sink { _ in }
}
public func filters(_ s: Values) -> SignalSubscription {
  s.filter { $0 > 0 }.filter { $0 > 1 }.filter { $0 > 2 }.filter { $0 > 3 }.sink { _ in }
}
public func searchField(_ text: PassthroughSignal<String, Never>, _ scheduler: DispatchSignalScheduler)
  -> SignalSubscription
{
  text.map { $0.lowercased() }.map { $0.filter { !$0.isWhitespace } }.removeDuplicates()
    .debounce(for: .milliseconds(300), scheduler: scheduler).filter { !$0.isEmpty }.filter { $0.count < 64 }
    .map { $0.count }.sink { _ in }
}
public func alternating(_ s: Values) -> SignalSubscription {
  let first = s.map { $0 + 1 }.filter { $0 > 0 }.compactMap { $0 }.scan(0) { $0 + $1 }.removeDuplicates()
  let second = first.map { $0 + 2 }.filter { $0 > 1 }.compactMap { $0 }.scan(0) { $0 + $1 }.removeDuplicates()
  let third = second.map { $0 + 3 }.filter { $0 > 2 }.compactMap { $0 }.scan(0) { $0 + $1 }.removeDuplicates()
  let trimmed = third.dropFirst().drop(while: { $0 < 0 }).prefix(9).prefix(while: { $0 < 999 }).dropFirst()
  return trimmed.drop(while: { $0 < 1 }).prefix(8).prefix(while: { $0 < 998 }).dropFirst()
    .drop(while: { $0 < 2 }).prefix(7).prefix(while: { $0 < 997 }).sink { _ in }
}
public func valueOperators(_ s: Values) -> SignalSubscription {
  let accumulated = s.compactMap { $0 }.compactMap { $0 }.scan(0) { $0 + $1 }.scan(0) { $0 + $1 }
  return accumulated.removeDuplicates().removeDuplicates().dropFirst().dropFirst().drop(while: { $0 < 0 })
    .drop(while: { $0 < 1 })
    .prefix(while: { $0 < 100 }).prefix(while: { $0 < 99 }).prefix(9).prefix(8)
    .handleEvents(receiveValue: { _ in }).handleEvents(receiveValue: { _ in }).sink { _ in }
}
public func endingOperators(_ s: Values) -> SignalSubscription {
  s.first().last().output(at: 0).first(where: { $0 > 0 }).last(where: { $0 > 0 }).replaceEmpty(with: 0)
    .replaceEmpty(with: 1).collect(2).map(\.count).collect().map(\.count).count().count().reduce(0, +)
    .reduce(0, +).ignoreOutput().ignoreOutput().sink { _ in }
}
public func failures(_ s: Failing) -> SignalSubscription {
  s.tryMap { $0 }.mapError { _ in Failure() }.tryMap { $0 }.mapError { _ in Failure() }
    .catch { _ in JustSignal(0) }.setFailureType(to: Failure.self).retry(1).retry(1).replaceError(with: 0)
    .setFailureType(to: Failure.self).replaceError(with: 1).sink { _ in }
}
public func concatenating(_ s: Values, _ t: Values) -> SignalSubscription {
  s.append(1).append(2).prepend(1).prepend(2).append(t).prepend(t).sink { _ in }
}
public func time(_ s: Values, _ scheduler: DispatchSignalScheduler) -> SignalSubscription {
  s.debounce(for: .milliseconds(300), scheduler: scheduler)
    .throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
    .delay(for: .milliseconds(10), scheduler: scheduler).debounce(for: .milliseconds(1), scheduler: scheduler)
    .throttle(for: .milliseconds(1), scheduler: scheduler, latest: false)
    .delay(for: .milliseconds(1), scheduler: scheduler).sink { _ in }
}
public func introRace(_ trigger: Values, _ taps: Values, _ scheduler: DispatchSignalScheduler)
  -> SignalSubscription
{
  trigger.race(with: AfterSignal(.seconds(2.6), value: 1, on: scheduler)).race(with: taps.race(with: taps, taps))
    .first().timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(0))
    .timeout(.seconds(4), scheduler: scheduler, fallback: JustSignal(3)).sink { _ in }
}
public func combining(_ s: Values, _ t: Values) -> SignalSubscription {
  let combined = s.merge(with: t).combineLatest(t).map { $0.0 + $0.1 }.zip(t).map { $0.0 + $0.1 }
    .flatMap { _ in t }.map { _ in t }.switchToLatest().prefix(untilOutputFrom: t).combineLatest(t, t)
    .map { $0.0 }.zip(t, t).map { $0.0 }
  return combined.merge(with: combined).sink { _ in }
}
public func scheduling(_ s: Values, _ scheduler: DispatchSignalScheduler) -> SignalSubscription {
  s.map { $0 + 1 }.receive(on: scheduler).share().map { $0 + 2 }.sink { _ in }
}
@MainActor public func mainActor(_ s: Values) -> SignalSubscription {
  s.map { $0 + 1 }.filter { $0 > 0 }.map { $0 + 2 }.receiveOnMainActor().sink { _ in }
}
public func subjects(_ s: CurrentValueSignal<Int, Never>) -> SignalSubscription {
  s.map { $0 + 1 }.removeDuplicates().map { $0 + 2 }.sink { _ in }
}
public func collectingAndSampling(_ s: Values, _ t: Values, _ scheduler: DispatchSignalScheduler)
  -> SignalSubscription
{
  s.measureInterval(using: scheduler).map { _ in 1 }.collect(.byTime(scheduler, .seconds(1))).map(\.count)
    .collect(.byTimeOrCount(scheduler, .seconds(1), 3)).map(\.count).measureInterval(using: scheduler)
    .map { _ in 2 }.withLatestFrom(t).withLatestFrom(t) { $0 + $1 }.drop(untilOutputFrom: t)
    .drop(untilOutputFrom: t).subscribe(on: scheduler).share(replay: 1).sink { _ in }
}
public func retryingWithDelays(_ s: Failing, _ scheduler: DispatchSignalScheduler) -> SignalSubscription {
  s.retry(1, delay: .seconds(1), scheduler: scheduler)
    .retry(2, delay: .exponential(initial: .seconds(1), maximum: .seconds(8)), scheduler: scheduler)
    .replaceError(with: 0).sink { _ in }
}
public func combineAndCombineExtSpellings(_ s: Values, _ t: Values, _ f: Failing) -> SignalSubscription {
  let windows = s.nwise(2).map(\.count).nwise(3).map(\.count).withLatestFrom(t, t).map { $0.0 }
    .withLatestFrom(t, t, t) { $0 + $1.0 }
  let many = [windows.eraseToAnySignal(), t.eraseToAnySignal()].combineLatest().map(\.count)
  let collected = [many.eraseToAnySignal(), t.eraseToAnySignal()].zip().map(\.count)
  let failing = f.materialize().eventValues().flatMap { _ in f }.map { _ in f }.switchToLatest()
    .flatMap { _ in JustSignal(1) }.retry().materialize().eventFailures().map { _ in 0 }
  let flattened = collected.flatMap { _ in f }.map { _ in JustSignal(2) }.switchToLatest()
  return [flattened.replaceError(with: 0).eraseToAnySignal(), failing.eraseToAnySignal()].merge().sink { _ in }
}
