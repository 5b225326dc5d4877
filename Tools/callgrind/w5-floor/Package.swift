// swift-tools-version:6.0
// W5's floor: see floor.sh. Not part of the Signals package (it is not built by `swift build` at the root).
import PackageDescription

let package = Package(
  name: "w5-floor",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Signals", path: "../../..")],
  targets: [
    .executableTarget(
      name: "w5-floor",
      dependencies: [
        .product(name: "Signals", package: "Signals"), .product(name: "SignalsTesting", package: "Signals"),
      ])
  ]
)
