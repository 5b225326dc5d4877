import Signals

// Support for the stress tests (reliability): values tagged with their sender, and a checker that
// every value arrived exactly once and in each sender's order.

/// A value tagged with the thread (or source) that sent it and its sequence number there.
enum Tag {
  static func make(_ sender: Int, _ number: Int) -> Int { sender << 32 | number }
  static func sender(_ value: Int) -> Int { value >> 32 }
  static func number(_ value: Int) -> Int { value & 0xFFFF_FFFF }
}

/// What a stress run saw, checked against what was sent.
struct StressReport: Sendable, CustomStringConvertible {
  var received = 0
  var missing = 0
  var duplicated = 0
  var outOfOrder = 0
  var terminals = 0

  /// Checks `values` against `senders` × `perSender` tagged values, each expected once, in order per sender.
  init(values: [Int], senders: Int, perSender: Int, terminals: Int) {
    received = values.count
    self.terminals = terminals
    var next = Array(repeating: 0, count: senders)
    var seen = Array(repeating: Array(repeating: false, count: perSender), count: senders)
    for value in values {
      let sender = Tag.sender(value)
      let number = Tag.number(value)
      guard sender < senders, number < perSender else {
        duplicated += 1
        continue
      }
      if seen[sender][number] { duplicated += 1 }
      seen[sender][number] = true
      if number < next[sender] { outOfOrder += 1 }
      next[sender] = max(next[sender], number + 1)
    }
    missing = seen.reduce(0) { $0 + $1.count { !$0 } }
  }

  /// Every value once, in order per sender, and exactly one terminal event.
  var isExact: Bool { missing == 0 && duplicated == 0 && outOfOrder == 0 && terminals == 1 }

  var description: String {
    "received \(received), missing \(missing), duplicated \(duplicated), out of order \(outOfOrder), terminals \(terminals)"
  }
}

/// Counts the stress rounds run in this process (reported by the suite).
let stressRounds = Locked(0)
