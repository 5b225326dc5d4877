import Foundation
import Signals
import SplashDemoKit
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Closes `descriptor` (a free function: inside `PseudoTerminal`, `close` names its method).
private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}

/// A pseudo-terminal pair: the demo's side (like a terminal's) and the other end (like the emulator's).
private struct PseudoTerminal {
  let controller: Int32
  let terminal: Int32

  init() throws {
    #if canImport(Darwin)
      let (openController, grant, unlock, name) = (posix_openpt, grantpt, unlockpt, ptsname)
    #else
      // posix_openpt and friends are not in Swift's Glibc module (they need _XOPEN_SOURCE): found by name.
      guard let openFunction = dlsym(nil, "posix_openpt"), let grantFunction = dlsym(nil, "grantpt"),
        let unlockFunction = dlsym(nil, "unlockpt"), let nameFunction = dlsym(nil, "ptsname")
      else { throw TerminalError("no pseudo-terminal functions") }
      typealias Call = @convention(c) (Int32) -> Int32
      let openController = unsafeBitCast(openFunction, to: (@convention(c) (Int32) -> Int32).self)
      let grant = unsafeBitCast(grantFunction, to: Call.self)
      let unlock = unsafeBitCast(unlockFunction, to: Call.self)
      let name = unsafeBitCast(nameFunction, to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    #endif
    controller = openController(O_RDWR | O_NOCTTY)
    guard controller >= 0, grant(controller) == 0, unlock(controller) == 0, let path = name(controller) else {
      throw TerminalError("no pseudo-terminal")
    }
    terminal = open(path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw TerminalError("cannot open \(String(cString: path))") }
  }

  func modes() -> termios {
    var modes = termios()
    _ = tcgetattr(terminal, &modes)
    return modes
  }

  /// What the demo wrote, as the emulator reads it.
  func written() -> String {
    var flags = fcntl(controller, F_GETFL)
    flags |= O_NONBLOCK
    _ = fcntl(controller, F_SETFL, flags)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(controller, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func close() {
    closeDescriptor(terminal)
    closeDescriptor(controller)
  }
}

/// The terminal layer on a pseudo-terminal, never on the test's own terminal. The restore's state is
/// process-wide, so these tests run one at a time.
@MainActor
@Suite(.serialized) struct TerminalSessionTests {
  @Test func cbreakTurnsOffLinesEchoAndFlowControlButKeepsCtrlC() {
    var original = termios()
    original.c_lflag = tcflag_t(ICANON | ECHO | ISIG | IEXTEN | ECHOE)
    original.c_iflag = tcflag_t(IXON | ICRNL)
    let modes = TerminalSession.cbreak(original)
    #expect(modes.c_lflag & tcflag_t(ICANON) == 0)
    #expect(modes.c_lflag & tcflag_t(ECHO) == 0)
    #expect(modes.c_lflag & tcflag_t(IEXTEN) == 0)
    #expect(modes.c_lflag & tcflag_t(ISIG) != 0)
    #expect(modes.c_lflag & tcflag_t(ECHOE) != 0)
    #expect(modes.c_iflag & tcflag_t(IXON) == 0)
    #expect(modes.c_iflag & tcflag_t(ICRNL) != 0)
    var characters = modes.c_cc
    withUnsafeBytes(of: &characters) { bytes in
      #expect(bytes[Int(VMIN)] == 1)
      #expect(bytes[Int(VTIME)] == 0)
      #expect(bytes[Int(VQUIT)] == 0)  // Ctrl-\ is a key
      #expect(bytes[Int(VSUSP)] == 0)  // Ctrl-Z is a key
    }
  }

  @Test func theRestorePutsBackTheModesAndTheScreenOnce() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.modes()
    #expect(before.c_lflag & tcflag_t(ICANON) != 0)
    let session = TerminalSession(input: pty.terminal, output: pty.terminal)
    try session.enterCbreakMode()
    session.enterAlternateScreen()
    #expect(TerminalRestore.isPending)
    let during = pty.modes()
    #expect(during.c_lflag & tcflag_t(ICANON | ECHO) == 0)
    #expect(pty.written().contains("\u{1B}[?1049h\u{1B}[?25l"))

    TerminalRestore.restore()  // what the signal handler and `exit` call
    #expect(!TerminalRestore.isPending)
    let after = pty.modes()
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(pty.written() == "\u{18}\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    TerminalRestore.restore()  // nothing left to do
    #expect(pty.written() == "")
  }

  @Test func aSignalSentToTheProcessOnAnotherThreadIsHandledOnTheDrawingThread() {
    TerminalRestore.recordDrawingThread()
    let drawing = pthread_self()
    #expect(TerminalRestore.forwardingThread(for: SIGINT, arrivedOn: drawing) == nil, "handled where it arrived")
    let other = Locked<pthread_t?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      other.withLock { $0 = pthread_self() }
      done.signal()
    }
    done.wait()
    let worker = other.withLock { $0 }!
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      let target = TerminalRestore.forwardingThread(for: signal, arrivedOn: worker)
      #expect(target.map { pthread_equal($0, drawing) != 0 } == true, "signal \(signal) is sent on")
    }
    for signal in [SIGSEGV, SIGABRT, SIGILL, SIGTRAP] {
      #expect(TerminalRestore.forwardingThread(for: signal, arrivedOn: worker) == nil, "crash \(signal) stays")
    }
  }

  @Test func theSizeComesFromTheTerminal() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    var size = winsize(ws_row: 50, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(pty.terminal, UInt(TIOCSWINSZ), &size)
    #expect(TerminalSize.of(descriptor: pty.terminal) == TerminalSize(columns: 200, rows: 50))
    #expect(TerminalSession(input: pty.terminal, output: pty.terminal).size == TerminalSize(columns: 200, rows: 50))
    #expect(TerminalSession.isTerminal(pty.terminal))
    #expect(!TerminalSession.isTerminal(-1))
  }

  @Test func cbreakOnSomethingThatIsNotATerminalIsAnError() {
    let session = TerminalSession(input: -1, output: -1)
    #expect(throws: TerminalError.self) { try session.enterCbreakMode() }
    #expect(!TerminalRestore.isPending)
  }

  @Test func writesAreWholeAndIgnoreAClosedTerminal() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let text = String(repeating: "█", count: 300)
    TerminalSession(input: pty.terminal, output: pty.terminal).write(text)
    #expect(pty.written() == text)
    TerminalSession.write("ignored", to: -1)
  }

  @Test func thePresenterWritesOnlyWhatChanged() throws {
    var output = ""
    let presenter = DemoScreenPresenter(size: TerminalSize(columns: 80, rows: 24)) { output += $0 }
    var model = DemoModel(
      summary: "s", tagline: "animated", scenario: .animated, timeout: .seconds(3), isShowingIntro: true,
      isRealTime: true)
    presenter.draw(model)
    var replay = TerminalReplay(width: 80, height: 24)
    replay.play(output)
    #expect(replay.lines == presenter.shown?.lines)
    output = ""
    presenter.draw(model)
    #expect(output.isEmpty)
    model.stage = .secondStep
    presenter.draw(model)
    #expect(output.components(separatedBy: ";1H").count == 2)  // one row
    replay.play(output)
    #expect(replay.lines == presenter.shown?.lines)
    output = ""
    presenter.resize(to: TerminalSize(columns: 100, rows: 30), drawing: model)
    #expect(output.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    var resized = TerminalReplay(width: 100, height: 30)
    resized.play(output)
    #expect(resized.lines == presenter.shown?.lines)
    #expect(resized.overflows == 0 && resized.unknown.isEmpty)
  }
}
