import Testing

@testable import Diffable

/// How much room a snapshot built section by section makes for the sections still to come
/// (`_itemReservation`, internal, so this suite imports the module `@testable`).
@Suite("Snapshot: room for sections still to come")
struct SnapshotReservationTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// What a snapshot holds at most: 2^31 items where `Int` has 64 bits.
  static let limit = _IndexedArray<Int>._capacity(forScale: _IndexedArray<Int>.maximumScale)

  @Test func alikeSectionsGetTheAverageForEverySectionWithASixteenthToSpare() {
    // Two sections of 100 filled out of 100: 10,000 projected, plus 625.
    #expect(
      Snapshot._itemReservation(needed: 200, appended: 100, filled: 2, sections: 100) == 10_625)
  }

  @Test func aSectionUnlikeTheOthersIsTrustedUpToFourTimes() {
    // 990 items in the first section, 10 in the second: not alike.
    #expect(
      Snapshot._itemReservation(needed: 1_000, appended: 10, filled: 2, sections: 100) == 4_000)
  }

  @Test func alikeSectionsAreTrustedUpToSixtyFourTimes() {
    #expect(
      Snapshot._itemReservation(needed: 200, appended: 100, filled: 2, sections: 10_000)
        == 12_800)
  }

  /// Many sections declared and two big ones filled: the projection would pass what a
  /// snapshot holds (and before, stopped the app there, on a build that fits). The room
  /// stays within twice what is needed, or 2^20 items more.
  @Test func aHugeProjectionIsBounded() {
    let needed = 1 << 27
    let room = Snapshot._itemReservation(
      needed: needed, appended: 1 << 26, filled: 2, sections: 1_000)
    #expect(room == Swift.min(2 * needed, Self.limit))
    let small = Snapshot._itemReservation(
      needed: 40_000, appended: 20_000, filled: 2, sections: 1_000)
    #expect(small == 40_000 + (1 << 20))
  }

  /// Counts whose products overflow `Int` (as they do sooner with 32-bit `Int`) give a
  /// bounded guess, not a trap or a wrapped one.
  @Test func overflowingProductsSaturate() {
    let room = Snapshot._itemReservation(
      needed: Self.limit - 1, appended: Self.limit / 2, filled: 2, sections: Int.max / 2)
    #expect(room == Self.limit)
    // Past what a snapshot holds, only what is needed: the append then stops with a message.
    #expect(
      Snapshot._itemReservation(
        needed: Self.limit + 1, appended: 1, filled: 1, sections: 2) == Self.limit + 1)
  }
}
