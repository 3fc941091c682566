import DiffableDataSource
import Foundation
import NIOConcurrencyHelpers
import RecipeKit

/// The recipe list: a collection data source of recipe *ids* (not whole recipes), as the
/// sample teaches, filtered by what the sidebar selected.
///
/// - First load: `applySnapshotUsingReloadData`.
/// - The store's `allRecipes` changes (add, delete, reorder, in this tab or another):
///   a new snapshot, applied with animation.
/// - One recipe changes (favorite, edit): `reconfigureItems`, so the row keeps its cell.
///
/// It lives on its tab's actor (the main actor, or the session's own): the store's changes
/// reach it there through the store's ``StoreFeed``, and its saves run there in order.
public final class RecipeListController: ListViewDelegate {
  /// The list has one section.
  public enum RecipeListSection: Int, Hashable, Sendable {
    /// All the recipes shown.
    case main
  }

  let dataStore: DataStore
  let listView: any ListView
  /// The data source, of recipe ids.
  public private(set) var recipeListDataSource:
    CollectionViewDiffableDataSource<RecipeListSection, Recipe.ID>!
  /// Which recipes the list shows.
  public private(set) var filter: RecipeFilter = .all
  /// The recipe the user selected, if it is still shown.
  public private(set) var selectedRecipeID: Recipe.ID?
  /// Told when the selection changes.
  public var didSelectRecipe: ((Recipe.ID?) -> Void)?
  /// Told what became of each change the user asked for here, once it is saved (or why it
  /// was not): the session turns these into replies to its page.
  public var didFinishChange: ((ChangeOutcome) -> Void)?
  var storeObservation: StoreObservation?
  /// The recipes as last published to this list: what it shows, whatever the store holds
  /// meanwhile. The array is the store's own (shared, not copied), and so is the table of
  /// where each id is.
  var publishedRecipes: [Recipe] = []
  var publishedPositions: [Recipe.ID: Int] = [:]
  /// The tab's changes, saved one after another.
  let changes: ChangeQueue

  /// Connects a list view to the store and loads the recipes.
  ///
  /// - Parameter isolation: The actor the list lives on, where it is created: the main
  ///   actor unless named.
  public convenience init(
    listView: any ListView, dataStore: DataStore, isolation: any Actor = MainActor.shared
  ) {
    self.init(listView: listView, dataStore: dataStore, changes: ChangeQueue(isolation: isolation))
  }

  init(listView: any ListView, dataStore: DataStore, changes: ChangeQueue) {
    self.listView = listView
    self.dataStore = dataStore
    self.changes = changes
    configureDataSource()
    // Observing first: the list starts from the state just before the first update it is
    // sent, so no change made meanwhile (on the main actor) falls in between.
    let observation = dataStore.feed.observe(on: changes.isolation) { [weak self] update in
      guard let self else { return }
      self.remember(update.recipes)
      self.refreshRecipeData(update.recipes)
      for id in update.changedInPlace { self.recipeDidChange(id) }
    }
    remember(observation.state.recipes)
    loadRecipeData(observation.state.recipes)
    storeObservation = observation
    changes.observations.append(observation)
  }

  /// The recipe with `id` as this list last received it.
  func recipe(with id: Recipe.ID) -> Recipe? {
    publishedPositions[id].map { publishedRecipes[$0] }
  }

