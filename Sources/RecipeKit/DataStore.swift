import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
  import OpenCombineFoundation
#endif

extension Notification.Name {
  /// Posted by ``DataStore/update(_:)`` on `NotificationCenter.default` when one recipe's
  /// properties change; `userInfo[NotificationKeys.recipeId]` holds its ``Recipe/id``
  /// and the object is the store.
  ///
  /// The list answers it by reconfiguring that one item; changes to which recipes exist,
  /// or their order, come through ``DataStore/allRecipes`` instead.
  public static let recipeDidChange = Notification.Name("RecipeKit.recipeDidChange")
}

/// Keys of the `userInfo` dictionaries of RecipeKit's notifications.
public enum NotificationKeys {
  /// The changed recipe's id, a `Recipe.ID` (`Int`).
  public static let recipeId = "recipeId"
}

/// The recipes, in the user's order, with the operations the app performs on them.
///
/// Two channels report changes, as in Apple's sample:
/// - ``allRecipes`` is `@Published`: it publishes after any add, update, delete or
///   reorder, and list controllers rebuild their snapshots from it.
/// - ``update(_:)`` also posts `Notification.Name.recipeDidChange` with the
///   recipe's id, so a list can reconfigure just that item.
///
/// As with every `@Published` property, the publisher sends the new value *before* the
/// property holds it. Subscribers should use the value they receive (and pure helpers such
/// as ``RecipeFilter/recipeIDs(in:)``) rather than read the store back, or hop to a later
/// turn of the main actor first.
///
/// A store made with ``init(directory:)`` saves every change *before* it makes it: the
/// file is written, flushed to disk and renamed into place (see ``RecipeFile``), and only
/// then does ``allRecipes`` publish, so nothing a subscriber shows (a page, another tab)
/// can be lost by a crash. A failed save throws ``RecipeStoreError`` out of the mutation,
/// sets ``saveError`` and is logged, and nothing changes. The store holds an exclusive lock
/// on its directory while it lives, so two processes never write the same file.
@MainActor
public final class DataStore {
  /// How many of the newest recipes the Recents filter shows.
  public nonisolated static let recentLimit = 10

  /// Every recipe, in the user's order (the order the All list shows and the file keeps).
  @Published public private(set) var allRecipes: [Recipe]

  /// The collection names used by the recipes: trimmed, unique, non-empty, sorted
  /// case-insensitively. Publishes only when the set of names changes, which happens
  /// just before ``allRecipes`` publishes the change that caused it.
  @Published public private(set) var collections: [String]

  /// The last save's failure, or `nil` once a save succeeds.
  @Published public private(set) var saveError: RecipeStoreError?

  /// The file the store saves to, or `nil` for an in-memory store.
  public let fileURL: URL?

  /// Whether ``init(directory:)`` found no recipes file and wrote the sample recipes.
  public let wasSeeded: Bool

  /// Where save failures are reported besides ``saveError``; standard error by default.
  public var log: @MainActor (String) -> Void = { message in
    FileHandle.standardError.write(Data("RecipeKit: \(message)\n".utf8))
  }

  private var nextId: Int
  private var positions: [Recipe.ID: Int] = [:]
  /// Held while the store lives; `nil` for an in-memory store.
  private let lock: DataDirectoryLock?

  /// Creates a store that keeps `recipes` in memory only and never touches the disk.
  ///
  /// - Precondition: The recipes' ids are unique.
  public convenience init(recipes: [Recipe] = SampleRecipes.recipes()) {
    precondition(
      Set(recipes.map(\.id)).count == recipes.count, "DataStore: recipe ids must be unique")
    self.init(file: RecipeFile(recipes: recipes), fileURL: nil, wasSeeded: false, lock: nil)
  }

