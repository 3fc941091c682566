import Foundation
import Testing

@testable import RecipeKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last step of a save: syncing the data directory, which makes the rename of the new
/// file survive a power cut.
@MainActor
@Suite("Saving: the data directory's sync")
struct DirectorySyncTests {
  /// Regression: the directory's `fsync` was best effort, so an I/O error there still
  /// answered "saved" for a change a crash could then lose. It is refused now, and the file
  /// holds what the store does again (the rename had put the refused change in it); a file
  /// system that can't sync a directory at all (EINVAL) still saves.
  @Test func aChangeWhoseDirectorySyncFailsIsRefused() async throws {
    try await withTemporaryDirectory { root in
      let store = try DataStore(directory: root)
      store.log = { _ in }
      let before = store.allRecipes
      await FileFaults.$directorySync.withValue({ _ in
        errno = EIO
        return -1
      }) {
        do {
          _ = try await store.add(recipe(0, "Lost"))
          Issue.record("the add was answered as saved")
        } catch let error as RecipeStoreError {
          #expect(error.reason == .cannotSave)
          #expect(error.detail.contains("not synced"), "\(error.detail)")
        } catch {
          Issue.record("\(error)")
        }
      }
      #expect(store.allRecipes == before)
      let fileURL = root.appendingPathComponent(RecipeFile.fileName)
      let afterRefusal = try #require(try RecipeFile.read(from: fileURL))
      #expect(afterRefusal.recipes.map(\.title) == before.map(\.title))
      let kept = try await FileFaults.$directorySync.withValue({ _ in
        errno = EINVAL
        return -1
      }) {
        try await store.add(recipe(0, "Kept"))
      }
      #expect(store.allRecipes.last == kept)
      let file = try #require(try RecipeFile.read(from: fileURL))
      #expect(!file.recipes.contains { $0.title == "Lost" })
      #expect(file.recipes.last?.title == "Kept")
    }
  }
}
