/// The launch colour against the intro's background, appearance by appearance.
struct ColorComparison: Sendable {
  /// Appearances in which the two differ, grouped by the pair of values shown (nil: no variant applies).
  struct Difference: Equatable, Sendable {
    var appearances: [Appearance]
    var launch: RGBA?
    var intro: RGBA?
  }

  /// A side whose value cannot be had in some appearances.
  struct Unconvertible: Equatable, Sendable {
    var color: AppearanceColor
    var reason: String
    var appearances: [Appearance]
  }

  var differences: [Difference] = []
  var unconvertible: [Unconvertible] = []
  /// How many appearances compared equal.
  var equalCount = 0

  /// Compares `launch` with `intro` on `devices`, in light and dark mode, normal and high contrast.
  init(launch: AppearanceColor, intro: AppearanceColor, devices: [Device]) {
    for appearance in Appearance.all(on: devices) {
      let launchValue = launch.resolve(appearance)
      let introValue = intro.resolve(appearance)
      var convertible = true
      for (color, value) in [(launch, launchValue), (intro, introValue)] {
        guard case .unconvertible(let reason)? = value else { continue }
        convertible = false
        if let index = unconvertible.firstIndex(where: { $0.color == color && $0.reason == reason }) {
          unconvertible[index].appearances.append(appearance)
        } else {
          unconvertible.append(Unconvertible(color: color, reason: reason, appearances: [appearance]))
        }
      }
      guard convertible else { continue }
      let launchRGBA = launchValue.flatMap { if case .rgba(let rgba) = $0 { rgba } else { nil } }
      let introRGBA = introValue.flatMap { if case .rgba(let rgba) = $0 { rgba } else { nil } }
      switch (launchRGBA, introRGBA) {
      case (nil, nil):
        equalCount += 1
      case (let a?, let b?) where a.matches(b):
        equalCount += 1
      default:
        if let index = differences.firstIndex(where: { $0.launch == launchRGBA && $0.intro == introRGBA }) {
          differences[index].appearances.append(appearance)
        } else {
          differences.append(Difference(appearances: [appearance], launch: launchRGBA, intro: introRGBA))
        }
      }
    }
  }

  /// True when at least one appearance was compared and none differed.
  var matches: Bool { differences.isEmpty && equalCount > 0 }
}
