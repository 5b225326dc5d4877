/// A scheduler on virtual time, whose async work keeps its time only on its task executor: `SignalsTesting`'s
/// `TestScheduler`.
///
/// Where such a scheduler offers no task executor (before macOS 15, iOS 18, tvOS 18, watchOS 11 and
/// visionOS 2, task executors do not exist), async work started on it — ``TaskSignal/init(on:priority:operation:)``,
/// ``AsyncSequenceSignal/on(_:)`` — is refused through ``refuseAsyncWork()`` instead of running on the global
/// executor, in real time, which would make a virtual-time test depend on the wall clock. Schedulers on real
/// time are not virtual-time schedulers: their async work runs on the global executor, as it always did.
package protocol VirtualTimeScheduler: SignalScheduler {
  /// Refuses async work this scheduler cannot run in virtual time: reports it (a "Signals:" precondition
  /// failure unless the scheduler was made to report otherwise). The work does not run.
  func refuseAsyncWork()
}

/// The OS versions that have task executors, as messages name them.
package let taskExecutorOSVersions = "macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2"
