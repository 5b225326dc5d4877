// swift-tools-version:6.0
// Two minimal apps, for what an app links of this package: see size.sh. Not part of the Signals package (it
// is not built by `swift build` at the root).
import PackageDescription

let package = Package(
  name: "app-size",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Signals", path: "../..")],
  targets: [
    // A subject, `map`, `filter` and `sink`: the smallest pipeline an app writes.
    .executableTarget(name: "pipeline", dependencies: [.product(name: "Signals", package: "Signals")]),
    // The README's intro (its configuration and calls; the SwiftUI layer does not build on Linux).
    .executableTarget(name: "intro", dependencies: [.product(name: "Intro", package: "Signals")]),
  ]
)
