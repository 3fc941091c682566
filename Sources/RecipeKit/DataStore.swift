import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
  import OpenCombineFoundation
#endif

extension Notification.Name {
  /// Posted by ``DataStore`` on `NotificationCenter.default` for each recipe whose
  /// properties a change altered in place (an edit or a favorite, in this process or
  /// another on a shared storage); `userInfo[NotificationKeys.recipeId]` holds its ``Recipe/id``
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
/// - A recipe changed in place (an edit, a favorite) also posts
///   `Notification.Name.recipeDidChange` with its id, so a list can reconfigure just that
///   item.
///
/// As with every `@Published` property, the publisher sends the new value *before* the
/// property holds it. Subscribers should use the value they receive (and pure helpers such
/// as ``RecipeFilter/recipeIDs(in:)``) rather than read the store back, or hop to a later
/// turn of the main actor first.
///
/// The store mirrors a ``RecipeStorage`` on the main actor, so reads are synchronous and
/// changes are `async`: each is sent to the storage, which makes it durable (the file
/// written, flushed and renamed into place; the database transaction committed) before
/// ``allRecipes`` publishes it, so nothing a subscriber shows (a page, another tab) can be
/// lost by a crash. A failed save throws ``RecipeStoreError`` out of the mutation, sets
/// ``saveError`` and is logged, and the store does not change; the storage has not changed
/// either, except after ``RecipeStoreError/Reason/outcomeUnknown`` (a database that went
/// away before confirming), when it may have, and the store then shows the change as it
/// shows another process's. Changes another process commits to a
/// shared storage publish the same way, with `recipeDidChange` for each recipe they
/// changed in place.
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
  ///
  /// After ``RecipeStoreError/Reason/outcomeUnknown`` it stays set even if the change
  /// then shows up as saved: the store cannot tell that change from another process's
  /// equal one, so only the next successful save clears it.
  @Published public private(set) var saveError: RecipeStoreError?

  /// Where the recipes are kept.
  public let storage: any RecipeStorage
  /// What the store shows, readable from any thread, and its changes for observers on
  /// other actors (a server's sessions).
  public nonisolated let feed: StoreFeed

  /// The file the store saves to, or `nil` when it keeps its recipes elsewhere.
  public var fileURL: URL? { (storage as? FileRecipeStorage)?.fileURL }

  /// Whether ``init(directory:)`` found no recipes file and wrote the sample recipes.
  public var wasSeeded: Bool { (storage as? FileRecipeStorage)?.wasSeeded ?? false }

  /// Where save failures are reported besides ``saveError``; standard error by default.
  public var log: @MainActor (String) -> Void = { message in
    FileHandle.standardError.write(Data("RecipeKit: \(message)\n".utf8))
  }

  /// The storage's revision that ``allRecipes`` shows.
  public private(set) var revision: Int
  private var positions: [Recipe.ID: Int] = [:]
  private var follower: Task<Void, Never>?

  /// Creates a store that keeps `recipes` in memory only and never touches the disk.
  ///
  /// - Precondition: The recipes' ids are unique.
  public convenience init(recipes: [Recipe] = SampleRecipes.recipes()) {
    precondition(
      Set(recipes.map(\.id)).count == recipes.count, "DataStore: recipe ids must be unique")
    let list = RecipeList(recipes: recipes)
    self.init(storage: MemoryRecipeStorage(list), contents: StoredRecipes(list: list, revision: 0))
  }

  /// Opens the recipes file in `directory` (a ``FileRecipeStorage``), creating the
  /// directory and seeding the file with ``SampleRecipes`` on first run.
  ///
  /// - Throws: What ``FileRecipeStorage/init(directory:)`` throws; an existing file is never
  ///   written to by a failed open.
  public convenience init(directory: URL) throws(RecipeStoreError) {
    let storage = try FileRecipeStorage(directory: directory)
    self.init(storage: storage, contents: storage.openedContents)
  }

  /// Opens a store on `storage`: loads its recipes, then follows the changes other
  /// processes commit to it for as long as the store lives.
  ///
  /// - Throws: ``RecipeStoreError`` when the storage can't be read.
  public convenience init(storage: any RecipeStorage) async throws(RecipeStoreError) {
    let contents = try await storage.load()
    self.init(storage: storage, contents: contents)
    follow()
  }

