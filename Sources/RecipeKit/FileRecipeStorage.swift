import Foundation

/// The embedded storage: `recipes.json` in a data directory that one process holds.
///
/// Every change is written to a temporary file, flushed to disk and renamed into place
/// (see ``RecipeFile``) before ``commit(_:)`` returns. The storage holds an exclusive lock
/// on its directory while it lives, so two processes never write the same file; several
/// processes that share recipes use a database storage instead.
public actor FileRecipeStorage: RecipeStorage {
  /// The recipes file.
  public nonisolated let fileURL: URL
  /// Whether opening found no recipes file and wrote the sample recipes.
  public nonisolated let wasSeeded: Bool
  /// The contents as opened, for a store built synchronously on this storage.
  nonisolated let openedContents: StoredRecipes
  private var stored: StoredRecipes
  /// Held while the storage lives.
  private let lock: DataDirectoryLock

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
  public init(directory: URL) throws(RecipeStoreError) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw RecipeStoreError(
        .cannotCreateDirectory, path: directory.path, detail: error.localizedDescription)
    }
    lock = try DataDirectoryLock(directory: directory)
    RecipeFile.removeStaleTemporaryFiles(in: directory)
    fileURL = directory.appendingPathComponent(RecipeFile.fileName)
    let file: RecipeFile
    if let existing = try RecipeFile.read(from: fileURL) {
      file = existing
      wasSeeded = false
    } else {
      file = RecipeFile(recipes: SampleRecipes.recipes())
      try file.write(to: fileURL)
      wasSeeded = true
    }
    stored = StoredRecipes(
      list: RecipeList(recipes: file.recipes, nextId: file.nextId), revision: 0)
    openedContents = stored
  }

  /// The file's path.
  public nonisolated var location: String { fileURL.path }

  /// The recipes as last written.
  public func load() -> StoredRecipes { stored }

  /// Applies `change` and, when it changed the recipes, writes the file durably first.
  public func commit<Outcome: Sendable>(
    _ change: @Sendable (inout RecipeList) throws(RecipeStoreError) -> Outcome
  ) throws(RecipeStoreError) -> (StoredRecipes, Outcome) {
    let result = try applying(change, to: stored)
    guard result.changed else { return (stored, result.outcome) }
    do {
      try RecipeFile(recipes: result.list.recipes, nextId: result.list.nextId).write(to: fileURL)
    } catch {
      // A failure after the rename (the directory not synced) left the new file in place,
      // and a restart would have brought back a change refused as not made: the file gets
      // what the store holds again. Best effort: if that fails too, the next save writes it.
      try? RecipeFile(recipes: stored.list.recipes, nextId: stored.list.nextId).write(to: fileURL)
      throw error
    }
    stored = StoredRecipes(list: result.list, revision: stored.revision + 1)
    return (stored, result.outcome)
  }

  /// The lock keeps every other process out: a stream that ends at once.
  public func externalChanges() -> AsyncStream<StoredRecipes> { AsyncStream { $0.finish() } }
}
