import CAllocCounter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of one side returns.
struct RunOutcome {
  /// A value computed from everything the run delivered; both sides must agree,
  /// so no work can be optimised away or silently skipped.
  var checksum: Int
  /// For workloads whose figure is not the harness's wall time: the figure itself,
  /// in nanoseconds (W6's lateness, W7's timing taken inside its task).
  var measuredNs: Double? = nil
  /// For workloads that count only part of a run (W10: the sends, not the subscribing): the allocations
  /// made in that part (`signals_alloc_count()` after minus before; zero unless the harness is counting).
  var allocations: UInt64? = nil
}

/// How a workload's figure is read.
enum Figure {
  /// Wall time (or `measuredNs`) divided by the number of operations.
  case nanosecondsPerOperation
  /// `measuredNs` as it is (a lateness, not a duration of work).
  case nanoseconds
}

/// A bar from the issue, shown next to the figures (the program never fails on one).
struct Bar {
  var maxRatio: Double? = nil
  var maxAllocations: Double? = nil
  var maxSignalsNs: Double? = nil

  var text: String {
    var parts: [String] = []
    if let maxRatio { parts.append("ratio ≤ \(Format.trimmed(maxRatio))") }
    if let maxAllocations { parts.append("allocs ≤ \(Format.trimmed(maxAllocations))") }
    if let maxSignalsNs { parts.append("signals ≤ \(Format.grouped(Int(maxSignalsNs))) ns") }
    return parts.joined(separator: ", ")
  }

  func isMet(by result: WorkloadResult) -> Bool {
    if let maxRatio, let ratio = result.ratio, ratio > maxRatio { return false }
    if let maxAllocations, let allocations = result.allocationsPerOperation,
      Format.rounded(allocations, decimals: 2) > maxAllocations
    {
      return false
    }
    if let maxSignalsNs, result.signalsNs > maxSignalsNs { return false }
    return true
  }
}

/// One workload: the Signals side, its hand-written baseline, and how to read them.
struct Workload {
  var name: String
  var summary: String
  var operations: Int
  var figure: Figure = .nanosecondsPerOperation
  var baselineName: String?
  /// Whether to count the Signals side's allocations (in a separate, untimed run).
  var countsAllocations = false
  /// What the allocation count is divided by, if not `operations` (W10: per value, not per delivery).
  var allocationUnits: Int? = nil
  var bar: Bar?
  var signals: () -> RunOutcome
  var baseline: (() -> RunOutcome)?
}

/// The figures of one workload.
struct WorkloadResult {
  var name: String
  var operations: Int
  var figure: Figure
  var signalsNs: Double
  var baselineName: String?
  var baselineNs: Double?
  var allocationsPerOperation: Double?
  var bar: Bar?

  var ratio: Double? {
    guard let baselineNs, baselineNs > 0 else { return nil }
    return signalsNs / baselineNs
  }
}

/// W4 against W4-10k: how much the cost per action grows with 100× more actions.
struct Growth {
  var signals: Double
  var baseline: Double
  /// The bar: Signals' growth at most 1.25× the heap's own.
  var isMet: Bool { signals <= 1.25 * baseline }
}

/// What the harness times a run with.
enum TimingClock {
  /// Wall time (`ContinuousClock`): the default, what a user waits.
  case wall
  /// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): time spent descheduled on a loaded
  /// machine does not count. Only for workloads that run on the calling thread (W1–W5); W6 and W7
  /// measure themselves either way.
  case threadCPU

  func now() -> Double {
    switch self {
    case .wall:
      return Self.origin.duration(to: .now).nanoseconds
    case .threadCPU:
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
  }

  private static let origin = ContinuousClock.now
}

/// Warm-up, then `runs` alternating runs of each side; the median of each side.
/// The allocation count comes from one more, untimed run of the Signals side.
func measure(_ workload: Workload, runs: Int, clock: TimingClock, each: Bool = false) -> WorkloadResult {
  let expected = workload.signals().checksum
  if let baseline = workload.baseline {
    let baselineChecksum = baseline().checksum
    guard baselineChecksum == expected else {
      checksumFailure(workload.name, "Signals gave \(expected), the baseline \(baselineChecksum)")
    }
  }

  var signalsFigures: [Double] = []
  var baselineFigures: [Double] = []
  var standardError = StandardError()
  for run in 1...runs {
    let signals = timedFigure(workload, workload.signals, expected: expected, clock: clock)
    signalsFigures.append(signals)
    var line = "\(workload.name) run \(run): signals \(Format.fixed(signals, decimals: 2)) ns"
    if let baseline = workload.baseline {
      let figure = timedFigure(workload, baseline, expected: expected, clock: clock)
      baselineFigures.append(figure)
      let name = workload.baselineName ?? "baseline"
      line += ", \(name) \(Format.fixed(figure, decimals: 2)) ns, ratio \(Format.fixed(signals / figure, decimals: 2))"
    }
    if each { print(line, to: &standardError) }
  }

  var allocations: Double?
  if workload.countsAllocations && signals_alloc_counter_is_active() {
    signals_alloc_counting(true)
    let before = signals_alloc_count()
    let outcome = workload.signals()
    let after = signals_alloc_count()
    signals_alloc_counting(false)
    guard outcome.checksum == expected else {
      checksumFailure(workload.name, "the counted run gave \(outcome.checksum)")
    }
    let count = outcome.allocations ?? (after - before)
    allocations = Double(count) / Double(workload.allocationUnits ?? workload.operations)
  }

  return WorkloadResult(
    name: workload.name,
    operations: workload.operations,
    figure: workload.figure,
    signalsNs: median(signalsFigures),
    baselineName: workload.baselineName,
    baselineNs: baselineFigures.isEmpty ? nil : median(baselineFigures),
    allocationsPerOperation: allocations,
    bar: workload.bar
  )
}

private func timedFigure(_ workload: Workload, _ body: () -> RunOutcome, expected: Int, clock: TimingClock) -> Double {
  let start = clock.now()
  let outcome = body()
  let elapsed = clock.now() - start
  guard outcome.checksum == expected else {
    checksumFailure(workload.name, "a timed run gave \(outcome.checksum), the warm-up \(expected)")
  }
  let nanoseconds = outcome.measuredNs ?? elapsed
  switch workload.figure {
  case .nanosecondsPerOperation: return nanoseconds / Double(workload.operations)
  case .nanoseconds: return nanoseconds
  }
}

private func checksumFailure(_ name: String, _ detail: String) -> Never {
  var standardError = StandardError()
  print("signals-bench: \(name): checksum mismatch: \(detail)", to: &standardError)
  exit(1)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

extension Duration {
  /// The duration in nanoseconds.
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
