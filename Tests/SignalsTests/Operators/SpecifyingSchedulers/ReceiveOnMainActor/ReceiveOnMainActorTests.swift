import Dispatch
import Signals
import SignalsTesting
import Testing

/// A view model as an app writes one: main-actor state, bound with `receiveOnMainActor()` and no
/// `MainActor.assumeIsolated` anywhere.
@MainActor
private final class LoadModel {
  private(set) var log: [String] = []
  private(set) var onMainThread: [Bool] = []
  private var subscriptions = Set<SignalSubscription>()
  let ended = AsyncFlag()

  func bind<Load: Signal<String, any Error>>(_ load: Load) {
    load.receiveOnMainActor()
      .sink(
        receiveCompletion: { completion in
          self.onMainThread.append(onMainQueue())
          switch completion {
          case .finished: self.log.append("finished")
          case .failed(let error): self.log.append("failed: \(error)")
          }
          self.ended.set()
        },
        receiveValue: { value in
          self.onMainThread.append(onMainQueue())
          self.log.append(value)
        }
      )
      .store(in: &subscriptions)
  }
}

private struct LoadFailure: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// Whether the caller runs on the main queue, where the main actor runs. (Under `swift test` on Linux the
/// main queue is drained by a thread that is not the process's first thread, so `Thread.isMainThread`
/// is not the test for main-actor isolation.)
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
  let key = DispatchSpecificKey<UInt8>()
  DispatchQueue.main.setSpecific(key: key, value: 1)
  return key
}()

private func onMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == 1
}

