import Dispatch

// The timed actions of one `DispatchSignalScheduler`, on one `DispatchSourceTimer` armed for the earliest
// deadline with the scheduler's leeway. Not one `asyncAfter` per action: Darwin gives `dispatch_after` a
// leeway of a tenth of the delay (at least 1 ms, at most 60 s) and coalesces timers within it, so a 3 s
// timeout could fire 300 ms late. Not `.strict`: Apple's header says it overrides power saving and is for
// "only when absolutely necessary"; DispatchSignalScheduler's documentation says when the leeway holds.
//
// The actions wait in deadline order, equal deadlines first in, first out, in an array: a deadline no
// earlier than every waiting one (the usual case: timeouts, timer ticks) is appended; an earlier one is
// inserted in place. When the timer fires, its handler (on the scheduler's queue) takes the due actions out
// one at a time and runs each outside the lock, then arms the timer for the next deadline. A cancelled action
// has released its closure already and runs as nothing when due, as it did under `asyncAfter`. While actions
// wait, the timer's handler holds this object (a cycle through Dispatch); once none is left the timer is
// cancelled and released, which ends the cycle, so an idle scheduler keeps no timer.

/// The timed actions of a ``DispatchSignalScheduler`` and the one timer that runs them.
final class DispatchTimers: Sendable {
  private struct Entry {
    let deadline: UInt64  // uptime, ns
    let action: ScheduledAction
  }

  private struct State {
    var entries: [Entry] = []
    /// The index of the first waiting entry (the ones before it ran).
    var head = 0
    /// The timer, while actions wait.
    var timer: (any DispatchSourceTimer)?
    /// The deadline the timer is armed for (`.max` when it is not armed).
    var armedFor = UInt64.max
  }

  private let state = Locked(State())
  private let queue: DispatchQueue
  private let leeway: DispatchTimeInterval

  init(queue: DispatchQueue, leeway: DispatchTimeInterval) {
    self.queue = queue
    self.leeway = leeway
  }

  /// Runs `action` on the queue at `deadline` (uptime, ns; `UInt64.max`: never), at most the leeway late.
  func schedule(_ action: ScheduledAction, at deadline: UInt64) {
    state.withLock { state in
      let entry = Entry(deadline: deadline, action: action)
      if let last = state.entries.last, last.deadline > deadline {
        // After every entry due at or before `deadline`: first in, first out.
        var low = state.head
        var high = state.entries.count
        while low < high {
          let middle = (low + high) / 2
          if state.entries[middle].deadline <= deadline { low = middle + 1 } else { high = middle }
        }
        state.entries.insert(entry, at: low)
      } else {
        state.entries.append(entry)
      }
      if deadline < state.armedFor { arm(&state, for: deadline) }
    }
  }

  /// Arms the timer (made on first use) for `deadline`. Dispatch calls only: no user code under the lock.
  private func arm(_ state: inout State, for deadline: UInt64) {
    let timer: any DispatchSourceTimer
    if let existing = state.timer {
      timer = existing
    } else {
      timer = DispatchSource.makeTimerSource(queue: queue)
      timer.setEventHandler { self.fire() }
      state.timer = timer
      timer.resume()
    }
    let time = deadline == .max ? DispatchTime.distantFuture : DispatchTime(uptimeNanoseconds: deadline)
    timer.schedule(deadline: time, leeway: leeway)
    state.armedFor = deadline
  }

  /// The timer's handler: runs the due actions in order, then arms the timer for the next deadline, or
  /// cancels it when none is left.
  private func fire() {
    while let action = state.withLock({ takeDue(&$0) }) {
      action.run()
    }
  }

  /// The next due action, taken out; `nil` when none is due, after arming the timer for the next deadline
  /// (or cancelling it when nothing waits).
  private func takeDue(_ state: inout State) -> ScheduledAction? {
    if state.head < state.entries.count {
      let first = state.entries[state.head]
      if first.deadline <= DispatchTime.now().uptimeNanoseconds {
        state.head += 1
        if state.head == state.entries.count {
          state.entries.removeAll(keepingCapacity: true)
          state.head = 0
        } else if state.head >= 64 && state.head * 2 >= state.entries.count {
          state.entries.removeSubrange(0..<state.head)
          state.head = 0
        }
        return first.action
      }
      arm(&state, for: first.deadline)
    } else {
      state.timer?.cancel()
      state.timer = nil
      state.armedFor = .max
    }
    return nil
  }
}
