import Signals
import Testing

// A subject with many observers keeps them in a list with holes (a cancelled observer's slot is emptied at
// once, the holes squeezed out when they outnumber the live ones) and finds one by binary search on its
// id. These checks drive that list through the public API against a plain model: who receives which
// value, in subscription order, with cancellations from outside and from inside a broadcast, and
// subscriptions added during one.

/// An observer's object, to check that a cancelled subscription releases its observer at once.
private final class ObserverWitness: Sendable {}

@Suite struct SubjectObserverListTests {
  @Test(arguments: [3, 41, 977])
  func randomSubscribesAndCancelsMatchAModel(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let subject = PassthroughSignal<Int, Never>()
    // Every delivery, as (observer, value), in the order it happened.
    let deliveries = Locked<[(Int, Int)]>([])
    let tokens = Locked<[Int: SignalSubscription]>([:])
    // Observers cancelled from inside the current broadcast, by the observer that cancels them.
    let cancelsDuringBroadcast = Locked<[Int: [Int]]>([:])
    var witnesses: [Int: ObserverWitness] = [:]
    weak var cancelledWitness: ObserverWitness?
    var live: [Int] = []  // the model: subscribed observers, oldest first
    var nextObserver = 0

    func subscribe() {
      let observer = nextObserver
      nextObserver += 1
      let witness = ObserverWitness()
      witnesses[observer] = witness
      let token = subject.sink { [witness] value in
        _ = witness
        deliveries.withLock { $0.append((observer, value)) }
        for victim in cancelsDuringBroadcast.withLock({ $0[observer] ?? [] }) {
          tokens.withLock { $0.removeValue(forKey: victim) }?.cancel()
        }
      }
      tokens.withLock { $0[observer] = token }
      live.append(observer)
    }

    for value in 0..<600 {
      switch generator.next() % 10 {
      case 0...3:
        subscribe()
      case 4...5 where !live.isEmpty:
        let victim = live.remove(at: Int(generator.next() % UInt64(live.count)))
        cancelledWitness = witnesses.removeValue(forKey: victim)
        tokens.withLock { $0.removeValue(forKey: victim) }?.cancel()
        #expect(cancelledWitness == nil, "a cancelled observer is released at once")
      default:
        // A broadcast in which some observers cancel others, earlier or later in the list.
        var plan: [Int: [Int]] = [:]
        var victims: Set<Int> = []
        for _ in 0..<min(live.count / 3, 6) {
          let canceller = live[Int(generator.next() % UInt64(live.count))]
          let victim = live[Int(generator.next() % UInt64(live.count))]
          guard victim != canceller, !victims.contains(victim), !victims.contains(canceller) else { continue }
          plan[canceller, default: []].append(victim)
          victims.insert(victim)
        }
        cancelsDuringBroadcast.withLock { $0 = plan }
        // Expected: in subscription order, each observer not yet cancelled by an earlier one receives it.
        var expected: [(Int, Int)] = []
        var cancelled: Set<Int> = []
        for observer in live where !cancelled.contains(observer) {
          expected.append((observer, value))
          for victim in plan[observer] ?? [] { cancelled.insert(victim) }
        }
        deliveries.withLock { $0 = [] }
        subject.send(value)
        cancelsDuringBroadcast.withLock { $0 = [:] }
        let got = deliveries.withLock { $0 }
        #expect(got.map(\.0) == expected.map(\.0), "value \(value)")
        #expect(got.allSatisfy { $0.1 == value })
        // A canceller that was itself cancelled earlier in the broadcast never ran its cancellations.
        live.removeAll { cancelled.contains($0) }
        for victim in cancelled { witnesses[victim] = nil }
        for victim in victims.subtracting(cancelled) { tokens.withLock { $0.removeValue(forKey: victim) }?.cancel() }
        live.removeAll { victims.contains($0) }
        for victim in victims { witnesses[victim] = nil }
      }
    }
    deliveries.withLock { $0 = [] }
    subject.send(-1)
    #expect(deliveries.withLock { $0.map(\.0) } == live)
    _ = witnesses
  }

  @Test func everyObserverCancellingInOneBroadcastLeavesNoneAndReleasesAll() {
    // Each observer's `prefix(1)` ends on the first value: a broadcast in which every observer leaves.
    let subject = PassthroughSignal<Int, Never>()
    let received = Locked(0)
    var witnesses: [ObserverWitness] = (0..<5_000).map { _ in ObserverWitness() }
    let lastIsReleased = { [weak last = witnesses.last] in last == nil }
    let tokens = witnesses.map { witness in
      subject.prefix(1).sink { [witness] _ in
        _ = witness
        received.withLock { $0 += 1 }
      }
    }
    witnesses = []
    subject.send(1)
    subject.send(2)
    #expect(received.withLock { $0 } == 5_000)
    #expect(lastIsReleased())
    withExtendedLifetime(tokens) {}
  }

  @Test func aSubscriberAddedDuringABroadcastToManyGetsOnlyWhatIsSentAfterIt() {
    // During the broadcast of 1, the first observer sends 2 (queued), subscribes `late`, then sends 3:
    // `late` receives 3 only; the observers already there receive all three, in order.
    let subject = PassthroughSignal<Int, Never>()
    let late = EventLog<Int, Never>()
    let lateToken = Locked<SignalSubscription?>(nil)
    let adder = subject.sink { value in
      guard value == 1 else { return }
      subject.send(2)
      lateToken.withLock { $0 = subject.subscribe(late) }
      subject.send(3)
    }
    let logs = (0..<20).map { _ in EventLog<Int, Never>() }
    let tokens = logs.map { subject.subscribe($0) }
    subject.send(1)
    #expect(late.values == [3])
    for log in logs { #expect(log.values == [1, 2, 3]) }
    withExtendedLifetime((adder, tokens)) {}
  }
}