  private init(storage: any RecipeStorage, contents: StoredRecipes) {
    let names = DataStore.collectionNames(in: contents.list.recipes)
    self.storage = storage
    self.allRecipes = contents.list.recipes
    self.collections = names
    self.feed = StoreFeed(.init(recipes: contents.list.recipes, collections: names))
    self.revision = contents.revision
    reindex()
  }

  isolated deinit {
    follower?.cancel()
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
  ///   ``RecipeStoreError`` if it can't be saved, no id is left, or the list is full
  ///   (``RecipeStoreError/Reason/full``); nothing changes then.
  @discardableResult
  public func add(_ recipe: Recipe) async throws -> Recipe {
    let valid = try recipe.validated()
    let location = storage.location
    let now = Date()
    return try await commit { list throws(RecipeStoreError) in
      try list.add(valid, at: now, location: location)
    }
  }

  /// Replaces the recipe that has `recipe`'s id, keeping its place in the list, and posts
  /// `Notification.Name.recipeDidChange`.
  ///
  /// The recipe is trimmed as ``Recipe/validated()`` does and an unknown image name gets
  /// the placeholder picture.
  ///
  /// - Returns: The recipe as stored, or `nil` (and nothing changes) when no recipe has
  ///   its id or it fails validation; call ``Recipe/validated()`` first to learn why.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved, or would take the list
  ///   past its text limit (``RecipeStoreError/Reason/full``); nothing changes.
  @discardableResult
  public func update(_ recipe: Recipe) async throws(RecipeStoreError) -> Recipe? {
    guard let valid = try? recipe.validated() else { return nil }
    let location = storage.location
    return try await commit { list throws(RecipeStoreError) in
      try list.update(valid, location: location)
    }
  }

  /// Applies an edit form: copies the title, times, servings, ingredients, directions and
  /// collections of `fields` onto the stored recipe with its id, and posts
  /// `Notification.Name.recipeDidChange`.
  ///
  /// Unlike ``update(_:)``, which replaces the whole recipe, an edit keeps the favorite
  /// flag, date and picture *as stored when it is saved*: a favorite toggled meanwhile (in
  /// another tab, or another process on a shared storage) is not undone by an edit made
  /// from a copy that predates it.
  ///
  /// - Returns: The recipe as stored, or `nil` (and nothing changes) when no recipe has
  ///   `fields`' id.
  /// - Throws: ``RecipeValidationError`` if `fields` fails ``Recipe/validated()``, or
  ///   ``RecipeStoreError`` when the change can't be saved, or would take the list past its
  ///   text limit (``RecipeStoreError/Reason/full``); nothing changes then.
  @discardableResult
  public func edit(_ fields: Recipe) async throws -> Recipe? {
    let valid = try fields.validated()
    let location = storage.location
    return try await commit { list throws(RecipeStoreError) in
      try list.edit(valid, location: location)
    }
  }

  /// Flips ``Recipe/isFavorite`` and posts `Notification.Name.recipeDidChange`, as
  /// ``update(_:)`` does.
  ///
  /// Only the flag changes, so the rest is not validated again: a recipe a file of an
  /// earlier build holds (a title over today's limit, say) can still be favorited.
  ///
  /// - Returns: The updated recipe, or `nil` if no recipe has `id`.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func toggleFavorite(id: Recipe.ID) async throws(RecipeStoreError) -> Recipe? {
    try await commit { list in list.toggleFavorite(id: id) }
  }

