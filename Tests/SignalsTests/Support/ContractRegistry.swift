import Signals
import SignalsTesting

// The registry of every source and operator under the generic contract tests (reliability).
// Add a case here when an operator lands: every check in Contracts/, Leaks/ and Stress/ then runs on it.

extension ContractCase {
  /// Every case, in registry order.
  static let all: [ContractCase] = subjects + sources + basicOperators

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
    ContractCase("DeferredSignal", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      DeferredSignal { [input = context.input(0), witness = context.witness] in
        input.map { [witness] value in
          touch(witness)
          return value
        }
      }.eraseToAnySignal()
    },
    ContractCase("AnySignal(closure)", [.identity, .deepChain, .finishesWithInputs, .failsWithInput]) { context in
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
}
