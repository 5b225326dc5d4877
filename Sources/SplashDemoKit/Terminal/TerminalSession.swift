#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Why the terminal could not be set up.
package struct TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What failed.
  package let message: String

  /// An error saying `message`.
  package init(_ message: String) {
    self.message = message
  }

  /// The message.
  package var description: String { message }
}

/// The demo's terminal: cbreak mode with signals kept, the alternate screen, a hidden cursor, its size,
/// and writing frames. Everything it changes, ``TerminalRestore`` puts back on every way out.
///
/// cbreak here means: no line buffering and no echo (`ICANON`, `ECHO` off; a read returns each key
/// press), no flow control (`IXON` off, so Ctrl-S is a key) and no literal-next (`IEXTEN` off); `ISIG`
/// stays on for Ctrl-C only, whose `SIGINT` restores the terminal and ends the demo. The quit and suspend
/// characters are disabled, so Ctrl-\ and Ctrl-Z are keys like any other.
@MainActor
package final class TerminalSession {
  /// The terminal keys are read from.
  package let input: Int32
  /// The terminal frames are written to.
  package let output: Int32

  /// A session on `input` and `output` (standard input and output by default); nothing changes before
  /// ``enter()``.
  package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
  }

  /// Whether `descriptor` is a terminal.
  package nonisolated static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Whether the demo can draw on this process's terminal: standard input and output are terminals and
  /// `TERM` is not `dumb`.
  package nonisolated static func isInteractive(environment: [String: String]) -> Bool {
    isTerminal(STDIN_FILENO) && isTerminal(STDOUT_FILENO) && environment["TERM"] != "dumb"
  }

  /// The terminal's size, or ``TerminalSize/fallback``.
  package var size: TerminalSize {
    TerminalSize.of(descriptor: output) ?? TerminalSize.of(descriptor: input) ?? .fallback
  }

  /// `modes` in cbreak mode, as described on the type.
  package nonisolated static func cbreak(_ modes: termios) -> termios {
    var modes = modes
    modes.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    modes.c_lflag |= tcflag_t(ISIG)
    modes.c_iflag &= ~tcflag_t(IXON)
    withUnsafeMutableBytes(of: &modes.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
      characters[Int(VQUIT)] = disabledCharacter
      characters[Int(VSUSP)] = disabledCharacter
    }
    return modes
  }

  /// The value that disables a control character (`_POSIX_VDISABLE`).
  nonisolated static var disabledCharacter: cc_t {
    #if canImport(Darwin)
      0xFF
    #else
      0
    #endif
  }

  /// Turns cbreak mode on, having saved the modes for ``TerminalRestore`` first.
  package func enterCbreakMode() throws(TerminalError) {
    var original = termios()
    guard tcgetattr(input, &original) == 0 else {
      throw TerminalError("cannot read the terminal's modes: \(String(cString: strerror(errno)))")
    }
    TerminalRestore.saveModes(original, of: input)
    var modes = Self.cbreak(original)
    guard tcsetattr(input, TCSANOW, &modes) == 0 else {
      TerminalRestore.restore()
      throw TerminalError("cannot set the terminal's modes: \(String(cString: strerror(errno)))")
    }
  }

  /// Switches to the alternate screen and hides the cursor, having told ``TerminalRestore`` first.
  package func enterAlternateScreen() {
    TerminalRestore.saveScreen(of: output)
    write(TerminalFrameEncoder.enterSequence)
  }

  /// Restores everything: the screen, the cursor and the modes.
  package func leave() {
    TerminalRestore.restore()
  }

  /// Writes `text`, all of it (retrying after interruptions). Write errors are ignored: a terminal that
  /// went away ends the demo through `SIGHUP`.
  package func write(_ text: String) {
    Self.write(text, to: output)
  }

  /// Writes all of `text` to `descriptor`.
  package nonisolated static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        #if canImport(Darwin)
          let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        #else
          let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
