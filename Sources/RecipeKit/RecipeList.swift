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

  /// The most recipes a list takes: an add (or an undone delete) past it is refused with
  /// ``RecipeStoreError/Reason/full``. Every change writes the whole list (a file, or a
  /// database's rows read and written back), so an unbounded list made each change cost
  /// more than the last. A list stored before the limit, or by another build, still loads.
  public static let maximumCount = 1_000
  /// The most text a list takes, in bytes of UTF-8 over every recipe's title, servings,
  /// ingredients, directions and collection names; a change past it is refused with
  /// ``RecipeStoreError/Reason/full``.
  public static let maximumTextBytes = 8 << 20

  /// The bytes of `recipe`'s text that ``maximumTextBytes`` counts.
  ///
  /// - Complexity: O(*c*) for *c* collections: a native string knows its UTF-8 length.
  public static func textBytes(of recipe: Recipe) -> Int {
    recipe.collections.reduce(
      recipe.title.utf8.count + recipe.servings.utf8.count + recipe.ingredients.utf8.count
        + recipe.directions.utf8.count
    ) { $0 + $1.utf8.count }
  }

  /// Throws ``RecipeStoreError/Reason/full`` unless the list has room for `added` more
  /// recipes and, after `replaced` leaves, for `incoming`; a change that adds no text is
  /// always let through, so a list stored over the limit can still shrink.
  ///
  /// - Complexity: O(*n*) for *n* recipes; the change writes all of them anyway.
  func checkRoom(
    adding added: Int, incoming: Recipe, replacing replaced: Recipe? = nil, location: String
  ) throws(RecipeStoreError) {
    if added > 0 && recipes.count + added > Self.maximumCount {
      throw RecipeStoreError(
        .full, path: location, detail: "the list holds \(recipes.count) recipes, its most")
    }
    let growth = Self.textBytes(of: incoming) - (replaced.map(Self.textBytes(of:)) ?? 0)
    guard growth > 0 else { return }
    let bytes = recipes.reduce(growth) { $0 + Self.textBytes(of: $1) }
    if bytes > Self.maximumTextBytes {
      throw RecipeStoreError(
        .full, path: location,
        detail: "the recipes' text would take \(bytes) bytes, over \(Self.maximumTextBytes)")
    }
  }

  /// Appends a validated recipe with the next id, added now; `location` names the storage
  /// in the error thrown when no id is left, or no room (``checkRoom``).
  mutating func add(_ valid: Recipe, at date: Date, location: String) throws(RecipeStoreError)
    -> Recipe
  {
    guard nextId <= Recipe.maximumID else {
      throw RecipeStoreError(.idsExhausted, path: location, detail: "")
    }
    try checkRoom(adding: 1, incoming: valid, location: location)
    var added = withKnownSpellings(RecipeList.withKnownImage(valid))
    added.id = nextId
    added.addedOn = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    recipes.append(added)
    nextId += 1
    return added
  }

  /// Replaces the recipe with `valid`'s id in place; `nil` when there is none.
  mutating func update(_ valid: Recipe, location: String) throws(RecipeStoreError) -> Recipe? {
    guard let index = index(of: valid.id) else { return nil }
    try checkRoom(adding: 0, incoming: valid, replacing: recipes[index], location: location)
    let updated = withKnownSpellings(RecipeList.withKnownImage(valid))
    recipes[index] = updated
    return updated
  }

  /// Copies what a person edits (title, times, servings, ingredients, directions,
  /// collections) from `fields` onto the recipe with its id, keeping the favorite flag, the
  /// date and the picture the list holds; `nil` when there is no such recipe.
  mutating func edit(_ fields: Recipe, location: String) throws(RecipeStoreError) -> Recipe? {
    guard let index = index(of: fields.id) else { return nil }
    try checkRoom(adding: 0, incoming: fields, replacing: recipes[index], location: location)
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
  /// list or was never issued; ``RecipeStoreError/Reason/full`` when there is no room.
  mutating func restore(_ recipe: Recipe, at position: Int, location: String)
    throws(RecipeStoreError) -> Bool
  {
    guard index(of: recipe.id) == nil, recipe.id < nextId, recipe.id >= 0 else { return false }
    try checkRoom(adding: 1, incoming: recipe, location: location)
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
