import Diffable
import DiffableTesting
import Foundation
import Testing

/// The diff writes the deletes of the whole diff into one array, and a section's moves and
/// its inserts when they are many (64 or more) into arrays of their own, through pointers,
/// and hands each to the batch whole or appends it after an earlier section's
/// (`BatchUpdate+Diff.swift`); a few inserts are appended one by one. Either way the lists
/// must come out complete and in index-path order.
@Suite("BatchUpdate: writing the batch's lists")
struct BatchUpdateWritingTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  static func snapshot(_ sections: [(Int, [Int])]) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(sections.map(\.0))
    for (section, items) in sections { snapshot.appendItems(items, toSection: section) }
    return snapshot
  }

  static func paths(_ pairs: [(Int, Int)]) -> [IndexPath] {
    pairs.map { IndexPath(indexes: [$0.0, $0.1]) }
  }

  /// Section 0 gets a few inserts (one by one); section 1 many, of every kind: new items,
  /// items whose old section is deleted, and a reloaded item that moves (deleted and
  /// inserted); section 3 many new ones, appended after section 1's.
  @Test func insertsOfEveryKindComeOutInOrderWhetherFewOrMany() throws {
    let old = Self.snapshot([
      (0, Array(0..<100)), (1, Array(100..<200)), (2, Array(200..<300)), (3, Array(300..<310)),
    ])
    var section0 = Array(0..<100).filter { $0 != 5 }
    section0.insert(contentsOf: 1_000..<1_010, at: 40)
    // 150 goes first: the other 99 keep their order, so 150 is the one that moves.
    var section1 = [150] + Array(100..<200).filter { $0 != 150 }
    section1.insert(contentsOf: 2_000..<2_070, at: 30)
    section1.append(contentsOf: 200..<220)
    let section3 = Array(300..<310).filter { $0 != 305 } + Array(3_000..<3_080)
    var new = Self.snapshot([(0, section0), (1, section1), (3, section3)])
    new.reloadItems([150])

    let update = BatchUpdate(from: old, to: new)

    func isInserted(_ item: Int) -> Bool {
      item >= 1_000 || (200..<300).contains(item) || item == 150
    }
    var expected: [(Int, Int)] = []
    for (section, items) in [section0, section1, section3].enumerated() {
      for (index, item) in items.enumerated() where isInserted(item) {
        expected.append((section, index))
      }
    }
    #expect(expected.count == 10 + 70 + 20 + 1 + 80)
    #expect(update.insertedItems == Self.paths(expected))
    #expect(update.deletedItems == Self.paths([(0, 5), (1, 50), (3, 5)]))
    #expect(update.deletedSections == [2])
    #expect(update.movedItems.isEmpty)
    #expect(update.reloadedItems.isEmpty)
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
  }

  /// Every item of two sections replaced: every old position is deleted and every new one
  /// inserted, the second section's inserts appended to the first's.
  @Test func replacingEverythingListsEveryPositionOnce() throws {
    let old = Self.snapshot([(0, Array(0..<300)), (1, Array(300..<500))])
    let new = Self.snapshot([(0, Array(1_000..<1_250)), (1, Array(2_000..<2_400))])

    let update = BatchUpdate(from: old, to: new)

    #expect(
      update.deletedItems == Self.paths((0..<300).map { (0, $0) } + (0..<200).map { (1, $0) }))
    #expect(
      update.insertedItems == Self.paths((0..<250).map { (0, $0) } + (0..<400).map { (1, $0) }))
    #expect(update.movedItems.isEmpty)
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
  }

  /// A section with a few inserts after one with many: the few are appended one by one after
  /// the many, which were handed over as an array.
  @Test func fewInsertsAfterManyKeepTheirOrder() throws {
    let old = Self.snapshot([(0, Array(0..<10)), (1, Array(10..<20))])
    let new = Self.snapshot([
      (0, Array(0..<10) + Array(1_000..<1_100)), (1, [2_000] + Array(10..<20) + [2_001]),
    ])

    let update = BatchUpdate(from: old, to: new)

    #expect(
      update.insertedItems
        == Self.paths((10..<110).map { (0, $0) } + [(1, 0), (1, 11)]))
    #expect(update.deletedItems.isEmpty)
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
  }

  /// Room is sized by bounds that can be far above what is written: items from another
  /// section may be inserts (their section deleted) or moves (it survives), and count in
  /// both. The batch keeps no more than twice the room its lists use, whichever way most go.
  @Test(arguments: [(moving: 900, fromDeleted: 100), (moving: 100, fromDeleted: 900)])
  func theBatchKeepsNoRoomItDoesNotUse(moving: Int, fromDeleted: Int) throws {
    // `moving` items go from section 1, which survives, to section 0; `fromDeleted` come
    // from section 2, which is deleted.
    let old = Self.snapshot([
      (0, [0]), (1, Array(1_000..<1_000 + moving + 100)), (2, Array(5_000..<5_000 + fromDeleted)),
    ])
    let new = Self.snapshot([
      (0, [0] + Array(1_000..<1_000 + moving) + Array(5_000..<5_000 + fromDeleted)),
      (1, Array(1_000 + moving..<1_000 + moving + 100)),
    ])

    let update = BatchUpdate(from: old, to: new)

    #expect(update.movedItems.count == moving)
    #expect(update.insertedItems.count == fromDeleted)
    #expect(update.deletedSections == [2])
    #expect(update.movedItems.capacity <= 2 * update.movedItems.count)
    #expect(update.insertedItems.positions.capacity <= 2 * update.insertedItems.count)
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
  }

  /// A reloaded item that moves among many that move too: the batch keeps room for about
  /// one insert, not for every item that moves.
  @Test func aReloadAmongManyMovesKeepsLittleRoom() throws {
    let old = Self.snapshot([(0, Array(0..<1_000))])
    var new = Self.snapshot([(0, Array((0..<1_000).reversed()))])
    new.reloadItems([500])

    let update = BatchUpdate(from: old, to: new)

    #expect(update.insertedItems == [IndexPath(indexes: [0, 499])])
    #expect(update.deletedItems == [IndexPath(indexes: [0, 500])])
    #expect(update.insertedItems.positions.capacity <= 2)
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
  }
}
