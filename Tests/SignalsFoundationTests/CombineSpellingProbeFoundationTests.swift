import Foundation
import Signals
import SignalsFoundation
import Testing

// The twin of SignalsTests' CombineSpellingProbeTests for SignalsFoundation: Combine's coding operators
// as Combine spells them, and its notification publisher as the table says it differs.

/// A function that takes any encoder, as code written against Combine's `TopLevelEncoder` does.
private func encodeAll<Value: Encodable & Sendable, Coder: SignalEncoder & Sendable>(
  _ values: [Value], with encoder: Coder
) -> [Coder.Output] where Coder.Output: Sendable {
  let encoded = Locked<[Coder.Output]>([])
  let token = values.signal.encode(encoder: encoder).observe { event in
    if let value = event.value { encoded.withLock { $0.append(value) } }
  }
  withExtendedLifetime(token) {}
  return encoded.withLock { $0 }
}

@Suite struct CombineSpellingProbeFoundationTests {
  @Test func codingAsCombineSpellsIt() {
    let data = encodeAll([1, 2], with: JSONEncoder())
    #expect(data.count == 2)
    let decoded = Locked<[Int]>([])
    let token = data.signal.decode(type: Int.self, decoder: JSONDecoder()).observe { event in
      if let value = event.value { decoded.withLock { $0.append(value) } }
    }
    #expect(decoded.withLock { $0 } == [1, 2])
    #expect(encodeAll([[3]], with: PropertyListEncoder()).count == 1, "a property list's top level is a container")
    withExtendedLifetime(token) {}
  }

  @Test func notificationsAsTheTableSaysTheyDiffer() {
    // Combine: NotificationCenter.default.publisher(for: name, object: nil), sending the Notification.
    // Here: signal(for:object:_:), with a closure that turns it into a Sendable value.
    let center = NotificationCenter()
    let name = Notification.Name("Probe")
    let received = Locked<[String]>([])
    let token = center.signal(for: name, object: nil) { $0.name.rawValue }.sink { name in
      received.withLock { $0.append(name) }
    }
    center.post(name: name, object: nil)
    #expect(received.withLock { $0 } == ["Probe"])
    withExtendedLifetime(token) {}
  }
}
