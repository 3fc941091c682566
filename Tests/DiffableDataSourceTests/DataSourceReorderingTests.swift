import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Data source: reordering")
struct DataSourceReorderingTests {
  @Test func reorderingIsOffUntilCanReorderItemIsSet() {
    let fixture = RecipeFixture()
    fixture.dataSource.apply(fixture.snapshot([1, 2, 3]))
    #expect(!fixture.view.moveItem(from: path(0, 0), to: path(0, 2)))
    fixture.dataSource.reorderingHandlers.canReorderItem = { $0 != 2 }
    #expect(!fixture.view.moveItem(from: path(0, 1), to: path(0, 0)))
    #expect(fixture.dataSource.snapshot().itemIdentifiers == [1, 2, 3])
  }

  @Test func aUsersMoveUpdatesTheSnapshotAndReachesTheBackingStore() {
    let fixture = RecipeFixture()
    var backingStore = [1, 2, 3, 4]
    fixture.dataSource.apply(fixture.snapshot(backingStore))
    var events: [String] = []
    fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    fixture.dataSource.reorderingHandlers.willReorder = { [unowned fixture] transaction in
      events.append("will \(transaction.initialSnapshot.itemIdentifiers)")
      #expect(fixture.dataSource.snapshot() == transaction.initialSnapshot)
    }
    fixture.dataSource.reorderingHandlers.didReorder = { [unowned fixture] transaction in
      events.append("did \(transaction.finalSnapshot.itemIdentifiers)")
      #expect(fixture.dataSource.snapshot() == transaction.finalSnapshot)
      if let updated = backingStore.applying(transaction.difference) { backingStore = updated }
    }
    let batchesBefore = fixture.batches.count
    #expect(fixture.view.moveItem(from: path(0, 0), to: path(0, 2)))
    #expect(backingStore == [2, 3, 1, 4])
    #expect(fixture.view.rows == ["Recipe 2", "Recipe 3", "Recipe 1", "Recipe 4"])
    #expect(fixture.dataSource.snapshot().itemIdentifiers == [2, 3, 1, 4])
    #expect(events == ["will [1, 2, 3, 4]", "did [2, 3, 1, 4]"])
    #expect(fixture.batches.count == batchesBefore)  // the view moved the cell itself
    // Later applies diff against the reordered state.
    fixture.dataSource.apply(fixture.snapshot(backingStore + [5]))
    #expect(fixture.batches.last == BatchUpdate(insertedItems: [path(0, 4)]))
  }

  @Test func moveToTheEndAndAcrossSections() {
    let fixture = RecipeFixture()
    fixture.dataSource.apply(fixture.snapshot([(.main, [1, 2]), (.extra, [])]))
    var transactions: [DiffableDataSourceTransaction<RecipeFixture.Section, Int>] = []
    fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    fixture.dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
    fixture.view.moveItem(from: path(0, 0), to: path(0, 1))
    #expect(fixture.dataSource.snapshot().itemIdentifiers(inSection: .main) == [2, 1])
    fixture.view.moveItem(from: path(0, 1), to: path(1, 0))  // into the empty section
    #expect(fixture.dataSource.snapshot().itemIdentifiers(inSection: .extra) == [1])
    let last = try! #require(transactions.last)
    #expect(last.sectionTransactions.map(\.sectionIdentifier) == [.main, .extra])
    #expect(last.sectionTransactions[0].finalSnapshot.items == [2])
    #expect(last.sectionTransactions[1].initialSnapshot.items == [])
    #expect(last.sectionTransactions[1].finalSnapshot.items == [1])
    #expect([2, 1].applying(last.difference) == [2, 1])
    #expect(last.difference.count == 0)  // flattened order did not change
  }

