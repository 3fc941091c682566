import DiffableDataSource
import Foundation
import RecipeKit

/// A sidebar row: a lightweight value used directly as the item identifier, as the sample
/// does. Its title and type never change, so identity by value is safe here.
public struct SidebarItem: Hashable, Sendable {
  /// The row's title.
  public let title: String
  /// What kind of row it is.
  public let type: SidebarItemType

  /// The kinds of sidebar rows.
  public enum SidebarItemType: Hashable, Sendable {
    /// All Recipes, Favorites, Recents.
    case standard
    /// One collection of recipes.
    case collection
    /// The "Collections" header that expands to show them.
    case expandableHeader
  }

  /// Creates a sidebar row.
  public init(title: String, type: SidebarItemType) {
    self.title = title
    self.type = type
  }
}

/// The sidebar: two sections built from section snapshots — the standard items, and an
/// expandable "Collections" header whose children are the store's collections.
///
/// It lives on its tab's actor; the store's changes reach it there (``StoreFeed``).
public final class SidebarController: ListViewDelegate {
  /// The sidebar's sections.
  public enum SidebarSection: Int, Hashable, Sendable {
    /// All Recipes, Favorites, Recents.
    case standardItems
    /// The collections outline.
    case collections
  }

  /// The standard rows, in order.
  public enum StandardSidebarItem: String, CaseIterable, Sendable {
    /// Every recipe.
    case all = "All Recipes"
    /// Favorite recipes.
    case favorites = "Favorites"
    /// Recently added recipes.
    case recents = "Recents"
  }

  static let collectionsHeader = SidebarItem(title: "Collections", type: .expandableHeader)

  let dataStore: DataStore
  weak var listView: (any ListView)?
  /// The data source, of sidebar rows.
  public private(set) var dataSource: CollectionViewDiffableDataSource<SidebarSection, SidebarItem>!
  /// Told when the user picks a row that filters the list.
  public var didSelectFilter: ((RecipeFilter) -> Void)?
  var storeObservation: StoreObservation?
  /// The collections' names as last published to this sidebar.
  public private(set) var collections: [String]

  /// Connects a list view to the store and shows the sidebar, "Collections" expanded.
  ///
  /// - Parameter isolation: The actor the sidebar lives on, where it is created: the main
  ///   actor unless named.
  public init(
    listView: any ListView, dataStore: DataStore, isolation: any Actor = MainActor.shared
  ) {
    self.dataStore = dataStore
    self.listView = listView
    self.collections = []
    let cell = CellRegistration<ListCell, SidebarItem> { cell, _, item in
      var content: ListContentConfiguration
      switch item.type {
      case .expandableHeader:
        content = .sidebarHeader()
        cell.accessories = [.outlineDisclosure(style: .header)]
      case .standard:
        content = .sidebarCell()
        content.image = .symbol(Self.symbol(for: item.title))
        cell.accessories = []
      case .collection:
        content = .sidebarCell()
        content.image = .symbol("folder")
        cell.accessories = []
      }
      content.text = item.title
      cell.contentConfiguration = content
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: listView) {
      view, indexPath, item in
      view.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
    }
    // The store works the names out once per change and publishes them only when they
    // change: working them out here, per page, from every recipe change cost a server with
    // 1,000 pages open more than half of its time on a favorite toggle. Observing first:
    // the sidebar starts from the state just before the first update it is sent.
    let observation = dataStore.feed.observe(on: isolation) { [weak self] update in
      if let names = update.collections { self?.updateCollections(names) }
    }
    collections = observation.state.collections
    var sections = DiffableDataSourceSnapshot<SidebarSection, SidebarItem>()
    sections.appendSections([.standardItems, .collections])
    dataSource.applySnapshotUsingReloadData(sections)
    dataSource.apply(
      createSnapshotOfStandardItems(), to: .standardItems, animatingDifferences: false)
    var collectionItems = createSnapshotOfCollections(collections)
    collectionItems.expand([Self.collectionsHeader])
    dataSource.apply(collectionItems, to: .collections, animatingDifferences: false)
    // All Recipes is what the list shows first: say so.
    listView.selectItem(at: IndexPath(indexes: [0, 0]))
    storeObservation = observation
  }

  static func symbol(for title: String) -> String {
    switch StandardSidebarItem(rawValue: title) {
    case .all: "book"
    case .favorites: "heart"
    case .recents: "clock"
    case nil: "folder"
    }
  }

  func createSnapshotOfStandardItems() -> DiffableDataSourceSectionSnapshot<SidebarItem> {
    var snapshot = DiffableDataSourceSectionSnapshot<SidebarItem>()
    snapshot.append(
      StandardSidebarItem.allCases.map { SidebarItem(title: $0.rawValue, type: .standard) })
    return snapshot
  }

  func createSnapshotOfCollections(_ collections: [String])
    -> DiffableDataSourceSectionSnapshot<SidebarItem>
  {
    var snapshot = DiffableDataSourceSectionSnapshot<SidebarItem>()
    snapshot.append([Self.collectionsHeader])
    snapshot.append(
      collections.map { SidebarItem(title: $0, type: .collection) }, to: Self.collectionsHeader)
    return snapshot
  }

  /// Collections come and go with the recipes; the header keeps its expansion state.
  func updateCollections(_ collections: [String]) {
    self.collections = collections
    let current = dataSource.snapshot(for: .collections)
    let shown = current.snapshot(of: Self.collectionsHeader, includingParent: false).items
    guard shown.map(\.title) != collections else { return }
    var snapshot = createSnapshotOfCollections(collections)
    if current.isExpanded(Self.collectionsHeader) { snapshot.expand([Self.collectionsHeader]) }
    dataSource.apply(snapshot, to: .collections, animatingDifferences: true)
  }

  /// Selects the row of `filter` as if the user had picked it (the list follows through
  /// ``didSelectFilter``); a collection that no longer exists selects All Recipes.
  ///
  /// - Returns: The filter now selected.
  @discardableResult
  public func select(_ filter: RecipeFilter) -> RecipeFilter {
    let title: String
    switch filter {
    case .all: title = StandardSidebarItem.all.rawValue
    case .favorites: title = StandardSidebarItem.favorites.rawValue
    case .recents: title = StandardSidebarItem.recents.rawValue
    case .collection(let name):
      guard
        let known = collections.first(where: { RecipeFilter.sameCollection($0, name) })
      else { return select(.all) }
      title = known
    }
    let snapshot = dataSource.snapshot()
    guard
      let item = snapshot.itemIdentifiers.first(where: {
        $0.title == title && $0.type != .expandableHeader
      }),
      let path = dataSource.indexPath(for: item)
    else { return select(.all) }
    let chosen: RecipeFilter = item.type == .collection ? .collection(title) : filter
    listView?.selectItem(at: path)
    didSelectFilter?(chosen)
    return chosen
  }

  // MARK: ListViewDelegate

  /// Filters the list by the selected row; selecting the header toggles it.
  public func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath) {
    guard let item = dataSource.itemIdentifier(for: indexPath) else { return }
    switch item.type {
    case .standard:
      switch StandardSidebarItem(rawValue: item.title) {
      case .all: didSelectFilter?(.all)
      case .favorites: didSelectFilter?(.favorites)
      case .recents: didSelectFilter?(.recents)
      case nil: break
      }
    case .collection:
      didSelectFilter?(.collection(item.title))
    case .expandableHeader:
      let expanded = dataSource.snapshot(for: .collections).isExpanded(item)
      dataSource.listView(listView, setExpanded: !expanded, forItemAt: indexPath)
    }
  }
}
