import Foundation
import Signals
import SignalsFoundation
import SignalsTesting

// The registry of every source and operator under the generic contract tests (reliability): every check in
// Contracts/, Leaks/ and Stress/ runs on each case. An operator's cases are beside its tests (its `extension
// ContractCase` in Tests/SignalsTests/Operators/<group>/…); when an operator lands, add its list below.
// The subjects', the sources' and SignalsFoundation's cases are here.

extension ContractCase {
  /// Every case, in registry order: the subjects and sources, then the operators by Combine's groups.
  static let all: [ContractCase] = [
    subjects, sources, recordedSources, timeSources, foundation,
    // Mapping: Tests/SignalsTests/Operators/Mapping/
    map, tryMap, mapError, replaceNil, scan, tryScan, pairwise, mapKeyPath, materialize, flatMap, flatMapFailureForms,
    nwise, materializedEvents,
    // Filtering: Tests/SignalsTests/Operators/Filtering/
    filter, tryFilter, compactMap, tryCompactMap, removeDuplicates, tryRemoveDuplicates, replaceEmpty, replaceError,
    // Reducing: Tests/SignalsTests/Operators/Reducing/
    collect, collectByTime, ignoreOutput, reduce, tryReduce,
    // Mathematics: Tests/SignalsTests/Operators/Mathematics/
    count, comparison,
    // Matching: Tests/SignalsTests/Operators/Matching/
    allSatisfy, contains,
    // SequenceOperations: Tests/SignalsTests/Operators/SequenceOperations/
    dropUntilOutput, dropFirst, dropWhile, tryDropWhile, append, prepend, concatenate, prefix, prefixWhile,
    tryPrefixWhile, prefixUntilOutput,
    // Selecting: Tests/SignalsTests/Operators/Selecting/
    first, tryFirst, last, tryLast, outputAt, outputIn,
    // Combining: Tests/SignalsTests/Operators/Combining/
    combineLatest, merge, zip, race, withLatestFrom, withLatestFromMany, combineLatestOfCollection, zipOfCollection,
    mergeOfCollection,
    // HandlingErrors: Tests/SignalsTests/Operators/HandlingErrors/
    assertNoFailure, `catch`, tryCatch, retry, retryWithDelay, retryWithoutLimit,
    // AdaptingTypes: Tests/SignalsTests/Operators/AdaptingTypes/
    switchToLatest, switchToLatestFailureForms,
    // ControllingTiming: Tests/SignalsTests/Operators/ControllingTiming/
    debounce, delay, measureInterval, throttle, timeout,
    // MultipleSubscribers: Tests/SignalsTests/Operators/MultipleSubscribers/
    multicast, share,
    // SpecifyingSchedulers: Tests/SignalsTests/Operators/SpecifyingSchedulers/
    receiveOn, subscribeOn,
    // Debugging: Tests/SignalsTests/Operators/Debugging/
    breakpoint, handleEvents, print,
  ].flatMap { $0 }

  /// The cases with at least one input (the checks that drive inputs).
  static let withInputs: [ContractCase] = all.filter { $0.inputCount > 0 }

  /// The cases that run the 100,000-deep reentrant chain.
  static let deepChains: [ContractCase] = all.filter { $0.traits.contains(.deepChain) }

  /// The cases the stress tests hammer from several threads.
  static let concurrent: [ContractCase] = all.filter { $0.traits.contains(.concurrent) }

  /// The subjects.
  static let subjects: [ContractCase] = [
    ContractCase("PassthroughSignal", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]) {
      $0.input(0)
    },
    ContractCase(
      "CurrentValueSignal", kind: .currentValue, [.finishesWithInputs, .failsWithInput, .concurrent]
    ) {
      $0.input(0)
    },
    ContractCase("ReplaySignal (filled, never ends)", inputs: 0) { _ in
      let subject = ReplaySignal<Int, TestError>(bufferSize: 2)
      for value in 1...3 { subject.send(value) }
      return subject.eraseToAnySignal()
    },
  ]

  /// The sources that need no scheduler.
  static let sources: [ContractCase] = [
    ContractCase("JustSignal", inputs: 0, [.finishesWithInputs]) { _ in contractErased(JustSignal(7)) },
    ContractCase("EmptySignal", inputs: 0, [.finishesWithInputs]) { _ in
      EmptySignal<Int, TestError>().eraseToAnySignal()
    },
    ContractCase("EmptySignal(completeImmediately: false)", inputs: 0) { _ in
      EmptySignal<Int, TestError>(completeImmediately: false).eraseToAnySignal()
    },
    ContractCase("FailSignal", inputs: 0) { _ in FailSignal<Int, TestError>(TestError(1)).eraseToAnySignal() },
    ContractCase("NeverSignal", inputs: 0) { _ in NeverSignal<Int, TestError>().eraseToAnySignal() },
    ContractCase("SequenceSignal", inputs: 0, [.finishesWithInputs]) { _ in
      SequenceSignal([1, 2, 3], failureType: TestError.self).eraseToAnySignal()
    },
    ContractCase("FutureSignal(fulfilled)", inputs: 0, [.finishesWithInputs]) { _ in
      FutureSignal<Int, TestError> { promise in promise(.success(3)) }.eraseToAnySignal()
    },
    ContractCase("FutureSignal(pending)", inputs: 0) { _ in
      FutureSignal<Int, TestError> { _ in }.eraseToAnySignal()
    },
    ContractCase("DeferredSignal", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      DeferredSignal { [input = context.input(0), witness = context.witness] in
        input.map { [witness] value in
          touch(witness)
          return value
        }
      }.eraseToAnySignal()
    },
    ContractCase("AnySignal(closure)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      AnySignal { [input = context.input(0)] observer in input.subscribe(observer) }
    },
  ]

  /// The recorded sources, and the signals of `Optional` and `Result`.
  static let recordedSources: [ContractCase] = [
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
  ]

  /// The sources that run on a scheduler.
  static let timeSources: [ContractCase] = [
    ContractCase("TimerSignal", inputs: 0, [.usesScheduler]) { context in
      contractErased(TimerSignal(every: .seconds(1), on: context.scheduler))
    },
    ContractCase("TimerSignal.prefix(3)", inputs: 0, [.usesScheduler, .finishesWithInputs]) { context in
      contractErased(TimerSignal(every: .seconds(1), on: context.scheduler).prefix(3))
    },
    ContractCase("TimerSignal(after:every:).prefix(3)", inputs: 0, [.usesScheduler, .finishesWithInputs]) {
      context in
      contractErased(TimerSignal(after: .zero, every: .seconds(1), on: context.scheduler).prefix(3))
    },
    ContractCase("AfterSignal", inputs: 0, [.usesScheduler, .finishesWithInputs]) { context in
      contractErased(AfterSignal(.seconds(1), value: 5, on: context.scheduler))
    },
  ]

  /// SignalsFoundation's operators and source.
  static let foundation: [ContractCase] = [
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

/// A text stream that drops what it is given (for `print`).
struct DiscardingStream: TextOutputStream, Sendable {
  mutating func write(_ string: String) {}
}
