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
  /// Selects the list's first row, as a tap does.
  func selectFirstRow() async {
    let seq = session!.listViews["recipes"]!.seq
    receive(#"{"v":1,"type":"select","view":"recipes","seq":\#(seq),"indexPath":[0,0]}"#)
    await idle()
  }
  /// The recipe and favorite state of each detail pane sent, oldest first.
  var details: [(id: Int, isFavorite: Bool)] {
    sent.filter { $0["type"] as? String == "app" && $0["name"] as? String == "detail" }
      .compactMap { $0["payload"] as? [String: Any] }
      .compactMap { payload in
        guard let id = payload["id"] as? Int, let favorite = payload["isFavorite"] as? Bool
        else { return nil }
        return (id, favorite)
      }
  }
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

  /// The tab's three store observers (sidebar, list, the tab itself) each get every update
  /// in order, but not in a fixed order among themselves. The detail pane used to read the
  /// recipe from the list, which had not always had the update yet: the pane showed the
  /// recipe as it was before the change, and nothing sent it again (the browser suite saw
  /// it: a favorite or an edit that never reached the detail pane).
  @MainActor
  @Test func theDetailPaneShowsEveryChangeMadeElsewhere() async throws {
    let store = DataStore()
    let host = TabHost()
    await host.open(store)
    await host.selectFirstRow()
    let id = try #require(await host.details.last?.id)
    for round in 0..<60 {
      let before = await host.details.count
      let favorite = try #require(try await store.toggleFavorite(id: id)).isFavorite
      var details = await host.details
      for _ in 0..<400 where details.count == before {
        try await Task.sleep(for: .milliseconds(2))
        details = await host.details
      }
      #expect(details.count == before + 1, "round \(round): no detail sent")
      #expect(
        details.last?.isFavorite == favorite,
        "round \(round): the detail shows the recipe before the change")
    }
    await host.close()
  }
}
