/// The default sizes, and the `--quick` ones (CI: proves the program works, judges no time).
struct WorkloadSizes {
  var throughputValues: Int
  var churnCycles: Int
  var fanInSends: Int
  var virtualTimeActions: Int
  var raceRounds: Int
  var timerTicks: Int
  var asyncElements: Int
  var introStarts: Int
  var introRounds: Int
  var fanOutValues: Int
  var typingSessions: Int

  static let full = WorkloadSizes(
    throughputValues: 10_000_000,
    churnCycles: 1_000_000,
    fanInSends: 10_000_000,
    virtualTimeActions: 1_000_000,
    raceRounds: 100_000,
    timerTicks: 200,
    asyncElements: 1_000_000,
    introStarts: 20_000,
    introRounds: 20_000,
    fanOutValues: 10_000,
    typingSessions: 50_000
  )

  static let quick = WorkloadSizes(
    throughputValues: 200_000,
    churnCycles: 20_000,
    fanInSends: 200_000,
    virtualTimeActions: 20_000,
    raceRounds: 5_000,
    timerTicks: 10,
    asyncElements: 50_000,
    introStarts: 1_000,
    introRounds: 1_000,
    fanOutValues: 500,
    typingSessions: 1_000
  )
}

/// Every workload, in report order.
func allWorkloads(_ sizes: WorkloadSizes, clock: TimingClock = .wall) -> [Workload] {
  [
    throughputWorkload(values: sizes.throughputValues),
    churnWorkload(cycles: sizes.churnCycles),
    fanInWorkload(sends: sizes.fanInSends),
    virtualTimeWorkload(name: "W4", actions: sizes.virtualTimeActions),
    virtualTimeWorkload(name: "W4-10k", actions: 10_000),
    introRaceWorkload(rounds: sizes.raceRounds),
    introRaceOnceWorkload(rounds: sizes.raceRounds),
    timerDriftWorkload(ticks: sizes.timerTicks),
    asyncBridgeWorkload(elements: sizes.asyncElements),
    introStartWorkload(rounds: sizes.introStarts, clock: clock),
    introDecidedWorkload(rounds: sizes.introRounds),
    fanOutWorkload(values: sizes.fanOutValues, clock: clock),
    searchFieldWorkload(sessions: sizes.typingSessions),
  ]
}
