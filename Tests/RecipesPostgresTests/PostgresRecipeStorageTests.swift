import Foundation
import Logging
import PostgresNIO
import RecipeKit
import RecipesPostgres
import Testing

/// The PostgreSQL that scripts/test.sh starts for these tests (private, on 127.0.0.1), or
/// `nil`, which skips them: `swift test` alone has no database.
let testServer = ProcessInfo.processInfo.environment["DIFFABLE_TEST_POSTGRES_URL"]

/// A new, empty database on the test server, named for the test; its URL.
func freshDatabase(_ name: String) async throws -> String {
  let server = try #require(testServer)
  let database = "\(name.lowercased())_\(UInt32.random(in: 0...UInt32.max))"
  try await execute("CREATE DATABASE \(database)", on: server)
  var components = try #require(URLComponents(string: server))
  components.path = "/" + database
  return try #require(components.string)
}

/// Runs `sql` on the test server's database `url` from a connection of the test's own.
func execute(_ sql: String, on url: String) async throws {
  try await withConnection(to: url) { connection, logger in
    _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
  }
}

func withConnection<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  to url: String, _ body: (PostgresConnection, Logger) async throws -> T
) async throws -> T {
  let components = try #require(URLComponents(string: url))
  var configuration = PostgresConnection.Configuration(
    host: components.host ?? "127.0.0.1", port: components.port ?? 5432,
    username: components.user ?? "postgres", password: components.password,
    database: String(components.path.dropFirst()), tls: .disable)
  configuration.options.connectTimeout = .seconds(5)
  let logger = Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() })
  let connection = try await PostgresConnection.connect(
    configuration: configuration, id: 1, logger: logger)
  do {
    let result = try await body(connection, logger)
    try await connection.close()
    return result
  } catch {
    try? await connection.close()
    throw error
  }
}

/// Waits (up to 10 s) until `condition` holds on the main actor.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
  for _ in 0..<200 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(50))
  }
  return condition()
}

@MainActor
@Suite(
  "PostgreSQL storage", .serialized,
  .enabled(if: testServer != nil, "set DIFFABLE_TEST_POSTGRES_URL (scripts/test.sh does)"))
struct PostgresRecipeStorageTests {
  @Test func seedsOnceAndReopensWhatWasSaved() async throws {
    let url = try await freshDatabase("seed")
    let first = try await PostgresRecipeStorage.open(url: url)
    let second = try await PostgresRecipeStorage.open(url: url)
    let loaded = try await second.load()
    // The samples' dates are relative to now, so compare what does not move.
    let samples = SampleRecipes.recipes()
    #expect(loaded.list.recipes.map(\.title) == samples.map(\.title), "seeded once, in order")
    #expect(loaded.list.recipes.map(\.id) == samples.map(\.id))
    #expect(loaded.list.recipes.map(\.isFavorite) == samples.map(\.isFavorite))
    let store = try await DataStore(storage: first)
    let added = try await store.add(Recipe(title: "Plum Galette", collections: ["Pies"]))
    #expect(try await store.reorder([added.id] + store.recipes(in: .all).dropLast()))
    await first.close()
    let reopened = try await PostgresRecipeStorage.open(url: url)
    let after = try await reopened.load()
    #expect(after.list.recipes == store.allRecipes)
    #expect(after.list.nextId == added.id + 1)
    await second.close()
    await reopened.close()
  }

  @Test func aChangeInOneProcessReachesTheOther() async throws {
    let url = try await freshDatabase("follow")
    let here = try await DataStore(storage: try await PostgresRecipeStorage.open(url: url))
    let there = try await DataStore(storage: try await PostgresRecipeStorage.open(url: url))
    var changedThere: [Recipe.ID] = []
    let observer = NotificationCenter.default.addObserver(
      forName: .recipeDidChange, object: there, queue: nil
    ) { note in
      let id = note.userInfo?[NotificationKeys.recipeId] as? Recipe.ID
      MainActor.assumeIsolated { changedThere.append(id ?? -1) }
    }
    defer { NotificationCenter.default.removeObserver(observer) }

    let added = try await here.add(Recipe(title: "Scones"))
    #expect(await eventually { there.recipe(with: added.id)?.title == "Scones" })
    try await here.toggleFavorite(id: added.id)
    #expect(await eventually { there.recipe(with: added.id)?.isFavorite == true })
    #expect(changedThere == [added.id], "a favorite is a change in place: a reconfigure")
    try await here.delete(id: 1)
    try await here.reorder(here.recipes(in: .all).reversed())
    #expect(await eventually { there.allRecipes == here.allRecipes })
    #expect(there.revision == here.revision)
    await (here.storage as? PostgresRecipeStorage)?.close()
    await (there.storage as? PostgresRecipeStorage)?.close()
  }

