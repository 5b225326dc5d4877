/// What the command line asks for: run with options, or print the help.
package enum DemoCommand: Sendable, Hashable {
  /// Run the demo (or its timeline) with these options.
  case run(DemoOptions)
  /// Print ``DemoArguments/usage`` and exit successfully.
  case help
}

/// A command line the demo refuses: printed as one line, then the usage, with exit code 2.
package struct DemoUsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in one line.
  package let message: String

  /// An error saying `message`.
  package init(_ message: String) {
    self.message = message
  }

  /// `splash-demo: <message>`.
  package var description: String { "splash-demo: \(message)" }
}

/// The command line's grammar: `--flag VALUE` or `--flag=VALUE`, each flag at most once.
package enum DemoArguments {
  /// The help text, also printed under a usage error.
  package static let usage = """
    usage: splash-demo [options]

    An app's animated intro in your terminal, decided by Intro's IntroCoordinator: any key skips it,
    Ctrl-C quits. Then the content screen says why the intro ended, when, and shows its trace.

      --scenario NAME         animated (default: a 2.6 s animation, 3 s timeout, wave and stages as
                              decoration), stages (the staged splash, 1 s + 1 s) or wave (the letter
                              wave, 5.0 s, 6 s timeout)
      --load SECONDS          how long the simulated load takes (default 1.5)
      --fail-load             the load fails instead
      --timeout SECONDS       the safety timeout (default: the scenario's)
      --min SECONDS           the minimum time on screen (default 0)
      --reduce-motion POLICY  Reduce Motion is on: skip (no intro) or static (a still pose)
      --gate GATE             always (default), first-launch or after-update
      --state PATH            keep the gate's history in PATH (a directory, or a .json file);
                              default: in memory, for this run only
      --version V             the app version for --gate after-update (default 1.0)
      --timeline              run in virtual time, at once, and print one marble lane per input
                              and the outcome
      --svg PATH              write that timeline as an SVG picture (in virtual time)
      -h, --help              this help

    SECONDS is a decimal number of seconds, to the millisecond (2.5, 0.25).
    """

  /// Parses `arguments` (without the program's name).
  package static func parse(_ arguments: [String]) throws(DemoUsageError) -> DemoCommand {
    var options = DemoOptions()
    var seen: Set<String> = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "-h" || argument == "--help" { return .help }
      guard argument.hasPrefix("--"), argument.count > 2 else {
        throw DemoUsageError("unexpected argument '\(argument)'")
      }
      var flag = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let kind = Flag(rawValue: flag) else { throw DemoUsageError("unknown option '\(flag)'") }
      guard seen.insert(flag).inserted else { throw DemoUsageError("\(flag) is given more than once") }
      /// The flag's value: after `=`, or the next argument (which is then consumed).
      func value() throws(DemoUsageError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
          throw DemoUsageError("\(flag) needs a value (\(kind.valueName))")
        }
        index += 1
        return arguments[index - 1]
      }
      if !kind.takesValue, inlineValue != nil { throw DemoUsageError("\(flag) takes no value") }
      switch kind {
      case .scenario: options.scenario = try choice(try value(), for: flag)
      case .load: options.load = try seconds(try value(), for: flag)
      case .failLoad: options.failLoad = true
      case .timeout:
        let timeout = try seconds(try value(), for: flag)
        guard timeout > .zero else { throw DemoUsageError("\(flag) must be more than 0 seconds") }
        options.timeout = timeout
      case .minimum: options.minimum = try seconds(try value(), for: flag)
      case .reduceMotion: options.reduceMotion = try choice(try value(), for: flag)
      case .gate: options.gate = try choice(try value(), for: flag)
      case .state: options.statePath = try path(try value(), for: flag)
      case .version:
        let version = try value()
        guard !version.isEmpty else { throw DemoUsageError("\(flag) needs a non-empty version") }
        options.version = version
      case .timeline: options.timeline = true
      case .svg: options.svgPath = try path(try value(), for: flag)
      }
    }
    if options.version != nil, options.gate != .afterUpdate {
      throw DemoUsageError("--version applies to --gate after-update only")
    }
    if let problem = DemoIntro.problem(with: options) { throw DemoUsageError(problem) }
    return .run(options)
  }

  private enum Flag: String {
    case scenario = "--scenario"
    case load = "--load"
    case failLoad = "--fail-load"
    case timeout = "--timeout"
    case minimum = "--min"
    case reduceMotion = "--reduce-motion"
    case gate = "--gate"
    case state = "--state"
    case version = "--version"
    case timeline = "--timeline"
    case svg = "--svg"

    var takesValue: Bool { self != .failLoad && self != .timeline }

    var valueName: String {
      switch self {
      case .scenario: DemoScenario.allCases.map(\.rawValue).joined(separator: "|")
      case .load, .timeout, .minimum: "SECONDS"
      case .reduceMotion: DemoReduceMotion.allCases.map(\.rawValue).joined(separator: "|")
      case .gate: DemoGate.allCases.map(\.rawValue).joined(separator: "|")
      case .state, .svg: "PATH"
      case .version: "V"
      case .failLoad, .timeline: ""
      }
    }
  }

  /// The longest duration the demo accepts: an hour.
  static let longest = Duration.seconds(3600)

  /// `text` as a duration to the millisecond: a decimal number of seconds from 0 to an hour.
  static func seconds(_ text: String, for flag: String) throws(DemoUsageError) -> Duration {
    let isDecimal =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
      && text.filter { $0 == "." }.count <= 1 && text != "."
    guard isDecimal, let seconds = Double(text) else {
      throw DemoUsageError("\(flag) needs a number of seconds, got '\(text)'")
    }
    let duration = Duration.milliseconds(Int64((seconds * 1000).rounded()))
    guard duration <= longest else { throw DemoUsageError("\(flag) is at most 3600 seconds, got '\(text)'") }
    return duration
  }

  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ text: String, for flag: String
  ) throws(DemoUsageError) -> Choice where Choice.RawValue == String {
    guard let choice = Choice(rawValue: text) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw DemoUsageError("\(flag) is one of \(names), got '\(text)'")
    }
    return choice
  }

  private static func path(_ text: String, for flag: String) throws(DemoUsageError) -> String {
    guard !text.isEmpty else { throw DemoUsageError("\(flag) needs a non-empty path") }
    return text
  }
}
