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
