import Diffable
import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

/// A hand-driven data source that keeps a typed snapshot and hands it over, to send the view
/// batches no diffable data source would, checked at the data source's own types.
final class ManualSnapshotDataSource: PlainListViewDataSource {
  var snapshot: DiffableDataSourceSnapshot<Int, String>
  /// Added to every section's item count, to report counts that disagree with the snapshot.
  var countSkew = 0
  init(_ sections: [[String]]) {
    snapshot = DiffableDataSourceSnapshot()
    set(sections)
  }

  func set(_ sections: [[String]]) {
    snapshot = DiffableDataSourceSnapshot()
    for (index, items) in sections.enumerated() {
      snapshot.appendSections([index])
      snapshot.appendItems(items, toSection: index)
    }
  }

  func numberOfSections(in listView: any ListView) -> Int { snapshot.numberOfSections }
  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    snapshot.numberOfItems(inSectionAt: section) + countSkew
  }
  func listView(_ listView: any ListView, cellForItemAt indexPath: IndexPath) -> ListCell {
    let cell = ListCell()
    var content = cell.defaultContentConfiguration()
    content.text = snapshot.itemIdentifier(at: indexPath)
    cell.contentConfiguration = content
    return cell
  }
  func listView(_ listView: any ListView, identifierForSectionAt section: Int) -> ListIdentifier {
    ListIdentifier(snapshot.sectionIdentifiers[section])
  }
  func listView(_ listView: any ListView, identifierForItemAt indexPath: IndexPath)
    -> ListIdentifier
  { ListIdentifier(snapshot.itemIdentifier(at: indexPath)!) }
  func listView(
    _ listView: any ListView, visitSnapshot visitor: inout some ListViewSnapshotVisitor
  ) -> Bool {
    visitor.visit(snapshot)
    return true
  }
}

/// Keeps what it was handed, as `Any`, with the identifier types' names.
struct RecordingVisitor: ListViewSnapshotVisitor {
  var visits: [(snapshot: Any, types: String)] = []
  mutating func visit<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) {
    visits.append((snapshot, "\(S.self), \(I.self)"))
  }
}

typealias FixtureSnapshot = DiffableDataSourceSnapshot<RecipeFixture.Section, Int>

@MainActor
@Suite("A data source's snapshot, handed to its view")
struct ListViewSnapshotVisitorTests {
  @Test func aDiffableDataSourceHandsOverItsCurrentSnapshot() {
    let fixture = RecipeFixture()
    let shown = fixture.snapshot([(.main, [3, 1]), (.extra, [2])])
    fixture.dataSource.apply(shown)
    var visitor = RecordingVisitor()
    #expect(fixture.dataSource.listView(fixture.view, visitSnapshot: &visitor))
    #expect(visitor.visits.count == 1)
    #expect(visitor.visits.first?.types == "Section, Int")
    let handed = visitor.visits.first?.snapshot as? FixtureSnapshot
    #expect(handed == fixture.dataSource.snapshot())
    #expect(handed?.itemIdentifiers == [3, 1, 2])
  }

  /// Marks belong to one apply; the snapshot handed over is what the view shows, without them.
  @Test func theSnapshotHandedOverCarriesNoMarks() {
    let fixture = RecipeFixture()
    fixture.dataSource.apply(fixture.snapshot([1, 2]))
    var marked = fixture.snapshot([1, 2])
    marked.reconfigureItems([2])
    fixture.dataSource.apply(marked)
    var visitor = RecordingVisitor()
    _ = fixture.dataSource.listView(fixture.view, visitSnapshot: &visitor)
    let handed = visitor.visits.first?.snapshot as? FixtureSnapshot
    #expect(handed?.reconfiguredItemIdentifiers == [])
    #expect(handed?.itemIdentifiers == [1, 2])
  }

  @Test func theDefaultHandsOverNothing() {
    let source = ManualDataSource([[1, 2]])
    var visitor = RecordingVisitor()
    #expect(!source.listView(RecordingListView(), visitSnapshot: &visitor))
    #expect(visitor.visits.isEmpty)
  }

