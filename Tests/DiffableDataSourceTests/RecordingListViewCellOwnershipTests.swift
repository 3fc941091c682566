import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

/// `RecordingListView` keeps its cells as unmanaged references and owns one retain per cell
/// shown (`Sources/DiffableTesting/RecordingListView+CellRows.swift`): a cell that stops
/// being shown, and every cell of a view that goes away, must be freed, and no cell shown
/// may be.
@MainActor
@Suite("RecordingListView: cell ownership")
struct RecordingListViewCellOwnershipTests {
  final class Weak {
    weak var cell: ListCell?
    init(_ cell: ListCell?) { self.cell = cell }
  }

  @Test func cellsThatGoAreFreedAndCellsThatStayAreNot() {
    let view = RecordingListView()
    let source = ManualDataSource([[1, 2, 3], [4]])
    view.dataSource = source
    view.reloadData()
    let before = view.cells.joined().map(Weak.init)
    // 2 is deleted, 4 moves into section 0, and 5 is inserted; ManualDataSource's cells have
    // no reuse identifier, so a cell that goes is dropped rather than pooled.
    source.sections = [[1, 4, 3], [5]]
    var update = BatchUpdate()
    update.deletedItems = [path(0, 1)]
    update.movedItems = [.init(from: path(1, 0), to: path(0, 1))]
    update.insertedItems = [path(1, 0)]
    view.performBatchUpdates(update, animated: false, completion: nil)
    #expect(view.rows == ["1", "4", "3", "5"])
    #expect(before[1].cell == nil)
    #expect(before[0].cell === view.cell(at: path(0, 0)))
    #expect(before[3].cell === view.cell(at: path(0, 1)))
    #expect(before[2].cell === view.cell(at: path(0, 2)))
    // Cells survive repeated batches and reads.
    for _ in 0..<3 {
      source.sections = [[1, 4, 3], [5]]
      view.performBatchUpdates(BatchUpdate(), animated: false, completion: nil)
    }
    #expect(view.rows == ["1", "4", "3", "5"])
    #expect(view.renderedRows.count == 4)
  }

  @Test func aReloadFreesEveryOldCell() {
    let view = RecordingListView()
    let source = ManualDataSource([[1, 2]])
    view.dataSource = source
    view.reloadData()
    let before = view.cells.joined().map(Weak.init)
    view.reloadData()
    #expect(before.allSatisfy { $0.cell == nil })
    #expect(view.rows == ["1", "2"])
  }

  @Test func aReconfigureThatMakesANewCellFreesTheOldOne() {
    let view = RecordingListView()
    let source = ManualDataSource([[1, 2]])
    view.dataSource = source
    view.reloadData()
    let before = Weak(view.cell(at: path(0, 1)))
    var update = BatchUpdate()
    update.reconfiguredItems = [path(0, 1)]
    view.performBatchUpdates(update, animated: false, completion: nil)
    // ManualDataSource makes a new cell each time instead of dequeuing the shown one.
    #expect(before.cell == nil)
    #expect(view.rows == ["1", "2"])
  }

  @Test func theViewFreesItsCellsWhenItGoes() {
    var view: RecordingListView? = RecordingListView()
    let source = ManualDataSource([[1, 2], [3]])
    view!.dataSource = source
    view!.reloadData()
    let before = view!.cells.joined().map(Weak.init)
    #expect(before.allSatisfy { $0.cell != nil })
    view = nil
    #expect(before.allSatisfy { $0.cell == nil })
  }

  @Test func aUserMoveKeepsTheMovedCell() {
    let fixture = RecipeFixture()
    fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    fixture.dataSource.apply(fixture.snapshot([1, 2, 3]))
    let moved = fixture.view.cell(at: path(0, 0))
    #expect(fixture.view.moveItem(from: path(0, 0), to: path(0, 2)))
    #expect(fixture.view.cell(at: path(0, 2)) === moved)
    #expect(fixture.view.rows == ["Recipe 2", "Recipe 3", "Recipe 1"])
  }
}

@MainActor
@Suite("RecordingListView: cell ownership across many batches")
struct RecordingListViewCellLifetimeTests {
  /// Carried, moved, reloaded, reconfigured (the shown cell dequeued again) and pooled
  /// cells, a deleted section: none is freed early (every read below would crash), and all
  /// of them are freed with the view.
  @Test func everyCellIsFreedWithTheViewAfterManyBatches() {
    var seen: [RecordingListViewCellOwnershipTests.Weak] = []
    do {
      let fixture = RecipeFixture()
      func remember() {
        seen += fixture.view.cells.joined().map(RecordingListViewCellOwnershipTests.Weak.init)
      }
      fixture.dataSource.apply(fixture.snapshot([(.main, [1, 2, 3, 4]), (.extra, [5, 6])]))
      remember()
      let reconfigured = fixture.view.cell(at: path(0, 0))
      var next = fixture.snapshot([(.main, [1, 4, 3, 7]), (.extra, [6, 2])])
      next.reconfigureItems([1])
      next.reloadItems([3])
      fixture.dataSource.apply(next)
      #expect(fixture.view.cell(at: path(0, 0)) === reconfigured)
      remember()
      fixture.dataSource.apply(fixture.snapshot([(.extra, [6, 2, 8])]))
      remember()
      fixture.dataSource.apply(fixture.snapshot([(.main, [9]), (.extra, [6, 2, 8])]))
      remember()
      #expect(fixture.view.rows == ["Recipe 9", "Recipe 6", "Recipe 2", "Recipe 8"])
      #expect(fixture.batches.count == 4)
    }
    #expect(seen.allSatisfy { $0.cell == nil })
  }

  @Test func aProviderThatReloadsTheViewDuringABatchStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = RecordingListView()
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
          view, _, item in
          if item == 99 { (view as? RecordingListView)?.reloadData() }
          return ListCell()
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2], toSection: 0)
        dataSource.apply(snapshot)
        snapshot.appendItems([99], toSection: 0)
        dataSource.apply(snapshot)
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "RecordingListView.reloadData(): called while the view pulls cells for a reload or a "
          + "batch"))
  }
}
