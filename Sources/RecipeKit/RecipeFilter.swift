import Foundation

/// What the recipe list shows: one sidebar item's selection.
public enum RecipeFilter: Hashable, Sendable {
  /// Every recipe.
  case all
  /// Recipes marked as favorites.
  case favorites
  /// The most recently added recipes (see ``DataStore/recentLimit``).
  case recents
  /// Recipes in the named collection.
  case collection(String)
}

extension RecipeFilter {
  /// The ids of the recipes in `recipes` that this filter selects, in the order of
  /// `recipes` (the user's order).
  ///
  /// A `$allRecipes` subscriber receives the new array before the store's property changes
  /// (Combine publishes in `willSet`), so it should pass that array here rather than read
  /// ``DataStore/allRecipes`` back.
  public func recipeIDs(in recipes: [Recipe]) -> [Recipe.ID] {
    switch self {
    case .all:
      return recipes.map(\.id)
    case .favorites:
      return recipes.filter(\.isFavorite).map(\.id)
    case .recents:
      let recent = RecipeFilter.recentIDs(in: recipes, limit: DataStore.recentLimit)
      return recipes.lazy.map(\.id).filter(recent.contains)
    case .collection(let name):
      let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
      return recipes.filter { recipe in
        recipe.collections.contains { $0.trimmingCharacters(in: .whitespacesAndNewlines) == name }
      }.map(\.id)
    }
  }

  /// The `limit` newest recipes by `addedOn`; a later id wins a tie, and recipes without a
  /// date are never recent.
  static func recentIDs(in recipes: [Recipe], limit: Int) -> Set<Recipe.ID> {
    let dated = recipes.compactMap { recipe in recipe.addedOn.map { (recipe.id, $0) } }
    let newest = dated.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 > $1.0 }.prefix(max(0, limit))
    return Set(newest.map(\.0))
  }
}