  @Test func theViewCarriesCellsAcrossABatchCheckedAtTheDataSourcesTypes() {
    let view = RecordingListView()
    let source = ManualSnapshotDataSource([["a", "b", "c"], ["d"]])
    view.dataSource = source
    view.reloadData()
    let (b, d) = (view.cell(at: path(0, 1))!, view.cell(at: path(1, 0))!)
    source.set([["a", "c", "d"], ["b", "e"]])
    var update = BatchUpdate()
    update.movedItems = [
      .init(from: path(0, 1), to: path(1, 0)), .init(from: path(1, 0), to: path(0, 2)),
    ]
    update.insertedItems = [path(1, 1)]
    view.performBatchUpdates(update, animated: true, completion: nil)
    #expect(view.rows == ["a", "c", "d", "b", "e"])
    #expect(view.cell(at: path(1, 0)) === b)
    #expect(view.cell(at: path(0, 2)) === d)
    #expect(view.cellRequests.suffix(1) == [path(1, 1)])
    #expect(view.model.itemIdentifiers == ["a", "c", "d", "b", "e"].map(ListIdentifier.init))
    #expect(view.model.sectionIdentifiers == [0, 1].map(ListIdentifier.init))
  }

  @Test func aBatchThatDoesNotLandIsRejectedWithTheDataSourcesIdentifiers() {
    let view = RecordingListView()
    view.invalidBatchPolicy = .record
    let source = ManualSnapshotDataSource([["a", "b", "c"]])
    view.dataSource = source
    view.reloadData()
    source.set([["a", "c", "b"]])
    // The counts agree, but nothing says that b and c swap.
    view.performBatchUpdates(BatchUpdate(), animated: true, completion: nil)
    #expect(view.rejectedBatches.map(\.rule) == [.landingMismatch])
    let message = view.rejectedBatches.first?.message ?? ""
    #expect(message.contains(#"identifier "b""#), "\(message)")
    #expect(message.contains(#"identifier "c""#), "\(message)")
    #expect(view.rows == ["a", "c", "b"])
    #expect(view.calls.last == .reloadData)
  }

  @Test func everyRuleStillAppliesAtTheDataSourcesTypes() {
    let view = RecordingListView()
    view.invalidBatchPolicy = .record
    let source = ManualSnapshotDataSource([["a", "b"]])
    view.dataSource = source
    view.reloadData()
    source.set([["a", "b"]])
    var update = BatchUpdate()
    update.reconfiguredItems = [path(0, 1), path(0, 1)]
    view.performBatchUpdates(update, animated: true, completion: nil)
    #expect(view.rejectedBatches.map(\.rule) == [.invalidReconfigure])
    source.set([["a", "b", "c"]])
    view.performBatchUpdates(BatchUpdate(), animated: true, completion: nil)
    #expect(view.rejectedBatches.map(\.rule) == [.invalidReconfigure, .itemCountMismatch])
  }

  /// When the data source changes to one of other identifier types (or one that keeps no
  /// snapshot), the view compares boxed identifiers.
  @Test func aChangeOfIdentifierTypesIsComparedAsBoxedIdentifiers() {
    let view = RecordingListView()
    view.invalidBatchPolicy = .record
    let typed = ManualSnapshotDataSource([["1", "2"]])
    view.dataSource = typed
    view.reloadData()
    // Int items 1 and 2 are other identifiers than the strings "1" and "2".
    let untyped = ManualDataSource([[1, 2]])
    view.dataSource = untyped
    view.performBatchUpdates(BatchUpdate(), animated: true, completion: nil)
    #expect(view.rejectedBatches.map(\.rule) == [.landingMismatch])
    // After the reload, the same Int identifiers land; then back to the typed source.
    view.performBatchUpdates(BatchUpdate(), animated: true, completion: nil)
    #expect(view.rejectedBatches.count == 1)
    typed.set([["2"]])
    view.dataSource = typed
    var update = BatchUpdate()
    update.deletedItems = [path(0, 0), path(0, 1)]
    update.insertedItems = [path(0, 0)]
    view.performBatchUpdates(update, animated: true, completion: nil)
    #expect(view.rejectedBatches.count == 1)
    #expect(view.rows == ["2"])
    #expect(view.model.itemIdentifiers == [ListIdentifier("2")])
  }

  @Test func aUserMoveUpdatesTheTypedModel() {
    let fixture = RecipeFixture()
    fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    fixture.dataSource.apply(fixture.snapshot([1, 2, 3]))
    #expect(fixture.view.moveItem(from: path(0, 0), to: path(0, 2)))
    #expect(fixture.view.model.itemIdentifiers == [2, 3, 1].map(ListIdentifier.init))
    // The next batch is checked from the moved state.
    fixture.dataSource.apply(fixture.snapshot([3, 2, 1]))
    #expect(fixture.view.rows == ["Recipe 3", "Recipe 2", "Recipe 1"])
  }

  @Test func aSnapshotThatDisagreesWithTheReportedCountsStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = RecordingListView()
        let source = ManualSnapshotDataSource([["a", "b", "c"]])
        source.countSkew = -1
        view.dataSource = source
        view.reloadData()
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "RecordingListView: the data source's snapshot has 3 items in section 0 but it "
          + "reports 2"))
  }
}
