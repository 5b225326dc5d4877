import Foundation
import Signals

/// An ``IntroHistoryStore`` in a versioned JSON file, in a directory the app chooses; written atomically, off
/// the main actor.
///
/// **Reading** happens on the calling thread, at once. No file (a fresh install, or a missing directory) reads
/// as ``IntroHistory/neverShown`` without a diagnostic. Every other fault reads as never shown with a
/// diagnostic naming the file's path: a directory where the file should be, a path under a regular file, an
/// unreadable file (``IntroHistoryDiagnostic/Kind/unreadable``); an empty, truncated or invalid file, or JSON
/// of another shape (``IntroHistoryDiagnostic/Kind/corrupt``); another format version
/// (``IntroHistoryDiagnostic/Kind/unsupportedFormat``). The next write replaces a faulty file.
///
/// **Writing** goes through a private serial queue, in the order of the calls, so `write` returns at once and
/// the main actor never waits for the disk. Each write creates the directory if it is missing and replaces the
/// file atomically (a reader sees the old file or the new one, never half of one). A failure goes to the
/// write's `onFailure`, called on that queue; ``flush()`` waits for every earlier write and its report. Until
/// its write has finished, a history written through this store is what this store reads.
///
/// **Format** (version 1; keys sorted, `lastShownVersion` absent when there is none):
///
/// ```json
/// {
///   "formatVersion" : 1,
///   "lastShownVersion" : "2.1",
///   "shown" : true
/// }
/// ```
///
/// ```swift
/// import Foundation
/// import Intro
///
/// func applicationSupportStore() -> JSONFileIntroHistoryStore {
///   let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
///   return JSONFileIntroHistoryStore(directory: support.appendingPathComponent("Intro"))
/// }
/// ```
public final class JSONFileIntroHistoryStore: IntroHistoryStore {
  /// The file's name unless the app gives another: `intro-history.json`.
  public static let defaultFileName = "intro-history.json"

  /// The history file: `fileName` in the directory given at `init`.
  public let fileURL: URL

  /// The history written through this store and not yet on disk (`generation` tells whose write it is).
  private struct Pending {
    var history: IntroHistory?
    var generation = 0
  }

  private let pending = Locked(Pending())
  private let queue: DispatchQueue
  private let onQueue = DispatchSpecificKey<Bool>()

  /// A store keeping the history in `directory/fileName`; the directory is created by the first write.
  public convenience init(directory: URL, fileName: String = JSONFileIntroHistoryStore.defaultFileName) {
    self.init(
      directory: directory, fileName: fileName,
      queue: DispatchQueue(label: "Intro.JSONFileIntroHistoryStore", qos: .utility))
  }

  /// A store writing on `queue`, which must be serial (tests pass a queue they can suspend).
  package init(directory: URL, fileName: String, queue: DispatchQueue) {
    fileURL = directory.appendingPathComponent(fileName, isDirectory: false)
    self.queue = queue
    queue.setSpecific(key: onQueue, value: true)
  }

  /// Reads the file on the calling thread (or returns the history this store is still writing).
  public func read() -> IntroHistoryReading {
    if let written = pending.withLock({ $0.history }) { return IntroHistoryReading(history: written) }
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      if FileSystemCause.isMissing(error), FileSystemCause.fileOnPath(of: fileURL) == nil {
        return IntroHistoryReading(history: .neverShown)
      }
      return IntroHistoryReading(fault: diagnostic(.unreadable, FileSystemCause.describe(error, at: fileURL)))
    }
    switch IntroHistoryFileFormat.decode(data) {
    case .success(let history): return IntroHistoryReading(history: history)
    case .failure(let failure): return IntroHistoryReading(fault: diagnostic(failure.kind, failure.cause))
    }
  }

  /// Queues the write and returns at once; a failure is reported to `onFailure` on the store's queue.
  public func write(_ history: IntroHistory, onFailure: @escaping @Sendable (IntroHistoryDiagnostic) -> Void) {
    let generation = pending.withLock { pending in
      pending.generation += 1
      pending.history = history
      return pending.generation
    }
    queue.async { [self] in
      let failure = persist(history)
      pending.withLock { pending in
        if pending.generation == generation { pending.history = nil }
      }
      if let failure { onFailure(failure) }
    }
  }

  /// Blocks until every write queued before it has finished and reported its failure, if any.
  ///
  /// Called from a write's `onFailure` (which runs on the store's queue), it returns at once instead of
  /// waiting for itself.
  public func flush() {
    if DispatchQueue.getSpecific(key: onQueue) == true { return }
    queue.sync {}
  }

  private func persist(_ history: IntroHistory) -> IntroHistoryDiagnostic? {
    if let obstacle = FileSystemCause.fileOnPath(of: fileURL) {
      return diagnostic(.writeFailed, "\(obstacle) is a file, not a directory")
    }
    do {
      try FileManager.default.createDirectory(
        at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      return diagnostic(
        .writeFailed, "could not create its directory: \(FileSystemCause.describe(error, at: fileURL))")
    }
    do {
      try IntroHistoryFileFormat.encode(history).write(to: fileURL, options: .atomic)
    } catch {
      return diagnostic(.writeFailed, FileSystemCause.describe(error, at: fileURL))
    }
    return nil
  }

  private func diagnostic(_ kind: IntroHistoryDiagnostic.Kind, _ cause: String) -> IntroHistoryDiagnostic {
    IntroHistoryDiagnostic(kind: kind, source: fileURL.path, cause: cause)
  }
}
