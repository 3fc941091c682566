// swift-tools-version: 6.1
import Foundation
import PackageDescription

// `DIFFABLE_INTERNAL_CHECKS=1 swift test` compiles in the `_checkInvariants()` calls that
// run after every mutation (as swift-collections does with COLLECTIONS_INTERNAL_CHECKS).
// They turn O(1) operations into O(n) ones, so they are off by default.
let internalChecks = ProcessInfo.processInfo.environment["DIFFABLE_INTERNAL_CHECKS"] != nil
let librarySettings: [SwiftSetting] = internalChecks ? [.define("DIFFABLE_INTERNAL_CHECKS")] : []

// RecipeKit uses Apple's Combine where it exists and OpenCombine everywhere else.
let nonApple: [Platform] = [.linux, .windows, .android]
let combineWhereMissing: [Target.Dependency] = [
  .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: nonApple)),
  .product(
    name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: nonApple)),
]

// The lock behind the state that sessions, feeds and tests share across threads. Not
// `Synchronization.Mutex`: on Linux, ThreadSanitizer does not see it lock (its atomics and
// futex calls are outside the instrumented code), and reports every access it guards as a
// race. NIO's lock is a pthread mutex, which ThreadSanitizer understands.
let lock = Target.Dependency.product(name: "NIOConcurrencyHelpers", package: "swift-nio")

