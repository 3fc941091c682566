import DiffableTesting
import Foundation
import Testing

@testable import DiffableDataSource

/// A sidebar like the sample app's: standard items, and an expandable "Collections"
/// header whose children are the collections.
@MainActor
final class SidebarFixture {
  enum Section: Hashable, Sendable { case standard, collections }

  let view = RecordingListView()
  var dataSource: CollectionViewDiffableDataSource<Section, String>!
  var events: [String] = []

  init() {
    let registration = CellRegistration<ListCell, String> { cell, _, title in
      var content = ListContentConfiguration.sidebarCell()
      content.text = title
      cell.contentConfiguration = content
      cell.accessories = title == "Collections" ? [.outlineDisclosure()] : []
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, indexPath, title in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: title)
    }
    var sections = DiffableDataSourceSnapshot<Section, String>()
    sections.appendSections([.standard, .collections])
    dataSource.apply(sections, animatingDifferences: false)
    var standard = DiffableDataSourceSectionSnapshot<String>()
    standard.append(["All Recipes", "Favorites", "Recents"])
    dataSource.apply(standard, to: .standard, animatingDifferences: false)
    var collections = DiffableDataSourceSectionSnapshot<String>()
    collections.append(["Collections"])
    collections.append(["Breakfast", "Soups", "Desserts"], to: "Collections")
    dataSource.apply(collections, to: .collections, animatingDifferences: false)
  }
}

