import Intro

/// Draws each model on a terminal: the layout at the terminal's size, and only the rows that changed.
@MainActor
package final class DemoScreenPresenter {
  /// The terminal's size.
  package private(set) var size: TerminalSize
  /// What the terminal shows now, as far as this presenter knows.
  package private(set) var shown: DemoScreen?
  private let encoder: TerminalFrameEncoder
  private let theme: DemoTheme
  private let write: @MainActor (String) -> Void

  /// A presenter writing frames with `write` (a terminal's, or a test's buffer).
  package init(
    size: TerminalSize, encoder: TerminalFrameEncoder = TerminalFrameEncoder(), theme: DemoTheme = DemoTheme(),
    write: @escaping @MainActor (String) -> Void
  ) {
    self.size = size
    self.encoder = encoder
    self.theme = theme
    self.write = write
  }

  /// Draws `model`.
  package func draw(_ model: DemoModel) {
    let screen = DemoLayout.screen(for: model, size: size, theme: theme)
    let bytes = encoder.encode(screen, over: shown)
    if !bytes.isEmpty { write(bytes) }
    shown = screen
  }

  /// The terminal now has `size`: clears it and draws `model` whole.
  package func resize(to size: TerminalSize, drawing model: DemoModel) {
    self.size = size
    shown = nil
    write("\u{1B}[0m\u{1B}[2J")
    draw(model)
  }
}

/// The demo's plain log, for output that is not a terminal: a line per change, no escape codes.
package enum DemoLog {
  /// The first line: what is played.
  package static func header(_ intro: DemoIntro) -> String {
    "splash-demo: \(intro.summary) (output is not a terminal: plain log, no keys)"
  }

  /// The lines for the change from `old` to `new`, each with the time since `start`.
  package static func lines(from old: DemoModel, to new: DemoModel) -> [String] {
    var lines: [String] = []
    func log(_ time: Duration, _ text: String) {
      let stamp = DemoFormat.measured(time)
      lines.append(String(repeating: " ", count: max(9 - stamp.count, 0)) + stamp + "  " + text)
    }
    if new.phase != old.phase, new.phase != .finished, new.phase != .idle {
      log(new.elapsed, "phase: \(new.phase.rawValue)")
    }
    if new.stage != old.stage, let stage = new.stage { log(new.elapsed, "stage: \(DemoLayout.stageLabel(stage))") }
    if let wave = new.wave, wave.loop != old.wave?.loop {
      log(new.elapsed, "wave: loop \(wave.loop + 1) over \"\(DemoIntro.waveText)\"")
    }
    if new.load != old.load {
      switch new.load {
      case .loading: break
      case .loaded(let at): log(at, "content: loaded")
      case .failed(let message, let at): log(at, "content: failed: \(message)")
      }
    }
    if let ending = new.ending, old.ending == nil {
      log(ending.duration, "outcome: \(ending.reason) (\(ending.presentation.rawValue))")
    }
    return lines
  }

  /// The outcome in a line and the trace as a marble diagram within `width` columns (`nil`: no limit).
  package static func summary(of model: DemoModel, width: Int?) -> [String] {
    guard let ending = model.ending else { return [] }
    let time = model.isRealTime ? DemoFormat.measured(ending.duration) : DemoFormat.seconds(ending.duration)
    var lines = ["outcome: \(ending.reason) (\(ending.presentation.rawValue)), \(time) after start"]
    lines.append("trace, one lane per input, then the outcome:")
    if let width { lines = lines.flatMap { DemoTraceText.wrap($0, width: width) } }
    if let trace = model.trace { lines += DemoTraceText.lines(of: trace, width: width, realTime: model.isRealTime) }
    return lines
  }
}
