import Signals

// Test inputs that record their subscriptions, from event lists or marble diagrams.

extension MarbleTest {
  // MARK: Times

  /// The instant of `time`: tick `n` is frame `n`, `origin + n × frame`; an instant is itself.
  public func instant(of time: TestTime) -> SignalInstant {
    grid.instant(of: time)
  }

  /// The time this test records for `instant`: its tick when it is exactly on a frame, else the instant.
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(100))
  /// // test.time(of: SignalInstant(offset: .milliseconds(300))) == .tick(3)
  /// // test.time(of: SignalInstant(offset: .milliseconds(250))) == .instant(SignalInstant(offset: .milliseconds(250)))
  /// ```
  public func time(of instant: SignalInstant) -> TestTime {
    grid.time(of: instant)
  }

  // MARK: Hot inputs from event lists

  /// A hot input that cannot fail, sending `events` at their times (ticks of ``frame``, or instants)
  /// whoever is subscribed, as RxTest's `createHotObservable`.
  ///
  /// All its events are scheduled now; events at the same time are sent in the order of the list. An
  /// event before the test's origin (a negative tick) is never sent, and nothing is sent after a terminal
  /// event. Values may be of any `Sendable` type: `-1`, `101`, strings, structs.
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(1))
  /// let xs = test.hotInput([.value(150, 1), .value(210, 2), .finished(600)])
  /// let results = test.start { xs }
  /// // results.testEvents == [.value(210, 2), .finished(600)]
  /// // xs.subscriptions == [TestSubscriptionRecord(200, 600)]
  /// ```
  public func hotInput<Output: Sendable>(_ events: [TestEvent<Output, Never>]) -> TestInput<Output, Never> {
    makeHot(events)
  }

  /// A hot input sending `events` (failures included) at their times; see `hotInput(_:)` for a list
  /// that cannot fail.
  ///
  /// ```swift
  /// struct Broken: Error {}
  /// let test = MarbleTest(frame: .milliseconds(1))
  /// let xs = test.hotInput([.value(210, "a"), .failed(300, Broken())])
  /// ```
  public func hotInput<Output: Sendable, Failure: Error>(
    _ events: [TestEvent<Output, Failure>]
  ) -> TestInput<Output, Failure> {
    makeHot(events)
  }

  private func makeHot<Output: Sendable, Failure: Error>(
    _ events: [TestEvent<Output, Failure>]
  ) -> TestInput<Output, Failure> {
    let batches = events.compactMap { item -> (instant: SignalInstant, events: [Event<Output, Failure>])? in
      let instant = instant(of: item.time)
      return instant < origin ? nil : (instant, [item.event])
    }
    let (input, work) = TestInput.hot(batches, test: self)
    retain(work)
    return input
  }

  // MARK: Cold inputs from event lists

  /// A cold input that cannot fail: each subscription gets `events`, their times counted from the
  /// instant it subscribed (tick 0 is the subscription), as RxTest's `createColdObservable`.
  ///
  /// A subscription's events are scheduled when it subscribes (tick 0's run at the next advance);
  /// cancelling it, answering `SignalControl.stop`, or a terminal event cancels the rest. An event at a
  /// negative time is never sent. For a cold input, `.instant(i)` means `i.offset` after the subscription.
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(1))
  /// let ys = test.coldInput([.value(10, "x"), .value(20, "y"), .finished(30)])
  /// let results = test.start { ys }
  /// // results.testEvents == [.value(210, "x"), .value(220, "y"), .finished(230)]
  /// // ys.subscriptions == [TestSubscriptionRecord(200, 230)]
  /// ```
  public func coldInput<Output: Sendable>(_ events: [TestEvent<Output, Never>]) -> TestInput<Output, Never> {
    makeCold(events)
  }

  /// A cold input sending each subscription `events` (failures included); see `coldInput(_:)` for a
  /// list that cannot fail.
  public func coldInput<Output: Sendable, Failure: Error>(
    _ events: [TestEvent<Output, Failure>]
  ) -> TestInput<Output, Failure> {
    makeCold(events)
  }

  private func makeCold<Output: Sendable, Failure: Error>(
    _ events: [TestEvent<Output, Failure>]
  ) -> TestInput<Output, Failure> {
    let batches = events.compactMap { item -> (offset: Duration, events: [Event<Output, Failure>])? in
      let offset = grid.offset(of: item.time)
      return offset < .zero ? nil : (offset, [item.event])
    }
    return TestInput.cold(batches, test: self)
  }

  // MARK: Inputs from diagrams

  /// ``hot(_:values:error:)`` as a ``TestInput``, which records its subscriptions.
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(1), groupLength: .rxjs)
  /// let e1 = try test.hotInput("--a--^--b--|", values: ["a": 1, "b": 2], error: TimeoutFailure<Never>.timedOut)
  /// ```
  ///
  /// - Throws: ``MarbleError`` if the diagram does not parse or fit `values`.
  public func hotInput<Output: Sendable, Failure: Error>(
    _ diagram: String, values: [Character: Output], error: Failure
  ) throws(MarbleError) -> TestInput<Output, Failure> {
    try makeHot(diagram, values: values, error: error)
  }

  /// ``hot(_:values:)`` as a ``TestInput``, which records its subscriptions.
  public func hotInput<Output: Sendable>(
    _ diagram: String, values: [Character: Output]
  ) throws(MarbleError) -> TestInput<Output, Never> {
    try makeHot(diagram, values: values, error: nil)
  }

  /// ``hot(_:)`` as a ``TestInput``, which records its subscriptions.
  ///
  /// ```swift
  /// let test = MarbleTest()
  /// let input = try test.hotInput("-a-^-b-|")
  /// _ = test.record(input)
  /// // input.subscriptionMarbles == ["^---!"]
  /// ```
  public func hotInput(_ diagram: String) throws(MarbleError) -> TestInput<String, Never> {
    try makeHot(diagram, values: [:], error: nil)
  }

  /// ``hot(_:error:)`` as a ``TestInput``, which records its subscriptions.
  public func hotInput<Failure: Error>(
    _ diagram: String, error: Failure
  ) throws(MarbleError) -> TestInput<String, Failure> {
    try makeHot(diagram, values: [:], error: error)
  }

  /// ``cold(_:values:error:)`` as a ``TestInput``, which records its subscriptions.
  ///
  /// - Throws: ``MarbleError`` if the diagram does not parse, fit `values`, or has a `^`.
  public func coldInput<Output: Sendable, Failure: Error>(
    _ diagram: String, values: [Character: Output], error: Failure
  ) throws(MarbleError) -> TestInput<Output, Failure> {
    try makeCold(diagram, values: values, error: error)
  }

  /// ``cold(_:values:)`` as a ``TestInput``, which records its subscriptions.
  public func coldInput<Output: Sendable>(
    _ diagram: String, values: [Character: Output]
  ) throws(MarbleError) -> TestInput<Output, Never> {
    try makeCold(diagram, values: values, error: nil)
  }

  /// ``cold(_:)`` as a ``TestInput``, which records its subscriptions.
  public func coldInput(_ diagram: String) throws(MarbleError) -> TestInput<String, Never> {
    try makeCold(diagram, values: [:], error: nil)
  }

  /// ``cold(_:error:)`` as a ``TestInput``, which records its subscriptions.
  public func coldInput<Failure: Error>(
    _ diagram: String, error: Failure
  ) throws(MarbleError) -> TestInput<String, Failure> {
    try makeCold(diagram, values: [:], error: error)
  }
}
