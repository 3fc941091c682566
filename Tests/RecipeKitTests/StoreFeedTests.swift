import Foundation
import Synchronization
import Testing

@testable import RecipeKit

/// An observer of a store's feed that lives on an actor of its own, as a server's tab does.
actor FeedTab {
  var received: [StoreUpdate] = []
  var observation: StoreObservation?

  func start(_ feed: StoreFeed) {
    observation = feed.observe(on: self) { [unowned self] update in
      // The handler runs on this actor, in order.
      self.preconditionIsolated()
      self.assumeIsolated { $0.received.append(update) }
    }
  }

  func caughtUp() async { await observation?.caughtUp() }
  func stop() { observation = nil }
  var favorites: [Bool] { received.map { $0.recipes.first?.isFavorite ?? false } }
}

@Suite("StoreFeed")
struct StoreFeedTests {
  @MainActor
  static func store() -> DataStore {
    DataStore(recipes: [
      recipe(1, "a", collections: ["Soups"], daysAgo: 2),
      recipe(2, "b", daysAgo: 1),
    ])
  }

  @MainActor
  @Test func currentIsTheStoresStateReadableAnywhere() async throws {
    let store = Self.store()
    let feed = store.feed
    #expect(feed.current.recipes.map(\.title) == ["a", "b"])
    #expect(feed.current.collections == ["Soups"])
    _ = try await store.toggleFavorite(id: 1)
    let (favorite, collections) = await Task.detached {
      (feed.current.recipes.first?.isFavorite, feed.current.collections)
    }.value
    #expect(favorite == true)
    #expect(collections == ["Soups"])
  }

  @MainActor
  @Test func aMainActorObserverGetsEachUpdateAtOnce() async throws {
    let store = Self.store()
    var updates: [StoreUpdate] = []
    let observation = store.feed.observe(on: MainActor.shared) { updates.append($0) }
    _ = try await store.toggleFavorite(id: 2)
    #expect(updates.count == 1)
    #expect(updates.first?.changedInPlace == [2])
    #expect(updates.first?.collections == nil, "the names did not change")
    _ = try await store.delete(id: 1)
    #expect(updates.count == 2)
    #expect(updates.last?.collections == [], "the last recipe in Soups went")
    withExtendedLifetime(observation) {}
  }

  @MainActor
  @Test func anObserverOnAnotherActorGetsEveryUpdateInOrderThere() async throws {
    let store = Self.store()
    let tab = FeedTab()
    await tab.start(store.feed)
    for _ in 0..<6 { _ = try await store.toggleFavorite(id: 1) }
    await tab.caughtUp()
    #expect(await tab.favorites == [true, false, true, false, true, false])
  }

  @MainActor
  @Test func caughtUpWaitsForTheUpdatesPublishedBeforeIt() async throws {
    let store = Self.store()
    let tab = FeedTab()
    await tab.start(store.feed)
    _ = try await store.toggleFavorite(id: 1)
    _ = try await store.toggleFavorite(id: 2)
    // Published on the main actor; the tab's actor may not have run them yet.
    await tab.caughtUp()
    #expect(await tab.received.count == 2)
  }

  @MainActor
  @Test func releasingTheObservationStopsTheUpdates() async throws {
    let store = Self.store()
    var count = 0
    var observation: StoreObservation? = store.feed.observe(on: MainActor.shared) { _ in
      count += 1
    }
    _ = try await store.toggleFavorite(id: 1)
    #expect(count == 1)
    _ = observation
    observation = nil
    _ = try await store.toggleFavorite(id: 1)
    #expect(count == 1)
  }
}
