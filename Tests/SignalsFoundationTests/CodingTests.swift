import Foundation
import Signals
import SignalsFoundation
import Testing

private struct Settings: Codable, Equatable, Sendable {
  var volume: Double
  var name: String
}

/// Collects a signal's events, synchronously.
private func events<S: Signal>(_ signal: S) -> [Event<S.Output, S.Failure>] {
  let log = Locked<[Event<S.Output, S.Failure>]>([])
  let token = signal.observe { event in log.withLock { $0.append(event) } }
  withExtendedLifetime(token) {}
  return log.withLock { $0 }
}

/// An encoder of one's own: `SignalEncoder` is not only for Foundation's.
private struct DescribingEncoder: SignalEncoder, Sendable {
  func encode<T: Encodable>(_ value: T) throws -> String { String(describing: value) }
}

private struct Unencodable: Encodable, Sendable {
  struct Refused: Error {}
  func encode(to encoder: any Encoder) throws { throw Refused() }
}

@Suite struct CodingTests {
  @Test func jsonRoundTrip() throws {
    let settings = [Settings(volume: 0.5, name: "a"), Settings(volume: 1, name: "b")]
    let result = events(
      settings.signal.encode(encoder: JSONEncoder()).decode(type: Settings.self, decoder: JSONDecoder()))
    #expect(result.compactMap(\.value) == settings)
    guard case .finished? = result.last?.completion else {
      Issue.record("expected the signal to finish, got \(result)")
      return
    }
  }

  @Test func propertyListRoundTrip() {
    let settings = Settings(volume: 0.25, name: "plist")
    let result = events(
      JustSignal(settings).encode(encoder: PropertyListEncoder())
        .decode(type: Settings.self, decoder: PropertyListDecoder()))
    #expect(result.first?.value == settings)
  }

  @Test func anEncodingErrorEndsTheSignalWithIt() {
    let result = events([Unencodable(), Unencodable()].signal.encode(encoder: JSONEncoder()))
    #expect(result.count == 1)
    guard case .failed(let error) = result.first else {
      Issue.record("expected the encoder's error, got \(result)")
      return
    }
    #expect(error is Unencodable.Refused)
  }

  @Test func aDecodingErrorEndsTheSignalWithItAndReleasesTheUpstream() {
    let upstream = PassthroughSignal<Data, Never>()
    let log = Locked<[Event<Int, any Error>]>([])
    let token = upstream.decode(type: Int.self, decoder: JSONDecoder()).observe { event in
      log.withLock { $0.append(event) }
    }
    upstream.send(Data("1".utf8))
    upstream.send(Data("not json".utf8))
    upstream.send(Data("2".utf8))
    let received = log.withLock { $0 }
    #expect(received.count == 2)
    #expect(received.first?.value == 1)
    guard case .failed(let error) = received.last else {
      Issue.record("expected a decoding error")
      return
    }
    #expect(error is DecodingError)
    #expect(!upstream.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func theUpstreamsFailurePassesAsAnyError() {
    struct Offline: Error {}
    let result = events(FailSignal<Settings, Offline>(Offline()).encode(encoder: JSONEncoder()))
    guard case .failed(let error) = result.first else {
      Issue.record("expected the upstream's failure")
      return
    }
    #expect(error is Offline)
  }

  @Test func anEncoderOfOnesOwn() {
    #expect(events([1, 2].signal.encode(encoder: DescribingEncoder())).compactMap(\.value) == ["1", "2"])
  }
}
