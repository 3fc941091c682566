import Diffable
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// Items that following runs leaves unknown (`IndexedArray+Runs.swift`) are found by joining
/// the two snapshots' index tables (`Sources/Diffable/Support/IndexedArray+Join.swift`), with
/// the hash bits stored when the snapshots were built, when they are many next to the table;
/// when few, by looking them up one by one. Every way must give the same, minimal batch, also
/// when hashes collide.
@Suite("BatchUpdate: joining the index tables")
struct BatchUpdateTableJoinTests {
  typealias Counted = DiffableDataSourceSnapshot<Int, CountedID>

  func counted(_ items: [Int]) -> Counted {
    var snapshot = Counted()
    snapshot.appendSections([0])
    snapshot.appendItems(items.map(CountedID.init), toSection: 0)
    return snapshot
  }

  @Test func aShuffledMiddleHashesAFewItemsPerHundredThenJoins() {
    let n = 10_000
    var random = SeededGenerator(seed: 11)
    let oldItems = Array(0..<n)
    var newItems = oldItems.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
    let matched = newItems.count
    newItems += (n..<n + n / 10)
    newItems.shuffle(using: &random)
    let (old, new) = (counted(oldItems), counted(newItems))
    let counter = OperationCounter.measure {
      let update = BatchUpdate(from: old, to: new)
      #expect(update.insertedItems.count == n / 10)
      #expect(update.deletedItems.count == n - matched)
    }
    // Following runs settles at one lookup every 66 items (a lookup, an item that does not
    // follow it, and a pause of 64); the join finds the rest without hashing, but for an
    // item whose 32 stored hash bits first match another item's (one in billions a probe).
    let lookups = n / 65 + 8
    #expect(counter.hashes > 0)
    #expect(counter.hashes <= lookups)
    // The join: one equality per item found (and, for an item whose 32 stored hash bits
    // match another's by chance, two more and a hash). Each lookup cycle adds four guesses
    // (the next position, and past one to three deleted items) for each of its two items,
    // and the lookup's own check.
    #expect(counter.equalities >= matched)
    #expect(counter.equalities <= matched + 8 + 9 * lookups)
  }

  /// In a long shuffle the pause between lookups grows past 64, to a 512th of the middle:
  /// 110,000 items settle at one lookup every 216 or so.
  @Test func aLongShuffleLooksUpFewerThanOneItemInTwoHundred() {
    let n = 100_000
    var random = SeededGenerator(seed: 12)
    let oldItems = Array(0..<n)
    let newItems = (oldItems + (n..<n + n / 10)).shuffled(using: &random)
    let (old, new) = (counted(oldItems), counted(newItems))
    let counter = OperationCounter.measure {
      let update = BatchUpdate(from: old, to: new)
      #expect(update.insertedItems.count == n / 10 && update.deletedItems.isEmpty)
    }
    // With pauses of 64 at most, this took 1,672 lookups.
    #expect(counter.hashes > 0)
    #expect(counter.hashes <= newItems.count / 200 + 16, "\(counter.hashes) lookups")
  }

  @Test func aSmallShuffledMiddleHashesAtMostItsItems() {
    let n = 10_000
    var random = SeededGenerator(seed: 12)
    let oldItems = Array(0..<n)
    var newItems = oldItems
    newItems[4_000..<4_100].shuffle(using: &random)
    newItems[4_000] = n  // one replaced, so the middle starts at 4,000
    let (old, new) = (counted(oldItems), counted(newItems))
    var update = BatchUpdate()
    let counter = OperationCounter.measure { update = BatchUpdate(from: old, to: new) }
    // Some of the shuffled items still follow the one before them, and cost no hash.
    #expect(counter.hashes <= 100)
    #expect(counter.hashes >= 50)
    #expect(update.insertedItems == [IndexPath(indexes: [0, 4_000])])
    #expect(update.deletedItems.count == 1)
  }

