import Foundation
import Logging
import PostgresNIO
import RecipeKit

/// Recipes kept in PostgreSQL and shared by every process that opens the same database.
///
/// Two tables hold them: `recipes` (one row per recipe: its id, its position in the user's
/// order, and the recipe as JSON) and `recipes_state` (one row: the next id to issue and
/// the revision, which counts committed changes). Every change is one transaction that
/// first locks the `recipes_state` row, so writers from all processes take turns: the
/// change runs on the rows as they are now (never on a stale copy), ids come from
/// `next_id` under that lock and can't collide, and a reorder rewrites positions in the
/// same transaction. The transaction ends with `NOTIFY recipes_changed, '<revision>'`,
/// which PostgreSQL delivers only once it commits; every process listens on a second
/// connection and re-reads the table when it hears a newer revision.
///
/// An outage is survived: a change made while the database is down fails with
/// ``RecipeStoreError/Reason/unavailable`` within ``connectTimeout`` (nothing answers) or
/// ``operationTimeout`` (a connection that stopped answering, a lock held by a stuck
/// process), and the next one reconnects. The listening connection reconnects every second
/// and, once it listens again, re-reads the table, since notifications sent while it was
/// away are lost. A connection that drops after `COMMIT` was sent leaves the outcome
/// unknown: the change fails with ``RecipeStoreError/Reason/outcomeUnknown`` rather than
/// claim that nothing changed, and if it did commit, the listener shows it.
public actor PostgresRecipeStorage: RecipeStorage {
  /// The channel the commits announce themselves on.
  static let channel = "recipes_changed"
  /// How long a change waits to reach an unreachable database before it fails.
  public static let connectTimeout = Duration.seconds(3)
  /// How long one read or change may take on an open connection before the connection is
  /// closed and the change fails; the server enforces the same bound on statements, locks
  /// and idle transactions, so a stuck process can't hold the others' lock for longer.
  public static let operationTimeout = Duration.seconds(10)

  /// The database, without its password.
  public nonisolated let location: String
  let configuration: PostgresConnection.Configuration
  let logger: Logger
  /// The connection reads and changes use, one at a time (see `run`).
  var connection: PostgresConnection?
  var nextConnectionID = 1
  /// Whether a read or change owns ``connection``: the actor is reentrant at every `await`,
  /// and a second transaction must not start inside the first.
  var connectionBusy = false
  var waitingForConnection: [CheckedContinuation<Void, Never>] = []
  var isClosed = false
  var listener: Task<Void, Never>?
  /// The stores following this storage, each with its own stream.
  var followers: [Int: AsyncStream<StoredRecipes>.Continuation] = [:]
  var nextFollower = 0
  /// The newest revision this storage has read or written.
  var newestRevision = -1

  /// Connects to the database `url` names (`postgres://user[:password]@host[:port]/database`,
  /// optionally `?sslmode=disable|allow|prefer|require|verify-ca|verify-full`), creates the
  /// tables if they are missing and seeds them with ``SampleRecipes`` when no process has
  /// yet (two processes starting at once seed once).
  ///
  /// - Throws: ``RecipeStoreError`` naming the database when the address is not a
  ///   PostgreSQL URL, the database can't be reached, or its rows can't be read.
  public static func open(url: String) async throws(RecipeStoreError) -> PostgresRecipeStorage {
    let address = try PostgresAddress(url)
    let storage = PostgresRecipeStorage(address: address)
    try await storage.prepare()
    await storage.startListening()
    return storage
  }

  private init(address: PostgresAddress) {
    location = address.description
    var configuration = PostgresConnection.Configuration(
      host: address.host, port: address.port, username: address.user,
      password: address.password, database: address.database, tls: address.tls)
    configuration.options.connectTimeout = .seconds(
      Int64(Self.connectTimeout.components.seconds))
    // The server's side of the bounds: a statement, a wait for the state row's lock, and a
    // transaction its client stopped driving all end a little before the client's own
    // deadline, so that a server that answers reports why itself, and the client closes the
    // connection only when the server has stopped answering.
    let milliseconds = String(Self.operationTimeout.components.seconds * 800)
    configuration.options.additionalStartupParameters = [
      ("statement_timeout", milliseconds), ("lock_timeout", milliseconds),
      ("idle_in_transaction_session_timeout", milliseconds),
      ("default_transaction_isolation", "read committed"),
    ]
    self.configuration = configuration
    // Silent: every failure reaches the store as a RecipeStoreError, which it logs once on
    // standard error; postgres-nio's own messages would repeat them from its event loops.
    self.logger = Logger(label: "RecipesPostgres", factory: { _ in SwiftLogNoOpLogHandler() })
  }

  /// Stops listening, ends the stores' streams and closes the connections; a read or
  /// change after this fails.
  public func close() async {
    isClosed = true
    // Not awaited: the listener ends once its connection closes, and a closed storage
    // ignores whatever it hears meanwhile.
    listener?.cancel()
    listener = nil
    for follower in followers.values { follower.finish() }
    followers = [:]
    await takeTurn()
    defer { passTurn() }
    try? await connection?.close()
    connection = nil
  }

  // MARK: RecipeStorage

  /// The rows as they are now.
  public func load() async throws(RecipeStoreError) -> StoredRecipes {
    try await run("read the recipes") { connection, logger in
      try await Self.read(connection, logger: logger, forUpdate: false)
    }
  }

  /// Runs `change` in one transaction on the rows it locked, writes what changed, raises
  /// the revision and announces it; returns once PostgreSQL has committed.
  public func commit<Outcome: Sendable>(
    _ change: @Sendable (inout RecipeList) throws(RecipeStoreError) -> Outcome
  ) async throws(RecipeStoreError) -> (StoredRecipes, Outcome) {
    let location = location
    // A change that wrote nothing commits an empty transaction: if its COMMIT goes
    // unanswered, nothing can have been saved.
    var wrote = false
    let result: (StoredRecipes, Outcome)
    do {
      result = try await run("save the change") { connection, logger in
        try await connection.withTransaction(logger: logger) { connection in
          let before = try await Self.read(connection, logger: logger, forUpdate: true)
          var list = before.list
          let outcome = try change(&list)
          guard list != before.list else { return (before, outcome) }
          wrote = true
          try await Self.write(list, over: before.list, to: connection, logger: logger, location)
          let revision = try await Self.raiseRevision(nextId: list.nextId, connection, logger)
          return (StoredRecipes(list: list, revision: revision), outcome)
        }
      }
    } catch  where error.reason == .outcomeUnknown && !wrote {
      throw RecipeStoreError(.unavailable, path: error.path, detail: error.detail)
    }
    newestRevision = max(newestRevision, result.0.revision)
    return result
  }

  /// What other processes commit, newest only; each call returns a stream of its own,
  /// which ends when the storage closes.
  public func externalChanges() -> AsyncStream<StoredRecipes> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: StoredRecipes.self, bufferingPolicy: .bufferingNewest(1))
    guard !isClosed else {
      continuation.finish()
      return stream
    }
    let key = nextFollower
    nextFollower += 1
    followers[key] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { await self?.stopFollowing(key) }
    }
    return stream
  }

  private func stopFollowing(_ key: Int) {
    followers[key] = nil
  }
}
