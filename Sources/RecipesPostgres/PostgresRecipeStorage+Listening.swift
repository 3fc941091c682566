import Foundation
import PostgresNIO
import RecipeKit

// Hearing other processes' commits: LISTEN on a connection of its own, re-read the table
// on every newer revision, and start again after a failure.
extension PostgresRecipeStorage {
  func startListening() {
    listener = Task { [weak self] in
      while !Task.isCancelled {
        guard let self, await !self.isClosed else { return }
        await self.listenOnce()
        try? await Task.sleep(for: .seconds(1))
      }
    }
  }

  /// One listening connection's life: LISTEN, catch up, then follow the announcements
  /// until the connection fails or the storage closes.
  private func listenOnce() async {
    do {
      let connection = try await connect()
      defer { Task { try? await connection.close() } }
      try await withTaskCancellationHandler {
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
      } onCancel: {
        connection.close().whenComplete { _ in }
      }
    } catch {
      // Logged at debug only: an outage is reported by the changes that fail meanwhile.
      logger.debug("listening stopped: \(Self.describe(error))")
    }
  }

  private func catchUp() async throws {
    guard !isClosed else { throw CancellationError() }
    let contents = try await load()
    guard contents.revision > newestRevision else { return }
    newestRevision = contents.revision
    for follower in followers.values { follower.yield(contents) }
  }
}