  /// Removes the recipe with `id`.
  ///
  /// - Returns: The removed recipe, or `nil` if there was none. Its id is not reused.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func delete(id: Recipe.ID) async throws(RecipeStoreError) -> Recipe? {
    try await commit { list in list.delete(id: id) }
  }

  /// Removes `recipe` by its id.
  ///
  /// - Returns: The removed recipe as it was stored, or `nil` if there was none.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func delete(_ recipe: Recipe) async throws(RecipeStoreError) -> Recipe? {
    try await delete(id: recipe.id)
  }

  /// Puts back a recipe deleted a moment ago (an undo), with its id, at `position` in the
  /// list (clamped to the list).
  ///
  /// - Returns: Whether it was restored: `false` when a recipe with its id is in the store,
  ///   or the id was never issued by this store.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved, or the list is full
  ///   (``RecipeStoreError/Reason/full``); nothing changes.
  @discardableResult
  public func restore(_ recipe: Recipe, at position: Int) async throws(RecipeStoreError) -> Bool {
    let location = storage.location
    return try await commit { list throws(RecipeStoreError) in
      try list.restore(recipe, at: position, location: location)
    }
  }

  /// Puts the recipes a list shows into the order the list now shows them.
  ///
  /// `newOrder` is the full list of ids a (possibly filtered) list displays, after the
  /// user reordered it. The rule: **the shown recipes trade places among the positions
  /// they already occupy; every other recipe keeps its exact position.** With a list of
  /// `[a, B, c, D, e]` and a Favorites list showing `[B, D]` reordered to `[D, B]`, the
  /// result is `[a, D, c, B, e]`. Reordering the All list is the special case in which the
  /// shown recipes occupy every position. The rule is applied to the storage's recipes, so
  /// a recipe another process moved meanwhile keeps the place it was moved to.
  ///
  /// Ids the store doesn't know (a list a step behind a delete) are ignored, as are
  /// repeats after an id's first appearance.
  ///
  /// - Returns: Whether the order changed; when it didn't, nothing is published or saved.
  /// - Throws: ``RecipeStoreError`` when the change can't be saved; nothing changes.
  @discardableResult
  public func reorder(_ newOrder: [Recipe.ID]) async throws(RecipeStoreError) -> Bool {
    try await commit { list in list.reorder(newOrder) }
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
  ) async throws(RecipeStoreError) -> Bool {
    var ids = recipes(in: filter)
    guard let from = ids.firstIndex(of: id), ids.indices.contains(position) else {
      return false
    }
    ids.remove(at: from)
    ids.insert(id, at: position)
    return try await reorder(ids)
  }

  // MARK: Committing and publishing

  // Durable first, then visible: the storage returns once the change is stored, and only
  // then does anything publish.
  private func commit<Outcome: Sendable>(
    _ change: @escaping @Sendable (inout RecipeList) throws(RecipeStoreError) -> Outcome
  ) async throws(RecipeStoreError) -> Outcome {
    do {
      let (contents, outcome) = try await storage.commit(change)
      if saveError != nil { saveError = nil }
      show(contents)
      return outcome
    } catch {
      // Errors about the change itself (no id left, no room) are not save failures.
      if error.reason != .idsExhausted && error.reason != .full {
        saveError = error
        log(error.description)
      }
      throw error
    }
  }

  private func follow() {
    follower = Task { [weak self, storage] in
      for await contents in await storage.externalChanges() {
        guard let self else { return }
        self.show(contents)
      }
    }
  }

  /// Publishes `contents` unless the store already shows that revision or a newer one.
  /// Collections publish before the recipes so that a `$allRecipes` subscriber that reads
  /// them sees the names that go with the array it receives; then each recipe changed in
  /// place posts `recipeDidChange`.
  private func show(_ contents: StoredRecipes) {
    guard contents.revision > revision else { return }
    revision = contents.revision
    let recipes = contents.list.recipes
    let changedInPlace = recipes.filter { recipe in
      positions[recipe.id].map { allRecipes[$0] != recipe } ?? false
    }.map(\.id)
    let names = DataStore.collectionNames(in: recipes)
    let namesChanged = names != collections
    if namesChanged { collections = names }
    allRecipes = recipes
    reindex()
    for id in changedInPlace {
      NotificationCenter.default.post(
        name: .recipeDidChange, object: self, userInfo: [NotificationKeys.recipeId: id])
    }
    feed.publish(
      StoreUpdate(
        recipes: recipes, collections: namesChanged ? names : nil, changedInPlace: changedInPlace))
  }

  private func reindex() {
    positions = Dictionary(
      uniqueKeysWithValues: allRecipes.enumerated().map { ($0.element.id, $0.offset) })
  }
}
