import Signals
import SignalsTesting

/// A test double: a scheduler on a `TestScheduler`'s virtual time that runs some actions late.
///
/// `lateness(n)` is how late the `n`-th action scheduled (1-based) runs; its `now` is the base's.
final class LateScheduler: SignalScheduler, Sendable {
  let base: TestScheduler
  private let lateness: @Sendable (Int) -> Duration
  private let count = Locked(0)

  init(base: TestScheduler, lateness: @escaping @Sendable (Int) -> Duration) {
    self.base = base
    self.lateness = lateness
  }

  var now: SignalInstant { base.now }

  @discardableResult
  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    let number = count.withLock { count in
      count += 1
      return count
    }
    return base.schedule(at: deadline + lateness(number), action)
  }

  func cancel(_ action: SignalScheduledAction) {
    base.cancel(action)
  }
}

/// Records each value with the virtual instant it arrived at.
final class TimedLog<Output: Sendable>: Sendable {
  private let entries = Locked<[(Output, SignalInstant)]>([])
  private let finishes = Locked<[SignalInstant]>([])
  private let scheduler: any SignalScheduler
  private let stopAt: @Sendable (Output) -> Bool

  init(on scheduler: any SignalScheduler, stopWhen stopAt: @escaping @Sendable (Output) -> Bool = { _ in false }) {
    self.scheduler = scheduler
    self.stopAt = stopAt
  }

  var observer: AnySignalObserver<Output, Never> {
    AnySignalObserver { event in
      switch event {
      case .value(let value):
        self.entries.withLock { $0.append((value, self.scheduler.now)) }
        return self.stopAt(value) ? .stop : .continue
      case .finished:
        self.finishes.withLock { $0.append(self.scheduler.now) }
        return .continue
      }
    }
  }

  var values: [Output] { entries.withLock { $0.map(\.0) } }
  var times: [SignalInstant] { entries.withLock { $0.map(\.1) } }
  var finishedAt: [SignalInstant] { finishes.withLock { $0 } }
}

/// `seconds` (to the millisecond, exactly) as an instant on a scheduler's timeline.
func instant(_ seconds: Double) -> SignalInstant {
  SignalInstant(offset: .milliseconds(Int64((seconds * 1000).rounded())))
}

/// Flags its own deinit, to check that an observer or closure was released.
final class ReleaseFlag: Sendable {
  private let flag = Locked(false)

  var isReleased: Bool { flag.withLock { $0 } }

  func probe() -> ReleaseFlagProbe { ReleaseFlagProbe(flag) }
}

final class ReleaseFlagProbe: Sendable {
  private let flag: Locked<Bool>

  init(_ flag: Locked<Bool>) {
    self.flag = flag
  }

  func touch() {}

  deinit {
    flag.withLock { $0 = true }
  }
}