  /// Both stores add at once from stale copies: the database hands out the ids, one
  /// transaction at a time, so none collides and both end with every recipe.
  @Test func concurrentAddsNeverCollide() async throws {
    let url = try await freshDatabase("ids")
    let here = try await DataStore(storage: try await PostgresRecipeStorage.open(url: url))
    let there = try await DataStore(storage: try await PostgresRecipeStorage.open(url: url))
    let count = SampleRecipes.recipes().count
    // Twenty tasks at once; each waits on its storage, so their transactions overlap.
    let adds = (0..<20).map { index in
      let store = index.isMultiple(of: 2) ? here : there
      return Task { try await store.add(Recipe(title: "Dish \(index)")).id }
    }
    var ids: [Recipe.ID] = []
    for add in adds { ids.append(try await add.value) }
    #expect(Set(ids).count == 20)
    #expect(
      await eventually {
        here.allRecipes.count == count + 20 && there.allRecipes == here.allRecipes
      })
    await (here.storage as? PostgresRecipeStorage)?.close()
    await (there.storage as? PostgresRecipeStorage)?.close()
  }

  /// Rows are input the process did not write: a recipe whose stored id disagrees with its
  /// row, or whose time is out of range, is refused by name, and nothing traps.
  /// Loading `storage` fails as a corrupt store whose detail says `words`.
  static func expectCorrupt(
    _ storage: PostgresRecipeStorage, saying words: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await #expect(sourceLocation: sourceLocation) {
      _ = try await storage.load()
    } throws: { error in
      let error = try #require(error as? RecipeStoreError)
      return error.reason == .corrupt && error.detail.contains(words)
    }
  }

  @Test func damagedRowsAreRefusedByName() async throws {
    let url = try await freshDatabase("damage")
    let storage = try await PostgresRecipeStorage.open(url: url)
    try await execute(
      "UPDATE recipes SET recipe = jsonb_set(recipe, '{id}', '999') WHERE id = 3", on: url)
    await Self.expectCorrupt(storage, saying: "id 3 holds recipe 999")
    // Two rows holding one recipe: the id repeats.
    try await execute(
      "UPDATE recipes SET recipe = jsonb_set(recipe, '{id}', '4') WHERE id = 3", on: url)
    await Self.expectCorrupt(storage, saying: "repeats the id 4")
    try await execute(
      "UPDATE recipes SET recipe = jsonb_set(recipe, '{id}', '3') WHERE id = 3", on: url)
    try await execute(
      "UPDATE recipes SET recipe = jsonb_set(recipe, '{prepTime}', '9223372036854775807') WHERE id = 2",
      on: url)
    await Self.expectCorrupt(storage, saying: "prepTime")
    await storage.close()
  }

  /// A process stuck with the state row locked (a paused host, a dropped client) can't
  /// stall the others: their change fails within the operation timeout, saying the database
  /// can't be reached, and works once the lock is gone.
  @Test func aLockHeldElsewhereFailsTheChangeInsteadOfHangingIt() async throws {
    let url = try await freshDatabase("locked")
    let store = try await DataStore(storage: try await PostgresRecipeStorage.open(url: url))
    let holding = Task {
      try await withConnection(to: url) { connection, logger in
        try await connection.query("BEGIN", logger: logger)
        _ = try await connection.query(
          "SELECT * FROM recipes_state FOR UPDATE", logger: logger
        ).collect()
        try await Task.sleep(for: PostgresRecipeStorage.operationTimeout + .seconds(3))
        try await connection.query("ROLLBACK", logger: logger)
      }
    }
    try await Task.sleep(for: .milliseconds(500))
    let started = ContinuousClock.now
    await #expect {
      try await store.toggleFavorite(id: 1)
    } throws: { error in
      (error as? RecipeStoreError)?.reason == .unavailable
    }
    #expect(ContinuousClock.now - started < PostgresRecipeStorage.operationTimeout + .seconds(3))
    #expect(store.recipe(with: 1)?.isFavorite == SampleRecipes.recipes()[0].isFavorite)
    try await holding.value
    #expect(try await store.toggleFavorite(id: 1) != nil, "the next change reconnects")
    await (store.storage as? PostgresRecipeStorage)?.close()
  }

  /// A connection lost after `COMMIT` was sent leaves the change's fate unknown: here
  /// PostgreSQL committed it, so "the change was not made" would be false. The store says
  /// the outcome is unknown, and the listener then shows the change that was saved.
  @Test func aChangeWhoseCommitGoesUnansweredIsReportedAsUnknown() async throws {
    let url = try await freshDatabase("unanswered")
    var components = try #require(URLComponents(string: url))
    let relay = try CommitCuttingRelay(upstreamPort: components.port ?? 5432)
    defer { relay.stop() }
    components.port = relay.port
    let storage = try await PostgresRecipeStorage.open(url: try #require(components.string))
    let store = try await DataStore(storage: storage)
    let wasFavorite = try #require(store.recipe(with: 1)).isFavorite
    // A change that writes nothing can't have saved anything, answered or not.
    relay.arm()
    await #expect {
      _ = try await storage.commit { _ in }
    } throws: { error in
      (error as? RecipeStoreError)?.reason == .unavailable
    }
    #expect(relay.cuts == 1)
    relay.arm()
    await #expect {
      try await store.toggleFavorite(id: 1)
    } throws: { error in
      guard let error = error as? RecipeStoreError else { return false }
      return error.reason == .outcomeUnknown && !error.summary.contains("not made")
        && error.description.contains("may have been saved")
    }
    #expect(relay.cuts == 2)
    let direct = try await PostgresRecipeStorage.open(url: url)
    let stored = try await direct.load().list.recipes.first { $0.id == 1 }
    #expect(stored?.isFavorite == !wasFavorite, "PostgreSQL committed the change")
    #expect(
      await eventually { store.recipe(with: 1)?.isFavorite == !wasFavorite },
      "the listener shows the change that was saved")
    #expect(try await store.toggleFavorite(id: 1) != nil, "the next change reconnects")
    await direct.close()
    await storage.close()
  }

  /// An `ERROR` in answer to `COMMIT` means PostgreSQL rolled back: the change was not
  /// made, and the store says so (a constraint trigger deferred to the commit refuses it).
  @Test func aChangeRefusedAtCommitIsNotMade() async throws {
    let url = try await freshDatabase("refused_at_commit")
    let store = try await DataStore(storage: try await PostgresRecipeStorage.open(url: url))
    let wasFavorite = try #require(store.recipe(with: 1)).isFavorite
    try await execute(
      """
      CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$
      """, on: url)
    try await execute(
      """
      CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER UPDATE ON recipes_state
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()
      """, on: url)
    await #expect {
      try await store.toggleFavorite(id: 1)
    } throws: { error in
      guard let error = error as? RecipeStoreError else { return false }
      return error.reason == .cannotSave && error.summary.contains("not made")
    }
    let direct = try await PostgresRecipeStorage.open(url: url)
    let stored = try await direct.load().list.recipes.first { $0.id == 1 }
    #expect(stored?.isFavorite == wasFavorite, "rolled back")
    try await execute("DROP TRIGGER refuse_at_commit ON recipes_state", on: url)
    #expect(try await store.toggleFavorite(id: 1) != nil, "the next change is saved")
    await direct.close()
    await (store.storage as? PostgresRecipeStorage)?.close()
  }

  /// Every store on one storage hears another process's changes, not only the first.
  @Test func everyStoreOnAStorageFollowsIt() async throws {
    let url = try await freshDatabase("followers")
    let storage = try await PostgresRecipeStorage.open(url: url)
    let first = try await DataStore(storage: storage)
    let second = try await DataStore(storage: storage)
    let other = try await DataStore(storage: try await PostgresRecipeStorage.open(url: url))
    let added = try await other.add(Recipe(title: "Crumpets"))
    #expect(await eventually { first.recipe(with: added.id) != nil })
    #expect(await eventually { second.recipe(with: added.id) != nil })
    await storage.close()
    await (other.storage as? PostgresRecipeStorage)?.close()
  }

  /// A reorder made from a copy that has not yet heard of another process's move is
  /// applied to the rows as they are: the other move is kept.
  @Test func aReorderRunsOnTheRowsAsTheyAreNow() async throws {
    let url = try await freshDatabase("order")
    let storage = try await PostgresRecipeStorage.open(url: url)
    let other = try await PostgresRecipeStorage.open(url: url)
    let ids = try await storage.load().list.recipes.map(\.id)
    // The other process moves the last recipe to the front.
    _ = try await other.commit { list in list.recipes.insert(list.recipes.removeLast(), at: 0) }
    // This one swaps the first two it knew of, by the reorder rule.
    let store = try await DataStore(storage: storage)
    #expect(try await store.reorder([ids[1], ids[0]]))
    let stored = try await other.load().list.recipes.map(\.id)
    #expect(stored.first == ids.last, "the other process's move survived")
    #expect(stored.firstIndex(of: ids[1])! < stored.firstIndex(of: ids[0])!)
    await storage.close()
    await other.close()
  }
}
