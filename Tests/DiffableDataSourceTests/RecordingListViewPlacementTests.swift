import DiffableDataSource
import Foundation
import Testing

@testable import DiffableTesting

/// `RecordingListView.placeCells(_:new:update:)`, called with placements the simulator
/// never returns. Through `performBatchUpdates` every placement has been checked first, so
/// the rebuild's two stops (a placement for another number of items, an old cell placed
/// twice) are reachable only this way; without them the rebuild would leave cells out or
/// show one cell in two rows.
@MainActor
@Suite struct RecordingListViewPlacementTests {
  typealias Origin = BatchUpdateSimulator.FlatCellOrigin

  /// A view showing items 1, 2 and 3 in one section from a hand-driven data source, then
  /// rebuilt by `origins` for the data source's new `items`. Returns the view, and the cells
  /// it showed before.
  static func place(_ origins: [Origin], newItems items: [Int]) -> (
    view: RecordingListView, before: [ListCell]
  ) {
    let view = RecordingListView()
    let source = ManualDataSource([[1, 2, 3]])
    view.dataSource = source
    view.reloadData()
    let before = view.cells[0]
    source.sections = [items]
    var snapshot = DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier>()
    snapshot.appendSections([ListIdentifier(0)])
    snapshot.appendItems(items.map { ListIdentifier($0) })
    view.placeCells(
      BatchUpdateSimulator.CellPlacement(origins: origins, reconfigured: []),
      new: TypedShownModel(snapshot: snapshot), update: BatchUpdate())
    return (view, before)
  }

  @Test func carriedCellsMoveAndNewOnesArePulled() {
    // 3 stays first, 1 moves behind it, 4 is new, 2 is gone.
    let (view, before) = Self.place(
      [.kept(from: 2), .moved(from: 0), .inserted], newItems: [3, 1, 4])
    let cells = view.cells[0]
    #expect(cells.count == 3)
    #expect(cells[0] === before[2])
    #expect(cells[1] === before[0])
    #expect(!before.contains { $0 === cells[2] })
    #expect(view.rows == ["3", "1", "4"])
  }

  @Test func aPlacementForAnotherNumberOfItemsStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = RecordingListViewPlacementTests.place(
          [.kept(from: 0), .kept(from: 1)], newItems: [1, 2, 3])
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "RecordingListView: the checked batch places 2 cells, but the data source shows 3 items"
      ))
  }

  @Test func anOldCellPlacedTwiceStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = RecordingListViewPlacementTests.place(
          [.kept(from: 0), .moved(from: 0), .kept(from: 2)], newItems: [1, 2, 3])
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("RecordingListView: old cell 0 placed twice"))
  }
}
