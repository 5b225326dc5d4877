import Signals

/// A deterministic random number generator (SplitMix64) for reproducible property tests.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A thread-safe list of what happened, in order.
final class Trace<Element: Sendable>: Sendable {
  private let items = Locked<[Element]>([])

  func append(_ item: Element) {
    items.withLock { $0.append(item) }
  }

  var all: [Element] { items.withLock { $0 } }
}

/// Flags its own deinit, to check that a closure was released.
final class ReleaseProbe: Sendable {
  private let released: Locked<Bool>

  init(_ released: Locked<Bool>) {
    self.released = released
  }

  func touch() {}

  deinit {
    released.withLock { $0 = true }
  }
}

/// The scale of stress tests: `SIGNALS_STRESS_SCALE` (default 1).
let stressScale: Int = {
  guard let text = getenvString("SIGNALS_STRESS_SCALE"), let value = Int(text), value > 0 else { return 1 }
  return value
}()

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

private func getenvString(_ name: String) -> String? {
  guard let pointer = getenv(name) else { return nil }
  return String(cString: pointer)
}
