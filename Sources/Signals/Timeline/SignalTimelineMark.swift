extension SignalTimeline {
  /// One thing that happened on a lane, and when: a value, the end of a signal, or a subscription's
  /// start or end.
  ///
  /// ```swift
  /// let tapped = SignalTimeline.Mark.value("t", at: SignalInstant(offset: .seconds(1.2)), label: "tap")
  /// let ended = SignalTimeline.Mark.finished(at: SignalInstant(offset: .seconds(3)))
  /// ```
  public struct Mark: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
      /// A value, drawn as its one-character symbol.
      ///
      /// Pick a symbol the grammar does not reserve (`-`, `|`, `#`, `(`, `)`, `^`, `!`, space), or the
      /// drawing will not read back as the same diagram; the timeline draws it as given.
      case value(Character)
      /// The signal finished: `|`.
      case finished
      /// The signal failed: `#`.
      case failed
      /// A subscription started: `^` (RxJS's subscription marble).
      case subscribed
      /// A subscription ended (cancelled, or its terminal event reached the subscriber): `!`.
      case unsubscribed

      /// The character the kind is drawn as.
      public var symbol: Character {
        switch self {
        case .value(let symbol): return symbol
        case .finished: return "|"
        case .failed: return "#"
        case .subscribed: return "^"
        case .unsubscribed: return "!"
        }
      }

      /// Whether nothing more happens on a lane after it: `|`, `#` and `!`.
      public var isEnd: Bool {
        switch self {
        case .value, .subscribed: return false
        case .finished, .failed, .unsubscribed: return true
        }
      }
    }

    /// What happened.
    public var kind: Kind
    /// When it happened, on the scheduler's timeline.
    public var instant: SignalInstant
    /// What the symbol stands for, listed in the legend under the lanes (`t = end trigger`); `nil` for none.
    public var label: String?

    /// A mark of `kind` at `instant`, with an optional legend `label`.
    public init(_ kind: Kind, at instant: SignalInstant, label: String? = nil) {
      self.kind = kind
      self.instant = instant
      self.label = label
    }

    /// A value drawn as `symbol` at `instant`, with an optional legend `label`.
    public static func value(_ symbol: Character, at instant: SignalInstant, label: String? = nil) -> Mark {
      Mark(.value(symbol), at: instant, label: label)
    }

    /// The signal finished at `instant`.
    public static func finished(at instant: SignalInstant, label: String? = nil) -> Mark {
      Mark(.finished, at: instant, label: label)
    }

    /// The signal failed at `instant`; `label` can name the error.
    public static func failed(at instant: SignalInstant, label: String? = nil) -> Mark {
      Mark(.failed, at: instant, label: label)
    }

    /// A subscription started at `instant`.
    public static func subscribed(at instant: SignalInstant) -> Mark {
      Mark(.subscribed, at: instant)
    }

    /// A subscription ended at `instant`.
    public static func unsubscribed(at instant: SignalInstant) -> Mark {
      Mark(.unsubscribed, at: instant)
    }
  }

  /// A named row of marks.
  ///
  /// ```swift
  /// let content = SignalTimeline.Lane("content", marks: [.value("c", at: SignalInstant(offset: .seconds(2)))])
  /// ```
  public struct Lane: Sendable, Hashable {
    /// The name drawn before the lane; lane names are aligned. May be empty.
    public var name: String
    /// What happened on the lane, in the order it happened (marks in one frame keep this order).
    public var marks: [Mark]

    /// A lane called `name` with `marks`.
    public init(_ name: String, marks: [Mark] = []) {
      self.name = name
      self.marks = marks
    }
  }
}
