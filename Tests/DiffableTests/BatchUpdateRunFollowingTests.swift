import Diffable
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// The diff finds most items where the item before them leads (`_followRuns` in
/// `Sources/Diffable/Support/IndexedArray+Runs.swift`): an app's change keeps most of a list
/// in order, so such items cost an equality check and no hash. What breaks a run costs a
/// hash per item at most, and a shuffle gives up early (see `BatchUpdateTableJoinTests`).
@Suite("BatchUpdate: following runs")
struct BatchUpdateRunFollowingTests {
  typealias Counted = DiffableDataSourceSnapshot<Int, CountedID>

  func counted(_ items: [Int]) -> Counted {
    var snapshot = Counted()
    snapshot.appendSections([0])
    snapshot.appendItems(items.map(CountedID.init), toSection: 0)
    return snapshot
  }

  func diff(_ oldItems: [Int], _ newItems: [Int]) throws -> (BatchUpdate, OperationCounter) {
    let (old, new) = (counted(oldItems), counted(newItems))
    var update = BatchUpdate()
    let counter = OperationCounter.measure { update = BatchUpdate(from: old, to: new) }
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
    return (update, counter)
  }

  /// Every tenth item deleted, none adjacent: each item after a deletion is one further on.
  @Test func scatteredDeletionsHashNothing() throws {
    let oldItems = Array(0..<10_000)
    // The changed middle runs from the first deletion (item 5) to the last (9,995).
    let newItems = oldItems.filter { $0 % 10 != 5 }
    let (update, counter) = try diff(oldItems, newItems)
    #expect(update.deletedItems.count == 1_000)
    #expect(update.insertedItems.isEmpty && update.movedItems.isEmpty)
    #expect(counter.hashes == 0)
    // One check for each item, one more after each deletion, and the ends' trimming.
    #expect(counter.equalities <= newItems.count + 1_000 + 8)
  }

  /// Two or three adjacent items deleted, here and there: the item after them is found two
  /// or three further on, still with no hash.
  @Test func deletedPairsAndTriplesHashNothing() throws {
    let oldItems = Array(0..<10_000)
    // 5, 6 gone in every group of 20, and 15, 16, 17.
    let newItems = oldItems.filter { ![5, 6, 15, 16, 17].contains($0 % 20) }
    let (update, counter) = try diff(oldItems, newItems)
    #expect(update.deletedItems.count == 2_500)
    #expect(update.insertedItems.isEmpty && update.movedItems.isEmpty)
    #expect(counter.hashes == 0)
    // At most four checks for an item after a gap, one for the others, and the ends.
    #expect(counter.equalities <= newItems.count + 3 * 1_000 + 8)
  }

  /// Four adjacent items deleted are past what following runs looks at: the next items are
  /// left for later and one is looked up, as after any longer deleted block.
  @Test func fourDeletedInARowAreLookedUpPast() throws {
    let oldItems = Array(0..<10_000)
    // Items 100 to 103 gone, and the first and last items replaced so that the middle
    // spans the list (each replaced one costs a lookup).
    let newItems = [50_000] + Array(1..<100) + Array(104..<9_999) + [50_001]
    let (update, counter) = try diff(oldItems, newItems)
    #expect(update.deletedItems.count == 6)
    #expect(update.insertedItems.count == 2 && update.movedItems.isEmpty)
    #expect(counter.hashes == 4 + 2)
  }

  /// An inserted item is not where the run leads; the item after it is, and the inserted
  /// one is looked up afterwards, once.
  @Test func scatteredInsertionsHashOnlyTheInsertedItems() throws {
    let oldItems = Array(0..<10_000)
    var newItems: [Int] = []
    for item in oldItems {
      newItems.append(item)
      if item % 20 == 7 { newItems.append(20_000 + item) }
    }
    let (update, counter) = try diff(oldItems, newItems)
    #expect(update.insertedItems.count == 500)
    #expect(update.deletedItems.isEmpty && update.movedItems.isEmpty)
    #expect(counter.hashes == 500)
  }

  /// The items left for later are looked up 64 at a time (hashes first, then probes): at
  /// block edges each is still hashed once and found where it was, so each moved item is
  /// one move (an item not found would be deleted and inserted instead).
  @Test(arguments: [1, 63, 64, 65, 130])
  func movedItemsAreLookedUpInBlocks(moved: Int) throws {
    var newItems = Array(0..<20_000)
    for block in 0..<moved {
      // Item 100b + 50 moves back to just after item 100b + 10.
      let item = newItems.remove(at: 100 * block + 50)
      newItems.insert(item, at: 100 * block + 11)
    }
    let (update, counter) = try diff(Array(0..<20_000), newItems)
    #expect(update.movedItems.count == moved)
    #expect(update.deletedItems.isEmpty && update.insertedItems.isEmpty)
    #expect(counter.hashes == moved)
  }

