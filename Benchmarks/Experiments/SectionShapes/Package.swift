// swift-tools-version: 6.1
import PackageDescription

// A snapshot built from a few large sections against the same items in one section,
// outside the benchmark's one sectioned shape (100 sections): README, Performance,
// "2026-11-29 (evening)". Run from this folder:
//
//   swift run -c release section-shapes
let package = Package(
  name: "section-shapes",
  dependencies: [.package(name: "swift-diffable", path: "../../..")],
  targets: [
    .executableTarget(
      name: "section-shapes",
      dependencies: [.product(name: "Diffable", package: "swift-diffable")])
  ],
  swiftLanguageModes: [.v6]
)
