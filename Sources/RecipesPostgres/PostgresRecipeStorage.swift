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
/// An outage is survived: a change made while the database is down fails within
/// ``connectTimeout`` with ``RecipeStoreError/Reason/cannotSave``, and the next one
/// reconnects. The listening connection reconnects every second and, once it listens
/// again, re-reads the table, since notifications sent while it was away are lost.
public actor PostgresRecipeStorage: RecipeStorage {
  /// The channel the commits announce themselves on.
  static let channel = "recipes_changed"
  /// How long a change waits to reach an unreachable database before it fails.
  public static let connectTimeout = Duration.seconds(3)

  /// The database, without its password.
  public nonisolated let location: String
  private let configuration: PostgresConnection.Configuration
  private let logger: Logger
  private var connection: PostgresConnection?
  private var nextConnectionID = 1
  private var listener: Task<Void, Never>?
  private let changes: AsyncStream<StoredRecipes>
  private let announce: AsyncStream<StoredRecipes>.Continuation
  /// The newest revision this storage has read or written.
  var newestRevision = -1
  /// Whether a statement sequence owns the write connection; the actor is reentrant at
  /// every `await`, and a second transaction must not start inside the first.
  private var connectionBusy = false
  private var waitingForConnection: [CheckedContinuation<Void, Never>] = []

  /// Connects to the database `url` names (`postgres://user[:password]@host[:port]/database`,
  /// optionally `?sslmode=disable|prefer|require`), creates the tables if they are missing
  /// and seeds them with ``SampleRecipes`` when no process has yet (two processes starting
  /// at once seed once).
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
      Int64(PostgresRecipeStorage.connectTimeout.components.seconds))
    self.configuration = configuration
    var logger = Logger(label: "RecipesPostgres")
    logger.logLevel = .error
    self.logger = logger
    (changes, announce) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// Stops listening and closes the connections.
  public func close() async {
    listener?.cancel()
    listener = nil
    announce.finish()
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
    let result = try await run("save the change") { connection, logger in
      try await connection.withTransaction(logger: logger) { connection in
        let before = try await Self.read(connection, logger: logger, forUpdate: true)
        var list = before.list
        let outcome = try change(&list)
        guard list != before.list else { return (before, outcome) }
        try await Self.write(list, over: before.list, to: connection, logger: logger, location)
        let revision = try await Self.raiseRevision(nextId: list.nextId, connection, logger)
        return (StoredRecipes(list: list, revision: revision), outcome)
      }
    }
    newestRevision = max(newestRevision, result.0.revision)
    return result
  }

  /// What other processes commit, newest only.
  public func externalChanges() -> AsyncStream<StoredRecipes> { changes }

  // MARK: Connections

  /// Runs `body` on the write connection, connecting first when there is none; a failure
  /// drops the connection (the next call reconnects) and becomes a ``RecipeStoreError``.
  func run<Result: Sendable>(
    _ action: String,
    _ body: (PostgresConnection, Logger) async throws -> sending Result
  ) async throws(RecipeStoreError) -> Result {
    await takeTurn()
    defer { passTurn() }
    do {
      let connection = try await writeConnection()
      return try await body(connection, logger)
    } catch let error as RecipeStoreError {
      throw error
    } catch let error as PostgresTransactionError
      where error.closureError is RecipeStoreError && error.rollbackError == nil
    {
      // The change itself refused (no id left); the transaction was rolled back.
      throw error.closureError as! RecipeStoreError
    } catch {
      // A statement the server refused leaves the connection usable; anything else (a
      // refused or dropped connection, a timeout) may not have, and the next call reconnects.
      let refusedByServer = Self.isServerError(error)
      if let connection, connection.isClosed || !refusedByServer {
        try? await connection.close()
        self.connection = nil
      }
      throw RecipeStoreError(
        refusedByServer ? .cannotSave : .unavailable, path: location,
        detail: "can't \(action): \(Self.describe(error))")
    }
  }

  private func takeTurn() async {
    guard connectionBusy else {
      connectionBusy = true
      return
    }
    await withCheckedContinuation { waitingForConnection.append($0) }
  }

  private func passTurn() {
    if waitingForConnection.isEmpty {
      connectionBusy = false
    } else {
      waitingForConnection.removeFirst().resume()
    }
  }

  private func writeConnection() async throws -> PostgresConnection {
    if let connection, !connection.isClosed { return connection }
    let connection = try await connect()
    self.connection = connection
    return connection
  }

  private func connect() async throws -> PostgresConnection {
    nextConnectionID += 1
    return try await PostgresConnection.connect(
      configuration: configuration, id: nextConnectionID, logger: logger)
  }

  /// Whether the server refused a statement (the connection is still good), as opposed to
  /// the connection failing.
  static func isServerError(_ error: any Error) -> Bool {
    if let error = error as? PostgresTransactionError {
      return [error.beginError, error.closureError, error.rollbackError, error.commitError]
        .allSatisfy {
          $0.map(isServerError) ?? true
        }
    }
    return (error as? PSQLError)?.serverInfo != nil
  }

  /// A sentence about a connection or server error: the server's message when it sent one.
  static func describe(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] { return message }
      if let underlying = error.underlying { return "\(underlying)" }
      return "\(error.code)"
    }
    if let error = error as? PostgresTransactionError {
      return describe(error.beginError ?? error.closureError ?? error.commitError ?? error)
    }
    return "\(error)"
  }

  // MARK: Listening

  private func startListening() {
    listener = Task { [weak self] in
      while !Task.isCancelled {
        await self?.listenOnce()
        try? await Task.sleep(for: .seconds(1))
      }
    }
  }

  /// One listening connection's life: LISTEN, catch up, then follow the announcements
  /// until the connection fails.
  private func listenOnce() async {
    do {
      let connection = try await connect()
      defer { Task { try? await connection.close() } }
      try await connection.listen(on: Self.channel) { notifications in
        // Announcements sent before the LISTEN took effect were missed: read the table.
        try await catchUp()
        for try await notification in notifications {
          guard let revision = Int(notification.payload), revision > newestRevision else {
            continue
          }
          try await catchUp()
        }
      }
    } catch {
      // Logged at debug only: an outage is reported by the changes that fail meanwhile.
      logger.debug("listening stopped: \(Self.describe(error))")
    }
  }

  private func catchUp() async throws {
    let contents = try await load()
    guard contents.revision > newestRevision else { return }
    newestRevision = contents.revision
    announce.yield(contents)
  }
}