  /// After a deleted block, three items are left for later and the fourth is looked up,
  /// which finds the run again.
  @Test func aDeletedBlockCostsFourLookups() throws {
    let oldItems = Array(0..<10_000)
    // The first and last items are replaced so that the changed middle spans the list
    // (unchanged ends are trimmed before runs are followed); each costs a lookup.
    let newItems = [50_000] + Array(1..<4_000) + Array(6_000..<9_999) + [50_001]
    let (update, counter) = try diff(oldItems, newItems)
    #expect(update.deletedItems.count == 2_002)
    #expect(update.insertedItems.count == 2 && update.movedItems.isEmpty)
    #expect(counter.hashes == 4 + 2)
  }

  /// Inside an inserted block, lookups space out (1, 2, 4 … 64 items apart); the run goes on
  /// after the block at the latest when the pause ends.
  @Test func anInsertedBlockHashesEachOfItsItemsAboutOnce() throws {
    let oldItems = Array(0..<10_000)
    let block = Array(20_000..<22_000)
    let newItems = Array(0..<5_000) + block + Array(5_000..<10_000)
    let (update, counter) = try diff(oldItems, newItems)
    #expect(update.insertedItems.count == 2_000)
    #expect(update.deletedItems.isEmpty && update.movedItems.isEmpty)
    // Each inserted item once (skipped ones afterwards), and at most a pause's worth of
    // the items after the block.
    #expect(counter.hashes >= 2_000)
    #expect(counter.hashes <= 2_000 + 64)
  }

  /// In a long list the pauses grow past 64, up to a 512th of the changed middle, and no
  /// further: after a block of 1,100 inserted items the run is found again within one such
  /// pause. The first and last items are deleted so that the middle is the whole list
  /// (201,098 items, a longest pause of 392). Pauses that kept doubling start one of 1,024
  /// about 1,030 items into the block and skip over 900 items past it, each then hashed:
  /// 2,073 hashes, checked by removing the cap.
  @Test func anInsertedBlockInALongListOvershootsByAtMostALongestPause() throws {
    let oldItems = Array(0..<200_000)
    let block = Array(300_000..<301_100)
    let newItems = Array(1..<100_000) + block + Array(100_000..<199_999)
    let (update, counter) = try diff(oldItems, newItems)
    #expect(update.insertedItems.count == 1_100)
    #expect(update.deletedItems.count == 2 && update.movedItems.isEmpty)
    #expect(counter.hashes >= 1_100)
    #expect(counter.hashes <= 1_100 + 201_098 / 512, "\(counter.hashes) hashes")
  }

  /// A moved item breaks the run twice (where it left, where it arrives); both mend.
  @Test func aMovedItemCostsOneLookup() throws {
    let oldItems = Array(0..<10_000)
    var newItems = oldItems
    newItems.remove(at: 3_000)
    newItems.insert(3_000, at: 7_000)
    let (update, counter) = try diff(oldItems, newItems)
    #expect(
      update.movedItems == [
        .init(from: IndexPath(indexes: [0, 3_000]), to: IndexPath(indexes: [0, 7_000]))
      ])
    #expect(counter.hashes == 1)
  }

  /// Random edits of every kind a run meets (scattered and block deletions and insertions,
  /// moves near and far, shuffled stretches) on lists large enough for lookups and joins,
  /// with colliding and raw hashes too: the batch lands on the new list and moves as little
  /// as possible.
  @Test func brokenRunsGiveTheMinimalBatch() throws {
    let seed = RandomizedTesting.seed("run-following")
    var random = SeededGenerator(seed: seed)
    for _ in 0..<(150 * RandomizedTesting.multiplier) {
      let count = Int.random(in: 0...3_000, using: &random)
      var items = Array(0..<count)
      var fresh = 10_000
      for _ in 0..<Int.random(in: 0...12, using: &random) where !items.isEmpty {
        let at = Int.random(in: 0..<items.count, using: &random)
        let length = Swift.min(items.count - at, Int.random(in: 1...400, using: &random))
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          items.removeSubrange(at..<at + length)
        case 1:
          items.insert(contentsOf: fresh..<fresh + length, at: at)
          fresh += length
        case 2:
          let item = items.remove(at: at)
          items.insert(item, at: Int.random(in: 0...items.count, using: &random))
        case 3:
          items[at..<at + Swift.min(length, 40)].shuffle(using: &random)
        default:
          // Scattered single deletions and insertions.
          for _ in 0..<length where !items.isEmpty {
            let index = Int.random(in: 0..<items.count, using: &random)
            if Bool.random(using: &random) {
              items.remove(at: index)
            } else {
              items.insert(fresh, at: index)
              fresh += 1
            }
          }
        }
      }
      let oldItems = Array(0..<count)
      let context = "seed \(seed)"
      try BatchUpdateTableJoinTests.checkMinimalBatch(oldItems, items, as: { $0 }, context)
      try BatchUpdateTableJoinTests.checkMinimalBatch(
        oldItems, items, as: CollidingID.init, context)
      try BatchUpdateTableJoinTests.checkMinimalBatch(oldItems, items, as: RawHashID.init, context)
    }
  }
}
