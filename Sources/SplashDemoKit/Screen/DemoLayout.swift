import Intro

/// Draws a ``DemoModel`` on a ``DemoScreen`` of a given size: the intro (logo, letter wave, stage labels,
/// the timeout's bar), fading out once decided, then the content screen (the outcome, its time, the
/// load, the trace).
///
/// Everything centred is centred within one column (the left margin is the right one, or one less), and
/// nothing goes past the screen's edges: what does not fit is dropped, the logo first.
package enum DemoLayout {
  /// The help line at the intro's foot.
  package static let introFooter = "press any key to skip · Ctrl-C quits"
  /// The help line at the content screen's foot.
  package static let contentFooter = "press any key to exit"

  /// The screen for `model` at `size`.
  package static func screen(for model: DemoModel, size: TerminalSize, theme: DemoTheme = DemoTheme()) -> DemoScreen {
    model.showsIntroScreen
      ? introScreen(for: model, size: size, theme: theme) : contentScreen(for: model, size: size, theme: theme)
  }

  // MARK: The intro

  /// The rows of the intro's block below the logo: gap, tagline, gap ×2, wave ×2, gap, stages, gap, bar,
  /// phase.
  static let rowsBelowLogo = 11

  /// The intro screen, faded `model.fade` of the way to the content screen's background.
  package static func introScreen(for model: DemoModel, size: TerminalSize, theme: DemoTheme) -> DemoScreen {
    var screen = DemoScreen(width: size.columns, height: size.rows, style: theme.intro)
    let footerRows = size.rows >= rowsBelowLogo + 3 ? 2 : 0
    let logoRoom = size.rows - footerRows - rowsBelowLogo - 2
    let logoSize = DemoLogo.largestSize(fitting: size.columns - 4, logoRoom)
    let logo = logoSize.map(DemoLogo.rows) ?? []
    let blockHeight = logo.count + (logo.isEmpty ? rowsBelowLogo - 1 : rowsBelowLogo)
    var row = max((size.rows - footerRows - blockHeight) / 2, 0)

    let logoWidth = logo.first?.count ?? 0
    let logoColumn = DemoScreen.centeredColumn(of: logoWidth, in: size.columns)
    for (index, line) in logo.enumerated() {
      let shade = logo.count > 1 ? Double(index) / Double(logo.count - 1) : 0
      let style = theme.intro.foreground(theme.logoTop.mixed(with: theme.logoBottom, by: shade))
      screen.draw(line, row: row, column: logoColumn, style: style)
      row += 1
    }
    if !logo.isEmpty { row += 1 }
    screen.drawCentered(model.tagline, row: row, style: theme.intro.foreground(theme.introDim))
    row += 3
    drawWave(model.wave, on: &screen, row: row, theme: theme)
    row += 3
    drawStages(model, on: &screen, row: row, theme: theme)
    row += 2
    drawBar(model, on: &screen, row: row, theme: theme)
    row += 1
    screen.drawCentered(phaseLine(model), row: row, style: theme.intro.foreground(theme.introDim))
    if footerRows > 0 {
      screen.drawCentered(introFooter, row: size.rows - 2, style: theme.intro.foreground(theme.introDim))
    }
    return model.fade > 0 ? faded(screen, by: model.fade, to: theme.contentBackground) : screen
  }

  /// The letter wave: the text on `row`, its highlighted letter raised to the row above.
  static func drawWave(_ wave: LetterWave?, on screen: inout DemoScreen, row: Int, theme: DemoTheme) {
    let text = Array(DemoIntro.waveText)
    let column = DemoScreen.centeredColumn(of: text.count, in: screen.width)
    let style = theme.intro.bold
    for (index, character) in text.enumerated() {
      if let wave, wave.index == index {
        screen.draw(String(character), row: row - 1, column: column + index, style: style.foreground(theme.highlight))
      } else {
        screen.draw(String(character), row: row, column: column + index, style: style)
      }
    }
  }

  /// The stage labels, the current one in brackets: `first step · [second step] · finished`.
  static func stageLine(_ model: DemoModel) -> String {
    stagePieces(model).map(\.text).joined(separator: " · ")
  }

  private static func stagePieces(_ model: DemoModel) -> [(stage: DemoStage, text: String)] {
    DemoStage.allCases.map { stage in
      (stage, model.stage == stage ? "[\(stageLabel(stage))]" : stageLabel(stage))
    }
  }

  /// A stage's label.
  static func stageLabel(_ stage: DemoStage) -> String {
    switch stage {
    case .firstStep: "first step"
    case .secondStep: "second step"
    case .finished: "finished"
    }
  }

  /// The stage labels, centred, the current one lit.
  static func drawStages(_ model: DemoModel, on screen: inout DemoScreen, row: Int, theme: DemoTheme) {
    let dim = theme.intro.foreground(theme.introDim)
    var column = DemoScreen.centeredColumn(of: stageLine(model).count, in: screen.width)
    for (index, piece) in stagePieces(model).enumerated() {
      if index > 0 {
        screen.draw(" · ", row: row, column: column, style: dim)
        column += 3
      }
      let style = piece.stage == model.stage ? theme.intro.foreground(theme.highlight).bold : dim
      screen.draw(piece.text, row: row, column: column, style: style)
      column += piece.text.count
    }
  }

  /// The timeout's bar: how much of it has passed.
  static func drawBar(_ model: DemoModel, on screen: inout DemoScreen, row: Int, theme: DemoTheme) {
    let label = "  \(DemoFormat.measured(model.elapsed)) of the \(DemoFormat.seconds(model.timeout)) timeout"
    let barWidth = min(30, max(screen.width - label.count - 4, 0))
    guard barWidth > 0 else { return }
    let fraction = model.timeout > .zero ? min(max(model.elapsed / model.timeout, 0), 1) : 1
    let filled = Int((Double(barWidth) * fraction).rounded())
    let column = DemoScreen.centeredColumn(of: barWidth + label.count, in: screen.width)
    screen.draw(
      String(repeating: "━", count: filled), row: row, column: column, style: theme.intro.foreground(theme.barFilled))
    screen.draw(
      String(repeating: "─", count: barWidth - filled), row: row, column: column + filled,
      style: theme.intro.foreground(theme.barEmpty))
    screen.draw(label, row: row, column: column + barWidth, style: theme.intro.foreground(theme.introDim))
  }

  /// What the intro is doing, in words.
  static func phaseLine(_ model: DemoModel) -> String {
    if let ending = model.ending { return ending.reason }
    switch model.phase {
    case .idle: return "starting"
    case .playing: return "playing"
    case .holding: return "holding the last pose: waiting for your portfolio"
    case .staticPose: return "Reduce Motion: a still pose until your portfolio has loaded"
    case .finished: return "finished"
    }
  }

  /// `screen` with every colour `fraction` of the way to `color`.
  static func faded(_ screen: DemoScreen, by fraction: Double, to color: TerminalColor) -> DemoScreen {
    var faded = screen
    faded.restyle { style in
      DemoCellStyle(
        foreground: style.foreground.mixed(with: color, by: fraction),
        background: style.background.mixed(with: color, by: fraction), isBold: style.isBold)
    }
    return faded
  }

  // MARK: The content

  /// The content screen: the title bar, the outcome, its time, the load, the intro's summary and the
  /// trace as a marble diagram fitting the width.
  package static func contentScreen(for model: DemoModel, size: TerminalSize, theme: DemoTheme) -> DemoScreen {
    var screen = DemoScreen(width: size.columns, height: size.rows, style: theme.content)
    let titleStyle = DemoCellStyle(foreground: TerminalColor(hex: 0xFFFFFF), background: theme.titleBar, isBold: true)
    screen.fill(row: 0, style: titleStyle)
    screen.draw(" Your portfolio", row: 0, column: 0, style: titleStyle)
    let name = "splash-demo "
    screen.draw(name, row: 0, column: max(size.columns - name.count, 16), style: titleStyle)

    let label = theme.content.foreground(theme.contentDim)
    var row = 2
    func field(_ name: String, _ value: String, _ style: DemoCellStyle) {
      screen.draw("  " + name, row: row, column: 0, style: label)
      screen.draw(DemoScreen.fitted(value, width: size.columns - 14), row: row, column: 12, style: style)
      row += 1
    }
    if let ending = model.ending {
      field(
        "Outcome", "\(ending.reason) (\(ending.presentation.rawValue))",
        theme.content.foreground(color(of: ending.kind, theme)).bold)
      field("Time", "\(time(ending.duration, model)) after start", theme.content)
    } else {
      field("Outcome", "not decided yet", theme.content)
    }
    switch model.load {
    case .loading: field("Content", "still loading (the intro ending never cancels it)", theme.content)
    case .loaded(let at):
      let after = model.ending.map { at > $0.duration } == true ? ", after the intro ended" : ""
      field("Content", "loaded at \(time(at, model))\(after)", theme.content.foreground(theme.good))
    case .failed(let message, let at):
      field("Content", "failed at \(time(at, model)): \(message)", theme.content.foreground(theme.bad))
    }
    field("Intro", model.tagline, label)
    row += 1
    field("Trace", "why the intro ended: one lane per input, then the outcome", label)

    let footerRow = size.rows - 1
    if let trace = model.trace {
      var lines = DemoTraceText.lines(of: trace, width: max(size.columns - 4, 1), realTime: model.isRealTime)
      let room = footerRow - 1 - row
      if lines.count > room, room > 0 {
        let hidden = lines.count - (room - 1)
        lines = Array(lines.prefix(room - 1)) + ["… \(hidden) more lines"]
      }
      for line in lines.prefix(max(room, 0)) {
        screen.draw(line, row: row, column: 2, style: theme.content)
        row += 1
      }
    }
    if footerRow > row { screen.drawCentered(contentFooter, row: footerRow, style: label) }
    return screen
  }

  /// A duration as the content screen writes it: to the hundredth on a real clock, exactly in virtual time.
  static func time(_ duration: Duration, _ model: DemoModel) -> String {
    model.isRealTime ? DemoFormat.measured(duration) : DemoFormat.seconds(duration)
  }

  /// The colour an outcome is written in.
  static func color(of kind: IntroOutcome.Kind, _ theme: DemoTheme) -> TerminalColor {
    switch kind {
    case .finished: theme.good
    case .skipped, .reducedMotion, .gated, .resumed, .cancelled: theme.notice
    case .timedOut, .animationFailed, .contentFailed: theme.bad
    }
  }
}