  @Test func itemsInsideAHierarchyCannotBeReordered() {
    let fixture = SidebarFixture()
    fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    #expect(!fixture.view.moveItem(from: path(1, 0), to: path(0, 0)))
    #expect(fixture.view.moveItem(from: path(0, 2), to: path(0, 0)))
    #expect(
      fixture.dataSource.snapshot(for: .standard).items == ["Recents", "All Recipes", "Favorites"])
  }

  /// Regression (review): an item moved into a hierarchical outline from another section
  /// replaced the outline with a flat one, and the collapsed parent's children were lost.
  /// It now joins the tree beside the row it landed next to, at that row's level.
  @Test func anItemMovedIntoAHierarchyJoinsItsTree() throws {
    let fixture = SidebarFixture()
    fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    var transactions: [DiffableDataSourceTransaction<SidebarFixture.Section, String>] = []
    fixture.dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
    #expect(fixture.view.moveItem(from: path(0, 2), to: path(1, 1)))  // after Collections
    var outline = fixture.dataSource.snapshot(for: .collections)
    #expect(outline.items == ["Collections", "Breakfast", "Soups", "Desserts", "Recents"])
    #expect(outline.visibleItems == ["Collections", "Recents"])
    #expect(outline.parent(of: "Recents") == nil)
    #expect(outline.parent(of: "Soups") == "Collections")
    let change = try #require(transactions.last?.sectionTransactions.last)
    #expect(change.sectionIdentifier == .collections)
    #expect(change.initialSnapshot.items == ["Collections", "Breakfast", "Soups", "Desserts"])
    #expect(change.finalSnapshot.items == outline.items)
    #expect(change.difference.insertions.count == 1)

    // The tree still opens, and a row dropped among children is their sibling.
    #expect(fixture.view.toggleDisclosure(at: path(1, 0)))
    #expect(
      fixture.view.rows.suffix(5) == ["Collections", "Breakfast", "Soups", "Desserts", "Recents"])
    #expect(fixture.view.moveItem(from: path(0, 0), to: path(1, 2)))  // before Soups
    outline = fixture.dataSource.snapshot(for: .collections)
    #expect(outline.parent(of: "All Recipes") == "Collections")
    #expect(
      outline.visibleItems == [
        "Collections", "Breakfast", "All Recipes", "Soups", "Desserts", "Recents",
      ])
    #expect(
      fixture.dataSource.snapshot().itemIdentifiers(inSection: .collections) == outline.visibleItems
    )
  }
}

@Suite("Transactions")
struct TransactionTests {
  @Test func transactionBetweenTwoSnapshots() {
    var initial = DiffableDataSourceSnapshot<String, Int>()
    initial.appendSections(["A", "B"])
    initial.appendItems([1, 2, 3], toSection: "A")
    initial.appendItems([4], toSection: "B")
    var final = initial
    final.moveItem(1, afterItem: 4)
    let transaction = DiffableDataSourceTransaction(initialSnapshot: initial, finalSnapshot: final)
    #expect(transaction.initialSnapshot == initial)
    #expect(transaction.finalSnapshot == final)
    #expect(initial.itemIdentifiers.applying(transaction.difference) == final.itemIdentifiers)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["A", "B"])
    let a = transaction.sectionTransactions[0]
    #expect(a.initialSnapshot.items == [1, 2, 3] && a.finalSnapshot.items == [2, 3])
    #expect([1, 2, 3].applying(a.difference) == [2, 3])
    let unchanged = DiffableDataSourceTransaction(initialSnapshot: initial, finalSnapshot: initial)
    #expect(unchanged.sectionTransactions.isEmpty && unchanged.difference.isEmpty)
  }

  @Test func aRemovedSectionComesLast() {
    var initial = DiffableDataSourceSnapshot<String, Int>()
    initial.appendSections(["A", "B"])
    initial.appendItems([1], toSection: "A")
    var final = initial
    final.deleteSections(["A"])
    final.appendItems([1], toSection: "B")
    let transaction = DiffableDataSourceTransaction(initialSnapshot: initial, finalSnapshot: final)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["B", "A"])
  }
}
