import Diffable
import Foundation
import Testing

typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// `A: [1, 2, 3], B: [], C: [4, 5]`
func makeABC() -> Snapshot {
  var snapshot = Snapshot()
  snapshot.appendSections(["A", "B", "C"])
  snapshot.appendItems([1, 2, 3], toSection: "A")
  snapshot.appendItems([4, 5], toSection: "C")
  return snapshot
}

/// The snapshot as `[section: items]` pairs, for compact expectations.
func layout(_ snapshot: Snapshot) -> [String] {
  snapshot.sectionIdentifiers.map { section in
    "\(section):"
      + snapshot.itemIdentifiers(inSection: section).map(String.init).joined(separator: ",")
  }
}

@Suite("Snapshot queries")
struct SnapshotQueryTests {
  @Test func emptySnapshot() {
    let snapshot = Snapshot()
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.sectionIdentifiers.isEmpty)
    #expect(snapshot.itemIdentifiers.isEmpty)
    #expect(snapshot.indexOfItem(1) == nil)
    #expect(snapshot.indexOfSection("A") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
    #expect(snapshot.indexPath(ofItem: 1) == nil)
    #expect(!snapshot.hasMarks)
  }

  @Test func countsAndIdentifiers() {
    let snapshot = makeABC()
    #expect(snapshot.numberOfItems == 5)
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
    #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
    #expect(snapshot.numberOfItems(inSection: "A") == 3)
    #expect(snapshot.numberOfItems(inSection: "B") == 0)
    #expect(snapshot.numberOfItems(inSection: "C") == 2)
    #expect(snapshot.itemIdentifiers(inSection: "A") == [1, 2, 3])
    #expect(snapshot.itemIdentifiers(inSection: "B") == [])
    #expect(snapshot.itemIdentifiers(inSection: "C") == [4, 5])
  }

  @Test func lookups() {
    let snapshot = makeABC()
    #expect(snapshot.indexOfItem(1) == 0)
    #expect(snapshot.indexOfItem(4) == 3)
    #expect(snapshot.indexOfItem(9) == nil)
    #expect(snapshot.indexOfSection("A") == 0)
    #expect(snapshot.indexOfSection("C") == 2)
    #expect(snapshot.indexOfSection("Z") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: 3) == "A")
    #expect(snapshot.sectionIdentifier(containingItem: 4) == "C")
    #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
    #expect(snapshot.contains(item: 5))
    #expect(!snapshot.contains(item: 6))
    #expect(snapshot.contains(section: "B"))
    #expect(!snapshot.contains(section: "D"))
    #expect(snapshot.indexPath(ofItem: 2) == IndexPath(item: 1, section: 0))
    #expect(snapshot.indexPath(ofItem: 5) == IndexPath(item: 1, section: 2))
  }

  @Test func equalityIgnoresMarks() {
    var marked = makeABC()
    marked.reloadItems([1])
    marked.reconfigureItems([2])
    marked.reloadSections(["B"])
    #expect(marked == makeABC())
    #expect(marked.hasMarks)
    #expect(!marked.withoutMarks.hasMarks)
    #expect(marked.withoutMarks == marked)
  }

  @Test func equalityComparesStructure() {
    var other = makeABC()
    other.moveItem(4, beforeItem: 1)
    #expect(other != makeABC())
    // Same items in the same order, split differently between sections.
    var a = Snapshot()
    a.appendSections(["A", "B"])
    a.appendItems([1, 2], toSection: "A")
    var b = Snapshot()
    b.appendSections(["A", "B"])
    b.appendItems([1], toSection: "A")
    b.appendItems([2], toSection: "B")
    #expect(a != b)
  }

  @Test func descriptionListsSectionsItemsAndMarks() {
    var snapshot = makeABC()
    #expect(
      snapshot.description
        == "DiffableDataSourceSnapshot(3 sections, 5 items) [A: [1, 2, 3], B: [], C: [4, 5]]")
    snapshot.reloadItems([2])
    snapshot.reconfigureItems([5])
    snapshot.reloadSections(["C"])
    #expect(
      snapshot.description.hasSuffix(
        "reloadedSections: [\"C\"] reloadedItems: [2] reconfiguredItems: [5]"))
    #expect(snapshot.debugDescription == snapshot.description)
  }

  @Test func longDescriptionIsCut() {
    var snapshot = Snapshot()
    snapshot.appendSections(["A"])
    snapshot.appendItems(Array(0..<250))
    #expect(snapshot.description.hasSuffix("…]] (150 more items)"))
  }
}

