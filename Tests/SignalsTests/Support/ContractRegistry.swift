import Signals
import SignalsTesting

// The registry of every source and operator under the generic contract tests (reliability).
// Add a case here when an operator lands: every check in Contracts/, Leaks/ and Stress/ then runs on it.

extension ContractCase {
  /// Every case, in registry order.
  static let all: [ContractCase] =
    subjects + sources + basicOperators + statelessOperators + statefulOperators + combiningOperators
    + switchingOperators + timeSources + timeOperators + partA + partB
    // The Combine and CombineExt spellings of issue 40, each beside its tests (Tests/SignalsTests/Operators/).
    + flatMapFailureForms + switchToLatestFailureForms + retryWithoutLimit + withLatestFromMany
    + combineLatestOfCollection + zipOfCollection + mergeOfCollection + nwise + materializedEvents

  /// The cases with at least one input (the checks that drive inputs).
  static let withInputs: [ContractCase] = all.filter { $0.inputCount > 0 }

  /// The cases that run the 100,000-deep reentrant chain.
  static let deepChains: [ContractCase] = all.filter { $0.traits.contains(.deepChain) }

  /// The cases the stress tests hammer from several threads.
  static let concurrent: [ContractCase] = all.filter { $0.traits.contains(.concurrent) }

  static let subjects: [ContractCase] = [
    ContractCase("PassthroughSignal", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]) {
      $0.input(0)
    },
    ContractCase(
      "CurrentValueSignal", kind: .currentValue, [.finishesWithInputs, .failsWithInput, .concurrent]
    ) {
      $0.input(0)
    },
  ]

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

  static let basicOperators: [ContractCase] = [
    ContractCase("map", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).map { [witness = context.witness] value in
        touch(witness)
        return value
      }.eraseToAnySignal()
    },
    ContractCase("filter", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).filter { [witness = context.witness] _ in
        touch(witness)
        return true
      }.eraseToAnySignal()
    },
    ContractCase("filter(even).map", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).filter { $0.isMultiple(of: 2) }.map { [witness = context.witness] value in
        touch(witness)
        return value * 3
      }.eraseToAnySignal()
    },
  ]

  /// The operators that hold no state: each wraps input 0 and captures the witness.
  static let statelessOperators: [ContractCase] = [
    ContractCase("compactMap", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      context.input(0).compactMap { [witness = context.witness] value -> Int? in
        touch(witness)
        return value
      }.eraseToAnySignal()
    },
    ContractCase("tryMap(typed)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      context.input(0).tryMap { [witness = context.witness] (value: Int) throws(TestError) -> Int in
        touch(witness)
        if value == -7 { throw TestError(7) }
        return value
      }.eraseToAnySignal()
    },
    ContractCase(
      "tryMap(untyped)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryMap { [witness = context.witness] (value: Int) throws -> Int in
        touch(witness)
        return value
      }.mapError { $0 as? TestError ?? TestError(-1) }.eraseToAnySignal()
    },
    ContractCase("mapError", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      context.input(0).mapError { [witness = context.witness] error -> TestError in
        touch(witness)
        return error
      }.eraseToAnySignal()
    },
    ContractCase("replaceError(with:)", [.identity, .finishesWithInputs]) { context in
      context.input(0).replaceError(with: -1).setFailureType(to: TestError.self).eraseToAnySignal()
    },
    ContractCase("ignoreOutput", [.finishesWithInputs, .failsWithInput]) { context in
      contractErased(context.input(0).ignoreOutput())
    },
    ContractCase("append", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).append(100, 101).eraseToAnySignal()
    },
    ContractCase("prepend", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).prepend(-2, -1).eraseToAnySignal()
    },
    ContractCase(
      "handleEvents", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).handleEvents(receiveValue: { [witness = context.witness] _ in touch(witness) })
        .eraseToAnySignal()
    },
    ContractCase("print", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).print("contract", to: DiscardingStream()).eraseToAnySignal()
    },
  ]

  /// The single-upstream operators with state.
  static let statefulOperators: [ContractCase] = [
    ContractCase("scan", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).scan(0) { [witness = context.witness] _, value in
        touch(witness)
        return value
      }.eraseToAnySignal()
    },
    ContractCase(
      "reduce", [.finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).reduce(0) { [witness = context.witness] sum, value in
        touch(witness)
        return sum &+ value
      }.eraseToAnySignal()
    },
    ContractCase("removeDuplicates", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).removeDuplicates { [witness = context.witness] old, new in
        touch(witness)
        return old == new
      }.eraseToAnySignal()
    },
    ContractCase("prefix(Int.max)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).prefix(Int.max).eraseToAnySignal()
    },
    ContractCase("prefix(2)", [.finishesWithInputs]) { context in
      context.input(0).prefix(2).eraseToAnySignal()
    },
    ContractCase("prefix(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).prefix { [witness = context.witness] value in
        touch(witness)
        return value < 1_000_000
      }.eraseToAnySignal()
    },
    ContractCase("dropFirst(2)", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).dropFirst(2).eraseToAnySignal()
    },
    ContractCase("drop(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).drop { [witness = context.witness] value in
        touch(witness)
        return value < -1_000
      }.eraseToAnySignal()
    },
    ContractCase("first", [.finishesWithInputs]) { context in
      context.input(0).first().eraseToAnySignal()
    },
    ContractCase("first(where:)", [.finishesWithInputs, .holdsWitness]) {
      context in
      context.input(0).first { [witness = context.witness] value in
        touch(witness)
        return value > 5
      }.eraseToAnySignal()
    },
    ContractCase("removeDuplicates()", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).removeDuplicates().eraseToAnySignal()
    },
    ContractCase(
      "last(where:)", [.finishesWithInputs, .failsWithInput, .holdsWitness]
    ) {
      context in
      context.input(0).last { [witness = context.witness] value in
        touch(witness)
        return value >= 0
      }.eraseToAnySignal()
    },
    ContractCase("last", [.finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).last().eraseToAnySignal()
    },
    ContractCase("collect", [.finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).collect().map(\.count).eraseToAnySignal()
    },
    ContractCase("collect(2)", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).collect(2).map { $0.reduce(0, +) }.eraseToAnySignal()
    },
    ContractCase("count", [.finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).count().eraseToAnySignal()
    },
    ContractCase("output(at:)", [.finishesWithInputs]) { context in
      context.input(0).output(at: 1).eraseToAnySignal()
    },
    ContractCase("replaceEmpty", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).replaceEmpty(with: -1).eraseToAnySignal()
    },
  ]

  /// The operators that combine several inputs.
  static let combiningOperators: [ContractCase] = [
    ContractCase(
      "merge", inputs: 3, [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      MergeSignal(context.inputs.map(\.signal)).eraseToAnySignal()
    },
    ContractCase("merge(with:)", inputs: 2, [.identity, .finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).merge(with: context.input(1)).eraseToAnySignal()
    },
    ContractCase("race", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      RaceSignal(context.inputs.map(\.signal)).eraseToAnySignal()
    },
    ContractCase("race(with:) of two types", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).map { $0 }.race(with: context.input(1)).eraseToAnySignal()
    },
    ContractCase(
      "race(with: AfterSignal), run by the race as a timer",
      [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0)
        .race(with: AfterSignal(.seconds(1_000), value: -1, on: context.scheduler).setFailureType(to: TestError.self))
        .eraseToAnySignal()
    },
    ContractCase("race(with: AfterSignal) that the timer wins", [.usesScheduler, .concurrent]) { context in
      // Fires during the first settle: -1, then finished.
      context.input(0)
        .race(with: AfterSignal(.seconds(1), value: -1, on: context.scheduler).setFailureType(to: TestError.self))
        .eraseToAnySignal()
    },
    ContractCase("combineLatest", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).combineLatest(context.input(1)).map { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("CombineLatestSignal(3)", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      CombineLatestSignal(context.inputs.map(\.signal)).map { $0.reduce(0, &+) }.eraseToAnySignal()
    },
    ContractCase("zip", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).zip(context.input(1)).map { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("ZipSignal(3)", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      ZipSignal(context.inputs.map(\.signal)).map { $0.reduce(0, &+) }.eraseToAnySignal()
    },
  ]

  /// The operators that subscribe to signals they make or are given, one after another or nested.
  static let switchingOperators: [ContractCase] = [
    ContractCase(
      "switchToLatest", inputs: 2,
      [.deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      // Each value of input 0 switches to input 1, prefixed by that value.
      context.input(0).map { [witness = context.witness, inner = context.input(1)] value in
        touch(witness)
        return inner.prepend(value)
      }.switchToLatest().eraseToAnySignal()
    },
    ContractCase(
      "flatMap(Just)",
      [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).flatMap { [witness = context.witness] value in
        touch(witness)
        return JustSignal(value).setFailureType(to: TestError.self)
      }.eraseToAnySignal()
    },
    ContractCase(
      "flatMap(inner subjects)", inputs: 2, [.finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).flatMap { [witness = context.witness, inner = context.input(1)] value in
        touch(witness)
        return inner.prefix(2).prepend(value)
      }.eraseToAnySignal()
    },
    ContractCase(
      "flatMap(maxConcurrency: 1)", inputs: 2, [.finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).flatMap(maxConcurrency: 1) { [witness = context.witness, inner = context.input(1)] value in
        touch(witness)
        return inner.prefix(1).prepend(value)
      }.eraseToAnySignal()
    },
    ContractCase("share", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).share().eraseToAnySignal()
    },
    ContractCase("share(two subscribers)", [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      let shared = context.input(0).share()
      return MergeSignal([shared.eraseToAnySignal(), shared.map { $0 &* 2 }.eraseToAnySignal()]).eraseToAnySignal()
    },
    ContractCase("prefix(untilOutputFrom:)", inputs: 2, [.finishesWithInputs, .concurrent]) { context in
      context.input(0).prefix(untilOutputFrom: context.input(1)).eraseToAnySignal()
    },
    ContractCase("append(signal)", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).append(context.input(1)).eraseToAnySignal()
    },
    ContractCase("prepend(signal)", inputs: 2, [.finishesWithInputs, .concurrent]) { context in
      context.input(0).prepend(context.input(1)).eraseToAnySignal()
    },
    ContractCase("catch", inputs: 2, [.finishesWithInputs, .holdsWitness, .concurrent]) { context in
      context.input(0).catch { [witness = context.witness, fallback = context.input(1)] _ in
        touch(witness)
        return fallback
      }.eraseToAnySignal()
    },
    ContractCase("retry(2)", [.identity, .deepChain, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).retry(2).eraseToAnySignal()
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

  /// The operators that run on a scheduler (the tests' `TestScheduler`).
  static let timeOperators: [ContractCase] = [
    ContractCase(
      "delay", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).delay(for: .seconds(1), scheduler: context.scheduler).eraseToAnySignal()
    },
    ContractCase("debounce", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]) { context in
      context.input(0).debounce(for: .seconds(1), scheduler: context.scheduler).eraseToAnySignal()
    },
    ContractCase(
      "throttle(latest: true)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: true).eraseToAnySignal()
    },
    ContractCase(
      "throttle(latest: false)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: false).eraseToAnySignal()
    },
    ContractCase(
      "throttle(trailing: false)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: true, trailing: false)
        .eraseToAnySignal()
    },
    ContractCase(
      "throttle(leading: false)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: true, leading: false)
        .eraseToAnySignal()
    },
    ContractCase(
      "timeout(customError:)",
      [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent, .holdsWitness]
    ) { context in
      context.input(0).timeout(.seconds(1_000), scheduler: context.scheduler) { [witness = context.witness] in
        touch(witness)
        return TestError(99)
      }.eraseToAnySignal()
    },
    ContractCase("timeout(firing)", [.usesScheduler, .concurrent]) { context in
      // Fires during the first settle: fails with .timedOut, mapped to TestError(98).
      context.input(0).timeout(.seconds(1), scheduler: context.scheduler)
        .mapError { $0.upstreamError ?? TestError(98) }.eraseToAnySignal()
    },
    ContractCase("timeout(fallback:)", inputs: 2, [.usesScheduler, .concurrent]) { context in
      context.input(0).timeout(.seconds(1), scheduler: context.scheduler, fallback: context.input(1))
        .eraseToAnySignal()
    },
    ContractCase(
      "timeout(first:customError:)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).timeout(first: .seconds(1_000), scheduler: context.scheduler) { TestError(99) }
        .eraseToAnySignal()
    },
    ContractCase("timeout(first:each:fallback:)", inputs: 2, [.usesScheduler, .concurrent]) { context in
      context.input(0).timeout(
        first: .seconds(1), each: .seconds(1), scheduler: context.scheduler, fallback: context.input(1)
      ).eraseToAnySignal()
    },
    ContractCase(
      "receive(on:)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).receive(on: context.scheduler).eraseToAnySignal()
    },
    ContractCase(
      "receive(on: ImmediateSignalScheduler)", [.identity, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).receive(on: ImmediateSignalScheduler()).eraseToAnySignal()
    },
    ContractCase(
      "receive(on:bufferingNewest(2))", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).receive(on: context.scheduler, bufferingPolicy: .bufferingNewest(2)).eraseToAnySignal()
    },
  ]
}

/// A text stream that drops what it is given (for `print`).
struct DiscardingStream: TextOutputStream, Sendable {
  mutating func write(_ string: String) {}
}