  /// Opens the recipes file in `directory`, creating the directory and seeding the file
  /// with ``SampleRecipes`` on first run.
  ///
  /// Takes the directory's lock first, then removes the temporary files of writes that a
  /// crash interrupted.
  ///
  /// - Throws: ``RecipeStoreError`` naming the file when the directory can't be created,
  ///   another process holds it (``RecipeStoreError/Reason/inUse(pid:)``), the seed can't
  ///   be written, or an existing file is unreadable, corrupt (including ids and times out
  ///   of range) or from a newer build. An existing file is never written to by a failed
  ///   open.
  public convenience init(directory: URL) throws(RecipeStoreError) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw RecipeStoreError(
        .cannotCreateDirectory, path: directory.path, detail: error.localizedDescription)
    }
    let lock = try DataDirectoryLock(directory: directory)
    RecipeFile.removeStaleTemporaryFiles(in: directory)
    let url = directory.appendingPathComponent(RecipeFile.fileName)
    if let file = try RecipeFile.read(from: url) {
      self.init(file: file, fileURL: url, wasSeeded: false, lock: lock)
    } else {
      let file = RecipeFile(recipes: SampleRecipes.recipes())
      try file.write(to: url)
      self.init(file: file, fileURL: url, wasSeeded: true, lock: lock)
    }
  }

  private init(file: RecipeFile, fileURL: URL?, wasSeeded: Bool, lock: DataDirectoryLock?) {
    self.lock = lock
    self.allRecipes = file.recipes
    self.collections = DataStore.collectionNames(in: file.recipes)
    self.nextId = file.nextId
    self.fileURL = fileURL
    self.wasSeeded = wasSeeded
    reindex()
  }

  // MARK: Queries

  /// The recipe with `id`, or `nil` if there is none.
  public func recipe(with id: Recipe.ID) -> Recipe? {
    positions[id].map { allRecipes[$0] }
  }

  /// The ids of the recipes `filter` selects, in the user's order.
  public func recipes(in filter: RecipeFilter) -> [Recipe.ID] {
    filter.recipeIDs(in: allRecipes)
  }

  /// The `limit` most recently added recipes by ``Recipe/addedOn``, newest first.
  ///
  /// Recents is a count, not a time window, so it stays useful on a data directory that
  /// hasn't been opened for weeks. Recipes added in the same second rank by id (later ids
  /// are newer); recipes without a date never appear.
  public func recentRecipes(limit: Int = DataStore.recentLimit) -> [Recipe] {
    RecipeFilter.recentIDs(in: allRecipes, limit: limit).compactMap(recipe(with:))
  }

  /// The collection names used by `recipes`, as ``collections`` lists them: names that
  /// differ only in case are one collection, spelled as the first recipe that uses it
  /// spells it.
  public nonisolated static func collectionNames(in recipes: [Recipe]) -> [String] {
    var seen = Set<String>()
    let names = recipes.flatMap(\.collections)
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty && seen.insert(RecipeFilter.collectionKey($0)).inserted }
    return names.sorted { left, right in
      let order = left.caseInsensitiveCompare(right)
      return order == .orderedSame ? left < right : order == .orderedAscending
    }
  }

  // MARK: Changes

  /// Adds a recipe at the end of the list and returns it as stored.
  ///
  /// The store assigns a new ``Recipe/id`` (whatever the argument's), sets
  /// ``Recipe/addedOn`` to now (to the second, which is what the file keeps), trims the
  /// text as ``Recipe/validated()`` does, and gives an unknown ``Recipe/imageName`` the
  /// placeholder picture.
  ///
  /// - Throws: ``RecipeValidationError`` if the recipe fails ``Recipe/validated()``, or
  ///   ``RecipeStoreError`` if it can't be saved or no id is left; nothing changes then.
  @discardableResult
  public func add(_ recipe: Recipe) throws -> Recipe {
    var added = withKnownSpellings(DataStore.withKnownImage(try recipe.validated()))
    guard nextId <= Recipe.maximumID else {
      throw RecipeStoreError(.idsExhausted, path: fileURL?.path ?? "memory", detail: "")
    }
    added.id = nextId
    added.addedOn = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    try commit(allRecipes + [added], nextId: nextId + 1)
    return added
  }

  /// Replaces the recipe that has `recipe`'s id, keeping its place in the list, and posts
  /// `Notification.Name.recipeDidChange`.
  ///
  /// The recipe is trimmed as ``Recipe/validated()`` does and an unknown image name gets
  /// the placeholder picture.
  ///
  /// - Returns: The recipe as stored, or `nil` (and nothing changes) when no recipe has
  ///   its id or it fails validation; call ``Recipe/validated()`` first to learn why.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func update(_ recipe: Recipe) throws(RecipeStoreError) -> Recipe? {
    guard let index = positions[recipe.id], let valid = try? recipe.validated() else {
      return nil
    }
    let updated = withKnownSpellings(DataStore.withKnownImage(valid))
    var recipes = allRecipes
    recipes[index] = updated
    try commit(recipes)
    NotificationCenter.default.post(
      name: .recipeDidChange, object: self, userInfo: [NotificationKeys.recipeId: updated.id])
    return updated
  }

  /// Flips ``Recipe/isFavorite`` and posts `Notification.Name.recipeDidChange`, as
  /// ``update(_:)`` does.
  ///
  /// - Returns: The updated recipe, or `nil` if no recipe has `id`.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func toggleFavorite(id: Recipe.ID) throws(RecipeStoreError) -> Recipe? {
    guard let index = positions[id] else { return nil }
    // Only the flag changes, so the rest is not validated again: a recipe a file of an
    // earlier build holds (a title over today's limit, say) can still be favorited.
    var recipes = allRecipes
    recipes[index].isFavorite.toggle()
    try commit(recipes)
    NotificationCenter.default.post(
      name: .recipeDidChange, object: self, userInfo: [NotificationKeys.recipeId: id])
    return recipes[index]
  }

  /// Removes the recipe with `id`.
  ///
  /// - Returns: The removed recipe, or `nil` if there was none. Its id is not reused.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func delete(id: Recipe.ID) throws(RecipeStoreError) -> Recipe? {
    guard let index = positions[id] else { return nil }
    var recipes = allRecipes
    let removed = recipes.remove(at: index)
    try commit(recipes)
    return removed
  }

  /// Removes `recipe` by its id.
  ///
  /// - Returns: The removed recipe as it was stored, or `nil` if there was none.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func delete(_ recipe: Recipe) throws(RecipeStoreError) -> Recipe? {
    try delete(id: recipe.id)
  }

  /// Puts back a recipe deleted a moment ago (an undo), with its id, at `position` in the
  /// list (clamped to the list).
  ///
  /// - Returns: Whether it was restored: `false` when a recipe with its id is in the store,
  ///   or the id was never issued by this store.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func restore(_ recipe: Recipe, at position: Int) throws(RecipeStoreError) -> Bool {
    guard positions[recipe.id] == nil, recipe.id < nextId, recipe.id >= 0 else { return false }
    var recipes = allRecipes
    recipes.insert(recipe, at: min(max(0, position), recipes.count))
    try commit(recipes)
    return true
  }

  /// Puts the recipes a list shows into the order the list now shows them.
  ///
  /// `newOrder` is the full list of ids a (possibly filtered) list displays, after the
  /// user reordered it. The rule: **the shown recipes trade places among the positions
  /// they already occupy; every other recipe keeps its exact position.** With a list of
  /// `[a, B, c, D, e]` and a Favorites list showing `[B, D]` reordered to `[D, B]`, the
  /// result is `[a, D, c, B, e]`. Reordering the All list is the special case in which the
  /// shown recipes occupy every position.
  ///
  /// Ids the store doesn't know (a list a step behind a delete) are ignored, as are
  /// repeats after an id's first appearance.
  ///
  /// - Returns: Whether the order changed; when it didn't, nothing is published or saved.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func reorder(_ newOrder: [Recipe.ID]) throws(RecipeStoreError) -> Bool {
    var shown = Set<Recipe.ID>()
    let moving = newOrder.filter { positions[$0] != nil && shown.insert($0).inserted }
    let slots = allRecipes.indices.filter { shown.contains(allRecipes[$0].id) }
    var recipes = allRecipes
    for (slot, id) in zip(slots, moving) {
      recipes[slot] = allRecipes[positions[id]!]
    }
    guard recipes.map(\.id) != allRecipes.map(\.id) else { return false }
    try commit(recipes)
    return true
  }

  /// Moves one recipe to `position` within the list `filter` selects, by the rule of
  /// ``reorder(_:)``.
  ///
  /// - Returns: Whether the order changed; `false` also when `id` isn't in that list or
  ///   `position` is outside it.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func move(
    _ id: Recipe.ID, to position: Int, in filter: RecipeFilter = .all
  ) throws(RecipeStoreError) -> Bool {
    var ids = recipes(in: filter)
    guard let from = ids.firstIndex(of: id), ids.indices.contains(position) else {
      return false
    }
    ids.remove(at: from)
    ids.insert(id, at: position)
    return try reorder(ids)
  }

  // MARK: Saving

  /// Writes the recipes to ``fileURL`` now; every change already does this.
  ///
  /// - Returns: The failure, also kept in ``saveError`` and logged; `nil` on success and
  ///   always for an in-memory store.
  @discardableResult
  public func save() -> RecipeStoreError? {
    do {
      try write(allRecipes, nextId: nextId)
      return nil
    } catch {
      return error
    }
  }

  private func write(_ recipes: [Recipe], nextId: Int) throws(RecipeStoreError) {
    guard let fileURL else { return }
    do {
      try RecipeFile(recipes: recipes, nextId: nextId).write(to: fileURL)
    } catch {
      saveError = error
      log(error.description)
      throw error
    }
    if saveError != nil { saveError = nil }
  }

  // Durable first, then visible: a subscriber (a page, another tab) hears of a change only
  // once it is on disk. Collections publish before the recipes so that a `$allRecipes`
  // subscriber that reads them sees the names that go with the array it receives.
  private func commit(_ recipes: [Recipe], nextId: Int? = nil) throws(RecipeStoreError) {
    try write(recipes, nextId: nextId ?? self.nextId)
    if let nextId { self.nextId = nextId }
    let names = DataStore.collectionNames(in: recipes)
    if names != collections { collections = names }
    allRecipes = recipes
    reindex()
  }

  private func reindex() {
    positions = Dictionary(
      uniqueKeysWithValues: allRecipes.enumerated().map { ($0.element.id, $0.offset) })
  }

  /// The recipe with each collection spelled as the store already spells it ("breakfast"
  /// joins "Breakfast" rather than starting a second collection).
  private func withKnownSpellings(_ recipe: Recipe) -> Recipe {
    var recipe = recipe
    let known = Dictionary(
      collections.map { (RecipeFilter.collectionKey($0), $0) },
      uniquingKeysWith: { first, _ in first })
    recipe.collections = recipe.collections.map { known[RecipeFilter.collectionKey($0)] ?? $0 }
    return recipe
  }

  private nonisolated static func withKnownImage(_ recipe: Recipe) -> Recipe {
    var recipe = recipe
    if !RecipeImages.hasImage(named: recipe.imageName) {
      recipe.imageName = RecipeImages.placeholderName
    }
    return recipe
  }
}
