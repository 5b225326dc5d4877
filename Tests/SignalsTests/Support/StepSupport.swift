import Testing

@testable import Signals

// Helpers of the tests that drive a step of the scanning, reducing and matching families alone (each
// operator's `…StepTests`): no observer, thread or lock. A step says what a value does to the state and what
// it sends; the operators' tests pin the rest.

/// Runs a scanning step over `values`: what it sends for each, and the state after the last.
func scan<Step: ScanningStep>(_ step: Step, _ values: [Step.Input]) throws(Step.Failure) -> [Step.Output?] {
  var state = step.initialState
  var sent: [Step.Output?] = []
  for value in values { sent.append(try step.receive(value, state: &state)) }
  return sent
}

/// Runs a reducing step over `values`: the result at the finish.
func reduce<Step: ReducingStep>(_ step: Step, _ values: [Step.Input]) throws(Step.Failure) -> Step.Output? {
  var state = step.initialState
  for value in values { try step.receive(value, state: &state) }
  return step.result(state)
}

/// Runs a matching step over `values`: the first answer a value decides, else the answer at the finish.
func match<Step: MatchingStep>(_ step: Step, _ values: [Step.Input]) throws(Step.Failure) -> Step.Output? {
  for value in values {
    if let answer = try step.decide(value) { return answer }
  }
  return step.answerAtFinish
}
