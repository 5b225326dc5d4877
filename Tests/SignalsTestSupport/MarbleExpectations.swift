import Signals
import SignalsTesting
import Testing

// Marble assertions for Swift Testing, shared by the Signals and SignalsTesting test targets.

/// `#expect`s that `signal` produces `diagram`, printing both diagrams on mismatch.
package func expectMarbles<Upstream: Signal>(
  _ marbles: MarbleTest, _ signal: Upstream, _ diagram: String,
  values: [Character: Upstream.Output] = [:], error: Upstream.Failure? = nil, frames: Int? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) throws where Upstream.Output: Equatable {
  let mismatch = try marbles.expect(signal, toProduce: diagram, values: values, error: error, frames: frames)
  #expect(mismatch == nil, "\(mismatch.map { "\n\($0)" } ?? "")", sourceLocation: sourceLocation)
}

/// A failure for marble tests to send and expect.
package struct MarbleTestError: Error, Equatable {
  package var code = 1

  package init(code: Int = 1) { self.code = code }
}
