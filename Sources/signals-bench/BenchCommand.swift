#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses the command line and runs the selected workloads.
enum BenchCommand {
  static let usage = """
    usage: signals-bench [--quick] [--json] [--runs N] [--only W1,W2,...] [--cpu-time] [--each] [--list]

      --quick   smaller sizes for CI (each workload a fraction of a second)
      --json    print only JSON, one object per line per workload
      --runs N  timed runs per side after the warm-up (default 5, at least 5)
      --only    run only the named workloads (e.g. --only W1,W4-10k)
      --cpu-time  time W1–W5 and W8–W11 by the thread's CPU time instead of wall time
                (for a loaded machine: time spent descheduled does not count)
      --each    also print every timed run's figures, to standard error (how a
                machine whose speed comes and goes shows up: see BENCHMARKS.md)
      --list    print the workload names and sizes, run nothing
    """

  static func run(arguments: [String]) {
    var options = BenchOptions()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "--quick": options.quick = true
      case "--json": options.json = true
      case "--list": options.listOnly = true
      case "--cpu-time": options.clock = .threadCPU
      case "--each": options.each = true
      case "--runs", "--only":
        guard index < arguments.count else { fail("\(argument) needs a value") }
        let value = arguments[index]
        index += 1
        if argument == "--runs" {
          guard let runs = Int(value), runs >= 5 else { fail("--runs needs a number of at least 5") }
          options.runs = runs
        } else {
          options.only = Set(value.split(separator: ",").map { $0.uppercased() })
        }
      case "-h", "--help":
        print(usage)
        return
      default:
        fail("unknown argument \(argument)")
      }
    }

    let sizes = options.quick ? WorkloadSizes.quick : WorkloadSizes.full
    let workloads = allWorkloads(sizes, clock: options.clock).filter {
      options.only?.contains($0.name.uppercased()) ?? true
    }
    if let only = options.only {
      let known = Set(allWorkloads(sizes).map { $0.name.uppercased() })
      let unknown = only.subtracting(known)
      if !unknown.isEmpty { fail("unknown workload(s): \(unknown.sorted().joined(separator: ", "))") }
    }
    if options.listOnly {
      for workload in workloads { print("\(workload.name)\t\(workload.operations)\t\(workload.summary)") }
      return
    }

    let report = Report(json: options.json, quick: options.quick, runs: options.runs, clock: options.clock)
    report.begin()
    var results: [String: WorkloadResult] = [:]
    for workload in workloads {
      let result = measure(workload, runs: options.runs, clock: options.clock, each: options.each)
      results[workload.name] = result
      report.row(result, growth: growthNote(for: result, in: results))
    }
    report.end(results)
  }

  /// W4's growth is reported next to W4-10k, whichever order they ran in.
  static func growthNote(for result: WorkloadResult, in results: [String: WorkloadResult]) -> Growth? {
    guard result.name == "W4" || result.name == "W4-10k" else { return nil }
    guard let large = results["W4"], let small = results["W4-10k"] else { return nil }
    guard let largeBaseline = large.baselineNs, let smallBaseline = small.baselineNs else { return nil }
    return Growth(signals: large.signalsNs / small.signalsNs, baseline: largeBaseline / smallBaseline)
  }

  static func fail(_ message: String) -> Never {
    var standardError = StandardError()
    print("signals-bench: \(message)\n\n\(usage)", to: &standardError)
    exit(2)
  }
}

struct BenchOptions {
  var quick = false
  var json = false
  var listOnly = false
  var runs = 5
  var clock = TimingClock.wall
  var only: Set<String>?
  var each = false
}

/// Writes to standard error (progress and failures never mix with `--json` output).
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    writeToStandardError(string)
  }
}

private func writeToStandardError(_ string: String) {
  var text = string
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