/// Runs `body` on another thread and waits for it, holding the caller (the main actor) meanwhile, so that
/// what `body` queues for the main queue cannot run before the caller continues.
private func onAnotherThreadAndWait(_ body: @escaping @Sendable () -> Void) {
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async {
    #expect(!onMainQueue())
    body()
    group.leave()
  }
  group.wait()
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ReceiveOnMainActorTests {
  @Test func aRealTaskSignalsFailureReachesAMainActorModelOnTheMainThread() async {
    let model = LoadModel()
    // A real task on the global executor: its failure is sent from a concurrency thread.
    let load = TaskSignal { () async throws -> String in
      #expect(!onMainQueue())
      throw LoadFailure()
    }
    model.bind(load)
    await model.ended.wait()
    #expect(model.log == ["failed: offline"])
    #expect(model.onMainThread == [true])
  }

  @Test func aRealTaskSignalsValueAndFinishArriveInOrder() async {
    let model = LoadModel()
    model.bind(TaskSignal { () async throws -> String in "loaded" })
    await model.ended.wait()
    #expect(model.log == ["loaded", "finished"])
    #expect(model.onMainThread == [true, true])
  }

  @Test func onATestSchedulerAdvancedFromTheMainActorDeliveryHappensInsideAdvanceAtTheInstant() {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<String, Never>()
    let seen = Locked<[String]>([])
    let token = trigger.receiveOnMainActor().sink { value in
      seen.withLock { $0.append("\(value) at \(scheduler.now)") }
    }
    scheduler.schedule(after: .milliseconds(2600)) { trigger.send("end") }
    scheduler.advance(by: .seconds(2))
    #expect(seen.withLock { $0 }.isEmpty)
    scheduler.advance(by: .seconds(1))
    #expect(seen.withLock { $0 } == ["end at 2.6 seconds"])
    withExtendedLifetime(token) {}
  }

  @Test func eventsFromOtherThreadsArriveOnTheMainThreadInOrderPerSender() async {
    let subject = PassthroughSignal<(sender: Int, index: Int), Never>()
    let received = Locked<[(sender: Int, index: Int)]>([])
    let offMain = Locked(0)
    let done = AsyncFlag()
    let perSender = 200
    let token = subject.receiveOnMainActor().sink { item in
      if !onMainQueue() { offMain.withLock { $0 += 1 } }
      let count = received.withLock {
        $0.append(item)
        return $0.count
      }
      if count == 4 * perSender { done.set() }
    }
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: 4) { sender in
        for index in 0..<perSender { subject.send((sender, index)) }
      }
    }
    await done.wait()
    #expect(offMain.withLock { $0 } == 0)
    let all = received.withLock { $0 }
    for sender in 0..<4 {
      #expect(all.filter { $0.sender == sender }.map(\.index) == Array(0..<perSender))
    }
    withExtendedLifetime(token) {}
  }

  @Test func aMainThreadSendWaitsBehindEventsAlreadyQueuedFromAnotherThread() async {
    let subject = PassthroughSignal<String, Never>()
    let received = Locked<[String]>([])
    let done = AsyncFlag()
    let token = subject.receiveOnMainActor().sink { value in
      received.withLock { $0.append(value) }
      if value == "from main" { done.set() }
    }
    onAnotherThreadAndWait { subject.send("from another thread") }
    // Queued for the main queue, not delivered yet (this test holds the main actor): first in, first out.
    #expect(received.withLock { $0 }.isEmpty)
    subject.send("from main")
    #expect(received.withLock { $0 }.isEmpty, "it waits behind the queued event")
    await done.wait()
    #expect(received.withLock { $0 } == ["from another thread", "from main"])
    withExtendedLifetime(token) {}
  }

  @Test func afterARunOnTheMainQueueAMainThreadSendIsDeliveredDuringTheSendAgain() async {
    let subject = PassthroughSignal<String, Never>()
    let received = Locked<[String]>([])
    let done = AsyncFlag()
    let token = subject.receiveOnMainActor().sink { value in
      received.withLock { $0.append(value) }
      if value == "second from another thread" { done.set() }
    }
    onAnotherThreadAndWait {
      subject.send("from another thread")
      subject.send("second from another thread")
    }
    await done.wait()  // the run on the main queue delivered both and gave the downstream back
    subject.send("from main")
    #expect(received.withLock { $0 } == ["from another thread", "second from another thread", "from main"])
    withExtendedLifetime(token) {}
  }

  @Test func aCancelInsideADeliveryReleasesTheObserverWhenTheDeliveryReturns() {
    let subject = PassthroughSignal<Int, Never>()
    let received = Locked<[Int]>([])
    let holder = Locked<SignalSubscription?>(nil)
    weak var witness: ObserverWitness?
    do {
      let captured = ObserverWitness()
      witness = captured
      holder.withLock {
        $0 = subject.receiveOnMainActor().sink { value in
          _ = captured
          received.withLock { $0.append(value) }
          subject.send(2)  // queued behind this delivery, then dropped by the cancel
          holder.withLock { $0 }?.cancel()
          #expect(witness != nil, "the delivery in progress holds the observer")
        }
      }
    }
    subject.send(1)
    #expect(witness == nil, "released once the delivery returned")
    #expect(received.withLock { $0 } == [1])
    #expect(!subject.hasObservers)
  }

  @Test func cancellingReleasesTheObserverAtOnceWhileTheSubscriptionIsStillHeld() {
    let subject = PassthroughSignal<Int, Never>()
    weak var witness: ObserverWitness?
    let token: SignalSubscription
    do {
      let captured = ObserverWitness()
      witness = captured
      token = subject.receiveOnMainActor().sink { _ in _ = captured }
    }
    subject.send(1)
    #expect(witness != nil)
    token.cancel()
    #expect(witness == nil, "the cancel released the observer, not the subscription's deinit")
    withExtendedLifetime(token) {}
  }

  @Test func aSendFromTheMainThreadIsDeliveredDuringTheSend() {
    let subject = PassthroughSignal<Int, Never>()
    let received = Locked<[Int]>([])
    let token = subject.receiveOnMainActor().sink { value in received.withLock { $0.append(value) } }
    subject.send(1)
    #expect(received.withLock { $0 } == [1])
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendsAreDeliveredAfterTheCurrentEventInOrder() {
    let subject = PassthroughSignal<Int, Never>()
    let trace = Locked<[String]>([])
    let token = subject.receiveOnMainActor().sink { value in
      trace.withLock { $0.append("begin \(value)") }
      if value == 1 {
        subject.send(2)
        subject.send(3)
      }
      trace.withLock { $0.append("end \(value)") }
    }
    subject.send(1)
    #expect(trace.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingOnTheMainThreadDropsQueuedEventsAndReleasesTheUpstream() async {
    let subject = PassthroughSignal<Int, Never>()
    let received = Locked<[Int]>([])
    let token = subject.receiveOnMainActor().sink { value in received.withLock { $0.append(value) } }
    onAnotherThreadAndWait {
      subject.send(1)
      subject.send(2)
    }
    token.cancel()
    #expect(!subject.hasObservers)
    // Let the main queue run the hop that was scheduled: it must deliver nothing.
    await withCheckedContinuation { (drained: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async { drained.resume() }
    }
    #expect(received.withLock { $0 }.isEmpty)
  }

  @Test func aCancelFromInsideTheObserverStopsTheRest() {
    let subject = PassthroughSignal<Int, Never>()
    let received = Locked<[Int]>([])
    let holder = Locked<SignalSubscription?>(nil)
    let token = subject.receiveOnMainActor().sink { value in
      received.withLock { $0.append(value) }
      if value == 1 {
        subject.send(2)
        holder.withLock { $0 }?.cancel()
      }
    }
    holder.withLock { $0 = token }
    subject.send(1)
    subject.send(3)
    #expect(received.withLock { $0 } == [1])
    #expect(!subject.hasObservers)
  }

  @Test func aTerminalEventEndsTheSubscriptionAndObserveSeesIt() {
    let subject = PassthroughSignal<Int, LoadFailure>()
    let events = Locked<[String]>([])
    let token = subject.receiveOnMainActor().observe { event in
      switch event {
      case .value(let value): events.withLock { $0.append("\(value)") }
      case .finished: events.withLock { $0.append("|") }
      case .failed(let error): events.withLock { $0.append("#\(error)") }
      }
    }
    subject.send(1)
    subject.send(completion: .failed(LoadFailure()))
    subject.send(2)
    #expect(events.withLock { $0 } == ["1", "#offline"])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anObserverThatStopsCancelsTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.receiveOnMainActor().subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }
}

/// An object an observer captures, to tell when the observer is released.
private final class ObserverWitness: Sendable {}
