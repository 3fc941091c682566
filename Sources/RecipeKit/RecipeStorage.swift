/// The recipes as a storage held them after one committed change.
public struct StoredRecipes: Sendable, Equatable {
  /// The recipes and the next id.
  public var list: RecipeList
  /// Counts the storage's committed changes. Every commit raises it, so a store that
  /// hears of the same change twice (its own reply and the database's announcement, or two
  /// announcements out of order) keeps the newest.
  public var revision: Int

  /// Creates the contents of a storage at `revision`.
  public init(list: RecipeList, revision: Int) {
    self.list = list
    self.revision = revision
  }
}

/// Where a ``DataStore`` keeps its recipes: the embedded JSON file
/// (``FileRecipeStorage``), memory (``MemoryRecipeStorage``), or a database shared by
/// several processes (the `RecipesPostgres` module).
///
/// A storage owns the authoritative copy. The store on the main actor mirrors it for
/// synchronous reads and publishing, and sends every change here as a pure function of
/// ``RecipeList``; the storage runs it on the copy it trusts, under its own write lock, and
/// makes the result durable before it returns.
public protocol RecipeStorage: AnyObject, Sendable {
  /// What errors and logs call this storage: a file's path, or a database address without
  /// its password.
  nonisolated var location: String { get }

  /// The stored recipes now.
  func load() async throws(RecipeStoreError) -> StoredRecipes

  /// Runs `change` on the stored recipes under the storage's write lock and, when it
  /// changed them, makes the result durable and raises the revision.
  ///
  /// - Returns: The contents after the change (the same revision when nothing changed) and
  ///   what `change` returned.
  /// - Throws: What `change` throws, or ``RecipeStoreError`` when the result can't be
  ///   stored; nothing changes then, except with ``RecipeStoreError/Reason/outcomeUnknown``,
  ///   when the result may have been stored and, if it was, reaches ``externalChanges()``.
  func commit<Outcome: Sendable>(
    _ change: @Sendable (inout RecipeList) throws(RecipeStoreError) -> Outcome
  ) async throws(RecipeStoreError) -> (StoredRecipes, Outcome)

  /// Contents committed by someone else (another process on the same database), newest
  /// last; a storage only this process writes returns a stream that ends at once.
  func externalChanges() async -> AsyncStream<StoredRecipes>
}

/// Runs `change` on a copy of `stored` and reports whether it changed anything.
func applying<Outcome>(
  _ change: (inout RecipeList) throws(RecipeStoreError) -> Outcome, to stored: StoredRecipes
) throws(RecipeStoreError) -> (list: RecipeList, outcome: Outcome, changed: Bool) {
  var list = stored.list
  let outcome = try change(&list)
  return (list, outcome, list != stored.list)
}

/// Recipes kept in memory only: the store of tests and of `DataStore(recipes:)`.
public actor MemoryRecipeStorage: RecipeStorage {
  private var stored: StoredRecipes

  /// A storage holding `list` at revision 0.
  public init(_ list: RecipeList) {
    stored = StoredRecipes(list: list, revision: 0)
  }

  /// Always `memory`.
  public nonisolated var location: String { "memory" }

  /// The recipes held.
  public func load() -> StoredRecipes { stored }

  /// Applies `change`; nothing can fail to be stored.
  public func commit<Outcome: Sendable>(
    _ change: @Sendable (inout RecipeList) throws(RecipeStoreError) -> Outcome
  ) throws(RecipeStoreError) -> (StoredRecipes, Outcome) {
    let result = try applying(change, to: stored)
    if result.changed { stored = StoredRecipes(list: result.list, revision: stored.revision + 1) }
    return (stored, result.outcome)
  }

  /// Nobody else writes memory: a stream that ends at once.
  public func externalChanges() -> AsyncStream<StoredRecipes> { AsyncStream { $0.finish() } }
}
