import Foundation

/// SplitMix64: a tiny, fast, seedable generator, so every randomized test can print its seed
/// and be replayed exactly.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Settings shared by the randomized tests.
public enum RandomizedTesting {
  /// `DIFFABLE_LONG_TESTS=N` multiplies every randomized test's iterations by N.
  public static var multiplier: Int {
    Int(ProcessInfo.processInfo.environment["DIFFABLE_LONG_TESTS"] ?? "") ?? 1
  }

  /// `DIFFABLE_SEED=N` replays one seed; otherwise each run draws a new one and prints it.
  public static func seed(_ test: String) -> UInt64 {
    let seed =
      ProcessInfo.processInfo.environment["DIFFABLE_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 0...UInt64.max)
    print("\(test): seed \(seed) (replay with DIFFABLE_SEED=\(seed))")
    return seed
  }
}
