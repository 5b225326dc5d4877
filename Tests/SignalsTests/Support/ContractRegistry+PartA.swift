import Signals
import SignalsTesting

// The contract registry's cases for the operators from Combine's reference, CombineExt and RxSwift (issue 34,
// part A): every check in Contracts/, Leaks/ and Stress/ runs on each of them, as on the rest of the registry.
// The operators that stop the process on a failure (`assertNoFailure`, `breakpointOnError`) are registered
// behind `replaceError`, so that the checks' failures never reach them; what they stop is checked in
// DebuggingOperatorTests' exit tests.

extension ContractCase {
  /// The cases of part A, in the registry's order.
  static let partA: [ContractCase] = partAMapping + partAReducing + partASelecting + partAErrors + partACombining

  /// An `any Error` failure back to the `TestError` the inputs fail with.
  private static func unerased<Upstream: Signal<Int, any Error>>(_ upstream: Upstream) -> AnySignal<Int, TestError> {
    upstream.mapError { $0 as? TestError ?? TestError(-1) }.eraseToAnySignal()
  }

  static let partAMapping: [ContractCase] = [
    ContractCase(
      "tryScan(typed)", [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryScan(0) { [witness = context.witness] (_, value) throws(TestError) in
        touch(witness)
        return value
      }.eraseToAnySignal()
    },
    ContractCase("tryScan(untyped)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      unerased(
        context.input(0).tryScan(0) { [witness = context.witness] (_: Int, value: Int) throws -> Int in
          touch(witness)
          return value
        })
    },
    ContractCase(
      "tryFilter(typed)", [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryFilter { [witness = context.witness] (_) throws(TestError) in
        touch(witness)
        return true
      }.eraseToAnySignal()
    },
    ContractCase("tryFilter(untyped)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      unerased(
        context.input(0).tryFilter { [witness = context.witness] (_: Int) throws -> Bool in
          touch(witness)
          return true
        })
    },
    ContractCase("tryCompactMap", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryCompactMap { [witness = context.witness] (value) throws(TestError) -> Int? in
        touch(witness)
        return value
      }.eraseToAnySignal()
    },
    ContractCase("tryRemoveDuplicates(by:)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryRemoveDuplicates { [witness = context.witness] (old, new) throws(TestError) in
        touch(witness)
        return old == new
      }.eraseToAnySignal()
    },
    ContractCase("replaceNil(with:)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map { $0 == -999 ? nil : $0 }.replaceNil(with: -1).eraseToAnySignal()
    },
    ContractCase("map(key path)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map(\.self).eraseToAnySignal()
    },
    ContractCase("map(two key paths)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map(\.self, \.magnitude).map(\.0).eraseToAnySignal()
    },
    ContractCase("map(three key paths)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map(\.self, \.magnitude, \.bitWidth).map(\.0).eraseToAnySignal()
    },
    ContractCase("pairwise", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).pairwise().map { $0 &+ $1 }.eraseToAnySignal()
    },
  ]

  static let partAReducing: [ContractCase] = [
    ContractCase("tryReduce(typed)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryReduce(0) { [witness = context.witness] (sum, value) throws(TestError) in
        touch(witness)
        return sum &+ value
      }.eraseToAnySignal()
    },
    ContractCase("tryReduce(untyped)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      unerased(
        context.input(0).tryReduce(0) { [witness = context.witness] (sum: Int, value: Int) throws -> Int in
          touch(witness)
          return sum &+ value
        })
    },
    ContractCase("max", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).max().eraseToAnySignal()
    },
    ContractCase("min(by:)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).min { [witness = context.witness] a, b in
        touch(witness)
        return a < b
      }.eraseToAnySignal()
    },
    ContractCase("tryMax(by:) untyped", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      unerased(
        context.input(0).tryMax { [witness = context.witness] (a: Int, b: Int) throws -> Bool in
          touch(witness)
          return a < b
        })
    },
    ContractCase("contains", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).contains(Int.min).map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
    ContractCase("contains(where:) that matches", [.finishesWithInputs, .holdsWitness]) { context in
      context.input(0).contains { [witness = context.witness] value in
        touch(witness)
        return value > 5
      }.map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
    ContractCase("tryContains(where:) untyped", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      unerased(
        context.input(0).tryContains { [witness = context.witness] (value: Int) throws -> Bool in
          touch(witness)
          return value == Int.min
        }.map { $0 ? 1 : 0 })
    },
    ContractCase("allSatisfy", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).allSatisfy { [witness = context.witness] _ in
        touch(witness)
        return true
      }.map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
    ContractCase("tryAllSatisfy that decides", [.finishesWithInputs, .holdsWitness]) { context in
      context.input(0).tryAllSatisfy { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value < 5
      }.map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
  ]

  static let partASelecting: [ContractCase] = [
    ContractCase(
      "tryDrop(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryDrop { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value < -1_000
      }.eraseToAnySignal()
    },
    ContractCase("tryPrefix(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryPrefix { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value < 1_000_000
      }.eraseToAnySignal()
    },
    ContractCase("tryFirst(where:)", [.finishesWithInputs, .holdsWitness]) { context in
      context.input(0).tryFirst { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value > 5
      }.eraseToAnySignal()
    },
    ContractCase("tryLast(where:) untyped", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      unerased(
        context.input(0).tryLast { [witness = context.witness] (value: Int) throws -> Bool in
          touch(witness)
          return value >= 0
        })
    },
    ContractCase("output(in: 1...2)", [.finishesWithInputs]) { context in
      context.input(0).output(in: 1...2).eraseToAnySignal()
    },
    ContractCase("output(in: 0...)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).output(in: 0...).eraseToAnySignal()
    },
  ]

  static let partAErrors: [ContractCase] = [
    ContractCase("tryCatch(typed)", inputs: 2, [.finishesWithInputs, .holdsWitness, .concurrent]) { context in
      context.input(0).tryCatch { [witness = context.witness, fallback = context.input(1)] (_) throws(TestError) in
        touch(witness)
        return fallback
      }.eraseToAnySignal()
    },
    ContractCase("tryCatch(throwing)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      unerased(
        context.input(0).tryCatch { [witness = context.witness] error -> EmptySignal<Int, TestError> in
          touch(witness)
          throw error
        })
    },
    ContractCase("assertNoFailure (after replaceError)", [.identity, .finishesWithInputs]) { context in
      contractErased(context.input(0).replaceError(with: -1).assertNoFailure())
    },
    ContractCase(
      "breakpoint (never stopping)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).breakpoint(
        receiveSubscription: { false },
        receiveOutput: { [witness = context.witness] _ in
          touch(witness)
          return false
        }, receiveCompletion: { _ in false }
      ).eraseToAnySignal()
    },
    ContractCase("breakpointOnError (after replaceError)", [.identity, .finishesWithInputs]) { context in
      contractErased(context.input(0).replaceError(with: -1).breakpointOnError())
    },
    ContractCase("materialize", [.finishesWithInputs]) { context in
      contractErased(context.input(0).materialize().map { $0.value ?? ($0.isTerminal ? -1 : -2) })
    },
    ContractCase(
      "materialize().dematerialize()", [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput]
    ) { context in
      context.input(0).materialize().dematerialize().eraseToAnySignal()
    },
  ]

  static let partACombining: [ContractCase] = [
    ContractCase("zip(_:_:) transform", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).zip(context.input(1)) { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("zip of four", inputs: 4, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).zip(context.input(1), context.input(2), context.input(3)) { $0 &+ $1 &+ $2 &+ $3 }
        .eraseToAnySignal()
    },
    ContractCase("combineLatest(_:_:) transform", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).combineLatest(context.input(1)) { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("combineLatest of four", inputs: 4, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).combineLatest(context.input(1), context.input(2), context.input(3)).map { $0.0 &+ $0.3 }
        .eraseToAnySignal()
    },
    ContractCase(
      "merge(with:) of other types", inputs: 3, [.identity, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).merge(with: context.input(1).map { $0 }, context.input(2).filter { _ in true })
        .eraseToAnySignal()
    },
  ]
}
