/// One thing `splash-check` found: how serious it is, what kind of thing it is, where, and what.
///
/// A finding prints as one line, `severity: file: key path: message`, for example
/// `error: App/Info.plist: UILaunchScreen.UIColorName: 'Splash' is not in the asset catalog`.
package struct Finding: Sendable, Equatable, Codable {
  /// How serious a finding is. Together with ``Kind/isInputProblem`` it decides the exit code.
  package enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    /// A reminder: something to keep in mind, nothing wrong today.
    case note
    /// The launch screen and the intro match only by coincidence, or something cannot be verified.
    case warning
    /// Some appearance shows a different colour or image, something named is missing, or nothing is
    /// configured.
    case error

    /// Orders notes before warnings before errors.
    package static func < (lhs: Severity, rhs: Severity) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// What a finding is about: a stable identifier for tools (`--json`) and tests.
  package enum Kind: String, Sendable, Codable, CaseIterable {
    /// A file the check needs (the app's own, or a path given explicitly) is missing or unreadable:
    /// exit 2.
    case unreadableInput = "unreadable-input"
    /// More than one Info.plist could be the app's: exit 2; the candidates follow as notes.
    case ambiguousApp = "ambiguous-app"
    /// One candidate for the app's Info.plist, listed after ``ambiguousApp``.
    case appCandidate = "app-candidate"
    /// No Info.plist of an app was found: exit 2.
    case appNotFound = "app-not-found"
    /// A path in the tree that could not be read, or that loops, skipped.
    case skippedPath = "skipped-path"
    /// A folder that is not searched (dependencies, build products, tests, other bundles).
    case skippedFolder = "skipped-folder"
    /// An Info.plist that belongs to another kind of bundle (an extension, a framework).
    case skippedPlist = "skipped-plist"
    /// An application target that needs no launch screen (macOS, tvOS, visionOS, watchOS).
    case skippedTarget = "skipped-target"
    /// The launch screen differs between build configurations.
    case configurationsDiffer = "configurations-differ"
    /// A key set both by the Info.plist file and by an `INFOPLIST_KEY_…` build setting, differently.
    case settingConflict = "setting-conflict"
    /// An xcconfig `#include` loop, or a build-setting variable that cannot be resolved.
    case unresolvedSetting = "unresolved-setting"
    /// No launch screen is configured (for the app, or for one device).
    case launchScreenMissing = "launch-screen-missing"
    /// A launch key has the wrong type (a string where a dictionary belongs).
    case invalidValue = "invalid-value"
    /// A device suffix other than `~iphone` or `~ipad`.
    case unknownDeviceSuffix = "unknown-device-suffix"
    /// Both a `UILaunchScreen` dictionary and a launch storyboard apply to one device.
    case launchKindsConflict = "launch-kinds-conflict"
    /// `UIDefaultLaunchScreen` or a URL association names an identifier no definition has, or a
    /// definition has no identifier.
    case launchScreenIdentifierMissing = "launch-screen-identifier-missing"
    /// The launch storyboard (or nib) named by `UILaunchStoryboardName` is not in the tree.
    case storyboardNotFound = "storyboard-not-found"
    /// `UIColorName` is not set: the launch screen draws the system background.
    case colorNameMissing = "color-name-missing"
    /// `UILaunchScreen` is an empty dictionary: the launch screen draws the system background.
    case emptyLaunchScreen = "empty-launch-screen"
    /// A colour named by the launch screen or by `--intro-background` is not in the asset catalog.
    case colorNotInCatalog = "color-not-in-catalog"
    /// An image named by the launch screen or by `--intro-image` is not in the asset catalog.
    case imageNotInCatalog = "image-not-in-catalog"
    /// A colour or image name is defined in more than one asset catalog.
    case assetDefinedTwice = "asset-defined-twice"
    /// The launch colour and the intro's background differ in some appearance.
    case colorDiffers = "color-differs"
    /// One side has a dark variant and the other does not, and dark mode shows different colours.
    case darkVariantOnOneSide = "dark-variant-on-one-side"
    /// Different colours (by name) with equal values today: a coincidence that the next edit breaks.
    case colorsMatchByCoincidence = "colors-match-by-coincidence"
    /// A colour whose value cannot be converted to sRGB here, so it is not compared.
    case conversionImpossible = "conversion-impossible"
    /// The launch screen's image is not the intro's first-frame image.
    case imageDiffers = "image-differs"
    /// The launch screen shows an image: the intro's first frame must draw it at the same size and place.
    case imageReminder = "image-reminder"
    /// A navigation bar, tab bar or toolbar in the launch screen flashes unless the intro draws it too.
    case barsInLaunchScreen = "bars-in-launch-screen"
    /// `UIImageRespectsSafeAreaInsets` moves the launch image: the intro must place its image the same way.
    case safeAreaInsets = "safe-area-insets"
    /// A detail of a launch storyboard that cannot be verified from its file.
    case storyboardUnverifiable = "storyboard-unverifiable"

    /// True for the kinds that make the exit code 2: the check could not read what it needs.
    package var isInputProblem: Bool {
      self == .unreadableInput || self == .ambiguousApp || self == .appNotFound
    }
  }

  /// How serious this finding is.
  package var severity: Severity
  /// What this finding is about.
  package var kind: Kind
  /// The file the finding is about, relative to the checked directory when it is inside it.
  package var file: String?
  /// Where in the file: a key path (`UILaunchScreen.UIColorName`), a build setting or a storyboard element.
  package var keyPath: String?
  /// What was found, in a sentence.
  package var message: String

  /// A finding of `kind`, with the given severity, place and message.
  package init(_ severity: Severity, _ kind: Kind, file: String?, keyPath: String? = nil, _ message: String) {
    self.severity = severity
    self.kind = kind
    self.file = file
    self.keyPath = keyPath
    self.message = message
  }

  /// The finding as one line: `severity: file: key path: message` (empty parts left out).
  package var line: String {
    ([severity.rawValue] + [file, keyPath].compactMap { $0 } + [message]).joined(separator: ": ")
  }
}
