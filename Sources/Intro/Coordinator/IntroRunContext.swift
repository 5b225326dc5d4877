import Foundation

/// Where coordinators are made, as far as the person's data is concerned: in an Xcode preview, inside an
/// `IntroHarness` run, or in the app.
///
/// - In an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`), a gate that remembers with no store of its own
///   keeps its history in memory: every preview shows the intro, and none writes the defaults the app and
///   the next preview read.
/// - Inside an `IntroHarness` run, every coordinator made uses the run's own store (a fresh install, or
///   the history the test gives), whatever store its configuration names; its warnings go to the run's
///   result.
package enum IntroRunContext {
  /// Whether this process is an Xcode preview: read once.
  package static let isXcodePreview = isXcodePreview(environment: ProcessInfo.processInfo.environment)

  /// Whether `environment` is an Xcode preview's.
  package static func isXcodePreview(environment: [String: String]) -> Bool {
    environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
  }

  /// The store every coordinator made now uses instead of its configuration's (an `IntroHarness` run's).
  @TaskLocal package static var store: (any IntroHistoryStore)?

  /// Where coordinators made now send their warnings (an `IntroHarness` run's result).
  @TaskLocal package static var warnings: (@Sendable (String) -> Void)?

  /// Where a coordinator's warnings go outside a harness: standard error in a debug build, nowhere in a
  /// release build.
  package static let defaultWarnings: @Sendable (String) -> Void = { message in
    #if DEBUG
      FileHandle.standardError.write(Data("Intro: warning: \(message)\n".utf8))
    #endif
  }
}
