import Signals
import SignalsTesting
import Testing

// Marble assertions for Swift Testing (time-ops).

/// `#expect`s that `signal` produces `diagram`, printing both diagrams on mismatch.
func expectMarbles<Upstream: Signal>(
  _ marbles: MarbleTest, _ signal: Upstream, _ diagram: String,
  values: [Character: Upstream.Output] = [:], error: Upstream.Failure? = nil, frames: Int? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) throws where Upstream.Output: Equatable {
  let mismatch = try marbles.expect(signal, toProduce: diagram, values: values, error: error, frames: frames)
  #expect(mismatch == nil, "\(mismatch.map { "\n\($0)" } ?? "")", sourceLocation: sourceLocation)
}
