import Foundation
import Logging
import PostgresNIO
import RecipeKit

// The SQL: creating and seeding the tables, reading the rows, writing a change.
extension PostgresRecipeStorage {
  /// Creates the tables and seeds them, once across every process: concurrent
  /// `CREATE TABLE IF NOT EXISTS` statements can still collide, so the schema is made
  /// under a transaction-scoped advisory lock.
  func prepare() async throws(RecipeStoreError) {
    let location = location
    let seeded: StoredRecipes = try await run("prepare the tables") { connection, logger in
      try await connection.withTransaction(logger: logger) { connection in
        _ = try await connection.query(
          "SELECT pg_advisory_xact_lock(hashtext('swift-diffable recipes schema'))",
          logger: logger
        ).collect()
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS recipes (
            id integer PRIMARY KEY CHECK (id > 0),
            position integer NOT NULL,
            recipe jsonb NOT NULL)
          """, logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS recipes_state (
            singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
            next_id bigint NOT NULL,
            revision bigint NOT NULL)
          """, logger: logger)
        let existing = try await connection.query(
          "SELECT revision FROM recipes_state", logger: logger
        ).collect()
        if existing.isEmpty {
          let list = RecipeList(recipes: SampleRecipes.recipes())
          try await Self.write(
            list, over: RecipeList(recipes: []), to: connection, logger: logger, location)
          try await connection.query(
            "INSERT INTO recipes_state (next_id, revision) VALUES (\(list.nextId), 1)",
            logger: logger)
        }
        return try await Self.read(connection, logger: logger, forUpdate: false)
      }
    }
    newestRevision = max(newestRevision, seeded.revision)
  }

  /// The rows in the user's order, with the next id and the revision; `forUpdate` locks the
  /// state row first, which makes every other writer wait for this transaction.
  ///
  /// The rows are checked as the recipes file is: they are put together as one and read by
  /// ``RecipeFile/decode(_:path:)``, so a repeated id, a time or id out of range, or a
  /// malformed recipe is refused by name instead of reaching the store.
  static func read(
    _ connection: PostgresConnection, logger: Logger, forUpdate: Bool
  ) async throws -> StoredRecipes {
    let lock: PostgresQuery =
      forUpdate
      ? "SELECT next_id, revision FROM recipes_state FOR UPDATE"
      : "SELECT next_id, revision FROM recipes_state"
    var state: (Int, Int)?
    for try await row in try await connection.query(lock, logger: logger).decode((Int, Int).self) {
      state = row
    }
    guard let (nextId, revision) = state else {
      throw RecipeStoreError(.corrupt, path: "recipes_state", detail: "the table has no row")
    }
    var file = Data(#"{"version":1,"nextId":\#(nextId),"recipes":["#.utf8)
    let rows = try await connection.query(
      "SELECT id, recipe::text FROM recipes ORDER BY position, id", logger: logger)
    var ids: [Int] = []
    for try await (id, json) in rows.decode((Int, String).self) {
      if !ids.isEmpty { file.append(UInt8(ascii: ",")) }
      ids.append(id)
      file.append(contentsOf: json.utf8)
    }
    file.append(contentsOf: "]}".utf8)
    let checked = try RecipeFile.decode(file, path: "the table recipes")
    // The recipe keeps its own copy of the id: the column and the recipe must agree.
    if let mismatch = zip(ids, checked.recipes).first(where: { $0.0 != $0.1.id }) {
      throw RecipeStoreError(
        .corrupt, path: "the table recipes",
        detail: "the row of id \(mismatch.0) holds recipe \(mismatch.1.id)")
    }
    return StoredRecipes(
      list: RecipeList(recipes: checked.recipes, nextId: checked.nextId), revision: revision)
  }

  /// Writes the rows that differ between `old` and `new`: deletes the recipes that left,
  /// and upserts those that are new, changed or moved, in one statement each.
  static func write(
    _ new: RecipeList, over old: RecipeList, to connection: PostgresConnection, logger: Logger,
    _ location: String
  ) async throws {
    let kept = Set(new.recipes.map(\.id))
    let gone = old.recipes.map(\.id).filter { !kept.contains($0) }
    if !gone.isEmpty {
      try await connection.query("DELETE FROM recipes WHERE id = ANY(\(gone))", logger: logger)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var ids: [Int] = []
    var positions: [Int] = []
    var bodies: [String] = []
    for (position, recipe) in new.recipes.enumerated() {
      guard !old.recipes.indices.contains(position) || old.recipes[position] != recipe else {
        continue
      }
      ids.append(recipe.id)
      positions.append(position)
      bodies.append(String(decoding: try encoder.encode(recipe), as: UTF8.self))
    }
    guard !ids.isEmpty else { return }
    try await connection.query(
      """
      INSERT INTO recipes (id, position, recipe)
        SELECT id, position, body::jsonb
        FROM unnest(\(ids)::integer[], \(positions)::integer[], \(bodies)::text[])
          AS row(id, position, body)
      ON CONFLICT (id) DO UPDATE SET position = EXCLUDED.position, recipe = EXCLUDED.recipe
      """, logger: logger)
  }

  /// Raises the revision, keeps `nextId`, and announces the new revision to every
  /// listener (delivered at commit).
  static func raiseRevision(
    nextId: Int, _ connection: PostgresConnection, _ logger: Logger
  ) async throws -> Int {
    var revision = 0
    let rows = try await connection.query(
      "UPDATE recipes_state SET next_id = \(nextId), revision = revision + 1 RETURNING revision",
      logger: logger)
    for try await (value) in rows.decode(Int.self) { revision = value }
    // Read to the end: an error in a row-returning statement arrives with its rows.
    _ = try await connection.query(
      "SELECT pg_notify(\(channel), \(String(revision)))", logger: logger
    ).collect()
    return revision
  }
}
