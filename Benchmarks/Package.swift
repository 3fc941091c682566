// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that users of the library never resolve or build the benchmark.
let package = Package(
  name: "diffable-benchmarks",
  dependencies: [
    // Named, because a path dependency's identity is otherwise its folder's name.
    .package(name: "swift-diffable", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "diffable-benchmarks",
      dependencies: [
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableDataSource", package: "swift-diffable"),
        .product(name: "DiffableTesting", package: "swift-diffable"),
        "CAllocatedBytes",
      ]
    ),
    .target(name: "CAllocatedBytes"),
  ],
  swiftLanguageModes: [.v6]
)
