import DiffableWeb
import Foundation
import RecipeKit
import Testing

@testable import RecipesWeb

/// A Recipes tab on an actor of its own, as `recipes` serves every tab: the store's changes
/// reach it there, and its saves answer after the batch they cause.
actor TabHost {
  var sent: [[String: Any]] = []
  var session: WebSession?
  var tab: RecipesSession?

  func open(_ store: DataStore) {
    let session = WebSession(id: 1, isolation: self) { [unowned self] text in
      self.assumeIsolated {
        $0.sent.append(try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
      }
    }
    tab = RecipesSession(session: session, dataStore: store)
    session.start()
    self.session = session
  }

  func receive(_ text: String) { session?.receive(text) }
  /// The session holds its actor (this one), which holds the session: let go of both.
  func close() {
    tab = nil
    session = nil
  }
  func idle() async { await tab?.waitUntilIdle() }
  var types: [String] {
    sent.map { message in
      let type = message["type"] as? String ?? "?"
      return type == "app" ? "app:\(message["name"] as? String ?? "?")" : type
    }
  }
}

@Suite("Recipes: a tab on an actor of its own")
struct RecipesOnItsOwnActorTests {
  @MainActor
  @Test func aFavoriteSavedFromTheTabAnswersAfterItsBatch() async throws {
    let store = DataStore()
    let host = TabHost()
    await host.open(store)
    let wasFavorite = try #require(store.recipe(with: 1)).isFavorite
    let before = await host.types.count
    await host.receive(#"{"v":1,"type":"app","name":"toggleFavorite","payload":{"id":1}}"#)
    await host.idle()
    let after = Array(await host.types.dropFirst(before))
    let batch = try #require(after.firstIndex(of: "batch"))
    let saved = try #require(after.firstIndex(of: "app:saved"))
    #expect(batch < saved, "the page sees the change before the answer: \\(after)")
    #expect(store.recipe(with: 1)?.isFavorite == !wasFavorite)
    await host.close()
  }

  @MainActor
  @Test func aChangeMadeElsewhereReachesTheTabOnItsActor() async throws {
    let store = DataStore()
    let host = TabHost()
    await host.open(store)
    let before = await host.types.count
    _ = try await store.toggleFavorite(id: 2)
    var after: [String] = []
    for _ in 0..<200 {
      after = Array(await host.types.dropFirst(before))
      if after.contains("batch") { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(after.contains("batch"))
    await host.close()
  }
}
