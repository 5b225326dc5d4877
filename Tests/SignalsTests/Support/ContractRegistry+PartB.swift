import Foundation
import Signals
import SignalsFoundation
import SignalsTesting

// The registry's cases for the operators, subjects and sources of the operators issue's part B (time and
// threads, sharing, CombineExt's and RxSwift's additions, the recorded and Optional/Result sources, and
// SignalsFoundation's). Added to `ContractCase.all` in one line.

extension ContractCase {
  static let partB: [ContractCase] = partBSources + partBSharing + partBCombining + partBTimed + partBFoundation

  static let partBSources: [ContractCase] = [
    ContractCase("RecordSignal", inputs: 0, [.finishesWithInputs]) { _ in
      RecordSignal<Int, TestError>(output: [1, 2, 3], completion: .finished).eraseToAnySignal()
    },
    ContractCase("RecordSignal(failing)", inputs: 0) { _ in
      RecordSignal<Int, TestError> { recording in
        recording.receive(1)
        recording.receive(completion: .failed(TestError(2)))
      }.eraseToAnySignal()
    },
    ContractCase("Optional.signal", inputs: 0, [.finishesWithInputs]) { _ in contractErased(Optional(4).signal) },
    ContractCase("Optional.none.signal", inputs: 0, [.finishesWithInputs]) { _ in contractErased(Int?.none.signal) },
    ContractCase("Result.signal(success)", inputs: 0, [.finishesWithInputs]) { _ in
      Result<Int, TestError>.success(5).signal.eraseToAnySignal()
    },
    ContractCase("Result.signal(failure)", inputs: 0) { _ in
      Result<Int, TestError>.failure(TestError(6)).signal.eraseToAnySignal()
    },
    ContractCase("ReplaySignal (filled, never ends)", inputs: 0) { _ in
      let subject = ReplaySignal<Int, TestError>(bufferSize: 2)
      for value in 1...3 { subject.send(value) }
      return subject.eraseToAnySignal()
    },
  ]

  static let partBSharing: [ContractCase] = [
    ContractCase("share(replay: 2)", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).share(replay: 2).eraseToAnySignal()
    },
    ContractCase("share(replay: 2), two subscribers", [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      let shared = context.input(0).share(replay: 2)
      return MergeSignal([shared.eraseToAnySignal(), shared.map { $0 &* 2 }.eraseToAnySignal()]).eraseToAnySignal()
    },
    ContractCase(
      "multicast(subject: ReplaySignal).autoconnect()", [.identity, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).multicast(subject: ReplaySignal(bufferSize: 2)).autoconnect().eraseToAnySignal()
    },
    ContractCase(
      "makeConnectable().autoconnect()",
      [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).makeConnectable().autoconnect().eraseToAnySignal()
    },
    // The closure that makes the subject is the signal's, not a subscription's: no witness.
    ContractCase("multicast { CurrentValueSignal }.autoconnect()", [.finishesWithInputs, .failsWithInput, .concurrent])
    {
      context in
      context.input(0).multicast { CurrentValueSignal<Int, TestError>(-1) }.autoconnect().eraseToAnySignal()
    },
  ]

  static let partBCombining: [ContractCase] = [
    ContractCase("withLatestFrom", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).withLatestFrom(context.input(1)).eraseToAnySignal()
    },
    ContractCase(
      "withLatestFrom(resultSelector:)", inputs: 2, [.finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).withLatestFrom(context.input(1)) { [witness = context.witness] value, latest in
        touch(witness)
        return value &+ latest
      }.eraseToAnySignal()
    },
    ContractCase("drop(untilOutputFrom:)", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).drop(untilOutputFrom: context.input(1)).eraseToAnySignal()
    },
    ContractCase("drop(untilOutputFrom: Just)", [.identity, .deepChain, .finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).drop(untilOutputFrom: JustSignal(())).eraseToAnySignal()
    },
  ]

  static let partBTimed: [ContractCase] = [
    ContractCase(
      "collect(.byTime)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).collect(.byTime(context.scheduler, .seconds(1))).map { $0.reduce(0, &+) }.eraseToAnySignal()
    },
    ContractCase(
      "collect(.byTimeOrCount(2))", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).collect(.byTimeOrCount(context.scheduler, .seconds(1), 2)).map { $0.reduce(0, &+) }
        .eraseToAnySignal()
    },
    // Its values are not the input's: offset, so that the reentrancy check's observer does not resend forever.
    ContractCase("measureInterval(using:)", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).measureInterval(using: context.scheduler).map { 1_000 + Int($0 / .seconds(1)) }
        .eraseToAnySignal()
    },
    ContractCase(
      "subscribe(on:)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).map { [witness = context.witness] value in
        touch(witness)
        return value
      }.subscribe(on: context.scheduler).eraseToAnySignal()
    },
    ContractCase(
      "retry(2, delay:)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).retry(2, delay: .seconds(1), scheduler: context.scheduler).eraseToAnySignal()
    },
    ContractCase(
      "retry(2, delay: exponential, jitter)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler]
    ) { context in
      let backoff = SignalBackoff.exponential(initial: .seconds(1), maximum: .seconds(3), jitter: 0.5)
      return context.input(0).retry(2, delay: backoff, scheduler: context.scheduler).eraseToAnySignal()
    },
  ]

  static let partBFoundation: [ContractCase] = [
    ContractCase("encode(encoder:).decode(type:decoder:)", [.identity, .finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder())
        .mapError { $0 as? TestError ?? TestError(-1) }.eraseToAnySignal()
    },
    ContractCase(
      "NotificationCenter.signal, posted by input 0", [.identity, .deepChain, .holdsWitness, .concurrent]
    ) { context in
      let name = Notification.Name("contract")
      let center = NotificationCenter()
      let notifications = center.signal(for: name) { [witness = context.witness] notification in
        touch(witness)
        return notification.userInfo?["value"] as? Int ?? -1
      }
      let input = context.input(0)
      return AnySignal { observer in
        // Posts input 0's values; ends when the observer answers `stop`, as the notification signal does.
        let posting = Locked<SignalSubscription?>(nil)
        let delivery = notifications.setFailureType(to: TestError.self).subscribe(
          AnySignalObserver<Int, TestError> { event in
            let answer = observer.receive(event)
            if answer == .stop { posting.withLock { $0.take() }?.cancel() }
            return answer
          })
        let poster = input.observe { event in
          if let value = event.value { center.post(name: name, object: nil, userInfo: ["value": value]) }
        }
        posting.withLock { $0 = poster }
        return SignalSubscription {
          delivery.cancel()
          posting.withLock { $0.take() }?.cancel()
        }
      }
    },
  ]
}