@Suite("IndexPath helpers")
struct IndexPathTests {
  @Test func itemSectionAndRow() {
    var path = IndexPath(item: 3, section: 1)
    #expect(path.section == 1)
    #expect(path.item == 3)
    #expect(path.row == 3)
    #expect(path == IndexPath(indexes: [1, 3]))
    #expect(IndexPath(row: 4, section: 2) == IndexPath(indexes: [2, 4]))
    path.item = 7
    path.section = 0
    #expect(path == IndexPath(indexes: [0, 7]))
    path.row = 1
    #expect(path.item == 1)
    #expect(IndexPath(item: 0, section: 1) > IndexPath(item: 5, section: 0))
  }

  @Test func sectionOfAOneIndexPathStops() async {
    await #expect(processExitsWith: .failure) {
      _ = IndexPath(index: 1).section
    }
  }
}

@Suite("Snapshot positions")
struct SnapshotPositionTests {
  @Test func itemAtIndexPath() {
    let snapshot = makeABC()
    #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: 0)) == 1)
    #expect(snapshot.itemIdentifier(at: IndexPath(item: 2, section: 0)) == 3)
    #expect(snapshot.itemIdentifier(at: IndexPath(item: 1, section: 2)) == 5)
    #expect(snapshot.itemIdentifier(at: IndexPath(item: 3, section: 0)) == nil)
    #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: 1)) == nil)
    #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: 3)) == nil)
    #expect(snapshot.itemIdentifier(at: IndexPath(item: -1, section: 0)) == nil)
    #expect(snapshot.itemIdentifier(at: IndexPath(index: 0)) == nil)
  }

  @Test func countsBySectionIndex() {
    let snapshot = makeABC()
    #expect((0..<3).map(snapshot.numberOfItems(inSectionAt:)) == [3, 0, 2])
  }

  @Test func countOfASectionOutOfRangeStops() async {
    await #expect(processExitsWith: .failure) {
      _ = DiffableDataSourceSnapshot<String, Int>().numberOfItems(inSectionAt: 0)
    }
  }
}

@Suite("Snapshot positional move")
struct SnapshotPositionalMoveTests {
  @Test func movesToPositionsOfTheStateAfterTheMove() {
    var snapshot = makeABC()  // A: 1,2,3  B:  C: 4,5
    snapshot.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
    #expect(layout(snapshot) == ["A:2,3,1", "B:", "C:4,5"])
    snapshot.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))
    #expect(layout(snapshot) == ["A:2,3", "B:1", "C:4,5"])  // into an empty section
    snapshot.moveItem(at: IndexPath(item: 1, section: 2), to: IndexPath(item: 0, section: 0))
    #expect(layout(snapshot) == ["A:5,2,3", "B:1", "C:4"])
    snapshot.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 1, section: 2))
    #expect(layout(snapshot) == ["A:5,2,3", "B:", "C:4,1"])  // at the end
    snapshot.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 0))
    #expect(layout(snapshot) == ["A:5,2,3", "B:", "C:4,1"])  // onto its own place
  }

  @Test func aSourceWithNoItemStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 0))
    }
    #expect(standardError(result).contains("moveItem(at:to:): no item at the source index path"))
  }

  @Test func aDestinationPastTheEndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1, 2])
      snapshot.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
    }
    #expect(
      standardError(result).contains("is beyond the 1 other items of its section"))
  }

  @Test func aDestinationSectionThatDoesNotExistStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1])
      snapshot.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 3))
    }
    #expect(standardError(result).contains("moveItem(at:to:): destination [3, 0] names no section"))
  }
}
