// splash-demo: an app's animated intro in the terminal, decided by Intro's IntroCoordinator on the main
// queue. The logic is SplashDemoKit's; this file wires it to the process: the command line, the
// terminal's keys and resizes (Dispatch sources), and the three ways to run (a terminal, a plain log,
// virtual time).
import Dispatch
import Foundation
import Intro
import Signals
import SplashDemoKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

let environment = ProcessInfo.processInfo.environment

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
  TerminalSession.write(text + "\n", to: STDERR_FILENO)
}

/// Runs the main run loop until the process exits: main-queue work, and so the main actor, runs on the main
/// thread, as in an app. Not `dispatchMain()`, which ends the main thread and leaves the main queue to a worker
/// thread (on Darwin and on Linux), where Swift's main-actor check on macOS 14 reports a data race for each
/// delivery `receiveOnMainActor()` queues.
@MainActor func runMainLoop() -> Never {
  RunLoop.main.run()
  fatalError("splash-demo: the main run loop returned")
}

/// What Swift's runtime checks on macOS 14 in main-actor code reached through the main queue: that it runs on
/// the main thread. Checked here on every platform, so that parking the main thread fails the end-to-end test.
@MainActor func expectMainThread() {
  precondition(Thread.isMainThread, "splash-demo: main-actor work ran off the main thread")
}

/// Waits for the gate's history to be on disk before the process ends.
func flushHistory(_ intro: DemoIntro) {
  intro.flushHistory()
}

let options: DemoOptions
do {
  switch try DemoArguments.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help:
    print(DemoArguments.usage)
    exit(0)
  case .run(let parsed):
    options = parsed
  }
} catch {
  printError("\(error)\n\n\(DemoArguments.usage)")
  exit(2)
}

/// `--timeline` and `--svg`: virtual time, at once.
@MainActor func runTimeline() -> Never {
  // The simulated load is async work on the TestScheduler's clock: it needs task executors.
  guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
    printError("splash-demo: --timeline and --svg need macOS 15 or later (task executors run the load in virtual time)")
    exit(2)
  }
  let model = DemoTimeline.run(options)
  if let path = options.svgPath {
    let picture = TimelineSVG(
      title: "splash-demo --timeline · \(model.tagline)",
      footer: DemoLog.summary(of: model, width: nil).prefix(1).map { $0 })
    do {
      try picture.render(DemoTimeline.timeline(of: model)).write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      printError("splash-demo: cannot write \(path): \(error.localizedDescription)")
      exit(1)
    }
  }
  if options.timeline {
    let width = TerminalSession.isTerminal(STDOUT_FILENO) ? TerminalSession().size.columns : nil
    print(DemoTimeline.text(of: model, width: width))
  } else if let path = options.svgPath {
    print("splash-demo: wrote \(path)")
  }
  exit(0)
}

/// Standard output is not a terminal: a line per change, then the outcome and the trace.
@MainActor func runLog() {
  let session = DemoSession(
    options: options, scheduler: DispatchSignalScheduler.main, sleep: { try await Task.sleep(for: $0) },
    isRealTime: true, fadeFrames: 0)
  print(DemoLog.header(session.intro))
  session.onChange = { old, new in
    expectMainThread()
    for line in DemoLog.lines(from: old, to: new) { print(line) }
  }
  session.onFinish = { _ in
    let width = TerminalSize.of(environment: environment)?.columns
    for line in DemoLog.summary(of: session.model, width: width) { print(line) }
    flushHistory(session.intro)
    exit(0)
  }
  session.start()
}

/// A terminal: cbreak mode, the alternate screen, frames at the terminal's size; any key skips, then
/// exits; Ctrl-C restores the terminal and ends the process with SIGINT (status 130).
@MainActor func runInteractive() {
  let terminal = TerminalSession()
  TerminalRestore.installSignalHandlers()
  TerminalRestore.installExitHandler()
  do {
    try terminal.enterCbreakMode()
  } catch {
    printError("splash-demo: \(error)")
    exit(1)
  }
  terminal.enterAlternateScreen()
  DemoCrashSwitch.crashIfAsked(environment)

  let session = DemoSession(
    options: options, scheduler: DispatchSignalScheduler.main, sleep: { try await Task.sleep(for: $0) },
    isRealTime: true)
  let presenter = DemoScreenPresenter(
    size: terminal.size,
    encoder: TerminalFrameEncoder(colorDepth: TerminalFrameEncoder.colorDepth(environment: environment))
  ) { bytes in terminal.write(bytes) }
  session.onChange = { _, new in
    expectMainThread()
    presenter.draw(new)
  }

  // Keys and resizes arrive on Dispatch sources and reach the main actor through signals.
  let keys = PassthroughSignal<Void, Never>()
  let keySource = DispatchSource.makeReadSource(fileDescriptor: terminal.input, queue: .main)
  let input = terminal.input
  keySource.setEventHandler {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(input, &buffer, buffer.count)
    if count > 0 {
      keys.send(())  // one press, whatever its bytes (an arrow key sends three)
    } else if count == 0 {
      keySource.cancel()  // the terminal went away: SIGHUP follows
    }
  }
  let resizes = PassthroughSignal<Void, Never>()
  signal(SIGWINCH, SIG_IGN)
  let resizeSource = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
  resizeSource.setEventHandler { resizes.send(()) }

  func quit() -> Never {
    terminal.leave()
    for line in DemoLog.summary(of: session.model, width: terminal.size.columns) { print(line) }
    flushHistory(session.intro)
    exit(0)
  }
  let subscriptions = [
    keys.receiveOnMainActor().sink { _ in
      expectMainThread()
      if !session.pressKey() { quit() }
    },
    resizes.receiveOnMainActor().sink { _ in presenter.resize(to: terminal.size, drawing: session.model) },
  ]
  keySource.resume()
  resizeSource.resume()
  presenter.draw(session.model)
  session.start()
  // Kept for the life of the process: the sources and subscriptions live until `exit`.
  withExtendedLifetime((subscriptions, keySource, resizeSource)) {
    runMainLoop()
  }
}

if options.runsInVirtualTime { runTimeline() }
if TerminalSession.isInteractive(environment: environment) { runInteractive() } else { runLog() }
runMainLoop()
