import Foundation
import Logging
import PostgresNIO
import RecipeKit

// The write connection: one read or change at a time, each bounded in time, and every
// failure turned into a RecipeStoreError that says whether the database can be reached.
extension PostgresRecipeStorage {
  /// Runs `body` on the write connection, connecting first when there is none.
  ///
  /// A watchdog closes the connection when `body` outlives ``operationTimeout``, which fails
  /// whatever it was waiting for. A failure that may have left the connection unusable
  /// drops it, and the next call reconnects.
  func run<Result: Sendable>(
    _ action: String,
    _ body: (PostgresConnection, Logger) async throws -> sending Result
  ) async throws(RecipeStoreError) -> Result {
    await takeTurn()
    defer { passTurn() }
    guard !isClosed else {
      throw RecipeStoreError(.unavailable, path: location, detail: "the storage was closed")
    }
    var watchdog: Task<Void, Never>?
    defer { watchdog?.cancel() }
    do {
      let connection = try await writeConnection()
      watchdog = Task {
        guard (try? await Task.sleep(for: Self.operationTimeout)) != nil else { return }
        try? await connection.close()
      }
      return try await body(connection, logger)
    } catch let error as RecipeStoreError {
      throw error
    } catch let error as PostgresTransactionError
      where error.closureError is RecipeStoreError && error.rollbackError == nil
    {
      // The change itself refused (no id left); the transaction was rolled back.
      throw error.closureError as! RecipeStoreError
    } catch {
      let unanswered = Self.isUnansweredCommit(error)
      let reachable = !unanswered && Self.isRefusedStatement(error)
      if let connection, connection.isClosed || !reachable {
        try? await connection.close()
        self.connection = nil
      }
      if unanswered {
        throw RecipeStoreError(
          .outcomeUnknown, path: location,
          detail: "can't \(action): no answer to COMMIT: \(Self.describe(error))")
      }
      throw RecipeStoreError(
        reachable ? .cannotSave : .unavailable, path: location,
        detail: "can't \(action): \(Self.describe(error))")
    }
  }

  func takeTurn() async {
    guard connectionBusy else {
      connectionBusy = true
      return
    }
    await withCheckedContinuation { waitingForConnection.append($0) }
  }

  func passTurn() {
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

  func connect() async throws -> PostgresConnection {
    nextConnectionID += 1
    return try await PostgresConnection.connect(
      configuration: configuration, id: nextConnectionID, logger: logger)
  }

  /// Whether `error` ended a transaction whose `COMMIT` was sent but not answered with an
  /// error: the connection dropped, the watchdog closed it, or the server ended the session
  /// (FATAL). PostgreSQL may have committed before any of these, so the outcome is unknown;
  /// only an `ERROR` reply means it rolled back.
  static func isUnansweredCommit(_ error: any Error) -> Bool {
    guard let error = error as? PostgresTransactionError, let commitError = error.commitError
    else { return false }
    let severity = (commitError as? PSQLError)?.serverInfo?[.severity]
    return severity != "ERROR"
  }

  /// Whether the server refused one statement and the connection is still good, as opposed
  /// to the database being out of reach: a failed or closed connection, a server that is
  /// starting, stopping or full, a connection it terminated, or a timeout.
  static func isRefusedStatement(_ error: any Error) -> Bool {
    if let error = error as? PostgresTransactionError {
      let errors = [error.beginError, error.closureError, error.rollbackError, error.commitError]
      return errors.allSatisfy { $0.map(isRefusedStatement) ?? true }
    }
    guard let error = error as? PSQLError, let info = error.serverInfo else { return false }
    let severity = info[.severity] ?? ""
    let state = info[.sqlState] ?? ""
    let unreachable =
      ["FATAL", "PANIC"].contains(severity) || state.hasPrefix("08") || state.hasPrefix("57P")
      || ["53300", "57014", "55P03", "25P03"].contains(state)
    return !unreachable
  }

  /// A sentence about a connection or server error: the server's message when it sent one.
  static func describe(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] { return message }
      if let underlying = error.underlying { return "\(underlying)" }
      return "\(error.code)"
    }
    if let error = error as? PostgresTransactionError {
      let first = error.beginError ?? error.closureError ?? error.commitError ?? error.rollbackError
      return first.map(describe) ?? "the transaction failed"
    }
    return "\(error)"
  }
}
