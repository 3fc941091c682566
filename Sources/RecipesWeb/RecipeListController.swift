import DiffableDataSource
import Foundation
import RecipeKit

/// The recipe list: a collection data source of recipe *ids* (not whole recipes), as the
/// sample teaches, filtered by what the sidebar selected.
///
/// - First load: `applySnapshotUsingReloadData`.
/// - The store's `allRecipes` changes (add, delete, reorder, in this tab or another):
///   a new snapshot, applied with animation.
/// - One recipe changes (favorite, edit): `reconfigureItems`, so the row keeps its cell.
@MainActor
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
  public var didSelectRecipe: (@MainActor (Recipe.ID?) -> Void)?
  /// Told when the user deletes a recipe from the list, before it goes (for undo).
  public var willDeleteRecipe: (@MainActor (Recipe) -> Void)?
  var allRecipesSubscriber: AnyCancellable?
  var recipeDidChangeSubscriber: AnyCancellable?
  /// The recipes as last published. `@Published` sends a new array *before* the store's
  /// property holds it, so cells come from here rather than from the store.
  var recipesByID: [Recipe.ID: Recipe] = [:]

  /// Connects a list view to the store and loads the recipes.
  public init(listView: any ListView, dataStore: DataStore) {
    self.listView = listView
    self.dataStore = dataStore
    configureDataSource()
    remember(dataStore.allRecipes)
    loadRecipeData(dataStore.allRecipes)
    allRecipesSubscriber = dataStore.$allRecipes.sink { [weak self] recipes in
      // Published sends before the property changes: use the value it sends.
      MainActor.assumeIsolated {
        self?.remember(recipes)
        self?.refreshRecipeData(recipes)
      }
    }
    recipeDidChangeSubscriber = NotificationCenter.default
      .publisher(for: .recipeDidChange)
      .compactMap { $0.userInfo?[NotificationKeys.recipeId] as? Recipe.ID }
      .sink { [weak self] id in
        MainActor.assumeIsolated { self?.recipeDidChange(id) }
      }
  }

  /// The swipe actions and look of the list.
  public func layoutConfiguration() -> ListLayoutConfiguration {
    var configuration = ListLayoutConfiguration(appearance: .plain)
    configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
      guard let self, let id = self.recipeListDataSource.itemIdentifier(for: indexPath) else {
        return nil
      }
      let delete = ContextualAction(style: .destructive, title: "Delete") { _, completion in
        completion(self.deleteRecipe(id))
      }
      let favoriteTitle =
        self.dataStore.recipe(with: id)?.isFavorite == true ? "Unfavorite" : "Favorite"
      let favorite = ContextualAction(style: .normal, title: favoriteTitle) { _, completion in
        completion(self.dataStore.toggleFavorite(id: id) != nil)
      }
      return SwipeActionsConfiguration(actions: [delete, favorite])
    }
    return configuration
  }

  /// Shows another subset of recipes (the sidebar's selection): a fresh load.
  public func show(_ filter: RecipeFilter) {
    self.filter = filter
    loadRecipeData(dataStore.allRecipes)
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
      let recipe = self.recipesByID[identifier]!
      return view.dequeueConfiguredReusableCell(
        using: recipeCellRegistration, for: indexPath, item: recipe)
    }
    recipeListDataSource.reorderingHandlers.canReorderItem = { _ in true }
    recipeListDataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
      self.dataStore.reorder(transaction.finalSnapshot.itemIdentifiers)
    }
  }

  func remember(_ recipes: [Recipe]) {
    recipesByID = Dictionary(uniqueKeysWithValues: recipes.map { ($0.id, $0) })
  }

  func snapshot(of recipes: [Recipe]) -> DiffableDataSourceSnapshot<RecipeListSection, Recipe.ID> {
    var snapshot = DiffableDataSourceSnapshot<RecipeListSection, Recipe.ID>()
    snapshot.appendSections([.main])
    snapshot.appendItems(filter.recipeIDs(in: recipes), toSection: .main)
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

  /// A selection that disappeared (deleted, filtered out) is cleared.
  func selectRecipeIfNeeded() {
    guard let selected = selectedRecipeID,
      recipeListDataSource.indexPath(for: selected) == nil
    else { return }
    selectedRecipeID = nil
    listView.selectItem(at: nil)
    didSelectRecipe?(nil)
  }

  /// Deletes a recipe; returns whether it existed.
  @discardableResult
  public func deleteRecipe(_ id: Recipe.ID) -> Bool {
    guard let recipe = dataStore.recipe(with: id) else { return false }
    willDeleteRecipe?(recipe)
    dataStore.delete(id: id)
    return true
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
    deleteRecipe(id)
  }
}
