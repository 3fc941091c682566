import Diffable
import DiffableTestSupport
import Foundation
import Testing

/// Complexity fences: each operation's hash and equality calls are counted, never timed.
@Suite("Snapshot complexity")
struct SnapshotComplexityTests {
  typealias Counted = DiffableDataSourceSnapshot<Int, CountedID>

  func makeSnapshot(sections: Int, itemsPerSection: Int) -> Counted {
    var snapshot = Counted()
    snapshot.appendSections(Array(0..<sections))
    for section in 0..<sections {
      let start = section * itemsPerSection
      snapshot.appendItems(
        (start..<start + itemsPerSection).map(CountedID.init), toSection: section)
    }
    return snapshot
  }

  /// Probe lengths vary with the per-process hash seed, so equality calls are fenced on
  /// average over many lookups: O(1) each, against 10,000 items.
  @Test func lookupsHashOnce() {
    let snapshot = makeSnapshot(sections: 10, itemsPerSection: 1_000)
    let ids = (0..<10_000).filter { $0 % 10 == 3 }.map(CountedID.init)
    for lookup: (CountedID) -> Void in [
      { _ = snapshot.indexOfItem($0) },
      { _ = snapshot.sectionIdentifier(containingItem: $0) },
      { _ = snapshot.contains(item: $0) },
      { _ = snapshot.indexPath(ofItem: $0) },
    ] {
      let counter = OperationCounter.measure { ids.forEach(lookup) }
      #expect(counter.hashes == ids.count)
      #expect(counter.equalities <= 4 * ids.count)
    }
    let missing = OperationCounter.measure { _ = snapshot.indexOfItem(CountedID(-5)) }
    #expect(missing.hashes == 1)
  }

  @Test func itemIdentifiersCostsNothing() {
    let snapshot = makeSnapshot(sections: 1, itemsPerSection: 10_000)
    let counter = OperationCounter.measure {
      for _ in 0..<100 { _ = snapshot.itemIdentifiers }
    }
    #expect(counter.total == 0)
  }

  /// A sectioned build appends each section in one pass: every item is hashed once, and
  /// growing the table (at most log n times) rehashes nothing.
  @Test func aSectionedBuildHashesEachItemOnce() {
    let counter = OperationCounter.measure { _ = makeSnapshot(sections: 100, itemsPerSection: 100) }
    #expect(counter.hashes == 100 * 100)
    #expect(counter.equalities <= 10_000 / 10)
  }

  /// Section identifiers are hashed once each when a snapshot's first sections are added,
  /// and not at all by appends to the section being filled or the next; an append to any
  /// other section looks it up, hashing it once.
  @Test func aSectionedBuildHashesEachSectionOnce() {
    var snapshot = DiffableDataSourceSnapshot<CountedID, Int>()
    let sections = (0..<100).map(CountedID.init)
    let adding = OperationCounter.measure { snapshot.appendSections(sections) }
    #expect(adding.hashes == 100)
    let filling = OperationCounter.measure {
      for (index, section) in sections.enumerated() {
        snapshot.appendItems(Array(index * 10..<index * 10 + 10), toSection: section)
      }
    }
    #expect(filling.hashes == 0)
    #expect(filling.equalities <= 2 * 100)
    let earlier = OperationCounter.measure { snapshot.appendItems([-1], toSection: sections[3]) }
    #expect(earlier.hashes == 1)
    #expect(snapshot.itemIdentifiers(inSection: sections[3]).last == -1)
  }

  /// A section that repeats an item already shown falls back to moving it, as Apple's does:
  /// the one-pass append changes nothing when it fails.
  @Test func aSectionRepeatingAnEarlierItemMovesIt() {
    var snapshot = makeSnapshot(sections: 2, itemsPerSection: 3)
    snapshot.appendSections([2])
    let before = snapshot
    snapshot.appendItems([CountedID(10), CountedID(1), CountedID(11)], toSection: 2)
    // The copy taken before is untouched, and every item is found where it now is.
    #expect(before.itemIdentifiers == (0..<6).map(CountedID.init))
    for (offset, item) in snapshot.itemIdentifiers.enumerated() {
      #expect(snapshot.indexOfItem(item) == offset)
    }
    #expect(snapshot.itemIdentifiers(inSection: 0) == [CountedID(0), CountedID(2)])
    #expect(
      snapshot.itemIdentifiers(inSection: 2) == [CountedID(10), CountedID(1), CountedID(11)])
    #expect(snapshot.numberOfItems == 8)
  }

  @Test func appendItemsHashesEachNewItemOnce() {
    var snapshot = makeSnapshot(sections: 3, itemsPerSection: 5_000)
    let items = (100_000..<100_100).map(CountedID.init)
    let counter = OperationCounter.measure { snapshot.appendItems(items) }
    #expect(counter.hashes == 100)
    #expect(counter.equalities <= 4 * 100)
    // Into a middle section too: the block slides into place without rehashing.
    let more = (200_000..<200_100).map(CountedID.init)
    let middle = OperationCounter.measure { snapshot.appendItems(more, toSection: 0) }
    #expect(middle.hashes == 100)
  }

  @Test func insertAndMoveDoNotRehashTheSnapshot() {
    var snapshot = makeSnapshot(sections: 2, itemsPerSection: 5_000)
    let insert = OperationCounter.measure {
      snapshot.insertItems([CountedID(-1), CountedID(-2)], beforeItem: CountedID(10))
    }
    #expect(insert.hashes <= 4)
    let move = OperationCounter.measure {
      snapshot.moveItem(CountedID(9_999), beforeItem: CountedID(3))
    }
    #expect(move.hashes <= 4)
    let sectionMove = OperationCounter.measure { snapshot.moveSection(1, beforeSection: 0) }
    #expect(sectionMove.total <= 4)
  }

  @Test func deletesStayLinear() {
    let n = 10_000
    var snapshot = makeSnapshot(sections: 4, itemsPerSection: n / 4)
    let doomed = (0..<n).filter { $0 % 2 == 0 }.map(CountedID.init)
    let counter = OperationCounter.measure { snapshot.deleteItems(doomed) }
    // One lookup per argument; what is left is re-indexed from the stored hash bits.
    #expect(counter.hashes == doomed.count)
    var sections = makeSnapshot(sections: 4, itemsPerSection: n / 4)
    let sectionDelete = OperationCounter.measure { sections.deleteSections([0, 2]) }
    #expect(sectionDelete.hashes == 0)
  }
}

@Suite("Build configuration")
struct BuildConfigurationTests {
  /// CI's second run sets DIFFABLE_INTERNAL_CHECKS for the build and the tests alike; this
  /// proves the invariant checks really were compiled in (or out).
  @Test func internalChecksFollowTheEnvironment() {
    let requested = ProcessInfo.processInfo.environment["DIFFABLE_INTERNAL_CHECKS"] != nil
    #expect(DiffableDataSourceSnapshot<Int, Int>._isCheckingInvariants == requested)
  }
}
