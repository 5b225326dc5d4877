#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal back as it was: on every way out, a crash included.
///
/// What to restore — the original `termios` and whether the modes and the screen were changed — lives in
/// memory allocated once, before any handler is installed, so that ``restore()`` only loads and stores
/// plain values and calls `tcsetattr` and `write`: async-signal-safe, with no allocation, lock or
/// reference counting. The handler installed by ``installSignalHandlers()`` for `SIGINT`, `SIGTERM`,
/// `SIGHUP`, `SIGQUIT`, `SIGABRT`, `SIGSEGV`, `SIGILL` and `SIGTRAP` calls it, puts back the signal's
/// previous disposition (the default, or the Swift runtime's crash reporter, which then prints its
/// report on a restored terminal) and raises the signal again, so the process ends as that signal says
/// (Ctrl-C: exit status 130 in the shell). ``installExitHandler()`` restores at `exit` too. Restoring is
/// idempotent: each part is put back once.
package enum TerminalRestore {
  /// Written by the restore: cancels an escape sequence cut short by a signal, resets the style, shows
  /// the cursor and leaves the alternate screen.
  static let leaveSequence: StaticString = "\u{18}\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// The signals whose handler restores the terminal.
  package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGILL, SIGTRAP]

  /// What to restore. Plain values only: the signal handler reads them.
  struct Saved {
    /// The terminal's modes before the demo changed them.
    var original = termios()
    /// The terminal whose modes were changed.
    var input: Int32 = -1
    /// The terminal whose screen was changed.
    var output: Int32 = -1
    /// Whether the modes are changed (`original` must be put back).
    var modesChanged = false
    /// Whether the alternate screen is on (and the cursor hidden).
    var screenChanged = false
    /// The thread that installed the handlers: the main thread, which writes the frames.
    var drawingThread: pthread_t?
  }

  /// Allocated once and never freed; touched before any handler is installed.
  nonisolated(unsafe) static let saved: UnsafeMutablePointer<Saved> = {
    let pointer = UnsafeMutablePointer<Saved>.allocate(capacity: 1)
    pointer.initialize(to: Saved())
    return pointer
  }()

  /// The dispositions the handler replaced, by signal number.
  nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalLimit)
    pointer.initialize(repeating: sigaction(), count: signalLimit)
    return pointer
  }()

  /// One more than the largest signal number kept in ``previousActions``.
  static let signalLimit = 64

  /// Records that `input`'s modes are about to change from `original`: call it before changing them.
  static func saveModes(_ original: termios, of input: Int32) {
    saved.pointee.original = original
    saved.pointee.input = input
    saved.pointee.modesChanged = true
  }

  /// Records that `output` is about to switch to the alternate screen: call it before writing the switch.
  static func saveScreen(of output: Int32) {
    saved.pointee.output = output
    saved.pointee.screenChanged = true
  }

  /// Whether something is still to restore.
  package static var isPending: Bool { saved.pointee.modesChanged || saved.pointee.screenChanged }

  /// Restores what was changed, once: the screen (leave sequence), then the modes (`tcsetattr`).
  ///
  /// Async-signal-safe: only loads, stores, `write` and `tcsetattr`.
  package static func restore() {
    let state = saved
    if state.pointee.screenChanged {
      state.pointee.screenChanged = false
      _ = write(state.pointee.output, leaveSequence.utf8Start, leaveSequence.utf8CodeUnitCount)
    }
    if state.pointee.modesChanged {
      state.pointee.modesChanged = false
      _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.original)
    }
  }

  /// Installs the restoring handler for every signal of ``signals``, keeping each previous disposition.
  /// A signal the process was started with ignored (`nohup`, a background job) stays ignored.
  package static func installSignalHandlers() {
    _ = saved
    _ = previousActions
    recordDrawingThread()
    for signal in signals where signal < signalLimit {
      guard sigaction(signal, nil, previousActions + Int(signal)) == 0, !isIgnored(previousActions[Int(signal)])
      else { continue }
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { signal in TerminalRestore.restoreAndRaise(signal) }
      #else
        action.__sigaction_handler = .init(sa_handler: { signal in TerminalRestore.restoreAndRaise(signal) })
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      _ = sigaction(signal, &action, previousActions + Int(signal))
    }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
      return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    #else
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
    #endif
  }

  /// Puts back every disposition ``installSignalHandlers()`` replaced.
  package static func uninstallSignalHandlers() {
    for signal in signals where signal < signalLimit {
      _ = sigaction(signal, previousActions + Int(signal), nil)
    }
  }

  /// Restores at `exit` (and when `main` returns).
  package static func installExitHandler() {
    _ = saved
    atexit { TerminalRestore.restore() }
  }

  /// The handler: restore, put back the previous disposition, raise the signal again (delivered when the
  /// handler returns). Async-signal-safe.
  ///
  /// A signal sent to the process (Ctrl-C, `kill`) may land on any thread; on another thread than the one
  /// that draws, the restore would race a frame being written, whose rest would then land on the restored
  /// screen (seen once in the end-to-end test, under load). So such a signal is sent on to the drawing
  /// thread and handled there, between two writes or inside one (a cut escape sequence is cancelled by
  /// the leave sequence). A crash signal is the faulting thread's own and is handled where it arrives.
  static func restoreAndRaise(_ signal: Int32) {
    if let drawing = forwardingThread(for: signal, arrivedOn: pthread_self()) {
      _ = pthread_kill(drawing, signal)
      return
    }
    restore()
    if signal >= 0, signal < signalLimit { _ = sigaction(signal, previousActions + Int(signal), nil) }
    _ = raise(signal)
  }

  /// The drawing thread, when `signal`, which arrived on `thread`, is to be handled there instead: a signal
  /// sent to the process, on another thread than the drawing one. Async-signal-safe.
  package static func forwardingThread(for signal: Int32, arrivedOn thread: pthread_t) -> pthread_t? {
    guard signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGQUIT,
      let drawing = saved.pointee.drawingThread, pthread_equal(thread, drawing) == 0
    else { return nil }
    return drawing
  }

  /// Records the calling thread as the one that draws (``installSignalHandlers()`` does, first).
  package static func recordDrawingThread() {
    saved.pointee.drawingThread = pthread_self()
  }
}
