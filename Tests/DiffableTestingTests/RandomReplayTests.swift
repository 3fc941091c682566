import DiffableTesting
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Random pairs of snapshots with batches built by a deliberately simple method (greedy
/// survivors, not the project's diff): every such batch is valid, so the simulator must
/// land it, and dropping an insert or a delete must break the counting rule.
@Suite("Random pairs with hand-built batches")
struct RandomReplayTests {
  @Test(arguments: 0..<4)
  func greedyBatchesLand(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var exercised: Set<String> = []
    for _ in 0..<150 {
      let pair = RandomPair(using: &random)
      let update = pair.greedyBatch()
      exercised.formUnion(update.kinds)
      let replay = try BatchUpdateSimulator.replay(update, from: pair.old, to: pair.new)
      #expect(replay.snapshot == pair.new)
      #expect(replay.itemsThatLostTheirCell.isEmpty)
      #expect(replay.movedItemCount == update.movedItems.count)
      #expect(replay.keptCellCount + replay.freshCellCount == pair.new.numberOfItems)
      let reconfigured = replay.sections.flatMap(\.cells).filter(\.isReconfigured)
      #expect(reconfigured.count == update.reconfiguredItems.count)
      #expect(
        Set(reconfigured.map(\.identifier)).isSubset(of: pair.new.reconfiguredItemIdentifiers))
    }
    #expect(exercised == BatchUpdate.allKinds, "the generator must exercise every operation")
  }

  @Test(arguments: 0..<2)
  func droppingAnInsertOrADeleteBreaksTheCount(seed: UInt64) {
    var random = SplitMix64(seed: seed &+ 100)
    var checked = 0
    for _ in 0..<150 {
      let pair = RandomPair(using: &random)
      var update = pair.greedyBatch()
      if !update.insertedItems.isEmpty && Bool.random(using: &random) {
        update.insertedItems.remove(
          at: Int.random(in: update.insertedItems.indices, using: &random))
      } else if !update.deletedItems.isEmpty {
        update.deletedItems.remove(at: Int.random(in: update.deletedItems.indices, using: &random))
      } else {
        continue
      }
      checked += 1
      #expect(throws: BatchUpdateError.self) {
        try BatchUpdateSimulator.replay(update, from: pair.old, to: pair.new)
      }
      do {
        _ = try BatchUpdateSimulator.replay(update, from: pair.old, to: pair.new)
      } catch {
        #expect(error.rule == .itemCountMismatch, "\(error)")
      }
    }
    #expect(checked > 50)
  }
}

/// A small seeded generator, so that a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// An old snapshot and a new one made from it by random edits: sections deleted, inserted
/// and reordered (some untouched inside), items deleted, inserted, shuffled and moved
/// between sections, and reload and reconfigure marks.
struct RandomPair {
  var old = Snapshot()
  var new = Snapshot()

