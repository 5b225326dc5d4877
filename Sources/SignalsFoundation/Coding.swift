import Foundation
import Signals

/// An encoder that `encode(encoder:)` can use: Foundation's `JSONEncoder` and
/// `PropertyListEncoder`, or one of your own.
///
/// Combine's `TopLevelEncoder`, under a name that does not collide with it.
public protocol SignalEncoder {
  /// What the encoder makes: `Data` for Foundation's.
  associatedtype Output
  /// Encodes `value`.
  func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A decoder that `decode(type:decoder:)` can use: Foundation's `JSONDecoder` and
/// `PropertyListDecoder`, or one of your own.
///
/// Combine's `TopLevelDecoder`, under a name that does not collide with it.
public protocol SignalDecoder {
  /// What the decoder reads: `Data` for Foundation's.
  associatedtype Input
  /// Decodes a value of `type` from `input`.
  func decode<T: Decodable>(_ type: T.Type, from input: Input) throws -> T
}

extension JSONEncoder: SignalEncoder {}
extension JSONDecoder: SignalDecoder {}
extension PropertyListEncoder: SignalEncoder {}
extension PropertyListDecoder: SignalDecoder {}

extension Signal where Output: Encodable {
  /// Encodes each value with `encoder`; an encoding error ends the signal with that error.
  ///
  /// ```marble encode
  /// upstream:            -a-b-|
  /// encode(encoder:):    -x-y-|
  /// ```
  ///
  /// (`x` and `y` are the encoded `a` and `b`.)
  ///
  /// <!-- setup
  /// struct Settings: Codable, Sendable { var volume = 0.5 }
  /// let changes = PassthroughSignal<Settings, Never>()
  /// -->
  /// ```swift
  /// let saved = changes.encode(encoder: JSONEncoder())  // Data, or the encoder's error
  /// ```
  ///
  /// As Combine's, the failure type becomes `any Error`: the upstream's failure passes through as one.
  /// The encoder is used from whatever thread the values come on, so it is `Sendable` (Foundation's coders
  /// are).
  public consuming func encode<Coder: SignalEncoder & Sendable>(
    encoder: Coder
  ) -> TryMapSignal<Self, Coder.Output, any Error> where Coder.Output: Sendable {
    tryMap { (value: Output) throws -> Coder.Output in try encoder.encode(value) }
  }
}

extension Signal {
  /// Decodes each value with `decoder` into a `type`; a decoding error ends the signal with that error.
  ///
  /// ```marble decode
  /// upstream:                 -x-?-y|
  /// decode(type:decoder:):    -a-#
  /// ```
  ///
  /// (`?` cannot be decoded: its error ends the signal, and the upstream is released.)
  ///
  /// <!-- setup
  /// struct Profile: Decodable, Sendable { var name: String }
  /// let responses = PassthroughSignal<Data, Never>()
  /// -->
  /// ```swift
  /// let profiles = responses.decode(type: Profile.self, decoder: JSONDecoder())
  /// ```
  ///
  /// As Combine's, the failure type becomes `any Error`: the upstream's failure passes through as one.
  public consuming func decode<Item: Decodable & Sendable, Coder: SignalDecoder & Sendable>(
    type: Item.Type, decoder: Coder
  ) -> TryMapSignal<Self, Item, any Error> where Coder.Input == Output {
    tryMap { (input: Output) throws -> Item in try decoder.decode(type, from: input) }
  }
}
