import SplashDemoKit
import Testing

/// Every flag of `splash-demo`, at the parser: what it sets, and what it refuses (a one-line error; the
/// executable adds the usage and exit code 2).
@Suite struct DemoArgumentsTests {
  private func options(_ arguments: String...) throws -> DemoOptions {
    guard case .run(let options) = try DemoArguments.parse(arguments) else {
      Issue.record("\(arguments) asked for the help")
      return DemoOptions()
    }
    return options
  }

  private func refusal(_ arguments: String...) -> String? {
    do {
      _ = try DemoArguments.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func noArgumentsPlaySeed000WithTheDefaults() throws {
    let defaults = try options()
    #expect(defaults == DemoOptions())
    #expect(defaults.scenario == .animated)
    #expect(defaults.load == .milliseconds(1500))
    #expect(!defaults.failLoad)
    #expect(defaults.effectiveTimeout == .seconds(3))
    #expect(defaults.minimum == .zero)
    #expect(defaults.reduceMotion == nil)
    #expect(defaults.gate == .always)
    #expect(defaults.statePath == nil)
    #expect(defaults.effectiveVersion == "1.0")
    #expect(!defaults.runsInVirtualTime)
  }

  @Test func helpWinsWhereverItIs() throws {
    #expect(try DemoArguments.parse(["--help"]) == .help)
    #expect(try DemoArguments.parse(["-h"]) == .help)
    #expect(try DemoArguments.parse(["--load", "2", "--help", "--bogus"]) == .help)
  }

  @Test(arguments: DemoScenario.allCases) func scenario(_ scenario: DemoScenario) throws {
    #expect(try options("--scenario", scenario.rawValue).scenario == scenario)
    #expect(try options("--scenario=\(scenario.rawValue)").scenario == scenario)
  }

  @Test func scenariosHaveTheirTimeouts() throws {
    #expect(try options("--scenario", "animated").effectiveTimeout == .seconds(3))
    #expect(try options("--scenario", "stages").effectiveTimeout == .seconds(3))
    #expect(try options("--scenario", "wave").effectiveTimeout == .seconds(6))
  }

  @Test func load() throws {
    #expect(try options("--load", "2.5").load == .milliseconds(2500))
    #expect(try options("--load=0").load == .zero)
    #expect(try options("--load", "0.0004").load == .zero)  // to the millisecond
    #expect(try options("--load", "1.8").load == .milliseconds(1800))  // exactly, not 1.8 as a Double
    #expect(try options("--load", "3600").load == .seconds(3600))
  }

  @Test func failLoad() throws {
    #expect(try options("--fail-load").failLoad)
    #expect(refusal("--fail-load=yes") == "--fail-load takes no value")
  }

  @Test func timeout() throws {
    #expect(try options("--timeout", "4").timeout == .seconds(4))
    #expect(try options("--scenario", "wave", "--timeout", "5").effectiveTimeout == .seconds(5))
    #expect(refusal("--timeout", "0") == "--timeout must be more than 0 seconds")
  }

  @Test func minimum() throws {
    #expect(try options("--min", "2").minimum == .seconds(2))
    #expect(try options("--min", "3").minimum == .seconds(3))  // equal to the timeout: allowed
  }

  @Test func reduceMotion() throws {
    #expect(try options("--reduce-motion", "skip").reduceMotion == .skip)
    #expect(try options("--reduce-motion", "static").reduceMotion == .staticPose)
    #expect(try options("--reduce-motion=static").reduceMotion == .staticPose)
    #expect(refusal("--reduce-motion") == "--reduce-motion needs a value (skip|static)")
    #expect(refusal("--reduce-motion", "--timeline") == "--reduce-motion needs a value (skip|static)")
    #expect(refusal("--reduce-motion", "on") == "--reduce-motion is one of skip, static, got 'on'")
  }

  @Test func gateStateAndVersion() throws {
    #expect(try options("--gate", "always").gate == .always)
    #expect(try options("--gate", "first-launch").gate == .firstLaunch)
    let afterUpdate = try options("--gate", "after-update", "--version", "2.1", "--state", "/tmp/x")
    #expect(afterUpdate.gate == .afterUpdate)
    #expect(afterUpdate.effectiveVersion == "2.1")
    #expect(afterUpdate.statePath == "/tmp/x")
    #expect(try options("--version", "3", "--gate", "after-update").version == "3")  // in any order
    #expect(try options("--state", "state.json").statePath == "state.json")
    #expect(refusal("--gate", "sometimes") == "--gate is one of always, first-launch, after-update, got 'sometimes'")
    #expect(refusal("--version", "2") == "--version applies to --gate after-update only")
    #expect(refusal("--gate", "after-update", "--version", "") == "--version needs a non-empty version")
    #expect(refusal("--state", "") == "--state needs a non-empty path")
    #expect(refusal("--state") == "--state needs a value (PATH)")
  }

  @Test func timelineAndSVG() throws {
    #expect(try options("--timeline").timeline)
    #expect(try options("--timeline").runsInVirtualTime)
    let svg = try options("--svg", "picture.svg")
    #expect(svg.svgPath == "picture.svg")
    #expect(svg.runsInVirtualTime)
    #expect(!svg.timeline)
    #expect(refusal("--timeline=1") == "--timeline takes no value")
    #expect(refusal("--svg") == "--svg needs a value (PATH)")
  }

  @Test(arguments: [
    (["--load", "soon"], "--load needs a number of seconds, got 'soon'"),
    (["--load", "-1"], "--load needs a number of seconds, got '-1'"),
    (["--load", "1e3"], "--load needs a number of seconds, got '1e3'"),
    (["--load", "."], "--load needs a number of seconds, got '.'"),
    (["--load", "1.2.3"], "--load needs a number of seconds, got '1.2.3'"),
    (["--load", "nan"], "--load needs a number of seconds, got 'nan'"),
    (["--load", ""], "--load needs a number of seconds, got ''"),
    (["--load", "3601"], "--load is at most 3600 seconds, got '3601'"),
    (["--timeout", "inf"], "--timeout needs a number of seconds, got 'inf'"),
    (["--min", "x"], "--min needs a number of seconds, got 'x'"),
    (["--load"], "--load needs a value (SECONDS)"),
  ])
  func badSeconds(arguments: [String], message: String) {
    #expect(throws: DemoUsageError(message)) { try DemoArguments.parse(arguments) }
  }

  @Test func unknownRepeatedAndStrayArguments() {
    #expect(refusal("--bogus") == "unknown option '--bogus'")
    #expect(refusal("--bogus=1") == "unknown option '--bogus'")
    #expect(refusal("animated") == "unexpected argument 'animated'")
    #expect(refusal("-x") == "unexpected argument '-x'")
    #expect(refusal("--") == "unexpected argument '--'")
    #expect(refusal("--load", "1", "--load", "2") == "--load is given more than once")
    #expect(refusal("--timeline", "--timeline") == "--timeline is given more than once")
  }

  @Test func introsTheCoordinatorWouldRefuseAreRefusedHere() {
    #expect(refusal("--min", "4") == "--min (4 s) is above the timeout (3 s): the intro would always time out")
    #expect(refusal("--timeout", "2") == "--timeout (2 s) is shorter than the 2.6 s animation")
    #expect(refusal("--scenario", "wave", "--min", "6.5") != nil)
    // The playbacks' stated lengths too: the letter wave's 5 s, the stages' 2 s.
    #expect(refusal("--scenario", "wave", "--timeout", "2") == "--timeout (2 s) is shorter than the 5 s letter wave")
    #expect(
      refusal("--scenario", "stages", "--timeout", "1.5") == "--timeout (1.5 s) is shorter than the 2 s animation")
    #expect(refusal("--scenario", "wave", "--timeout", "5") == nil, "a length equal to the timeout is fine")
  }

  @Test func theErrorSaysWhoIsSpeaking() {
    #expect(DemoUsageError("unknown option '--x'").description == "splash-demo: unknown option '--x'")
    #expect(DemoArguments.usage.hasPrefix("usage: splash-demo [options]"))
    for flag in [
      "--scenario", "--load", "--fail-load", "--timeout", "--min", "--reduce-motion", "--gate", "--state",
      "--version", "--timeline", "--svg", "--help",
    ] {
      #expect(DemoArguments.usage.contains(flag), "the usage names \(flag)")
    }
  }
}
