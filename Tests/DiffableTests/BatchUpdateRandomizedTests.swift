import Diffable
import DiffableTestSupport
import DiffableTesting
import Testing

/// Random snapshot pairs: every batch the diff makes must replay, under every rule a list
/// view enforces, exactly onto the new snapshot, honour its marks, keep every cell that can
/// be kept, and move as little as possible.
@Suite("BatchUpdate on random snapshot pairs")
struct BatchUpdateRandomizedTests {
  /// 4 × 5,000 multi-section pairs plus 2 × 2,500 single-section ones: 25,000 per run,
  /// times `DIFFABLE_LONG_TESTS`.
  static let pairsPerTest = 5_000

  @Test(arguments: 0..<4)
  func multiSectionPairsReplayOntoTheTarget(part: Int) throws {
    var pairs = RandomSnapshotPairs(seed: RandomizedTesting.seed("random-pairs-\(part)"))
    for _ in 0..<(Self.pairsPerTest * RandomizedTesting.multiplier) {
      let (old, new) = pairs.next()
      try check(old, new)
    }
  }

  @Test(arguments: 0..<2)
  func singleSectionPairsMoveExactlyTheMinimum(part: Int) throws {
    var pairs = RandomSnapshotPairs(seed: RandomizedTesting.seed("single-section-\(part)"))
    for _ in 0..<(Self.pairsPerTest / 2 * RandomizedTesting.multiplier) {
      let (old, new) = pairs.next(singleSection: true)
      let update = try check(old, new)
      // Items in both, in new order, by old position; reloads that move become delete+insert.
      let matched = new.itemIdentifiers.compactMap { old.indexOfItem($0) }
      let oldPositions = matched
      let reloadMoves = update.insertedItems.count - (new.numberOfItems - matched.count)
      guard new.reloadedSectionIdentifiers.isEmpty else { continue }
      #expect(
        update.movedItems.count + reloadMoves
          == matched.count - MinimalMoveTests.lisLength(oldPositions),
        "not minimal: \(update) from \(old) to \(new)")
    }
  }

  /// Replays and checks one pair; returns the batch.
  @discardableResult
  func check(
    _ old: DiffableDataSourceSnapshot<Int, Int>, _ new: DiffableDataSourceSnapshot<Int, Int>
  ) throws -> BatchUpdate {
    let update = BatchUpdate(from: old, to: new)
    do {
      let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
      try replay.checkIdentityPreserved()
      // Sections: only those outside a longest increasing subsequence may move.
      let matchedSections = new.sectionIdentifiers.compactMap { old.indexOfSection($0) }
      #expect(
        update.movedSections.count
          <= matchedSections.count - MinimalMoveTests.lisLength(matchedSections))
    } catch {
      Issue.record("\(error)\nold: \(old)\nnew: \(new)\nbatch: \(update)")
      throw error
    }
    return update
  }
}
