import DiffableTestSupport
import DiffableTesting
import Testing

@testable import Diffable

/// An identifier whose hash takes only eight values, so that most items of a snapshot share
/// their hash bits and the index must tell them apart by comparing them.
struct CollidingID: Hashable, Sendable, CustomStringConvertible {
  let value: Int
  init(_ value: Int) { self.value = value }
  func hash(into hasher: inout Hasher) { hasher.combine(value & 7) }
  var description: String { "c\(value)" }
}

/// An identifier whose `hashValue` is its raw value, bypassing `Hasher`, as `NSObject`
/// subclasses' is (their `hash`, often a pointer or a counter): small values leave the
/// upper bits all zero.
struct RawHashID: Hashable, Sendable {
  let value: Int
  static func == (left: RawHashID, right: RawHashID) -> Bool {
    OperationCounter.current?.countEquality()
    return left.value == right.value
  }
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
  func _rawHashValue(seed: Int) -> Int { value << 3 }
}

/// The snapshot's item index (`Sources/Diffable/Support/IndexedArray.swift`): a lookup that
/// misses compares no item, growing and removing re-index without hashing, moves hash only
/// the items they pass, and all of it stays right when hashes collide.
@Suite("Snapshot item index")
struct SnapshotItemIndexTests {
  typealias Counted = DiffableDataSourceSnapshot<Int, CountedID>

  func flat(_ values: Range<Int>, sections: Int = 1) -> Counted {
    var snapshot = Counted()
    snapshot.appendSections(Array(0..<sections))
    let perSection = values.count / sections
    for section in 0..<sections {
      let start = values.lowerBound + section * perSection
      let end = section == sections - 1 ? values.upperBound : start + perSection
      snapshot.appendItems((start..<end).map(CountedID.init), toSection: section)
    }
    return snapshot
  }

  @Test func missesCompareNoItems() {
    let snapshot = flat(0..<10_000)
    let absent = (20_000..<30_000).map(CountedID.init)
    var found = 0
    let counter = OperationCounter.measure {
      for identifier in absent where snapshot.contains(item: identifier) { found += 1 }
    }
    #expect(found == 0)
    #expect(counter.hashes == absent.count)
    // An item is compared only when the 32 hash bits kept in its bucket match, which for
    // an absent item happens by chance (about once in 2^31 probes).
    #expect(counter.equalities <= 2, "\(counter.equalities) comparisons")
  }

  @Test func hitsCompareOneItem() {
    let snapshot = flat(0..<10_000)
    let present = (0..<10_000).filter { $0 % 3 == 0 }.map(CountedID.init)
    var sum = 0
    let counter = OperationCounter.measure {
      for identifier in present { sum += snapshot.indexOfItem(identifier)! }
    }
    #expect(sum == present.reduce(0) { $0 + $1.value })
    #expect(counter.hashes == present.count)
    #expect(counter.equalities <= present.count + 2, "\(counter.equalities) comparisons")
  }

  /// Raw hash values are mixed before they pick a bucket; unmixed, these would all share
  /// bucket 0 and each lookup would compare about half the items.
  @Test func rawHashValuesAreSpreadOut() {
    var snapshot = DiffableDataSourceSnapshot<Int, RawHashID>()
    snapshot.appendSections([0])
    let items = (0..<4_096).map(RawHashID.init)
    snapshot.appendItems(items)
    var sum = 0
    let counter = OperationCounter.measure {
      for item in items { sum += snapshot.indexOfItem(item)! }
    }
    #expect(sum == items.count * (items.count - 1) / 2)
    #expect(counter.equalities <= 2 * items.count, "\(counter.equalities) comparisons")
  }

  @Test func growingOneItemAtATimeHashesEachItemOnce() {
    var snapshot = Counted()
    snapshot.appendSections([0])
    let counter = OperationCounter.measure {
      for value in 0..<5_000 { snapshot.appendItems([CountedID(value)]) }
    }
    // The table doubles about ten times; each growth re-indexes from the stored hash bits.
    #expect(counter.hashes == 5_000)
    #expect(snapshot.indexOfItem(CountedID(4_321)) == 4_321)
  }

