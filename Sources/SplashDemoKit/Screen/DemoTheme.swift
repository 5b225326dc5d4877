/// The demo's colours: all of them in the xterm 256-colour palette, so that a terminal without 24-bit colour
/// draws the same picture.
public struct DemoTheme: Sendable, Hashable {
  /// The intro's background, filling the screen.
  public var introBackground = TerminalColor(hex: 0x00005F)
  /// The logo's top row.
  public var logoTop = TerminalColor(hex: 0xD7D7FF)
  /// The logo's bottom row (the rows between are mixed).
  public var logoBottom = TerminalColor(hex: 0x8787FF)
  /// The wave's letters.
  public var waveText = TerminalColor(hex: 0xAFAFFF)
  /// The wave's raised letter and the current stage.
  public var highlight = TerminalColor(hex: 0xFFD700)
  /// Quiet text on the intro.
  public var introDim = TerminalColor(hex: 0x8787AF)
  /// The timeout bar's elapsed part.
  public var barFilled = TerminalColor(hex: 0x8787FF)
  /// The timeout bar's remaining part.
  public var barEmpty = TerminalColor(hex: 0x000087)
  /// The content screen's background.
  public var contentBackground = TerminalColor(hex: 0x1C1C1C)
  /// The content screen's text.
  public var contentText = TerminalColor(hex: 0xE4E4E4)
  /// The content screen's labels and quiet text.
  public var contentDim = TerminalColor(hex: 0x8A8A8A)
  /// The content screen's title bar.
  public var titleBar = TerminalColor(hex: 0x5F5FD7)
  /// A completed intro, a loaded portfolio.
  public var good = TerminalColor(hex: 0x87D787)
  /// A skipped intro.
  public var notice = TerminalColor(hex: 0xFFD75F)
  /// A failure or a timeout.
  public var bad = TerminalColor(hex: 0xFF5F5F)

  /// The demo's theme.
  public init() {}

  /// Plain text on the intro.
  var intro: DemoCellStyle { DemoCellStyle(foreground: waveText, background: introBackground) }
  /// Plain text on the content screen.
  var content: DemoCellStyle { DemoCellStyle(foreground: contentText, background: contentBackground) }
}
