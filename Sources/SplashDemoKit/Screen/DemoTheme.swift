/// The demo's colours: all of them in the xterm 256-colour palette, so that a terminal without 24-bit colour
/// draws the same picture.
package struct DemoTheme: Sendable, Hashable {
  /// The intro's background, filling the screen.
  package var introBackground = TerminalColor(hex: 0x00005F)
  /// The logo's top row.
  package var logoTop = TerminalColor(hex: 0xD7D7FF)
  /// The logo's bottom row (the rows between are mixed).
  package var logoBottom = TerminalColor(hex: 0x8787FF)
  /// The wave's letters.
  package var waveText = TerminalColor(hex: 0xAFAFFF)
  /// The wave's raised letter and the current stage.
  package var highlight = TerminalColor(hex: 0xFFD700)
  /// Quiet text on the intro.
  package var introDim = TerminalColor(hex: 0x8787AF)
  /// The timeout bar's elapsed part.
  package var barFilled = TerminalColor(hex: 0x8787FF)
  /// The timeout bar's remaining part.
  package var barEmpty = TerminalColor(hex: 0x000087)
  /// The content screen's background.
  package var contentBackground = TerminalColor(hex: 0x1C1C1C)
  /// The content screen's text.
  package var contentText = TerminalColor(hex: 0xE4E4E4)
  /// The content screen's labels and quiet text.
  package var contentDim = TerminalColor(hex: 0x8A8A8A)
  /// The content screen's title bar.
  package var titleBar = TerminalColor(hex: 0x5F5FD7)
  /// A completed intro, a loaded portfolio.
  package var good = TerminalColor(hex: 0x87D787)
  /// A skipped intro.
  package var notice = TerminalColor(hex: 0xFFD75F)
  /// A failure or a timeout.
  package var bad = TerminalColor(hex: 0xFF5F5F)

  /// The demo's theme.
  package init() {}

  /// Plain text on the intro.
  var intro: DemoCellStyle { DemoCellStyle(foreground: waveText, background: introBackground) }
  /// Plain text on the content screen.
  var content: DemoCellStyle { DemoCellStyle(foreground: contentText, background: contentBackground) }
}
