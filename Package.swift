// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Signals",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
    .library(name: "SignalsFoundation", targets: ["SignalsFoundation"]),
    .library(name: "Intro", targets: ["Intro"]),
    .library(name: "IntroTesting", targets: ["IntroTesting"]),
    .library(name: "IntroUI", targets: ["IntroUI"]),
    .executable(name: "signals-bench", targets: ["signals-bench"]),
    .executable(name: "splash-check", targets: ["splash-check"]),
    .executable(name: "splash-demo", targets: ["splash-demo"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "Signals"),
    .target(name: "SignalsTesting", dependencies: ["Signals"]),
    // The operators and sources that need Foundation (coding, notifications): a product of its own, so that
    // Signals stays free of Foundation.
    .target(name: "SignalsFoundation", dependencies: ["Signals"]),
    // PrivacyInfo.xcprivacy: the reasons its UserDefaults store reads and writes `UserDefaults`.
    .target(name: "Intro", dependencies: ["Signals"], resources: [.copy("PrivacyInfo.xcprivacy")]),
    .target(name: "IntroTesting", dependencies: ["Intro", "Signals", "SignalsTesting"]),
    // The SwiftUI layer: its sources are inside `#if canImport(SwiftUI)` (an empty module elsewhere);
    // .ci/swiftui/ type-checks them here against the SwiftUI declarations they use.
    .target(name: "IntroUI", dependencies: ["Intro"]),
    // Counts heap allocations for the benchmarks by interposing malloc.
    // Linked only into signals-bench: never into a test or library target.
    .target(name: "CAllocCounter"),
    .executableTarget(
      name: "signals-bench",
      dependencies: ["Signals", "SignalsTesting", "Intro", "CAllocCounter"]
    ),
    // Checks an app's launch screen against its intro's first frame. Foundation only: no Signals.
    .target(name: "SplashCheck"),
    .executableTarget(name: "splash-check", dependencies: ["SplashCheck"]),
    // The sample app: its testable logic (arguments, layout, the terminal layer, the SVG writer) is the
    // SplashDemoKit library; the executable is the glue.
    .target(name: "SplashDemoKit", dependencies: ["Intro", "Signals", "SignalsTesting"]),
    .executableTarget(name: "splash-demo", dependencies: ["SplashDemoKit", "Intro", "Signals", "SignalsTesting"]),
    // The pages in Playgrounds/. Not named `Playgrounds`: that is a framework module of Apple's SDKs. No
    // IntroTesting: it imports Swift Testing, which an executable cannot load on a Mac (the Apple check's
    // test-link rule).
    .executableTarget(
      name: "signals-playgrounds",
      dependencies: ["Signals", "SignalsTesting", "SignalsFoundation", "Intro"],
      path: "Playgrounds"
    ),
    // Helpers shared by the test targets (a library only they depend on).
    .target(name: "SignalsTestSupport", dependencies: ["Signals", "SignalsTesting"], path: "Tests/SignalsTestSupport"),
    .testTarget(
      name: "SignalsTests", dependencies: ["Signals", "SignalsTesting", "SignalsFoundation", "SignalsTestSupport"]),
    .testTarget(name: "SignalsTestingTests", dependencies: ["Signals", "SignalsTesting", "SignalsTestSupport"]),
    .testTarget(
      name: "SignalsFoundationTests",
      dependencies: ["SignalsFoundation", "Signals", "SignalsTesting", "SignalsTestSupport"]),
    .testTarget(name: "IntroTests", dependencies: ["Intro", "IntroTesting", "Signals", "SignalsTesting"]),
    .testTarget(name: "IntroTestingTests", dependencies: ["Intro", "IntroTesting", "Signals", "SignalsTesting"]),
    .testTarget(name: "SplashCheckTests", dependencies: ["SplashCheck"]),
    .testTarget(
      name: "SplashDemoTests", dependencies: ["SplashDemoKit", "Intro", "Signals", "SignalsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
