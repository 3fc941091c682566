import Diffable
import DiffableTestSupport
import Testing

@Suite("Snapshot item mutations")
struct SnapshotItemMutationTests {
  @Test func appendToLastSectionByDefault() {
    var snapshot = makeABC()
    snapshot.appendItems([6, 7])
    #expect(layout(snapshot) == ["A:1,2,3", "B:", "C:4,5,6,7"])
  }

  @Test func appendToMiddleAndEmptySections() {
    var snapshot = makeABC()
    snapshot.appendItems([6], toSection: "A")
    snapshot.appendItems([7, 8], toSection: "B")
    #expect(layout(snapshot) == ["A:1,2,3,6", "B:7,8", "C:4,5"])
    #expect(snapshot.itemIdentifiers == [1, 2, 3, 6, 7, 8, 4, 5])
    #expect(snapshot.indexOfItem(4) == 6)
    #expect(snapshot.sectionIdentifier(containingItem: 8) == "B")
  }

  /// `appendItems(_:toSection:)` first compares the name with the last section that holds
  /// items and the one after it, and looks it up otherwise: each way lands in that section.
  @Test func appendLandsInTheNamedSectionWhereverTheBuildIs() {
    var snapshot = Snapshot()
    snapshot.appendSections(["A", "B", "C", "D", "E"])
    snapshot.appendItems([1], toSection: "A")  // the first section, nothing filled yet
    snapshot.appendItems([2], toSection: "A")  // the last section holding items
    snapshot.appendItems([3], toSection: "B")  // the one after it
    snapshot.appendItems([4], toSection: "D")  // past it: C stays empty
    snapshot.appendItems([5], toSection: "C")  // an empty section before the last filled
    snapshot.appendItems([6], toSection: "A")  // an earlier section
    snapshot.appendItems([7], toSection: "E")  // the one after the last filled
    snapshot.appendItems([8], toSection: "D")
    #expect(layout(snapshot) == ["A:1,2,6", "B:3", "C:5", "D:4,8", "E:7"])
    var onlyLater = Snapshot()
    onlyLater.appendSections(["A", "B", "C"])
    onlyLater.appendItems([1], toSection: "C")  // the first items, in the last section
    onlyLater.appendItems([2], toSection: "B")
    #expect(layout(onlyLater) == ["A:", "B:2", "C:1"])
  }

  @Test func appendNothingChangesNothing() {
    var snapshot = makeABC()
    snapshot.appendItems([], toSection: "B")
    #expect(snapshot == makeABC())
  }

  @Test func appendingAnExistingItemMovesItWithAWarning() {
    var snapshot = makeABC()
    let messages = collectingWarnings { snapshot.appendItems([6, 1, 7], toSection: "C") }
    #expect(layout(snapshot) == ["A:2,3", "B:", "C:4,5,6,1,7"])
    #expect(messages.count == 1)
    #expect(messages.first?.contains("appendItems(_:toSection:)") == true)
    #expect(messages.first?.contains("[1]") == true)
  }

  @Test func insertingExistingItemsAroundTheirOwnNeighbours() {
    var snapshot = makeABC()
    silencingWarnings { snapshot.insertItems([3, 1], beforeItem: 2) }
    #expect(layout(snapshot) == ["A:3,1,2", "B:", "C:4,5"])
    let messages = collectingWarnings { snapshot.insertItems([5], afterItem: 1) }
    #expect(layout(snapshot) == ["A:3,1,5,2", "B:", "C:4"])
    #expect(messages.count == 1)
    #expect(collectingWarnings { snapshot.appendItems([8]) }.isEmpty)
  }

  @Test func insertBeforeAndAfter() {
    var snapshot = makeABC()
    snapshot.insertItems([10, 11], beforeItem: 1)
    snapshot.insertItems([12], afterItem: 3)
    snapshot.insertItems([13], beforeItem: 4)
    snapshot.insertItems([14], afterItem: 5)
    #expect(layout(snapshot) == ["A:10,11,1,2,3,12", "B:", "C:13,4,5,14"])
  }

  @Test func deleteItemsIgnoresUnknownOnes() {
    var snapshot = makeABC()
    snapshot.deleteItems([2, 99, 5])
    #expect(layout(snapshot) == ["A:1,3", "B:", "C:4"])
    snapshot.deleteItems([])
    snapshot.deleteItems([42])
    #expect(layout(snapshot) == ["A:1,3", "B:", "C:4"])
  }

  @Test func deleteManyItemsAcrossSections() {
    var snapshot = Snapshot()
    snapshot.appendSections(["A", "B", "C"])
    snapshot.appendItems(Array(0..<20), toSection: "A")
    snapshot.appendItems(Array(20..<40), toSection: "B")
    snapshot.appendItems(Array(40..<60), toSection: "C")
    snapshot.deleteItems(Array(stride(from: 0, to: 60, by: 2)))
    #expect(snapshot.itemIdentifiers(inSection: "A") == Array(stride(from: 1, to: 20, by: 2)))
    #expect(snapshot.itemIdentifiers(inSection: "B") == Array(stride(from: 21, to: 40, by: 2)))
    #expect(snapshot.itemIdentifiers(inSection: "C") == Array(stride(from: 41, to: 60, by: 2)))
    #expect(snapshot.indexOfItem(41) == 20)
  }