  /// The swipe actions and look of the list.
  public func layoutConfiguration() -> ListLayoutConfiguration {
    var configuration = ListLayoutConfiguration(appearance: .plain)
    configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
      guard let self, let id = self.recipeListDataSource.itemIdentifier(for: indexPath) else {
        return nil
      }
      let delete = ContextualAction(style: .destructive, title: "Delete") { _, completion in
        self.perform(.delete(id), then: completion)
      }
      let favoriteTitle = self.recipe(with: id)?.isFavorite == true ? "Unfavorite" : "Favorite"
      let favorite = ContextualAction(style: .normal, title: favoriteTitle) { _, completion in
        self.perform(.toggleFavorite(id), then: completion)
      }
      return SwipeActionsConfiguration(actions: [delete, favorite])
    }
    return configuration
  }

  /// Returns once every change asked for in this list so far (a drag, a swipe action, an
  /// accessory) is saved or refused and reported through ``didFinishChange``.
  nonisolated(nonsending) public func waitUntilIdle() async {
    await changes.idle()
  }

  /// Shows another subset of recipes (the sidebar's selection): a fresh load.
  public func show(_ filter: RecipeFilter) {
    self.filter = filter
    loadRecipeData(publishedRecipes)
  }

  func configureDataSource() {
    let recipeCellRegistration = CellRegistration<ListCell, Recipe> { cell, _, recipe in
      var content = ListContentConfiguration.subtitleCell()
      content.text = recipe.title
      content.secondaryText = recipe.subtitle
      content.image = .asset(recipe.imageName, accessibilityLabel: recipe.title)
      content.imageProperties.maximumSize = ListSize(width: 48, height: 48)
      content.imageProperties.cornerRadius = 8
      cell.contentConfiguration = content
      var accessories: [CellAccessory] = []
      if recipe.isFavorite {
        accessories.append(
          .symbol("heart.fill", accessibilityLabel: "Favorite", tintColor: .systemPink))
      }
      accessories += [.delete(), .reorder()]
      cell.accessories = accessories
    }
    recipeListDataSource = CollectionViewDiffableDataSource(collectionView: listView) {
      [unowned self] view, indexPath, identifier in
      // Every id shown comes from a published array, so its recipe is known.
      let recipe = self.publishedRecipes[self.publishedPositions[identifier]!]
      return view.dequeueConfiguredReusableCell(
        using: recipeCellRegistration, for: indexPath, item: recipe)
    }
    // Recents is ordered by date, newest first: there is no order of the user's to change.
    recipeListDataSource.reorderingHandlers.canReorderItem = { [unowned self] _ in
      self.filter != .recents
    }
    recipeListDataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
      let order = transaction.finalSnapshot.itemIdentifiers
      // On the tab's actor, where this list lives (see `ChangeQueue.enqueue`).
      nonisolated(unsafe) let list = self
      let queued = self.changes.enqueue { _ in
        do {
          try await list.dataStore.reorder(order)
          await list.changes.storeCaughtUp()
          list.didFinishChange?(.reordered)
        } catch {
          list.undoReorder(message: RecipeListController.sentence(for: error))
        }
      }
      if !queued { self.undoReorder(message: ChangeQueue.busySentence) }
    }
  }

  /// Puts back the order the store keeps, after a drag it did not save: the list already
  /// shows the dragged order.
  func undoReorder(message: String) {
    refreshRecipeData(publishedRecipes)
    didFinishChange?(.failed(request: "reorder", message: message))
  }

  func remember(_ recipes: [Recipe]) {
    publishedRecipes = recipes
    publishedPositions = Self.positions(of: recipes)
  }

  /// The last array's positions by id, shared by every session's list: they all receive
  /// the same array from the store, and a table of their own was about 1 KB of each idle
  /// session. Behind a lock: sessions run on actors of their own.
  private static let lastPositions = NIOLockedValueBox<
    (recipes: [Recipe], positions: [Recipe.ID: Int])?
  >(nil)

  /// Each recipe's position in `recipes`. O(1) when `recipes` is the array last asked
  /// about (`==` on arrays sharing storage compares no elements); O(*n*) otherwise.
  static func positions(of recipes: [Recipe]) -> [Recipe.ID: Int] {
    if let last = lastPositions.withLockedValue({ $0 }), last.recipes == recipes {
      return last.positions
    }
    var positions = [Recipe.ID: Int](minimumCapacity: recipes.count)
    for (position, recipe) in recipes.enumerated() { positions[recipe.id] = position }
    lastPositions.withLockedValue { $0 = (recipes, positions) }
    return positions
  }

  func snapshot(of recipes: [Recipe]) -> DiffableDataSourceSnapshot<RecipeListSection, Recipe.ID> {
    Self.snapshot(of: recipes, filter: filter)
  }

  /// The last snapshot made for each filter, with the array it was made from. Sessions
  /// that show the same filter of the same array share one snapshot's storage (a snapshot
  /// is a value; a session's changes to its copy copy it): its items and their hash table
  /// were about 1.3 KB of each idle session.
  private static let lastSnapshots = NIOLockedValueBox<
    [RecipeFilter: (
      recipes: [Recipe], snapshot: DiffableDataSourceSnapshot<RecipeListSection, Recipe.ID>
    )]
  >([:])

  /// The list's snapshot of `recipes` under `filter`. O(1) when it was made last for that
  /// filter from this array (`==` on arrays sharing storage compares no elements).
  static func snapshot(of recipes: [Recipe], filter: RecipeFilter)
    -> DiffableDataSourceSnapshot<RecipeListSection, Recipe.ID>
  {
    if let last = lastSnapshots.withLockedValue({ $0[filter] }), last.recipes == recipes {
      return last.snapshot
    }
    var snapshot = DiffableDataSourceSnapshot<RecipeListSection, Recipe.ID>()
    snapshot.appendSections([.main])
    snapshot.appendItems(filter.recipeIDs(in: recipes), toSection: .main)
    lastSnapshots.withLockedValue { lastSnapshots in
      // Filters name collections, which come and go: the cache never holds more than a
      // few dozen, whatever pages ask for.
      if lastSnapshots.count >= 32, lastSnapshots[filter] == nil { lastSnapshots.removeAll() }
      lastSnapshots[filter] = (recipes, snapshot)
    }
    return snapshot
  }

  func loadRecipeData(_ recipes: [Recipe]) {
    recipeListDataSource.applySnapshotUsingReloadData(snapshot(of: recipes))
    selectRecipeIfNeeded()
  }

  func refreshRecipeData(_ recipes: [Recipe]) {
    recipeListDataSource.apply(snapshot(of: recipes), animatingDifferences: true)
    selectRecipeIfNeeded()
  }

  func recipeDidChange(_ recipeId: Recipe.ID) {
    guard recipeListDataSource.indexPath(for: recipeId) != nil else { return }
    var snapshot = recipeListDataSource.snapshot()
    snapshot.reconfigureItems([recipeId])
    recipeListDataSource.apply(snapshot, animatingDifferences: true)
  }

  /// Selects the recipe with `id` from code, as a tap would.
  ///
  /// - Returns: Its index path, or `nil` (and nothing changes) when the list doesn't show it.
  @discardableResult
  public func select(_ id: Recipe.ID) -> IndexPath? {
    guard let path = recipeListDataSource.indexPath(for: id) else { return nil }
    selectedRecipeID = id
    listView.selectItem(at: path)
    didSelectRecipe?(id)
    return path
  }

  /// A selection that disappeared (deleted, filtered out) is cleared.
  func selectRecipeIfNeeded() {
    guard let selected = selectedRecipeID,
      recipeListDataSource.indexPath(for: selected) == nil
    else { return }
    selectedRecipeID = nil
    listView.selectItem(at: nil)
    didSelectRecipe?(nil)
  }

  /// What became of a change asked for in this list.
  public enum ChangeOutcome: Sendable, Equatable {
    /// The recipe was deleted (and saved) from `index` of the store's order.
    case deleted(Recipe, index: Int)
    /// The recipe's favorite flag was flipped and saved; this is the recipe now.
    case favoriteToggled(Recipe)
    /// The dragged order was saved.
    case reordered
    /// The change was not made; `message` says why in a sentence.
    case failed(request: String, message: String)
  }

  /// Deletes a recipe once the deletion is saved; returns whether it existed.
  ///
  /// - Throws: ``RecipeStoreError`` when the deletion can't be saved; nothing changes.
  @discardableResult
  nonisolated(nonsending) public func deleteRecipe(_ id: Recipe.ID) async throws(RecipeStoreError)
    -> Bool
  {
    guard let index = publishedPositions[id], let removed = try await dataStore.delete(id: id)
    else { return false }
    await changes.storeCaughtUp()
    didFinishChange?(.deleted(removed, index: index))
    return true
  }

  /// Flips a recipe's favorite flag once the change is saved; returns whether it existed.
  ///
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  nonisolated(nonsending) public func toggleFavorite(_ id: Recipe.ID) async throws(RecipeStoreError)
    -> Bool
  {
    guard let recipe = try await dataStore.toggleFavorite(id: id) else { return false }
    await changes.storeCaughtUp()
    didFinishChange?(.favoriteToggled(recipe))
    return true
  }

  /// What a page is told of a failed change: a sentence without the server's paths (the
  /// store logs the full error where the server's operator reads it).
  static func sentence(for error: any Error) -> String {
    switch error {
    case let error as RecipeStoreError: error.summary
    case let error as RecipeValidationError: error.description
    default: "The change was not made."
    }
  }

  /// A change the user asks for from a control of the list.
  enum Change {
    case delete(Recipe.ID)
    case toggleFavorite(Recipe.ID)

    /// The request's name in replies.
    var request: String {
      switch self {
      case .delete: "deleteRecipe"
      case .toggleFavorite: "toggleFavorite"
      }
    }
  }

  /// Queues a change the user asked for from a control of the list; a failure to save is
  /// reported through ``didFinishChange`` instead of thrown, and `completion` learns
  /// whether the change was made.
  func perform(_ change: Change, then completion: ((Bool) -> Void)? = nil) {
    // On the tab's actor, where this list and the completion live (see
    // `ChangeQueue.enqueue`).
    nonisolated(unsafe) let (list, completion) = (self, completion)
    let queued = changes.enqueue { _ in
      do {
        let done =
          switch change {
          case .delete(let id): try await list.deleteRecipe(id)
          case .toggleFavorite(let id): try await list.toggleFavorite(id)
          }
        completion?(done)
      } catch {
        list.fail(change, RecipeListController.sentence(for: error), completion)
      }
    }
    if !queued { fail(change, ChangeQueue.busySentence, completion) }
  }

  /// Reports a change from a control of the list that was not made.
  func fail(_ change: Change, _ message: String, _ completion: ((Bool) -> Void)?) {
    didFinishChange?(.failed(request: change.request, message: message))
    completion?(false)
  }

  // MARK: ListViewDelegate

  /// Selects the recipe in the row.
  public func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath) {
    selectedRecipeID = recipeListDataSource.itemIdentifier(for: indexPath)
    didSelectRecipe?(selectedRecipeID)
  }

  /// The row's delete accessory deletes the recipe.
  public func listView(
    _ listView: any ListView, didActivateAccessory accessory: CellAccessory,
    forItemAt indexPath: IndexPath
  ) {
    guard accessory.kind == .delete, let id = recipeListDataSource.itemIdentifier(for: indexPath)
    else { return }
    perform(.delete(id))
  }
}
