import Diffable
import Foundation
import Testing

/// Builds a snapshot from `"A:1,2,3 B: C:4"`-style text.
func snapshot(_ text: String) -> DiffableDataSourceSnapshot<String, Int> {
  var snapshot = DiffableDataSourceSnapshot<String, Int>()
  for part in text.split(separator: " ") {
    let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
    let section = String(pieces[0])
    snapshot.appendSections([section])
    let items = pieces[1].split(separator: ",").map { Int($0)! }
    snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

@Suite("BatchUpdate examples")
struct BatchUpdateExampleTests {
  @Test func equalSnapshotsGiveAnEmptyBatch() {
    let update = BatchUpdate(from: snapshot("A:1,2 B:3"), to: snapshot("A:1,2 B:3"))
    #expect(update.isEmpty)
    #expect(!update.hasStructuralChanges)
    #expect(update.description == "BatchUpdate(empty)")
  }

  @Test func fromEmptyAndToEmpty() {
    let empty = DiffableDataSourceSnapshot<String, Int>()
    let full = snapshot("A:1,2 B:3")
    #expect(BatchUpdate(from: empty, to: full) == BatchUpdate(insertedSections: [0, 1]))
    #expect(BatchUpdate(from: full, to: empty) == BatchUpdate(deletedSections: [0, 1]))
  }

  @Test func deleteInsertAndOneMinimalMove() {
    // Old positions in new order: 0, 2, 1, 4. Items 1, 2, 5 keep their order; only 3 moves.
    let update = BatchUpdate(from: snapshot("A:1,2,3,4,5"), to: snapshot("A:1,3,2,6,5"))
    #expect(update.deletedItems == [path(0, 3)])
    #expect(update.insertedItems == [path(0, 3)])
    #expect(update.movedItems == [BatchUpdate.ItemMove(from: path(0, 2), to: path(0, 1))])
    #expect(update.deletedSections.isEmpty && update.insertedSections.isEmpty)
    #expect(update.hasStructuralChanges)
    #expect(
      update.description
        == "BatchUpdate(deletedItems: [0-3], insertedItems: [0-3], movedItems: [0-2→0-1])")
  }

  @Test func reversalMovesAllButOne() {
    let update = BatchUpdate(from: snapshot("A:1,2,3,4"), to: snapshot("A:4,3,2,1"))
    #expect(update.movedItems.count == 3)
    #expect(update.deletedItems.isEmpty && update.insertedItems.isEmpty)
  }

  @Test func itemMovesAcrossSections() {
    let update = BatchUpdate(from: snapshot("A:1,2 B:3"), to: snapshot("A:2 B:3,1"))
    #expect(update.movedItems == [BatchUpdate.ItemMove(from: path(0, 0), to: path(1, 1))])
    #expect(update.deletedItems.isEmpty && update.insertedItems.isEmpty)
  }

  @Test func intactSectionMoves() {
    let update = BatchUpdate(from: snapshot("A:1 B:2 C:3"), to: snapshot("C:3 A:1 B:2"))
    #expect(update == BatchUpdate(movedSections: [BatchUpdate.SectionMove(from: 2, to: 0)]))
  }

  @Test func sectionThatMovesWhileItsItemsChangeIsReplaced() {
    let update = BatchUpdate(from: snapshot("A:1 B:2"), to: snapshot("B:2,3 A:1"))
    #expect(update == BatchUpdate(deletedSections: [1], insertedSections: [0]))
  }

  @Test func itemsLeavingADeletedSectionAreInsertedWhereTheyLand() {
    let update = BatchUpdate(from: snapshot("A:1,2 B:3"), to: snapshot("B:3,1"))
    #expect(update == BatchUpdate(deletedSections: [0], insertedItems: [path(0, 1)]))
  }

  @Test func itemsEnteringAnInsertedSectionAreDeletedWhereTheyWere() {
    let update = BatchUpdate(from: snapshot("A:1,2"), to: snapshot("A:1 N:2"))
    #expect(update == BatchUpdate(insertedSections: [1], deletedItems: [path(0, 1)]))
  }

  @Test func reloadInPlaceUsesTheOldIndexPath() {
    var new = snapshot("A:0,1,2,3")
    new.reloadItems([2])
    let update = BatchUpdate(from: snapshot("A:9,1,2,3"), to: new)
    #expect(update.reloadedItems == [path(0, 2)])
    #expect(update.movedItems.isEmpty)
  }

  @Test func reloadedItemThatMovesIsDeletedAndInserted() {
    var new = snapshot("A:3,1,2")
    new.reloadItems([3])
    let update = BatchUpdate(from: snapshot("A:1,2,3"), to: new)
    #expect(update == BatchUpdate(deletedItems: [path(0, 2)], insertedItems: [path(0, 0)]))
  }

  /// Across sections too, and in a section whose only candidate move is that item: the
  /// moves written for it stay empty.
  @Test func reloadedItemThatMovesToAnotherSectionIsDeletedAndInserted() {
    var new = snapshot("A:1 B:2,3")
    new.reloadItems([2])
    let update = BatchUpdate(from: snapshot("A:1,2 B:3"), to: new)
    #expect(update == BatchUpdate(deletedItems: [path(0, 1)], insertedItems: [path(1, 0)]))
    var both = snapshot("A:4,5,1 B:2,3")
    both.reloadItems([2])
    let mixed = BatchUpdate(from: snapshot("A:1,4,5,2 B:3"), to: both)
    #expect(
      mixed
        == BatchUpdate(
          deletedItems: [path(0, 3)], insertedItems: [path(1, 0)],
          movedItems: [BatchUpdate.ItemMove(from: path(0, 0), to: path(0, 2))]))
  }

  @Test func reconfigureNamesTheNewIndexPathAndKeepsAMovingCell() {
    var new = snapshot("A:3,1,2 B:4")
    new.reconfigureItems([2, 3, 4])
    let update = BatchUpdate(from: snapshot("A:1,2,3 B:4"), to: new)
    #expect(update.movedItems == [BatchUpdate.ItemMove(from: path(0, 2), to: path(0, 0))])
    #expect(update.reconfiguredItems == [path(0, 0), path(0, 2), path(1, 0)])
    #expect(update.deletedItems.isEmpty && update.insertedItems.isEmpty)
    #expect(!update.hasStructuralChanges == false)
  }

  @Test func reconfigureAloneIsNotStructural() {
    var new = snapshot("A:1,2")
    new.reconfigureItems([2])
    let update = BatchUpdate(from: snapshot("A:1,2"), to: new)
    #expect(update == BatchUpdate(reconfiguredItems: [path(0, 1)]))
    #expect(!update.hasStructuralChanges)
    #expect(!update.isEmpty)
  }

  @Test func reloadWinsOverReconfigure() {
    var new = snapshot("A:1,2")
    new.reloadItems([2])
    new.reconfigureItems([2])
    #expect(
      BatchUpdate(from: snapshot("A:1,2"), to: new) == BatchUpdate(reloadedItems: [path(0, 1)]))
  }

  @Test func reconfigureInAReplacedSectionIsDropped() {
    var new = snapshot("B:2,3 A:1")
    new.reconfigureItems([2, 1])
    let update = BatchUpdate(from: snapshot("A:1 B:2"), to: new)
    // B is replaced (moved while changing), so 2 gets a new cell; A keeps 1's cell.
    #expect(update.reconfiguredItems == [path(1, 0)])
    #expect(update.deletedSections == [1] && update.insertedSections == [0])
  }

  @Test func reconfigureInAnIntactMovedSectionIsKept() {
    var new = snapshot("B:2 A:1")
    new.reconfigureItems([1])
    let update = BatchUpdate(from: snapshot("A:1 B:2"), to: new)
    #expect(update.movedSections.count == 1)
    #expect(update.reconfiguredItems == [path(1, 0)])
  }

  @Test func reloadedSectionInPlaceAndMoved() {
    var new = snapshot("A:1 B:2 C:3")
    new.reloadSections(["B"])
    #expect(
      BatchUpdate(from: snapshot("A:1 B:2 C:3"), to: new) == BatchUpdate(reloadedSections: [1]))
    var moved = snapshot("B:2 A:1 C:3")
    moved.reloadSections(["B"])
    let update = BatchUpdate(from: snapshot("A:1 B:2 C:3"), to: moved)
    #expect(update == BatchUpdate(deletedSections: [1], insertedSections: [0]))
  }

  @Test func reloadedItemInAMovedSectionReplacesTheSection() {
    var new = snapshot("B:2 A:1")
    new.reloadItems([2])
    let update = BatchUpdate(from: snapshot("A:1 B:2"), to: new)
    #expect(update == BatchUpdate(deletedSections: [1], insertedSections: [0]))
  }

  @Test func onlyTheNewSnapshotsMarksCount() {
    var old = snapshot("A:1,2")
    old.reloadItems([1])
    #expect(BatchUpdate(from: old, to: snapshot("A:1,2")).isEmpty)
  }

  @Test func everyArrayIsSorted() {
    let update = BatchUpdate(
      from: snapshot("A:1,2,3 B:4,5,6 C:7 D:8"), to: snapshot("D:8 B:6,10,4 A:3,2,11 E:12"))
    #expect(update.deletedSections == update.deletedSections.sorted())
    #expect(update.insertedSections == update.insertedSections.sorted())
    #expect(update.deletedItems == update.deletedItems.sorted())
    #expect(update.insertedItems == update.insertedItems.sorted())
    #expect(update.movedItems.map(\.to) == update.movedItems.map(\.to).sorted())
    #expect(update.movedSections.map(\.to) == update.movedSections.map(\.to).sorted())
  }

  @Test func batchUpdatesAreHashableValues() {
    let a = BatchUpdate(from: snapshot("A:1,2"), to: snapshot("A:2,1"))
    let b = BatchUpdate(from: snapshot("A:1,2"), to: snapshot("A:2,1"))
    #expect(Set([a, b]).count == 1)
    var c = a
    c.insertedItems.append(path(0, 5))
    #expect(c != a)
    #expect(c.debugDescription == c.description)
  }
}
