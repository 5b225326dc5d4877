/// Where an app keeps its ``IntroHistory``: read synchronously at launch, written when the intro starts
/// presenting, never throwing at the app.
///
/// The coordinator reads the history at `start`, before the first frame, so ``read()`` is synchronous. It never
/// throws and never crashes: a faulty source reads as ``IntroHistory/neverShown`` with an
/// ``IntroHistoryDiagnostic``. A write never throws either: a failure is passed to its `onFailure` handler.
///
/// Three stores come with `Intro`: ``InMemoryIntroHistoryStore`` (tests and previews),
/// ``UserDefaultsIntroHistoryStore`` (a key that `@AppStorage` can also read) and
/// ``JSONFileIntroHistoryStore`` (a versioned JSON file, written off the main actor).
///
/// ```swift
/// import Intro
///
/// func introShows(gate: IntroGate, store: some IntroHistoryStore) -> Bool {
///   let reading = store.read()
///   if let diagnostic = reading.diagnostic { print(diagnostic.message) }
///   return gate.allowsIntro(given: reading.history)
/// }
/// ```
public protocol IntroHistoryStore: Sendable {
  /// Reads the stored history on the calling thread.
  ///
  /// A source holding nothing yet reads as ``IntroHistory/neverShown`` without a diagnostic; a faulty one
  /// (corrupt, unreadable, of the wrong type or format) reads as never shown with a diagnostic.
  func read() -> IntroHistoryReading

  /// Stores `history`, replacing what was stored; a failure goes to `onFailure`, never thrown.
  ///
  /// A synchronous store has finished (and reported any failure) when `write` returns; an asynchronous one,
  /// such as ``JSONFileIntroHistoryStore``, reports from its own queue, by the time ``flush()`` returns.
  /// `onFailure` is called at most once, on no particular thread, and never for a write that succeeded.
  func write(_ history: IntroHistory, onFailure: @escaping @Sendable (IntroHistoryDiagnostic) -> Void)

  /// Waits until every write made before it has finished and reported its failure, if any.
  ///
  /// For tests, and for an app that must know its history is on disk. The default does nothing: for a
  /// synchronous store, a write has finished when it returns.
  func flush()
}

extension IntroHistoryStore {
  /// Does nothing: a synchronous store's writes have finished when they return.
  public func flush() {}
}
