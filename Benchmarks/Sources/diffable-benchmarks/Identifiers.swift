#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A small, fast, seedable generator, so that every run diffs the same inputs.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return SplitMix64.scramble(state)
  }

  /// SplitMix64's output function. A bijection on 64-bit values, so distinct keys give
  /// distinct identifiers.
  static func scramble(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// An identifier type to benchmark with. Scenarios are written once over integer keys
/// (0, 1, 2, …) and each key becomes an identifier that looks random, as real ones do.
protocol BenchmarkIdentifier: Hashable, Sendable {
  /// The name used in the output's `ids` column.
  static var label: String { get }
  init(key: UInt64)
}

extension Int: BenchmarkIdentifier {
  static var label: String { "Int" }

  init(key: UInt64) {
    self = Int(truncatingIfNeeded: SplitMix64.scramble(key))
  }
}

extension UUID: BenchmarkIdentifier {
  static var label: String { "UUID" }

  init(key: UInt64) {
    // The high half alone is a bijection of the key, so no two keys collide.
    let high = SplitMix64.scramble(key)
    let low = SplitMix64.scramble(key ^ 0x5851_F42D_4C95_7F2D)
    func byte(_ word: UInt64, _ index: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (index * 8))
    }
    self.init(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
        byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
        byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
        byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }
}

extension String: BenchmarkIdentifier {
  static var label: String { "String" }

  /// A 36-character string (a UUID's text), the typical server-issued identifier. Too long
  /// for Swift's small-string form, so each one lives on the heap, as in real apps.
  init(key: UInt64) {
    self = UUID(key: key).uuidString
  }
}

extension Array where Element == UInt64 {
  func identifiers<ID: BenchmarkIdentifier>(_: ID.Type) -> [ID] {
    map { ID(key: $0) }
  }
}

/// The identifiers of an old and a new list. An item in both is the same value in both (for
/// a String, the same storage), as when an app builds both snapshots from the same model
/// objects, and as DifferenceKit's benchmark derives its target from its source; inserted
/// items are new values.
func identifierPair<ID: BenchmarkIdentifier>(old: [UInt64], new: [UInt64], _: ID.Type) -> (
  old: [ID], new: [ID]
) {
  let oldIDs = old.identifiers(ID.self)
  var position: [UInt64: Int] = [:]
  for (index, key) in old.enumerated() { position[key] = index }
  let newIDs = new.map { key in position[key].map { oldIDs[$0] } ?? ID(key: key) }
  return (oldIDs, newIDs)
}