  @Test func deleteItemsDropsTheirMarks() {
    var snapshot = makeABC()
    snapshot.reloadItems([1, 2])
    snapshot.reconfigureItems([2, 3])
    snapshot.deleteItems([2])
    #expect(snapshot.reloadedItemIdentifiers == [1])
    #expect(snapshot.reconfiguredItemIdentifiers == [3])
  }

  @Test func deleteAllItemsRemovesSectionsToo() {
    var snapshot = makeABC()
    snapshot.reloadItems([1])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
    #expect(!snapshot.hasMarks)
    // The idiom Apple's behaviour supports.
    snapshot.appendSections(["main"])
    snapshot.appendItems([1])
    #expect(layout(snapshot) == ["main:1"])
  }

  @Test func moveItemWithinASection() {
    var snapshot = makeABC()
    snapshot.moveItem(1, afterItem: 3)
    #expect(layout(snapshot) == ["A:2,3,1", "B:", "C:4,5"])
    snapshot.moveItem(1, beforeItem: 2)
    #expect(layout(snapshot) == ["A:1,2,3", "B:", "C:4,5"])
  }

  @Test func moveItemAcrossSectionsBothWays() {
    var snapshot = makeABC()
    snapshot.moveItem(2, beforeItem: 4)
    #expect(layout(snapshot) == ["A:1,3", "B:", "C:2,4,5"])
    snapshot.moveItem(5, afterItem: 3)
    #expect(layout(snapshot) == ["A:1,3,5", "B:", "C:2,4"])
    snapshot.moveItem(1, afterItem: 4)
    #expect(layout(snapshot) == ["A:3,5", "B:", "C:2,4,1"])
    #expect(snapshot.sectionIdentifier(containingItem: 1) == "C")
    #expect(snapshot.indexOfItem(1) == 4)
  }
}

@Suite("Snapshot section mutations")
struct SnapshotSectionMutationTests {
  @Test func appendAndInsertSections() {
    var snapshot = makeABC()
    snapshot.appendSections(["E"])
    snapshot.insertSections(["X", "Y"], beforeSection: "A")
    snapshot.insertSections(["D"], afterSection: "C")
    snapshot.insertSections(["Z"], beforeSection: "C")
    #expect(snapshot.sectionIdentifiers == ["X", "Y", "A", "B", "Z", "C", "D", "E"])
    #expect(layout(snapshot) == ["X:", "Y:", "A:1,2,3", "B:", "Z:", "C:4,5", "D:", "E:"])
    snapshot.appendItems([6], toSection: "Z")
    #expect(layout(snapshot) == ["X:", "Y:", "A:1,2,3", "B:", "Z:6", "C:4,5", "D:", "E:"])
    snapshot.appendSections([])
    snapshot.insertSections([], beforeSection: "A")
    #expect(snapshot.numberOfSections == 8)
  }

  @Test func deleteSectionsTakesTheirItemsAndMarks() {
    var snapshot = makeABC()
    snapshot.reloadItems([1, 4])
    snapshot.reloadSections(["A", "B"])
    snapshot.deleteSections(["A", "Q"])
    #expect(layout(snapshot) == ["B:", "C:4,5"])
    #expect(snapshot.reloadedItemIdentifiers == [4])
    #expect(snapshot.reloadedSectionIdentifiers == ["B"])
    #expect(snapshot.indexOfItem(4) == 0)
    #expect(!snapshot.contains(item: 1))
  }

  @Test func deleteSeveralSections() {
    var snapshot = makeABC()
    snapshot.appendSections(["D"])
    snapshot.appendItems([6], toSection: "D")
    snapshot.deleteSections(["C", "A"])
    #expect(layout(snapshot) == ["B:", "D:6"])
    snapshot.deleteSections([])
    #expect(layout(snapshot) == ["B:", "D:6"])
  }

  @Test func moveSections() {
    var snapshot = makeABC()
    snapshot.moveSection("A", afterSection: "C")
    #expect(layout(snapshot) == ["B:", "C:4,5", "A:1,2,3"])
    #expect(snapshot.itemIdentifiers == [4, 5, 1, 2, 3])
    snapshot.moveSection("A", beforeSection: "B")
    #expect(layout(snapshot) == ["A:1,2,3", "B:", "C:4,5"])
    snapshot.moveSection("C", beforeSection: "B")
    #expect(layout(snapshot) == ["A:1,2,3", "C:4,5", "B:"])
    snapshot.moveSection("A", afterSection: "C")
    #expect(layout(snapshot) == ["C:4,5", "A:1,2,3", "B:"])
    #expect(snapshot.sectionIdentifier(containingItem: 2) == "A")
  }
}

@Suite("Snapshot marks")
struct SnapshotMarkTests {
  @Test func marksKeepCallOrderWithoutDuplicates() {
    var snapshot = makeABC()
    snapshot.reloadItems([3, 1])
    snapshot.reloadItems([1, 2, 3])
    snapshot.reconfigureItems([5, 4, 5])
    snapshot.reloadSections(["C", "A", "C"])
    #expect(snapshot.reloadedItemIdentifiers == [3, 1, 2])
    #expect(snapshot.reconfiguredItemIdentifiers == [5, 4])
    #expect(snapshot.reloadedSectionIdentifiers == ["C", "A"])
  }

  @Test func marksSurviveMovesButNotDeletes() {
    var snapshot = makeABC()
    snapshot.reloadItems([1])
    snapshot.moveItem(1, afterItem: 5)
    #expect(snapshot.reloadedItemIdentifiers == [1])
    snapshot.deleteSections(["C"])
    #expect(snapshot.reloadedItemIdentifiers == [])
  }
}
