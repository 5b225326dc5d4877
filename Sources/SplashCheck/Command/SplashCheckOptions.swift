/// What to check: the directory, the intro's first frame, and the overrides of the search.
package struct SplashCheckOptions: Sendable, Equatable {
  /// The directory to search for the app (an absolute path once parsed).
  package var directory: String
  /// The asset-catalog name of the colour behind the intro's first frame (`--intro-background`).
  package var introBackground: String
  /// The asset-catalog name of the image the intro's first frame draws, if any (`--intro-image`).
  package var introImage: String?
  /// The app's Info.plist, which skips the search (`--plist`).
  package var plist: String?
  /// The application target to check when a project has several (`--target`).
  package var target: String?
  /// The asset catalogs to use instead of the ones found under ``directory`` (`--assets`, repeatable).
  package var assets: [String]
  /// Print the report as JSON (`--json`).
  package var json: Bool

  /// Options for checking `directory` against an intro whose background is the colour `introBackground`.
  package init(
    directory: String, introBackground: String, introImage: String? = nil, plist: String? = nil,
    target: String? = nil, assets: [String] = [], json: Bool = false
  ) {
    self.directory = directory
    self.introBackground = introBackground
    self.introImage = introImage
    self.plist = plist
    self.target = target
    self.assets = assets
    self.json = json
  }
}

/// A command line that cannot be run: the message says why, in one line.
package struct SplashCheckUsageError: Error, Sendable, Equatable {
  /// What is wrong with the command line.
  package var message: String

  /// A usage error saying `message`.
  package init(_ message: String) { self.message = message }
}

/// What a command line asks for: the help text, or a check.
package enum SplashCheckCommand: Sendable, Equatable {
  /// `--help` or `-h`: print ``SplashCheck/usage`` and exit 0.
  case help
  /// Run the check with these options.
  case check(SplashCheckOptions)

  /// Parses `arguments` (without the program name); relative paths are taken from `currentDirectory`.
  ///
  /// Options take their value as the next argument or after `=` (`--target=App`); `--` ends the
  /// options. `--help` anywhere wins over everything else.
  package static func parse(
    _ arguments: [String], currentDirectory: String
  ) throws(SplashCheckUsageError) -> SplashCheckCommand {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    var directory: String?
    var values: [String: String] = [:]
    var assets: [String] = []
    var json = false
    var index = 0
    var optionsEnded = false

    func take(_ name: String, inline: String?) throws(SplashCheckUsageError) -> String {
      let value: String
      if let inline {
        value = inline
      } else {
        index += 1
        guard index < arguments.count else { throw SplashCheckUsageError("\(name) needs a value") }
        value = arguments[index]
      }
      guard !value.isEmpty else { throw SplashCheckUsageError("\(name) needs a non-empty value") }
      return value
    }

    while index < arguments.count {
      let argument = arguments[index]
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        guard directory == nil else {
          throw SplashCheckUsageError("only one directory can be checked (got '\(directory!)' and '\(argument)')")
        }
        directory = argument
        index += 1
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let inline = parts.count == 2 ? String(parts[1]) : nil
      switch name {
      case "--":
        optionsEnded = true
      case "--json":
        guard inline == nil else { throw SplashCheckUsageError("--json takes no value") }
        json = true
      case "--assets":
        assets.append(try take(name, inline: inline))
      case "--intro-background", "--intro-image", "--plist", "--target":
        guard values[name] == nil else { throw SplashCheckUsageError("\(name) is given more than once") }
        values[name] = try take(name, inline: inline)
      default:
        throw SplashCheckUsageError("unknown option '\(name)'")
      }
      index += 1
    }
    guard let introBackground = values["--intro-background"] else {
      throw SplashCheckUsageError("--intro-background NAME is required: the colour behind the intro's first frame")
    }
    if values["--plist"] != nil, values["--target"] != nil {
      throw SplashCheckUsageError("give --plist or --target, not both")
    }
    let absolute = { (path: String) in Path.absolute(path, from: currentDirectory) }
    return .check(
      SplashCheckOptions(
        directory: absolute(directory ?? "."), introBackground: introBackground,
        introImage: values["--intro-image"], plist: values["--plist"].map(absolute),
        target: values["--target"], assets: assets.map(absolute), json: json))
  }
}