let package = Package(
  name: "swift-diffable",
  products: [
    .library(name: "Diffable", targets: ["Diffable"]),
    .library(name: "DiffableTesting", targets: ["DiffableTesting"]),
    .library(name: "DiffableDataSource", targets: ["DiffableDataSource"]),
    .library(name: "DiffableWeb", targets: ["DiffableWeb"]),
    .library(name: "DiffableUIKitNames", targets: ["DiffableUIKitNames"]),
    .executable(name: "diffable-demo", targets: ["diffable-demo"]),
    .executable(name: "recipes", targets: ["recipes"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // `recipes --database postgres://…`: several processes sharing one database.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    // RecipeKit: Combine's stand-in where Apple's Combine is missing.
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    // `swift package generate-documentation` (scripts/docs.sh); no target depends on it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "Diffable",
      dependencies: [.product(name: "OrderedCollections", package: "swift-collections")],
      swiftSettings: librarySettings
    ),
    .target(
      name: "DiffableDataSource",
      dependencies: ["Diffable"],
      swiftSettings: librarySettings
    ),
    .target(
      name: "DiffableWeb",
      dependencies: [
        "DiffableDataSource",
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "OrderedCollections", package: "swift-collections"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        lock,
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      resources: [.copy("Resources")],
      swiftSettings: librarySettings
    ),
    .executableTarget(
      name: "diffable-demo",
      dependencies: [
        "DiffableWeb", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: librarySettings
    ),
    // The Recipes sample: its view controllers and page (RecipesWeb), and the executable.
    .target(
      name: "RecipesWeb",
      dependencies: ["DiffableWeb", "RecipeKit", lock] + combineWhereMissing,
      resources: [.copy("Resources")],
      swiftSettings: librarySettings
    ),
    // The recipes in PostgreSQL, shared by several `recipes` processes.
    .target(
      name: "RecipesPostgres",
      dependencies: [
        "RecipeKit",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ],
      swiftSettings: librarySettings
    ),
    .executableTarget(
      name: "recipes",
      dependencies: [
        "RecipesWeb", "RecipeKit", "RecipesPostgres", "DiffableWeb",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: librarySettings
    ),
    // UIKit's spellings (typealiases and nested names) where UIKit is missing; empty where
    // it exists.
    .target(
      name: "DiffableUIKitNames",
      dependencies: ["Diffable", "DiffableDataSource"],
      swiftSettings: librarySettings
    ),
    .testTarget(
      name: "DiffableUIKitNamesTests",
      dependencies: ["DiffableUIKitNames", "DiffableTesting"],
      swiftSettings: librarySettings
    ),
    .target(
      name: "DiffableTesting",
      dependencies: ["Diffable", "DiffableDataSource"],
      swiftSettings: librarySettings
    ),
    // Seeded randomness, counted identifiers and random snapshot pairs, shared by the
    // test targets (not a product: nothing outside this package builds it).
    .target(
      name: "DiffableTestSupport",
      dependencies: ["Diffable", lock],
      path: "Tests/DiffableTestSupport"
    ),
    .testTarget(
      name: "DiffableTests",
      dependencies: ["Diffable", "DiffableTesting", "DiffableTestSupport", lock],
      swiftSettings: librarySettings
    ),
    .testTarget(
      name: "DiffableDataSourceTests",
      dependencies: [
        "Diffable", "DiffableDataSource", "DiffableTesting", "DiffableTestSupport", lock,
      ],
      swiftSettings: librarySettings
    ),
    .testTarget(
      name: "DiffableWebTests",
      dependencies: [
        "DiffableWeb", "DiffableTesting", "DiffableTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        lock,
      ],
      swiftSettings: librarySettings
    ),
    // The demo's own commands (an executable target, imported @testable).
    .testTarget(
      name: "DiffableDemoTests",
      dependencies: ["diffable-demo", "DiffableWeb"],
      swiftSettings: librarySettings
    ),
    .testTarget(
      name: "RecipesWebTests",
      dependencies: [
        "RecipesWeb", "RecipeKit", "DiffableTesting", lock,
        .product(name: "Logging", package: "swift-log"),
      ] + combineWhereMissing,
      swiftSettings: librarySettings
    ),
    .testTarget(
      name: "DiffableTestingTests",
      dependencies: ["Diffable", "DiffableTesting", lock],
      swiftSettings: librarySettings
    ),

    // RecipeKit: the Recipes sample's model, store, persistence, sample data and images.
    // Pure model: no dependency on the data sources or the web view.
    .target(name: "RecipeKit", dependencies: [lock] + combineWhereMissing),
    .testTarget(name: "RecipeKitTests", dependencies: ["RecipeKit"] + combineWhereMissing),
    // Address parsing always; the storage itself against the private PostgreSQL that
    // scripts/test.sh starts (DIFFABLE_TEST_POSTGRES_URL), skipped without one.
    .testTarget(
      name: "RecipesPostgresTests",
      dependencies: ["RecipesPostgres", "RecipeKit"] + combineWhereMissing,
      swiftSettings: librarySettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/, run by scripts/fuzz.sh), only with `DIFFABLE_FUZZ=1`: each
// defines `LLVMFuzzerTestOneInput` and takes its `main` from libFuzzer, so it links only
// when built with `--sanitize=fuzzer`, which a plain `swift build` or `swift test` never is.
if ProcessInfo.processInfo.environment["DIFFABLE_FUZZ"] == "1" {
  // No top-level code: libFuzzer's `main` is the entry point.
  let fuzzSettings = librarySettings + [.unsafeFlags(["-parse-as-library"])]
  package.targets.append(
    .target(
      name: "FuzzSupport",
      dependencies: ["Diffable", "DiffableTesting"],
      path: "Fuzz/Sources/FuzzSupport",
      swiftSettings: librarySettings
    ))
  let fuzzers: [(name: String, dependencies: [Target.Dependency])] = [
    ("fuzz-snapshot-decoding", ["Diffable", "DiffableTesting"]),
    ("fuzz-section-snapshot-decoding", ["Diffable", "DiffableTesting"]),
    ("fuzz-diff-replay", ["Diffable", "DiffableDataSource", "DiffableTesting"]),
    ("fuzz-client-message", ["DiffableWeb"]),
    ("fuzz-web-session", ["DiffableWeb"]),
    ("fuzz-recipe-file", ["RecipeKit"]),
  ]
  for fuzzer in fuzzers {
    package.targets.append(
      .executableTarget(
        name: fuzzer.name,
        dependencies: fuzzer.dependencies + ["FuzzSupport"],
        path: "Fuzz/Sources/\(fuzzer.name)",
        swiftSettings: fuzzSettings
      ))
  }
}
