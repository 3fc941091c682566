import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Data source: apply")
struct DataSourceApplyTests {
  @Test func initialLoadUsesReloadData() {
    let fixture = RecipeFixture([1, 2, 3])
    var completed = false
    fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot([1, 2, 3])) {
      completed = true
    }
    #expect(completed)
    #expect(fixture.view.calls == [.reloadData])
    #expect(fixture.view.rows == ["Recipe 1", "Recipe 2", "Recipe 3"])
    #expect(fixture.providerCalls == 3)
    #expect(fixture.dataSource.snapshot() == fixture.snapshot([1, 2, 3]))
  }

  @Test func addDeleteAndMoveGoThroughOneBatchEach() {
    let fixture = RecipeFixture([1, 2, 3])
    fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot([1, 2, 3]))
    let second = fixture.view.cell(at: path(0, 1))

    fixture.dataSource.apply(fixture.snapshot([1, 2, 3, 4]))  // add
    fixture.dataSource.apply(fixture.snapshot([1, 2, 4]))  // delete
    fixture.dataSource.apply(fixture.snapshot([4, 1, 2]))  // reorder
    #expect(fixture.view.rows == ["Recipe 4", "Recipe 1", "Recipe 2"])
    #expect(
      fixture.batches == [
        BatchUpdate(insertedItems: [path(0, 3)]),
        BatchUpdate(deletedItems: [path(0, 2)]),
        BatchUpdate(movedItems: [BatchUpdate.ItemMove(from: path(0, 2), to: path(0, 0))]),
      ])
    // Only the new item needed a cell; the others kept theirs.
    #expect(fixture.providerCalls == 4)
    #expect(fixture.view.cell(at: path(0, 2)) === second)
    #expect(fixture.view.rejectedBatches.isEmpty)
  }

  @Test func applyingTheSameSnapshotDoesNothing() {
    let fixture = RecipeFixture([1, 2])
    fixture.dataSource.apply(fixture.snapshot([1, 2]))
    var completed = false
    fixture.dataSource.apply(fixture.snapshot([1, 2])) { completed = true }
    #expect(completed)
    #expect(fixture.batches.count == 1)
  }

  @Test func withoutAnimationItStillDiffs() {
    let fixture = RecipeFixture([1, 2])
    fixture.dataSource.apply(fixture.snapshot([1, 2]), animatingDifferences: false)
    fixture.dataSource.apply(fixture.snapshot([2, 1]), animatingDifferences: false)
    #expect(
      fixture.view.calls.last
        == .performBatchUpdates(
          BatchUpdate(movedItems: [BatchUpdate.ItemMove(from: path(0, 1), to: path(0, 0))]),
          animated: false))
  }

  @Test func favoriteThroughReconfigureKeepsTheSameCell() {
    let fixture = RecipeFixture([1, 2, 3])
    fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot([1, 2, 3]))
    let cell = try! #require(fixture.view.cell(at: path(0, 1)))
    cell.isSelected = true
    fixture.favorites.insert(2)
    var snapshot = fixture.dataSource.snapshot()
    snapshot.reconfigureItems([2])
    fixture.dataSource.apply(snapshot)
    #expect(fixture.view.cell(at: path(0, 1)) === cell)
    #expect(cell.configurationCount == 2)
    #expect(cell.isSelected)
    #expect(fixture.view.renderedRows[1] == "Recipe 2 [symbol:heart.fill]")
    #expect(fixture.batches.last == BatchUpdate(reconfiguredItems: [path(0, 1)]))
    #expect(!fixture.dataSource.snapshot().hasMarks)
  }

  @Test func reloadGivesANewCell() {
    let fixture = RecipeFixture([1, 2, 3])
    fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot([1, 2, 3]))
    let cell = try! #require(fixture.view.cell(at: path(0, 1)))
    fixture.titles[2] = "Renamed"
    var snapshot = fixture.dataSource.snapshot()
    snapshot.reloadItems([2])
    fixture.dataSource.apply(snapshot)
    let replacement = try! #require(fixture.view.cell(at: path(0, 1)))
    #expect(replacement !== cell)
    #expect(fixture.view.rows[1] == "Renamed")
  }

  @Test func deletedCellsAreReused() {
    let fixture = RecipeFixture([1, 2, 3])
    fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot([1, 2, 3]))
    let third = try! #require(fixture.view.cell(at: path(0, 2)))
    fixture.dataSource.apply(fixture.snapshot([1, 2]))
    fixture.dataSource.apply(fixture.snapshot([1, 2, 9]))
    #expect(fixture.view.cell(at: path(0, 2)) === third)
    #expect(fixture.view.rows == ["Recipe 1", "Recipe 2", "Recipe 9"])
  }

  @Test func queriesDuringAnUpdateDescribeTheNewState() {
    let view = RecordingListView()
    var seen: [String] = []
    let late = Late<CollectionViewDiffableDataSource<String, Int>>()
    let registration = CellRegistration<ListCell, Int> { _, _, _ in }
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
      view, indexPath, id in
      let dataSource = late.value!
      let snapshot = dataSource.snapshot()
      seen.append(
        "\(id) at \(indexPath): \(dataSource.itemIdentifier(for: indexPath).map(String.init) ?? "nil") "
          + "of \(snapshot.numberOfItems)")
      return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
    }
    late.value = dataSource
    var first = DiffableDataSourceSnapshot<String, Int>()
    first.appendSections(["A"])
    first.appendItems([1])
    dataSource.apply(first)
    var second = first
    second.insertItems([0], beforeItem: 1)
    dataSource.apply(second)
    #expect(seen == ["1 at [0, 0]: 1 of 1", "0 at [0, 0]: 0 of 2"])
  }

  @Test func identifiersAndIndexPaths() {
    let fixture = RecipeFixture()
    fixture.dataSource.apply(fixture.snapshot([(.main, [1, 2]), (.extra, [3])]))
    let dataSource = fixture.dataSource!
    #expect(dataSource.itemIdentifier(for: path(1, 0)) == 3)
    #expect(dataSource.itemIdentifier(for: path(1, 1)) == nil)
    #expect(dataSource.indexPath(for: 2) == path(0, 1))
    #expect(dataSource.indexPath(for: 7) == nil)
    #expect(dataSource.sectionIdentifier(for: 1) == .extra)
    #expect(dataSource.sectionIdentifier(for: 2) == nil)
    #expect(dataSource.sectionIdentifier(for: -1) == nil)
    #expect(dataSource.index(for: .extra) == 1)
    #expect(dataSource.description.hasPrefix("CollectionViewDiffableDataSource<"))
    #expect(dataSource.description.contains("main: [1, 2], extra: [3]"))
  }

  @Test func asyncAppliesCompleteInCallOrder() async {
    let fixture = RecipeFixture()
    var order: [Int] = []
    await fixture.dataSource.apply(fixture.snapshot([1]))
    order.append(1)
    fixture.dataSource.apply(fixture.snapshot([1, 2])) { order.append(2) }
    await fixture.dataSource.apply(fixture.snapshot([3, 1, 2]), animatingDifferences: false)
    order.append(3)
    await fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot([2]))
    order.append(4)
    #expect(order == [1, 2, 3, 4])
    #expect(fixture.view.rows == ["Recipe 2"])
    #expect(fixture.view.calls.count == 4)
  }

  @Test func applyingFromTheCompletionIsAllowed() {
    let fixture = RecipeFixture()
    fixture.dataSource.apply(fixture.snapshot([1])) {
      fixture.dataSource.apply(fixture.snapshot([1, 2]))
    }
    #expect(fixture.view.rows == ["Recipe 1", "Recipe 2"])
  }

  @Test func tableDataSourceWithoutRowAnimation() {
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      var content = cell.defaultContentConfiguration()
      content.text = "\(id)"
      cell.contentConfiguration = content
    }
    let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: view) { view, path, id in
      view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
    }
    #expect(dataSource.defaultRowAnimation == .automatic)
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([1])
    dataSource.apply(snapshot)
    dataSource.defaultRowAnimation = .none
    snapshot.appendItems([2])
    dataSource.apply(snapshot, animatingDifferences: true)
    #expect(
      view.calls == [
        .performBatchUpdates(BatchUpdate(insertedSections: [0]), animated: true),
        .performBatchUpdates(BatchUpdate(insertedItems: [path(0, 1)]), animated: false),
      ])
    #expect(view.rows == ["1", "2"])
    #expect(dataSource.description.hasPrefix("TableViewDiffableDataSource<"))
  }

  @Test func supplementaryViewProviderAnswersTheView() {
    let fixture = RecipeFixture()
    let header = SupplementaryRegistration<ListCell>(elementKind: ListElementKind.header) {
      view, _, indexPath in
      var content = view.defaultContentConfiguration()
      content.text = "Header \(indexPath[0])"
      view.contentConfiguration = content
    }
    fixture.dataSource.supplementaryViewProvider = { view, kind, indexPath in
      kind == ListElementKind.header
        ? view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath) : nil
    }
    fixture.view.listConfiguration = {
      var configuration = ListLayoutConfiguration(appearance: .plain)
      configuration.headerMode = .supplementary
      return configuration
    }()
    fixture.dataSource.apply(fixture.snapshot([1]))
    #expect(fixture.view.headers.map { $0?.listContentConfiguration?.text } == ["Header 0"])
    fixture.dataSource.apply(fixture.snapshot([(.main, [1]), (.extra, [2])]))
    #expect(
      fixture.view.headers.map { $0?.listContentConfiguration?.text } == ["Header 0", "Header 1"])
    let made = fixture.dataSource.listView(
      fixture.view, viewForSupplementaryElementOfKind: ListElementKind.header, at: path(0, 0))
    #expect(made?.listContentConfiguration?.text == "Header 0")
    #expect(
      fixture.dataSource.listView(
        fixture.view, viewForSupplementaryElementOfKind: ListElementKind.footer, at: path(0, 0))
        == nil)
  }
}

@MainActor
@Suite("Data source: misuse")
struct DataSourceMisuseTests {
  @Test func applyFromInsideAnApplyStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = RecordingListView()
        let late = Late<CollectionViewDiffableDataSource<Int, Int>>()
        let registration = CellRegistration<ListCell, Int> { _, _, _ in }
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
          view, path, id in
          late.value.apply(DiffableDataSourceSnapshot())  // re-entrant
          return view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
        }
        late.value = dataSource
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1])
        dataSource.apply(snapshot)
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains("apply(_:animatingDifferences:completion:): called while the data source"))
    #expect(text.contains("deadlock"))
  }

  @Test func aRegistrationCreatedInsideTheCellProviderStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = RecordingListView()
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
          view, path, id in
          let registration = CellRegistration<ListCell, Int> { _, _, _ in }
          return view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1])
        dataSource.applySnapshotUsingReloadData(snapshot)
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("was created inside the cell provider"))
  }

  @Test func aCellProviderReturningNilStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = RecordingListView()
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
          _, _, _ in nil
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([42])
        dataSource.apply(snapshot)
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("the cell provider returned nil for item 42"))
  }
}
