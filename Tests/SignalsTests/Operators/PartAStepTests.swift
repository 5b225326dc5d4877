import Testing

@testable import Signals

// The steps of the scanning, reducing and matching families, driven alone: no observer, thread or lock. Each
// says what a value does to the state and what it sends; the operators' test files pin the rest.

/// Runs a scanning step over `values`: what it sends for each, and the state after the last.
private func scan<Step: ScanningStep>(_ step: Step, _ values: [Step.Input]) throws(Step.Failure) -> [Step.Output?] {
  var state = step.initialState
  var sent: [Step.Output?] = []
  for value in values { sent.append(try step.receive(value, state: &state)) }
  return sent
}

/// Runs a reducing step over `values`: the result at the finish.
private func reduce<Step: ReducingStep>(_ step: Step, _ values: [Step.Input]) throws(Step.Failure) -> Step.Output? {
  var state = step.initialState
  for value in values { try step.receive(value, state: &state) }
  return step.result(state)
}

/// Runs a matching step over `values`: the first answer a value decides, else the answer at the finish.
private func match<Step: MatchingStep>(_ step: Step, _ values: [Step.Input]) throws(Step.Failure) -> Step.Output? {
  for value in values {
    if let answer = try step.decide(value) { return answer }
  }
  return step.answerAtFinish
}

@Suite struct ScanningStepTests {
  @Test func tryScanSendsEachAccumulation() throws {
    let step = TryScanStep<Int, Int, TestError>(initialState: 10) { (total, value) throws(TestError) in total + value }
    #expect(try scan(step, [1, 2, 3]) == [11, 13, 16])
  }

  @Test func tryScanThrowsTheClosuresError() {
    let step = TryScanStep<Int, Int, TestError>(initialState: 0) { (_, value) throws(TestError) in
      throw TestError(value)
    }
    #expect(throws: TestError(7)) { try scan(step, [7]) }
  }

  @Test func tryRemoveDuplicatesComparesWithTheLastValueSent() throws {
    let step = TryRemoveDuplicatesStep<Int, Never> { last, value in value - last < 3 }
    #expect(scan(step, [1, 2, 4, 5, 9]) == [1, nil, 4, nil, 9])
  }

  @Test func tryDropWhileStopsAskingAtTheFirstValueThatFails() {
    let step = TryDropWhileStep<Int, Never> { $0 < 3 }
    #expect(scan(step, [1, 2, 5, 1]) == [nil, nil, 5, 1])
  }

  @Test func pairwisePairsEachValueWithThePreviousOne() {
    let step = PairwiseStep<String, Never>()
    #expect(scan(step, ["a", "b", "c"]).map { $0.map { $0.0 + $0.1 } } == [nil, "ab", "bc"])
    #expect(scan(step, ["a"]).map { $0.map { $0.0 + $0.1 } } == [nil], "one value: no pair")
  }
}

@Suite struct ReducingStepTests {
  @Test func tryReduceFoldsFromTheInitialResult() {
    let step = TryReduceStep<Int, Int, Never>(initialState: 10) { $0 + $1 }
    #expect(reduce(step, [1, 2, 3]) == 16)
    #expect(reduce(step, []) == 10, "an empty upstream yields the initial result")
  }

  @Test func comparisonKeepsTheFirstOfEqualValuesAndNothingWhenEmpty() {
    let byTens = { @Sendable (a: Int, b: Int) throws(Never) -> Bool in a / 10 < b / 10 }
    #expect(reduce(ComparisonStep(areInIncreasingOrder: byTens, keepsLargest: true), [21, 5, 29, 13]) == 21)
    #expect(reduce(ComparisonStep(areInIncreasingOrder: byTens, keepsLargest: false), [21, 5, 9, 13]) == 5)
    #expect(reduce(ComparisonStep(areInIncreasingOrder: byTens, keepsLargest: true), []) == nil)
  }

  @Test func tryLastKeepsTheLastMatch() {
    let step = TryLastStep<Int, Never> { $0.isMultiple(of: 2) }
    #expect(reduce(step, [1, 4, 2, 6, 3]) == 6)
    #expect(reduce(step, [1, 3]) == nil)
  }

  @Test func aThrowingOrderThrows() {
    let step = ComparisonStep<Int, TestError>(
      areInIncreasingOrder: { (_, b) throws(TestError) in throw TestError(b) }, keepsLargest: true)
    #expect(throws: TestError(2)) { try reduce(step, [1, 2]) }
  }
}

@Suite struct MatchingStepTests {
  @Test func containsDecidesTrueAtAMatchAndFalseAtTheFinish() {
    let step = ContainsStep<Int, Never> { $0 == 2 }
    #expect(match(step, [1, 2, 3]) == true)
    #expect(match(step, [1, 3]) == false)
    #expect(match(step, []) == false)
  }

  @Test func allSatisfyDecidesFalseAtAFailingValueAndTrueAtTheFinish() {
    let step = AllSatisfyStep<Int, Never> { $0 > 0 }
    #expect(match(step, [1, 0, 3]) == false)
    #expect(match(step, [1, 3]) == true)
    #expect(match(step, []) == true)
  }

  @Test func tryFirstDecidesTheFirstMatchAndNothingAtTheFinish() {
    let step = TryFirstStep<Int, Never> { $0 > 1 }
    #expect(match(step, [1, 3, 4]) == 3)
    #expect(match(step, [1]) == nil)
  }

  @Test func aThrowingPredicateThrows() {
    let step = ContainsStep<Int, TestError> { (value) throws(TestError) in throw TestError(value) }
    #expect(throws: TestError(1)) { try match(step, [1]) }
  }
}
