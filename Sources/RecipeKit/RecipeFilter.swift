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
  /// The ids of the recipes in `recipes` that this filter selects: in the order of
  /// `recipes` (the user's order), except Recents, which is newest first.
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
      return RecipeFilter.recentIDs(in: recipes, limit: DataStore.recentLimit)
    case .collection(let name):
      return recipes.filter { recipe in
        recipe.collections.contains { RecipeFilter.sameCollection($0, name) }
      }.map(\.id)
    }
  }

  /// Whether two collection names are the same collection: compared trimmed and without
  /// regard to case, so "Breakfast" and "breakfast " are one.
  public static func sameCollection(_ left: String, _ right: String) -> Bool {
    collectionKey(left) == collectionKey(right)
  }

  /// What collection names are compared by.
  static func collectionKey(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespacesAndNewlines)
      .folding(options: [.caseInsensitive], locale: nil)
  }

  /// The `limit` newest recipes by `addedOn`, newest first; a later id wins a tie, and
  /// recipes without a date are never recent.
  static func recentIDs(in recipes: [Recipe], limit: Int) -> [Recipe.ID] {
    let dated = recipes.compactMap { recipe in recipe.addedOn.map { (recipe.id, $0) } }
    let newest = dated.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 > $1.0 }.prefix(max(0, limit))
    return newest.map(\.0)
  }
}
