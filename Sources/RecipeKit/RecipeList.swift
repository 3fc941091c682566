import Foundation

/// The recipes in the user's order and the next id to issue: what every ``RecipeStorage``
/// keeps, and the value each change of ``DataStore`` transforms.
///
/// The operations are pure, so a storage can run them on whatever copy it trusts: the
/// file storage on its own, a database storage on the rows it just read under its write
/// lock, so that a change made from a stale in-memory copy can't undo another process's.
public struct RecipeList: Sendable, Equatable {
  /// Every recipe, in the user's order.
  public var recipes: [Recipe]
  /// The id the next added recipe gets; ids are never reused.
  public var nextId: Int

  /// Creates a list; `nextId` is raised above the recipes' ids if needed.
  public init(recipes: [Recipe], nextId: Int? = nil) {
    self.recipes = recipes
    let floor = (recipes.map(\.id).max() ?? 0) + 1
    self.nextId = max(nextId ?? floor, floor)
  }

  /// The position of the recipe with `id`, or `nil`.
  ///
  /// - Complexity: O(*n*); a list is written out whole on every change anyway.
  public func index(of id: Recipe.ID) -> Int? {
    recipes.firstIndex { $0.id == id }
  }

  /// Appends a validated recipe with the next id, added now; `location` names the storage
  /// in the error thrown when no id is left.
  mutating func add(_ valid: Recipe, at date: Date, location: String) throws(RecipeStoreError)
    -> Recipe
  {
    guard nextId <= Recipe.maximumID else {
      throw RecipeStoreError(.idsExhausted, path: location, detail: "")
    }
    var added = withKnownSpellings(RecipeList.withKnownImage(valid))
    added.id = nextId
    added.addedOn = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    recipes.append(added)
    nextId += 1
    return added
  }

  /// Replaces the recipe with `valid`'s id in place; `nil` when there is none.
  mutating func update(_ valid: Recipe) -> Recipe? {
    guard let index = index(of: valid.id) else { return nil }
    let updated = withKnownSpellings(RecipeList.withKnownImage(valid))
    recipes[index] = updated
    return updated
  }

  /// Copies what a person edits (title, times, servings, ingredients, directions,
  /// collections) from `fields` onto the recipe with its id, keeping the favorite flag, the
  /// date and the picture the list holds; `nil` when there is no such recipe.
  mutating func edit(_ fields: Recipe) -> Recipe? {
    guard let index = index(of: fields.id) else { return nil }
    var edited = recipes[index]
    edited.title = fields.title
    edited.prepTime = fields.prepTime
    edited.cookTime = fields.cookTime
    edited.servings = fields.servings
    edited.ingredients = fields.ingredients
    edited.directions = fields.directions
    edited.collections = fields.collections
    edited = withKnownSpellings(edited)
    recipes[index] = edited
    return edited
  }

  /// Flips one recipe's favorite flag; `nil` when there is no such recipe.
  mutating func toggleFavorite(id: Recipe.ID) -> Recipe? {
    guard let index = index(of: id) else { return nil }
    recipes[index].isFavorite.toggle()
    return recipes[index]
  }

  /// Removes one recipe; `nil` when there is no such recipe.
  mutating func delete(id: Recipe.ID) -> Recipe? {
    guard let index = index(of: id) else { return nil }
    return recipes.remove(at: index)
  }

  /// Puts back a deleted recipe at `position` (clamped); `false` when its id is in the
  /// list or was never issued.
  mutating func restore(_ recipe: Recipe, at position: Int) -> Bool {
    guard index(of: recipe.id) == nil, recipe.id < nextId, recipe.id >= 0 else { return false }
    recipes.insert(recipe, at: min(max(0, position), recipes.count))
    return true
  }

  /// The reorder rule of ``DataStore/reorder(_:)``: the recipes `newOrder` names trade
  /// places among the positions they occupy; unknown ids and repeats are ignored.
  mutating func reorder(_ newOrder: [Recipe.ID]) -> Bool {
    var positions = [Recipe.ID: Int](minimumCapacity: recipes.count)
    for (position, recipe) in recipes.enumerated() { positions[recipe.id] = position }
    var shown = Set<Recipe.ID>()
    let moving = newOrder.filter { positions[$0] != nil && shown.insert($0).inserted }
    let slots = recipes.indices.filter { shown.contains(recipes[$0].id) }
    var reordered = recipes
    for (slot, id) in zip(slots, moving) {
      reordered[slot] = recipes[positions[id]!]
    }
    guard reordered.map(\.id) != recipes.map(\.id) else { return false }
    recipes = reordered
    return true
  }

  /// The recipe with each collection spelled as the list already spells it ("breakfast"
  /// joins "Breakfast" rather than starting a second collection).
  func withKnownSpellings(_ recipe: Recipe) -> Recipe {
    var recipe = recipe
    let known = Dictionary(
      DataStore.collectionNames(in: recipes).map { (RecipeFilter.collectionKey($0), $0) },
      uniquingKeysWith: { first, _ in first })
    recipe.collections = recipe.collections.map { known[RecipeFilter.collectionKey($0)] ?? $0 }
    return recipe
  }

  static func withKnownImage(_ recipe: Recipe) -> Recipe {
    var recipe = recipe
    if !RecipeImages.hasImage(named: recipe.imageName) {
      recipe.imageName = RecipeImages.placeholderName
    }
    return recipe
  }
}