  /// Items are hashed a block (64) at a time before any is placed: a build still hashes
  /// each item once, and a duplicate is found whichever blocks its two copies fall in.
  @Test func buildsHashInBlocksAndStillFindEveryDuplicate() async {
    for count in [1, 63, 64, 65, 200] {
      var built = Counted()
      built.appendSections([0, 1])
      let counter = OperationCounter.measure {
        built.appendItems((0..<count).map(CountedID.init), toSection: 0)
        built.appendItems((count..<2 * count).map(CountedID.init), toSection: 1)
      }
      #expect(counter.hashes == 2 * count, "\(count) items a section")
      let misplaced = (0..<2 * count).filter { built.indexOfItem(CountedID($0)) != $0 }
      #expect(misplaced.isEmpty, "\(count) items a section: \(misplaced.prefix(5)) misplaced")
    }
    // An appended item that exists already, found in a later block than the first.
    var snapshot = Counted()
    snapshot.appendSections([0])
    snapshot.appendItems((0..<100).map(CountedID.init))
    let warnings = collectingWarnings {
      snapshot.appendItems((100..<170).map(CountedID.init) + [CountedID(5)])
    }
    #expect(warnings.count == 1)
    #expect(snapshot.numberOfItems == 170)
    #expect(snapshot.indexOfItem(CountedID(5)) == 169)
    // Repeats within the arguments, in the same block and blocks apart, appended to an empty
    // snapshot (the one-pass build) or after an item (the bulk append): each stops. Literal
    // arguments, not a loop: an exit test that captures values needs Swift 6.3.
    func expectStop(_ result: ExitTest.Result?, repeating first: Int) {
      #expect(
        standardError(result).contains(
          "appendItems(_:toSection:): duplicate item identifiers in the arguments: [#\(first)]"))
    }
    expectStop(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        appendRepeating(10, at: 20, intoEmpty: true)
      }, repeating: 10)
    expectStop(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        appendRepeating(10, at: 20, intoEmpty: false)
      }, repeating: 10)
    expectStop(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        appendRepeating(63, at: 64, intoEmpty: true)
      }, repeating: 63)
    expectStop(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        appendRepeating(63, at: 64, intoEmpty: false)
      }, repeating: 63)
    expectStop(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        appendRepeating(0, at: 130, intoEmpty: true)
      }, repeating: 0)
    expectStop(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        appendRepeating(0, at: 130, intoEmpty: false)
      }, repeating: 0)
  }

  /// Growing and removing rebuild the table block by block from the full buckets gathered
  /// without a branch: every item must stay findable at its offset, across blocks, with
  /// drops (a flagged removal from `deleteItems`, a range from `deleteSections`), and where
  /// collisions make long probe chains.
  @Test func rebuildsKeepEveryItemFindable() {
    func check<ID: Hashable>(_ make: (Int) -> ID) {
      var snapshot = DiffableDataSourceSnapshot<Int, ID>()
      snapshot.appendSections([0, 1])
      var start = 0
      while start < 3_000 {  // chunks of 7 into section 0: the table grows nine times
        snapshot.appendItems((start..<min(start + 7, 3_000)).map(make), toSection: 0)
        start += 7
      }
      snapshot.appendItems((3_000..<4_000).map(make), toSection: 1)
      #expect((0..<4_000).allSatisfy { snapshot.indexOfItem(make($0)) == $0 })
      snapshot.deleteItems(stride(from: 0, to: 3_000, by: 3).map(make))  // flagged removal
      #expect(
        (0..<4_000).allSatisfy { value in
          let expected = value >= 3_000 ? value - 1_000 : value - value / 3 - 1
          return snapshot.indexOfItem(make(value))
            == (value < 3_000 && value % 3 == 0 ? nil : expected)
        })
      snapshot.deleteSections([0])  // a range removal: the first 2,000 items
      #expect(snapshot.numberOfItems == 1_000)
      #expect(
        (0..<4_000).allSatisfy { value in
          snapshot.indexOfItem(make(value)) == (value >= 3_000 ? value - 3_000 : nil)
        })
    }
    check { $0 }
    check(CollidingID.init)
  }

  @Test func removalsHashOnlyTheirArguments() {
    var snapshot = flat(0..<10_000, sections: 4)
    let one = OperationCounter.measure { snapshot.deleteItems([CountedID(17)]) }
    #expect(one.hashes == 1)
    let doomed = stride(from: 1, to: 10_000, by: 2).map(CountedID.init)
    let many = OperationCounter.measure { snapshot.deleteItems(doomed) }
    #expect(many.hashes == doomed.count)
    let sections = OperationCounter.measure { snapshot.deleteSections([1, 3]) }
    #expect(sections.hashes == 0)
    #expect(snapshot.numberOfItems == 2_500)
    #expect(snapshot.indexOfItem(CountedID(0)) == 0)
    #expect(snapshot.indexOfItem(CountedID(17)) == nil)
    #expect(snapshot.indexOfItem(CountedID(5_000)) == 1_250)
    #expect(snapshot.indexOfItem(CountedID(5_001)) == nil)
  }

  @Test func shortMovesHashOnlyThePassedItems() {
    var snapshot = flat(0..<10_000)
    let counter = OperationCounter.measure {
      snapshot.moveItem(CountedID(5_000), beforeItem: CountedID(4_990))
    }
    // Two lookups, then the 11 items whose offsets change.
    #expect(counter.hashes == 2 + 11)
    #expect(snapshot.indexOfItem(CountedID(5_000)) == 4_990)
    #expect(snapshot.indexOfItem(CountedID(4_990)) == 4_991)
    #expect(snapshot.indexOfItem(CountedID(5_001)) == 5_001)
  }

  @Test func longMovesReindexWithoutHashing() {
    var snapshot = flat(0..<10_000, sections: 2)
    let counter = OperationCounter.measure { snapshot.moveSection(1, beforeSection: 0) }
    #expect(counter.hashes == 0)
    #expect(snapshot.indexOfItem(CountedID(5_000)) == 0)
    #expect(snapshot.indexOfItem(CountedID(0)) == 5_000)
  }

  @Test func shrinkingAndGrowingAgain() {
    var snapshot = flat(0..<10_000)
    snapshot.deleteItems((10..<10_000).map(CountedID.init))
    #expect(snapshot.itemIdentifiers == (0..<10).map(CountedID.init))
    #expect(snapshot.indexOfItem(CountedID(9_999)) == nil)
    snapshot.appendItems((20_000..<30_000).map(CountedID.init))
    #expect(snapshot.indexOfItem(CountedID(9)) == 9)
    #expect(snapshot.indexOfItem(CountedID(29_999)) == 10_009)
    #expect(snapshot.indexOfItem(CountedID(5)) == 5)
  }

  @Test func emptiedByDeletesThenFilledAgain() {
    var snapshot = flat(0..<100, sections: 2)
    snapshot.deleteItems((0..<100).map(CountedID.init))
    #expect(snapshot.numberOfItems == 0)
    snapshot.appendItems([CountedID(7)], toSection: 0)
    snapshot.appendItems((200..<300).map(CountedID.init), toSection: 1)
    #expect(snapshot.indexOfItem(CountedID(7)) == 0)
    #expect(snapshot.indexOfItem(CountedID(250)) == 51)
    #expect(snapshot.indexOfItem(CountedID(50)) == nil)
  }

  /// Every mutation leaves a copy made before it untouched (the index is copied on write).
  @Test func copiesAreIndependent() {
    let original = flat(0..<2_000, sections: 2)
    let hidden = original.itemIdentifiers
    var copy = original
    copy.moveItem(CountedID(10), afterItem: CountedID(20))
    copy.moveSection(1, beforeSection: 0)
    copy.deleteItems([CountedID(5), CountedID(1_500)])
    copy.appendItems([CountedID(9_000)], toSection: 0)
    #expect(original.itemIdentifiers == hidden)
    #expect((0..<2_000).allSatisfy { original.indexOfItem(CountedID($0)) == $0 })
    #expect(original.indexOfItem(CountedID(9_000)) == nil)
    #expect(copy.indexOfItem(CountedID(1_000)) == 0)
  }

  @Test func duplicatesAreFoundWhenHashesCollide() {
    var snapshot = DiffableDataSourceSnapshot<Int, CollidingID>()
    snapshot.appendSections([0])
    snapshot.appendItems((0..<500).map(CollidingID.init))
    #expect(snapshot.numberOfItems == 500)
    let warnings = collectingWarnings {
      snapshot.appendItems([CollidingID(900), CollidingID(250)])
    }
    #expect(warnings.count == 1)
    #expect(snapshot.numberOfItems == 501)
    #expect(snapshot.indexOfItem(CollidingID(250)) == 500)
  }

  /// Random edits of large snapshots against a model, checking every lookup after every
  /// step, that a copy taken before the step did not change, and that the batch from it
  /// replays. Large, so that moves take both re-indexing paths (hashing the passed items, or
  /// a pass over the table), with ordinary and with colliding hashes; and with long strings,
  /// whose large appends at the end go to storage that borrows the appended arrays
  /// (`SnapshotBorrowedStorageTests`), so that every kind of edit also starts from it.
  @Test(arguments: ["plain", "colliding", "strings"])
  func randomEditsMatchTheModel(items: String) throws {
    let name = "item-index-model\(items == "plain" ? "" : "-" + items)"
    var random = SeededGenerator(seed: RandomizedTesting.seed(name))
    switch items {
    case "colliding":
      try run(CollidingID.init, &random)
    case "strings":
      let borrowed = try run({ "item number \($0) of a long list" }, &random)
      #expect(borrowed > 0, "no step ran on storage that borrows")
    default:
      try run({ $0 }, &random)
    }
  }

  /// Returns the number of steps that left the snapshot on storage that borrows.
  @discardableResult
  func run<ID: Hashable & Sendable>(_ make: (Int) -> ID, _ random: inout SeededGenerator)
    throws -> Int
  {
    var snapshot = DiffableDataSourceSnapshot<Int, ID>()
    var model: [(section: Int, items: [ID])] = []
    var next = 0
    func fresh(_ count: Int) -> [ID] {
      defer { next += count }
      return (next..<next + count).map(make)
    }
    for section in 0..<4 {
      let items = fresh(400)
      snapshot.appendSections([section])
      snapshot.appendItems(items)
      model.append((section, items))
    }
    var nextSection = 4
    var gone: [ID] = []
    var borrowed = 0
    for step in 0..<(60 * RandomizedTesting.multiplier) {
      let before = snapshot
      let hidden = before.itemIdentifiers
      let flat = model.flatMap(\.items)
      let choice = Int.random(in: 0..<8, using: &random)
      switch choice {
      case 0 where !model.isEmpty:
        let section = Int.random(in: 0..<model.count, using: &random)
        let items = fresh(Int.random(in: 1...300, using: &random))
        snapshot.appendItems(items, toSection: model[section].section)
        model[section].items += items
      case 1 where !flat.isEmpty:
        let target = flat.randomElement(using: &random)!
        let items = fresh(Int.random(in: 1...40, using: &random))
        snapshot.insertItems(items, beforeItem: target)
        let s = model.firstIndex { $0.items.contains(target) }!
        model[s].items.insert(contentsOf: items, at: model[s].items.firstIndex(of: target)!)
      case 2 where flat.count > 10:
        let doomed = (0..<Int.random(in: 1...(flat.count / 3), using: &random)).map { _ in
          flat.randomElement(using: &random)!
        }
        snapshot.deleteItems(doomed)
        let set = Set(doomed)
        for index in model.indices { model[index].items.removeAll { set.contains($0) } }
        gone += set
      case 3 where flat.count > 2, 4 where flat.count > 2:
        // Near moves (at most 20 places) are as likely as far ones.
        let from = Int.random(in: 0..<flat.count, using: &random)
        let to =
          choice == 3
          ? Swift.min(flat.count - 1, Swift.max(0, from + Int.random(in: -20...20, using: &random)))
          : Int.random(in: 0..<flat.count, using: &random)
        guard from != to else { break }
        let item = flat[from]
        let target = flat[to]
        snapshot.moveItem(item, afterItem: target)
        let s = model.firstIndex { $0.items.contains(item) }!
        model[s].items.removeAll { $0 == item }
        let t = model.firstIndex { $0.items.contains(target) }!
        model[t].items.insert(item, at: model[t].items.firstIndex(of: target)! + 1)
      case 5 where model.count > 1:
        let source = Int.random(in: 0..<model.count, using: &random)
        var target = Int.random(in: 0..<model.count, using: &random)
        while target == source { target = Int.random(in: 0..<model.count, using: &random) }
        snapshot.moveSection(model[source].section, beforeSection: model[target].section)
        let targetID = model[target].section
        let moving = model.remove(at: source)
        model.insert(moving, at: model.firstIndex { $0.section == targetID }!)
      case 6 where model.count > 1 && Bool.random(using: &random):
        let doomed = model.remove(at: Int.random(in: 0..<model.count, using: &random))
        snapshot.deleteSections([doomed.section])
        gone += doomed.items
      case 6:
        snapshot.appendSections([nextSection])
        model.append((nextSection, fresh(Int.random(in: 0...50, using: &random))))
        snapshot.appendItems(model.last!.items, toSection: nextSection)
        nextSection += 1
      case 7:
        // A large section at the end: heap items go to storage that borrows.
        snapshot.appendSections([nextSection])
        model.append((nextSection, fresh(Swift.max(1, flat.count / 3))))
        snapshot.appendItems(model.last!.items, toSection: nextSection)
        nextSection += 1
      default:
        break
      }
      let expected = model.flatMap(\.items)
      guard snapshot.itemIdentifiers == expected,
        snapshot.sectionIdentifiers == model.map(\.section),
        expected.indices.allSatisfy({ snapshot.indexOfItem(expected[$0]) == $0 }),
        gone.suffix(200).allSatisfy({ snapshot.indexOfItem($0) == nil })
      else {
        Issue.record("step \(step) (choice \(choice)) diverged from the model")
        return borrowed
      }
      if snapshot._items._borrowed != nil { borrowed += 1 }
      #expect(before.itemIdentifiers == hidden, "step \(step) (choice \(choice)) changed a copy")
      _ = try BatchUpdateSimulator.replay(
        BatchUpdate(from: before, to: snapshot), from: before, to: snapshot)
    }
    return borrowed
  }
}

/// Appends 200 items, the one at `second` a copy of the one at `first`, to an empty snapshot
/// or to one that holds an item; for the exit tests of
/// `SnapshotItemIndexTests.buildsHashInBlocksAndStillFindEveryDuplicate`.
private func appendRepeating(_ first: Int, at second: Int, intoEmpty: Bool) {
  var items = (0..<200).map(CountedID.init)
  items[second] = items[first]
  var snapshot = DiffableDataSourceSnapshot<Int, CountedID>()
  snapshot.appendSections([0, 1])
  if !intoEmpty { snapshot.appendItems([CountedID(-1)], toSection: 0) }
  snapshot.appendItems(items, toSection: 1)
}
