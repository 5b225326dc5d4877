import Foundation
import Signals

/// Where coordinators are made, as far as the person's data is concerned: in an Xcode preview, inside an
/// `IntroHarness` run, or in the app.
///
/// - In an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`), a gate that remembers with no store of its own
///   keeps its history in memory: every preview shows the intro, and none writes the defaults the app and
///   the next preview read.
/// - Inside an `IntroHarness` run (``run``), every coordinator made uses the run's own store (a fresh
///   install, or the history the test gives), whatever store its configuration names; its warnings go to
///   the run's result.
package enum IntroRunContext {
  /// Whether this process is an Xcode preview: read once.
  package static let isXcodePreview = isXcodePreview(environment: ProcessInfo.processInfo.environment)

  /// Whether `environment` is an Xcode preview's.
  package static func isXcodePreview(environment: [String: String]) -> Bool {
    environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
  }

  /// The harness run coordinators made now belong to, if any.
  @TaskLocal package static var run: HarnessRun?

  /// A harness run: the store every coordinator made in it uses instead of its configuration's, and the
  /// warnings they gave.
  package final class HarnessRun: Sendable {
    package let store: any IntroHistoryStore
    private let given = Locked<[String]>([])

    package init(store: any IntroHistoryStore) {
      self.store = store
    }

    /// The warnings so far.
    package var warnings: [String] { given.withLock { $0 } }

    package func warn(_ message: String) {
      given.withLock { $0.append(message) }
    }
  }

  /// Gives `message` where warnings go: to the harness run, if any; else to standard error in a debug build,
  /// nowhere in a release build (where the message is not even made).
  package static func warn(_ message: @autoclosure () -> String, in run: HarnessRun?) {
    if let run { return run.warn(message()) }
    #if DEBUG
      FileHandle.standardError.write(Data("Intro: warning: \(message())\n".utf8))
    #endif
  }
}
