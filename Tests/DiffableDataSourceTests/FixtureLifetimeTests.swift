import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

/// Weak references to the objects a test builds, by name, to check that they are all freed
/// once the test's own references are gone.
///
/// A retain cycle through a closure a data source or view stores (a provider or handler that
/// reaches back to what owns them) keeps the data source, the view and every cell alive; a
/// plain test cannot see that, and `scripts/sanitize.sh address` reports it only as a leak.
@MainActor
final class Lifetimes {
  private final class Entry {
    let name: String
    weak var object: AnyObject?

    init(_ name: String, _ object: AnyObject) {
      self.name = name
      self.object = object
    }
  }

  private var entries: [Entry] = []

  func watch(_ name: String, _ object: AnyObject) {
    entries.append(Entry(name, object))
  }

  func watch(_ name: String, cellsOf view: RecordingListView) {
    for (section, row) in view.cells.enumerated() {
      for (item, cell) in row.enumerated() { watch("\(name) cell [\(section), \(item)]", cell) }
    }
  }

  /// The names of the objects still alive.
  var alive: [String] { entries.filter { $0.object != nil }.map(\.name) }

  var count: Int { entries.count }
}

@MainActor
@Suite("Fixtures free their data source, view and cells")
struct FixtureLifetimeTests {
  @Test func aRecipeFixtureWithHandlersThatReachItIsFreed() {
    let lifetimes = Lifetimes()
    do {
      let fixture = RecipeFixture()
      fixture.dataSource.apply(fixture.snapshot([(.main, [1, 2, 3]), (.extra, [4])]))
      lifetimes.watch("recycled", fixture.view.cell(at: path(0, 1))!)
      // 2 goes to the reuse pool, 3 moves, 5 gets a cell.
      fixture.dataSource.apply(fixture.snapshot([(.main, [3, 1]), (.extra, [4, 5])]))
      // Handlers that reach the fixture, as the suites' tests install them.
      var order: [[Int]] = []
      fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
      fixture.dataSource.reorderingHandlers.didReorder = { [unowned fixture] _ in
        order.append(fixture.dataSource.snapshot().itemIdentifiers)
      }
      var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
      configuration.trailingSwipeActionsConfigurationProvider = { [unowned fixture] indexPath in
        fixture.dataSource.itemIdentifier(for: indexPath) == nil
          ? nil : SwipeActionsConfiguration(actions: [])
      }
      fixture.view.listConfiguration = configuration
      #expect(fixture.view.moveItem(from: path(0, 0), to: path(1, 2)))
      #expect(order == [[1, 4, 5, 3]])
      #expect(fixture.view.swipeActions(at: path(0, 0), edge: .trailing) != nil)

      lifetimes.watch("fixture", fixture)
      lifetimes.watch("view", fixture.view)
      lifetimes.watch("data source", fixture.dataSource)
      lifetimes.watch("view", cellsOf: fixture.view)
      #expect(lifetimes.alive.count == 8)
    }
    #expect(lifetimes.alive == [])
  }

  @Test func aSidebarFixtureWithOutlineHandlersThatReachItIsFreed() {
    let lifetimes = Lifetimes()
    do {
      let fixture = SidebarFixture()
      fixture.dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned fixture] item in
        fixture.events.append("will expand \(item)")
      }
      fixture.dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = {
        [unowned fixture] parent, current in
        fixture.events.append("load \(parent)")
        return current
      }
      #expect(fixture.view.toggleDisclosure(at: path(1, 0)))
      #expect(fixture.events == ["will expand Collections", "load Collections"])

      lifetimes.watch("fixture", fixture)
      lifetimes.watch("view", fixture.view)
      lifetimes.watch("data source", fixture.dataSource)
      lifetimes.watch("view", cellsOf: fixture.view)
      #expect(lifetimes.alive.count == 10)
    }
    #expect(lifetimes.alive == [])
  }

  /// `Late` held the data source strongly, and the data source holds the provider that holds
  /// `Late`: every test that reached its data source from the provider leaked it.
  @Test func aProviderThatReachesItsDataSourceThroughLateDoesNotKeepItAlive() {
    let lifetimes = Lifetimes()
    do {
      let view = RecordingListView()
      let late = Late<CollectionViewDiffableDataSource<String, Int>>()
      let registration = CellRegistration<ListCell, Int> { cell, _, id in
        var content = cell.defaultContentConfiguration()
        content.text = "\(id)"
        cell.contentConfiguration = content
      }
      let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
        view, indexPath, id in
        #expect(late.value.snapshot().itemIdentifier(at: indexPath) == id)
        return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
      }
      late.value = dataSource
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["A"])
      snapshot.appendItems([1, 2])
      dataSource.apply(snapshot)
      #expect(view.rows == ["1", "2"])

      lifetimes.watch("view", view)
      lifetimes.watch("data source", dataSource)
      lifetimes.watch("view", cellsOf: view)
      #expect(lifetimes.alive.count == 4)
    }
    #expect(lifetimes.alive == [])
  }
}
