import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

/// A hand-driven test data source's answers to what it does not model: no headers, no
/// outline, no reordering.
protocol PlainListViewDataSource: ListViewDataSource {}

extension PlainListViewDataSource {
  func listView(
    _ listView: any ListView, viewForSupplementaryElementOfKind elementKind: String,
    at indexPath: IndexPath
  ) -> ListCell? { nil }
  func listView(_ listView: any ListView, outlineStateForItemAt indexPath: IndexPath)
    -> OutlineItemState?
  { nil }
  func listView(
    _ listView: any ListView, setExpanded expanded: Bool, forItemAt indexPath: IndexPath
  ) -> Bool { false }
  func listView(_ listView: any ListView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
  func listView(
    _ listView: any ListView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {}
}

/// A hand-driven data source, to send the view batches no diffable data source would.
final class ManualDataSource: PlainListViewDataSource {
  var sections: [[Int]]
  init(_ sections: [[Int]]) { self.sections = sections }

  func numberOfSections(in listView: any ListView) -> Int { sections.count }
  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func listView(_ listView: any ListView, cellForItemAt indexPath: IndexPath) -> ListCell {
    let cell = ListCell()
    var content = cell.defaultContentConfiguration()
    content.text = "\(sections[indexPath[0]][indexPath[1]])"
    cell.contentConfiguration = content
    return cell
  }
  func listView(_ listView: any ListView, identifierForSectionAt section: Int) -> ListIdentifier {
    ListIdentifier(section)
  }
  func listView(_ listView: any ListView, identifierForItemAt indexPath: IndexPath)
    -> ListIdentifier
  { ListIdentifier(sections[indexPath[0]][indexPath[1]]) }
}

final class DelegateSpy: ListViewDelegate {
  var events: [String] = []
  func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath) {
    events.append("select \(indexPath)")
  }
  func listView(
    _ listView: any ListView, didActivateAccessory accessory: CellAccessory,
    forItemAt indexPath: IndexPath
  ) {
    events.append("accessory \(accessory.kind) \(indexPath)")
  }
}

@MainActor
@Suite("RecordingListView")
struct RecordingListViewTests {
  @Test func anInvalidBatchIsRecordedAndTheViewRecovers() {
    let view = RecordingListView()
    view.invalidBatchPolicy = .record
    let source = ManualDataSource([[1, 2]])
    view.dataSource = source
    view.reloadData()
    source.sections = [[1, 2, 3]]
    var completed = false
    // The batch forgets the insert.
    view.performBatchUpdates(BatchUpdate(), animated: true) { completed = true }
    #expect(completed)
    #expect(view.rejectedBatches.map(\.rule) == [.itemCountMismatch])
    #expect(view.rows == ["1", "2", "3"])
    #expect(view.calls.last == .reloadData)
  }

  @Test func anInvalidBatchStopsByDefault() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = RecordingListView()
        let source = ManualDataSource([[1]])
        view.dataSource = source
        view.reloadData()
        source.sections = [[1, 2]]
        view.performBatchUpdates(BatchUpdate(), animated: false, completion: nil)
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("RecordingListView: the data source sent an invalid batch"))
    #expect(text.contains("invalid number of items in section 0"))
  }

  @Test func cellRequestsAreRecorded() {
    let view = RecordingListView()
    let source = ManualDataSource([[1, 2], [3]])
    view.dataSource = source
    view.reloadData()
    #expect(view.cellRequests == [path(0, 0), path(0, 1), path(1, 0)])
    source.sections = [[1, 2], [3, 4]]
    view.performBatchUpdates(
      BatchUpdate(insertedItems: [path(1, 1)]), animated: true, completion: nil)
    #expect(view.cellRequests.last == path(1, 1))
    #expect(view.cellRequests.count == 4)
    #expect(view.model.numberOfItems == 4)
  }

  @Test func selectionAndAccessoriesGoToTheDelegate() {
    let fixture = RecipeFixture([1, 2])
    let spy = DelegateSpy()
    fixture.view.delegate = spy
    fixture.favorites = [2]
    fixture.dataSource.apply(fixture.snapshot([1, 2]))
    fixture.view.select(path(0, 1))
    #expect(fixture.view.selectedIndexPaths == [path(0, 1)])
    fixture.view.select(path(0, 0))
    #expect(fixture.view.selectedIndexPaths == [path(0, 0)])
    fixture.view.activateAccessory(CellAccessory.symbol("heart.fill").kind, at: path(0, 1))
    #expect(
      spy.events == [
        "select [0, 1]", "select [0, 0]",
        "accessory \(CellAccessory.symbol("heart.fill").kind) [0, 1]",
      ])
  }

  @Test func swipeActionsComeFromTheListConfiguration() {
    let fixture = RecipeFixture([1, 2])
    fixture.dataSource.apply(fixture.snapshot([1, 2]))
    var deleted: [Int] = []
    var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
    configuration.trailingSwipeActionsConfigurationProvider = { [unowned fixture] indexPath in
      guard let id = fixture.dataSource.itemIdentifier(for: indexPath) else { return nil }
      let delete = ContextualAction(style: .destructive, title: "Delete") { _, completion in
        deleted.append(id)
        completion(true)
      }
      return SwipeActionsConfiguration(actions: [delete])
    }
    fixture.view.listConfiguration = configuration
    #expect(fixture.view.swipeActions(at: path(0, 0), edge: .leading) == nil)
    #expect(
      fixture.view.swipeActions(at: path(0, 1), edge: .trailing)?.actions.map(\.title) == ["Delete"]
    )
    #expect(
      fixture.view.performSwipeAction(titled: "Delete", at: path(0, 1), edge: .trailing) == true)
    #expect(fixture.view.performSwipeAction(titled: "Nope", at: path(0, 1), edge: .trailing) == nil)
    #expect(deleted == [2])
  }

  @Test func renderedRowsShowTextSecondaryTextAndAccessories() {
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, String> { cell, _, title in
      var content = ListContentConfiguration.subtitleCell()
      content.text = title
      content.secondaryText = "10 min"
      cell.contentConfiguration = content
      cell.accessories = [.disclosureIndicator()]
    }
    let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
      view, indexPath, title in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: title)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["Soup"])
    dataSource.apply(snapshot)
    #expect(view.renderedRows == ["Soup · 10 min [disclosure]"])
    #expect(view.cell(at: path(0, 1)) == nil)
  }
}