  init(using random: inout SplitMix64) {
    var nextItem = 0
    func freshItems(_ count: Int) -> [String] {
      defer { nextItem += count }
      return (nextItem..<nextItem + count).map { "i\($0)" }
    }
    let sectionCount = Int.random(in: 0...6, using: &random)
    var oldLayout: [(String, [String])] = []
    for index in 0..<sectionCount {
      oldLayout.append(("S\(index)", freshItems(Int.random(in: 0...12, using: &random))))
    }
    // New layout: keep most sections, some with identical content; edit the others.
    var newLayout: [(String, [String], untouched: Bool)] = []
    for (section, items) in oldLayout where Int.random(in: 0..<6, using: &random) > 0 {
      let untouched = Bool.random(using: &random)
      var edited =
        untouched ? items : items.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
      if !untouched {
        edited.insert(
          contentsOf: freshItems(Int.random(in: 0...3, using: &random)),
          at: Int.random(in: 0...edited.count, using: &random))
        if edited.count > 1 && Bool.random(using: &random) {
          edited.swapAt(
            Int.random(in: edited.indices, using: &random),
            Int.random(in: edited.indices, using: &random))
        }
      }
      newLayout.append((section, edited, untouched))
    }
    for index in 0..<Int.random(in: 0...2, using: &random) {
      newLayout.insert(
        ("N\(index)", freshItems(Int.random(in: 0...4, using: &random)), false),
        at: Int.random(in: 0...newLayout.count, using: &random))
    }
    if newLayout.count > 1 && Bool.random(using: &random) {
      newLayout.swapAt(
        Int.random(in: newLayout.indices, using: &random),
        Int.random(in: newLayout.indices, using: &random))
    }
    // Move a few items between edited sections.
    let editable = newLayout.indices.filter { !newLayout[$0].untouched }
    if editable.count > 1 {
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let from = editable.randomElement(using: &random)!
        let to = editable.randomElement(using: &random)!
        guard !newLayout[from].1.isEmpty else { continue }
        let item = newLayout[from].1.remove(
          at: Int.random(in: newLayout[from].1.indices, using: &random))
        newLayout[to].1.insert(item, at: Int.random(in: 0...newLayout[to].1.count, using: &random))
      }
    }
    for (section, items) in oldLayout {
      old.appendSections([section])
      old.appendItems(items, toSection: section)
    }
    for (section, items, _) in newLayout {
      new.appendSections([section])
      new.appendItems(items, toSection: section)
    }
    let shared = new.itemIdentifiers.filter { old.contains(item: $0) }
    new.reloadItems(shared.filter { _ in Int.random(in: 0..<10, using: &random) == 0 })
    new.reconfigureItems(shared.filter { _ in Int.random(in: 0..<10, using: &random) == 0 })
    let sharedSections = new.sectionIdentifiers.filter { old.contains(section: $0) }
    new.reloadSections(sharedSections.filter { _ in Int.random(in: 0..<12, using: &random) == 0 })
  }

  /// A valid batch from `old` to `new`, built without the project's diff: sections and
  /// items stay when they keep increasing old positions in a greedy scan, a section moves
  /// only when its content is unchanged, everything else is deleted and inserted or moved.
  func greedyBatch() -> BatchUpdate {
    var update = BatchUpdate()
    let reloadedSections = Set(new.reloadedSectionIdentifiers)
    let reloadedItems = Set(new.reloadedItemIdentifiers)
    let reconfiguredItems = Set(new.reconfiguredItemIdentifiers)
    // New section index -> old section index, for sections that keep their cells.
    var keptSections: [Int: Int] = [:]
    var lastOld = -1
    for (index, section) in new.sectionIdentifiers.enumerated() {
      guard let oldIndex = old.indexOfSection(section) else {
        update.insertedSections.append(index)
        continue
      }
      if reloadedSections.contains(section) {
        if oldIndex > lastOld {
          update.reloadedSections.append(oldIndex)
          lastOld = oldIndex
        } else {
          update.deletedSections.append(oldIndex)
          update.insertedSections.append(index)
        }
      } else if oldIndex > lastOld {
        keptSections[index] = oldIndex
        lastOld = oldIndex
      } else if old.itemIdentifiers(inSection: section) == new.itemIdentifiers(inSection: section)
        && !new.itemIdentifiers(inSection: section).contains(where: reloadedItems.contains)
      {
        update.movedSections.append(.init(from: oldIndex, to: index))
        for (item, identifier) in new.itemIdentifiers(inSection: section).enumerated()
        where reconfiguredItems.contains(identifier) {
          update.reconfiguredItems.append(at(index, item))
        }
      } else {
        update.deletedSections.append(oldIndex)
        update.insertedSections.append(index)
      }
    }
    for (index, section) in old.sectionIdentifiers.enumerated()
    where !new.contains(section: section) {
      update.deletedSections.append(index)
    }
    let keptOld = Set(keptSections.values)

    // Moves of whole sections carry their items; only kept sections take item operations.
    for (newSection, oldSection) in keptSections {
      var lastOldItem = -1
      for (item, identifier) in new.itemIdentifiers(inSection: new.sectionIdentifiers[newSection])
        .enumerated()
      {
        let to = at(newSection, item)
        guard let from = old.indexPath(ofItem: identifier), keptOld.contains(from[0]) else {
          update.insertedItems.append(to)
          continue
        }
        if reloadedItems.contains(identifier) {
          if from[0] == oldSection && from[1] > lastOldItem {
            update.reloadedItems.append(from)
            lastOldItem = from[1]
          } else {
            update.deletedItems.append(from)
            update.insertedItems.append(to)
          }
          continue
        }
        if from[0] == oldSection && from[1] > lastOldItem {
          lastOldItem = from[1]
        } else {
          update.movedItems.append(move(from, to))
        }
        if reconfiguredItems.contains(identifier) { update.reconfiguredItems.append(to) }
      }
    }
    for oldSection in keptOld {
      let identifier = old.sectionIdentifiers[oldSection]
      for (item, identifier) in old.itemIdentifiers(inSection: identifier).enumerated() {
        if let to = new.indexPath(ofItem: identifier), keptSections[to[0]] != nil { continue }
        update.deletedItems.append(at(oldSection, item))
      }
    }
    return update
  }
}

extension BatchUpdate {
  static let allKinds: Set<String> = [
    "deletedSections", "insertedSections", "reloadedSections", "movedSections", "deletedItems",
    "insertedItems", "reloadedItems", "reconfiguredItems", "movedItems",
  ]

  /// The kinds of operation the batch holds.
  var kinds: Set<String> {
    let parts: [(String, Bool)] = [
      ("deletedSections", deletedSections.isEmpty), ("insertedSections", insertedSections.isEmpty),
      ("reloadedSections", reloadedSections.isEmpty), ("movedSections", movedSections.isEmpty),
      ("deletedItems", deletedItems.isEmpty), ("insertedItems", insertedItems.isEmpty),
      ("reloadedItems", reloadedItems.isEmpty), ("reconfiguredItems", reconfiguredItems.isEmpty),
      ("movedItems", movedItems.isEmpty),
    ]
    return Set(parts.filter { !$0.1 }.map(\.0))
  }
}