  /// A large section is joined and a small one looked up, in the same diff; an item from a
  /// deleted section is inserted, one from a surviving section moves in.
  @Test func sectionsChooseTheirOwnWay() throws {
    var random = SeededGenerator(seed: 13)
    var old = Counted()
    old.appendSections([0, 1, 2])
    old.appendItems((0..<1_000).map(CountedID.init), toSection: 0)
    old.appendItems((1_000..<1_010).map(CountedID.init), toSection: 1)
    old.appendItems((2_000..<2_005).map(CountedID.init), toSection: 2)
    var big = Array(0..<1_000).filter { $0 != 5 }
    big.shuffle(using: &random)
    big.insert(contentsOf: [1_000, 2_000], at: 300)
    var new = Counted()
    new.appendSections([0, 1])
    new.appendItems(big.map(CountedID.init), toSection: 0)
    new.appendItems((1_001..<1_010).reversed().map(CountedID.init), toSection: 1)
    var update = BatchUpdate()
    let counter = OperationCounter.measure { update = BatchUpdate(from: old, to: new) }
    // The small section's nine items are looked up; the large one, shuffled, is joined
    // after one lookup every 66 items at most.
    #expect(counter.hashes >= 9)
    #expect(counter.hashes <= 9 + 1_000 / 65 + 8)
    #expect(update.deletedSections == [2])
    #expect(update.insertedItems == [IndexPath(indexes: [0, 301])])
    #expect(
      update.movedItems.contains(
        .init(from: IndexPath(indexes: [1, 0]), to: IndexPath(indexes: [0, 300]))))
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
    // Within section 1, nine reversed items: all but one move.
    #expect(update.movedItems.filter { $0.to[0] == 1 }.count == 8)
  }

  /// Random pairs of every shape, with the middle small or large against the table, checked
  /// by the simulator and against the minimal number of moves.
  @Test func lookupsAndJoinsGiveTheSameMinimalBatch() throws {
    var random = SeededGenerator(seed: RandomizedTesting.seed("table-join"))
    for round in 0..<(600 * RandomizedTesting.multiplier) {
      let count = Int.random(in: 0...(round % 3 == 0 ? 600 : 80), using: &random)
      let oldItems = Array(0..<count)
      var newItems = oldItems.filter { _ in Int.random(in: 0..<6, using: &random) != 0 }
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        newItems.shuffle(using: &random)
      case 1 where newItems.count > 4:
        // A changed stretch inside long unchanged ends: the lookup path.
        let start = Int.random(in: 0..<newItems.count - 4, using: &random)
        newItems[start..<start + 4].shuffle(using: &random)
      default:
        for _ in 0..<Int.random(in: 0...6, using: &random) where newItems.count > 1 {
          let item = newItems.remove(at: Int.random(in: 0..<newItems.count, using: &random))
          newItems.insert(item, at: Int.random(in: 0...newItems.count, using: &random))
        }
      }
      newItems.insert(
        contentsOf: (10_000..<10_000 + Int.random(in: 0...8, using: &random)),
        at: Int.random(in: 0...newItems.count, using: &random))
      let context = "\(oldItems) -> \(newItems)"
      try Self.checkMinimalBatch(oldItems, newItems, as: { $0 }, context)
      try Self.checkMinimalBatch(oldItems, newItems, as: CollidingID.init, context)
      try Self.checkMinimalBatch(oldItems, newItems, as: RawHashID.init, context)
    }
  }

  /// Diffs one-section snapshots of `oldItems` and `newItems` (items from 10,000 up are
  /// new) as `ID`s, and checks that the batch lands on the new snapshot with the fewest
  /// moves. `context` goes into the failure messages.
  static func checkMinimalBatch<ID: Hashable & Sendable>(
    _ oldItems: [Int], _ newItems: [Int], as id: (Int) -> ID, _ context: String
  ) throws {
    var old = DiffableDataSourceSnapshot<Int, ID>()
    old.appendSections([0])
    old.appendItems(oldItems.map(id), toSection: 0)
    var new = DiffableDataSourceSnapshot<Int, ID>()
    new.appendSections([0])
    new.appendItems(newItems.map(id), toSection: 0)
    let update = BatchUpdate(from: old, to: new)
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new, "\(ID.self): \(context)")
    let matched = newItems.filter { $0 < 10_000 }
    #expect(
      update.movedItems.count == matched.count - MinimalMoveTests.lisLength(matched),
      "\(ID.self): \(context)")
  }
}
