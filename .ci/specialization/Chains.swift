// The hot chains, for `.ci/specialization.sh`: what must stay specialized. Each is a chain an app writes
// with the operators a workload of signals-bench runs (the Engines article, rule 14: those, and only those,
// are `@inlinable`). Compiled against the release-built modules, the check fails if the generic specializer
// gave up on a function of Signals (a loop, rule 10), or if a call on a chain's subscription or event path
// reaches Signals unspecialized (`subscribe` or `receive` of Signals applied generically): a hot operator
// that lost `@inlinable`, or a cold one added to a hot chain without making its path inlinable.
//
// The rule 10 keeps: the specializer accepts a function twice in one chain with a growing observer type,
// not three times. So no engine function shared by several operators subscribes an upstream unless it is
// always inlined (the races and the timeouts meet three or more times below), the forwarders' subscribe
// path is `@inline(__always)`, and `map` after `map` and `filter` after `filter` fuse. Any other operator
// three times in one chain is a known limit (`debounce`), left out here.
//
// Every function is public so that none is removed before the specializer sees it.
import Signals

public typealias Values = PassthroughSignal<Int, Never>

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
    .map { $0.count }.removeDuplicates().debounce(for: .milliseconds(1), scheduler: scheduler).sink { _ in }
}
public func introRace(_ trigger: Values, _ taps: Values, _ scheduler: DispatchSignalScheduler)
  -> SignalSubscription
{
  trigger.race(with: AfterSignal(.seconds(2.6), value: 1, on: scheduler)).race(with: taps.race(with: taps, taps))
    .first().timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(0))
    .timeout(.seconds(4), scheduler: scheduler, fallback: JustSignal(3)).first().sink { _ in }
}
public func merging(_ s: Values, _ t: Values) -> SignalSubscription {
  let merged = s.merge(with: t, t).map { $0 + 1 }.merge(with: t).filter { $0 > 0 }
  return merged.merge(with: merged).sink { _ in }
}
@MainActor public func mainActor(_ s: Values) -> SignalSubscription {
  s.map { $0 + 1 }.filter { $0 > 0 }.map { $0 + 2 }.receiveOnMainActor().sink { _ in }
}
public func subjects(_ s: CurrentValueSignal<Int, Never>) -> SignalSubscription {
  s.map { $0 + 1 }.removeDuplicates().map { $0 + 2 }.sink { _ in }
}
public func timers(_ scheduler: DispatchSignalScheduler) -> SignalSubscription {
  TimerSignal(every: .seconds(1), on: scheduler).map { $0 * 2 }.filter { $0 > 0 }.sink { _ in }
}
