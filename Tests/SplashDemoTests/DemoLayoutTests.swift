import Intro
import Signals
import SignalsTesting
import SplashDemoKit
import Testing

/// "Looks good", on the in-memory screen at the sizes the tmux test captures: no line past the width,
/// the intro's blocks centred within one column, the content screen's outcome, time and trace.
@MainActor
@Suite struct DemoLayoutTests {
  nonisolated static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 200, rows: 50)]

  private func expectCentred(_ screen: DemoScreen, _ comment: String) {
    for block in DemoScreen.blocks(of: screen.lines) {
      let left = block.first
      let right = screen.width - 1 - block.last
      #expect(right == left || right == left + 1, "\(comment): rows \(block.rows) span \(left)…\(block.last)")
    }
  }

  /// The wave's text read back from its two rows (the raised letter put back in its place), if a row
  /// has it.
  static func waveText(_ lines: [String]) -> String? {
    for base in lines.indices.dropFirst() {
      let upper = Array(lines[base - 1]) + Array(repeating: " ", count: 200)
      let lower = Array(lines[base]) + Array(repeating: " ", count: 200)
      guard let first = (0..<200).first(where: { lower[$0] != " " || upper[$0] != " " }) else { continue }
      let text = String((first..<(first + 25)).map { lower[$0] == " " ? upper[$0] : lower[$0] })
      if text == DemoIntro.waveText { return text }
    }
    return nil
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test(arguments: sizes) func theIntroIsCentredAndWithinTheScreen(size: TerminalSize) throws {
    let (session, scheduler) = try virtualSession(["--load", "20", "--timeout", "25"])
    session.start()
    for step in 0..<10 {
      let screen = DemoLayout.screen(for: session.model, size: size)
      let lines = screen.lines
      #expect(lines.count == size.rows)
      #expect(lines.allSatisfy { $0.count <= size.columns })
      expectCentred(screen, "\(size) at \(session.model.elapsed)")
      #expect(Self.waveText(lines) == DemoIntro.waveText)
      #expect(lines.contains { $0.hasSuffix(DemoLayout.introFooter) })
      if step == 0 { #expect(lines.contains { $0.hasSuffix("[first step] · second step · finished") }) }
      if step == 7 { #expect(lines.contains { $0.hasSuffix("first step · [second step] · finished") }) }
      scheduler.advance(by: ms(300))  // a frame every 0.3 s: the wave at letters 0, 3, 6, …
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test(arguments: sizes) func theLogoIsAsLargeAsTheScreenAllows(size: TerminalSize) throws {
    let (session, _) = try virtualSession()
    session.start()
    let lines = DemoLayout.screen(for: session.model, size: size).lines
    let logo = size.columns >= 200 ? DemoLogo.rows(.large) : DemoLogo.rows(.medium)
    let top = try #require(lines.firstIndex { !$0.isEmpty })
    let column = DemoScreen.centeredColumn(of: logo[0].count, in: size.columns)
    for (offset, row) in logo.enumerated() {
      var expected = String(repeating: " ", count: column) + row
      while expected.last == " " { expected.removeLast() }
      #expect(lines[top + offset] == expected)
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theWaveRaisesItsLetter() throws {
    let (session, scheduler) = try virtualSession()
    session.start()
    scheduler.advance(by: ms(300))  // index 3: the first "d"
    let lines = DemoLayout.screen(for: session.model, size: TerminalSize(columns: 80, rows: 24)).lines
    let base = try #require(lines.firstIndex { $0.hasSuffix("Loa ing your portfolio...") })
    let column = DemoScreen.centeredColumn(of: 25, in: 80)
    #expect(lines[base - 1] == String(repeating: " ", count: column + 3) + "d")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theStillPoseHasTheTextLyingStill() throws {
    let (session, scheduler) = try virtualSession(["--reduce-motion", "static", "--load", "2"])
    session.start()
    scheduler.advance(by: ms(1000))
    let lines = DemoLayout.screen(for: session.model, size: TerminalSize(columns: 80, rows: 24)).lines
    let base = try #require(lines.firstIndex { $0.hasSuffix("Loading your portfolio...") })
    #expect(lines[base - 1].isEmpty)
    #expect(lines.contains { $0.contains("Reduce Motion: a still pose") })
    #expect(!lines.contains { $0.contains("[") })
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test(arguments: sizes) func theContentScreenShowsTheOutcomeItsTimeAndTheTrace(size: TerminalSize) throws {
    let (session, scheduler) = try virtualSession(["--load", "2"])
    session.start()
    scheduler.advance(by: ms(1200))
    session.pressKey()
    scheduler.advance(by: ms(1000))
    let screen = DemoLayout.screen(for: session.model, size: size)
    let lines = screen.lines
    #expect(lines.count == size.rows)
    #expect(lines.allSatisfy { $0.count <= size.columns })
    #expect(lines[0].hasPrefix(" Your portfolio"))
    #expect(lines.contains("  Outcome   skipped (animated)"))
    #expect(lines.contains("  Time      1.2 s after start"))
    #expect(lines.contains("  Content   loaded at 2 s, after the intro ended"))
    #expect(lines.contains("  tap      ------------x--------"))
    #expect(lines.contains("  outcome  ------------o--------"))
    #expect(lines.contains("  content  --------------------(c|)"))
    #expect(lines.contains("    tap: x = value (decided)"))
    #expect(lines.contains("    outcome: o = skipped"))
    #expect(lines.contains("    content: c = value (after the outcome)"))
    let footerColumn = DemoScreen.centeredColumn(of: DemoLayout.contentFooter.count, in: size.columns)
    #expect(lines.last == String(repeating: " ", count: footerColumn) + DemoLayout.contentFooter)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aLongTraceIsCutToTheScreen() throws {
    let (session, scheduler) = try virtualSession(["--scenario", "wave", "--load", "7", "--timeout", "8"])
    session.start()
    scheduler.advance(by: ms(8000))
    let small = DemoLayout.screen(for: session.model, size: TerminalSize(columns: 40, rows: 14)).lines
    #expect(small.count == 14)
    #expect(small.allSatisfy { $0.count <= 40 })
    #expect(small.contains { $0.hasPrefix("  … ") && $0.hasSuffix(" more lines") })
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func tinyScreensDropWhatDoesNotFit() throws {
    let (session, scheduler) = try virtualSession()
    session.start()
    for size in [
      TerminalSize(columns: 10, rows: 3), TerminalSize(columns: 1, rows: 1), TerminalSize(columns: 30, rows: 12),
    ] {
      let lines = DemoLayout.screen(for: session.model, size: size).lines
      #expect(lines.count == size.rows)
      #expect(lines.allSatisfy { $0.count <= size.columns })
    }
    scheduler.advance(by: ms(3000))
    let content = DemoLayout.screen(for: session.model, size: TerminalSize(columns: 12, rows: 4)).lines
    #expect(content.allSatisfy { $0.count <= 12 })
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theIntroFadesToTheContentsBackground() throws {
    let (session, scheduler) = try virtualSession(["--load", "0"])
    session.start()
    scheduler.advance(by: ms(2600))
    let theme = DemoTheme()
    let size = TerminalSize(columns: 80, rows: 24)
    #expect(DemoLayout.screen(for: session.model, size: size)[0, 0].style.background == theme.introBackground)
    scheduler.advance(by: ms(100))  // two frames of five
    let fading = DemoLayout.screen(for: session.model, size: size)[0, 0].style.background
    #expect(fading == theme.introBackground.mixed(with: theme.contentBackground, by: 0.4))
    scheduler.advance(by: ms(150))
    #expect(DemoLayout.screen(for: session.model, size: size)[0, 0].style.background == theme.titleBar)
  }
}