@MainActor
@Suite("Data source: section snapshots and outlines")
struct DataSourceOutlineTests {
  @Test func sectionSnapshotsFillTheirSectionsWithVisibleRows() {
    let fixture = SidebarFixture()
    #expect(fixture.view.rows == ["All Recipes", "Favorites", "Recents", "Collections"])
    let outline = fixture.dataSource.snapshot(for: .collections)
    #expect(outline.items == ["Collections", "Breakfast", "Soups", "Desserts"])
    #expect(outline.visibleItems == ["Collections"])
    #expect(fixture.dataSource.snapshot(for: .standard).items.count == 3)
    #expect(
      fixture.dataSource.listView(fixture.view, outlineStateForItemAt: path(1, 0))
        == OutlineItemState(level: 0, hasChildren: true, isExpanded: false))
    #expect(
      fixture.dataSource.listView(fixture.view, outlineStateForItemAt: path(0, 0))
        == OutlineItemState(level: 0, hasChildren: false, isExpanded: false))
  }

  @Test func onlyItemsOfSectionsShowingAnOutlineHaveAnOutlineState() {
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, String> { cell, _, title in
      var content = ListContentConfiguration.cell()
      content.text = title
      cell.contentConfiguration = content
    }
    let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) {
      view, indexPath, title in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: title)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["a", "b"], toSection: 0)
    snapshot.appendItems(["c"], toSection: 1)
    dataSource.apply(snapshot, animatingDifferences: false)
    for indexPath in [path(0, 0), path(0, 1), path(1, 0), path(1, 1), path(2, 0)] {
      #expect(dataSource.listView(view, outlineStateForItemAt: indexPath) == nil)
    }
    #expect(!dataSource.showsOutlines)

    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["c"])
    outline.append(["d"], to: "c")
    dataSource.apply(outline, to: 1, animatingDifferences: false)
    #expect(
      dataSource.listView(view, outlineStateForItemAt: path(1, 0))
        == OutlineItemState(level: 0, hasChildren: true, isExpanded: false))
    #expect(dataSource.listView(view, outlineStateForItemAt: path(0, 1)) == nil)
    #expect(dataSource.listView(view, outlineStateForItemAt: path(1, 1)) == nil)
    #expect(dataSource.showsOutlines)

    // A full snapshot whose rows match the outline's visible rows keeps it; one that changes
    // them drops it, and so does a reload.
    dataSource.apply(snapshot, animatingDifferences: false)
    #expect(dataSource.listView(view, outlineStateForItemAt: path(1, 0)) != nil)
    snapshot.appendItems(["e"], toSection: 1)
    dataSource.apply(snapshot, animatingDifferences: false)
    #expect(dataSource.listView(view, outlineStateForItemAt: path(1, 0)) == nil)
    #expect(!dataSource.showsOutlines)
    dataSource.apply(outline, to: 1, animatingDifferences: false)
    #expect(dataSource.showsOutlines)
    dataSource.applySnapshotUsingReloadData(snapshot)
    #expect(dataSource.listView(view, outlineStateForItemAt: path(1, 0)) == nil)
    #expect(!dataSource.showsOutlines)
  }

  @Test func expandAndCollapseThroughTheView() {
    let fixture = SidebarFixture()
    fixture.dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned fixture] item in
      fixture.events.append("will expand \(item)")
    }
    fixture.dataSource.sectionSnapshotHandlers.willCollapseItem = { [unowned fixture] item in
      fixture.events.append("will collapse \(item)")
    }
    #expect(fixture.view.toggleDisclosure(at: path(1, 0)))
    #expect(fixture.view.rows.suffix(4) == ["Collections", "Breakfast", "Soups", "Desserts"])
    // The parent's cell is refreshed in place, so its disclosure shows the new state.
    #expect(
      fixture.batches.last
        == BatchUpdate(
          insertedItems: [path(1, 1), path(1, 2), path(1, 3)], reconfiguredItems: [path(1, 0)]))
    #expect(fixture.dataSource.snapshot(for: .collections).isExpanded("Collections"))
    #expect(
      fixture.dataSource.listView(fixture.view, outlineStateForItemAt: path(1, 1))
        == OutlineItemState(level: 1, hasChildren: false, isExpanded: false))
    #expect(fixture.view.toggleDisclosure(at: path(1, 0)))
    #expect(fixture.view.rows.count == 4)
    #expect(
      fixture.batches.last
        == BatchUpdate(
          deletedItems: [path(1, 1), path(1, 2), path(1, 3)], reconfiguredItems: [path(1, 0)]))
    #expect(fixture.events == ["will expand Collections", "will collapse Collections"])
    // A leaf shows no disclosure, so there is nothing to click.
    #expect(!fixture.view.toggleDisclosure(at: path(0, 0)))
    #expect(fixture.events.count == 2)
  }

  @Test func aVetoLeavesEverythingUnchanged() {
    let fixture = SidebarFixture()
    fixture.dataSource.sectionSnapshotHandlers.shouldExpandItem = { _ in false }
    fixture.dataSource.sectionSnapshotHandlers.willExpandItem = { _ in
      Issue.record("willExpandItem after a veto")
    }
    let callsBefore = fixture.view.calls
    #expect(!fixture.view.toggleDisclosure(at: path(1, 0)))
    #expect(fixture.view.calls == callsBefore)
    #expect(!fixture.dataSource.snapshot(for: .collections).isExpanded("Collections"))

    fixture.dataSource.sectionSnapshotHandlers.shouldExpandItem = nil
    fixture.dataSource.sectionSnapshotHandlers.willExpandItem = nil
    fixture.view.toggleDisclosure(at: path(1, 0))
    fixture.dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
    #expect(!fixture.view.toggleDisclosure(at: path(1, 0)))
    #expect(fixture.view.rows.count == 7)
  }

  @Test func childrenLoadLazilyWhenAParentExpands() {
    let fixture = SidebarFixture()
    fixture.dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = {
      [unowned fixture] parent, current in
      fixture.events.append("load \(parent) (had \(current.items.count))")
      var children = DiffableDataSourceSectionSnapshot<String>()
      children.append(["Lazy A", "Lazy B"])
      return children
    }
    fixture.view.toggleDisclosure(at: path(1, 0))
    #expect(fixture.events == ["load Collections (had 3)"])
    #expect(fixture.view.rows.suffix(3) == ["Collections", "Lazy A", "Lazy B"])
    #expect(
      fixture.dataSource.snapshot(for: .collections).items == ["Collections", "Lazy A", "Lazy B"])
  }

  @Test func aFullSnapshotReplacesTheOutlinesItChanges() {
    let fixture = SidebarFixture()
    var snapshot = fixture.dataSource.snapshot()
    snapshot.appendItems(["Shared"], toSection: .standard)
    fixture.dataSource.apply(snapshot)
    // The standard section changed: its outline is now flat; the other kept its hierarchy.
    #expect(fixture.dataSource.snapshot(for: .standard).items.last == "Shared")
    #expect(fixture.dataSource.snapshot(for: .collections).items.count == 4)
  }

  @Test func sectionSnapshotForAnUnknownSection() {
    let fixture = SidebarFixture()
    let view = RecordingListView()
    let other = CollectionViewDiffableDataSource<SidebarFixture.Section, String>(
      collectionView: view
    ) { _, _, _ in ListCell() }
    #expect(other.snapshot(for: .standard).items.isEmpty)
    // Applying to an unknown section appends it.
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Only"])
    other.apply(outline, to: .collections)
    #expect(other.snapshot().sectionIdentifiers == [.collections])
    #expect(fixture.dataSource.snapshot().numberOfSections == 2)
  }

  @Test func asyncSectionSnapshotApply() async {
    let fixture = SidebarFixture()
    var outline = fixture.dataSource.snapshot(for: .collections)
    outline.expand(["Collections"])
    await fixture.dataSource.apply(outline, to: .collections)
    #expect(fixture.view.rows.count == 7)
  }
}

extension SidebarFixture {
  var batches: [BatchUpdate] {
    view.calls.compactMap {
      if case .performBatchUpdates(let update, _) = $0 { return update }
      return nil
    }
  }
}
