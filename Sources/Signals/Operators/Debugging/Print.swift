extension Signal {
  /// Prints a line for each event of each subscription, and on cancellation, for debugging.
  ///
  /// The lines follow Combine's `print` format:
  ///
  /// ```
  /// tap: receive subscription
  /// tap: receive value: (1)
  /// tap: receive finished
  /// tap: receive error: (timedOut)
  /// tap: receive cancel
  /// ```
  ///
  /// With an empty prefix the lines start at `receive`. "receive cancel" is
  /// printed when the downstream gives up before a terminal event (see
  /// ``Signal/handleEvents(receiveSubscription:receiveValue:receiveCompletion:receiveCancel:)``).
  ///
  /// - Parameters:
  ///   - prefix: Printed at the start of each line.
  ///   - stream: Where the lines go (each ends with a newline); standard output
  ///     when `nil`. Each line is written through a copy of `stream`, so use a
  ///     reference type (a class) to see the lines.
  public consuming func print(_ prefix: String = "", to stream: (any TextOutputStream & Sendable)? = nil)
    -> PrintSignal<Self>
  {
    PrintSignal(upstream: self, prefix: prefix, stream: stream)
  }
}

/// A signal that prints its events. See ``Signal/print(_:to:)``.
public struct PrintSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose events are printed.
  public let upstream: Upstream
  /// Printed at the start of each line.
  public let prefix: String
  /// Where the lines go; standard output when `nil`.
  public let stream: (any TextOutputStream & Sendable)?

  /// Creates the signal; prefer ``Signal/print(_:to:)``.
  public init(upstream: Upstream, prefix: String, stream: (any TextOutputStream & Sendable)?) {
    self.upstream = upstream
    self.prefix = prefix
    self.stream = stream
  }

  /// Subscribes `observer`, printing each event on the way.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    printing().subscribe(observer)
  }

  /// The upstream with a printing hook on each event.
  private func printing() -> HandleEventsSignal<Upstream> {
    let lead = prefix.isEmpty ? "" : "\(prefix): "
    let stream = stream
    let write: @Sendable (String) -> Void = { text in
      if var stream {
        stream.write(lead + text + "\n")
      } else {
        Swift.print(lead + text)
      }
    }
    return upstream.handleEvents(
      receiveSubscription: { write("receive subscription") },
      receiveValue: { write("receive value: (\($0))") },
      receiveCompletion: { completion in
        switch completion {
        case .finished: write("receive finished")
        case .failed(let error): write("receive error: (\(error))")
        }
      },
      receiveCancel: { write("receive cancel") }
    )
  }
}

extension PrintSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
