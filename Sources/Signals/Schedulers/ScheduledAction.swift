/// A real-time scheduler's pending action: runs at most once, and cancelling releases the closure at once
/// (the queue or task that will call `run()` only keeps this small object).
final class ScheduledAction: SubscriptionTarget {
  private let action: Locked<(@Sendable () -> Void)?>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  /// Runs the action unless it was cancelled (or already ran).
  func run() {
    let action = action.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  func cancelSubscription(id: UInt64) {
    let action = action.withLock { action in
      defer { action = nil }
      return action
    }
    _ = action  // released here, outside the lock
  }
}
