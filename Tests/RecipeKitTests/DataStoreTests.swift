import Foundation
import RecipeKit
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
  import OpenCombineFoundation
#endif

@MainActor
@Suite("DataStore")
struct DataStoreTests {
  /// Five recipes, a to e; b and d are favorites; a and c are in "Soups".
  private func smallStore() -> DataStore {
    DataStore(recipes: [
      recipe(1, "a", collections: ["Soups"], daysAgo: 5),
      recipe(2, "b", favorite: true, daysAgo: 4),
      recipe(3, "c", collections: ["Soups", "Quick"], daysAgo: 3),
      recipe(4, "d", favorite: true, daysAgo: 2),
      recipe(5, "e", daysAgo: 1),
    ])
  }

  private func titles(_ store: DataStore) -> [String] {
    store.allRecipes.map(\.title)
  }

  /// Every value `$allRecipes` sends while `body` runs, without the one it sends on
  /// subscription.
  private func published(
    _ store: DataStore, during body: () async throws -> Void
  ) async rethrows -> [[Recipe.ID]] {
    var values: [[Recipe.ID]] = []
    let subscription = store.$allRecipes.dropFirst().sink { values.append($0.map(\.id)) }
    defer { subscription.cancel() }
    try await body()
    return values
  }

  // MARK: Add

  @Test func addAssignsTheNextIdAndDateAndAppends() async throws {
    let store = smallStore()
    let before = Date().timeIntervalSince1970.rounded(.down)
    let added = try await store.add(recipe(0, "Pie"))
    #expect(added.id == 6)
    #expect(store.allRecipes.last == added)
    #expect(store.recipe(with: 6) == added)
    let addedOn = try #require(added.addedOn).timeIntervalSince1970
    #expect(addedOn >= before && addedOn <= Date().timeIntervalSince1970)
    #expect(addedOn == addedOn.rounded(.down), "the file keeps whole seconds")
  }

  @Test func restorePutsADeletedRecipeBackWhereItWas() async throws {
    let store = smallStore()
    let removed = try await store.delete(id: 3)!
    let changes = try await published(store) { () async throws in
      #expect(try await store.restore(removed, at: 2))
    }
    #expect(titles(store) == ["a", "b", "c", "d", "e"])
    #expect(changes == [[1, 2, 3, 4, 5]])
    #expect(
      try await store.restore(removed, at: 0) == false, "it is back: a second undo does nothing")
    #expect(try await store.restore(recipe(99, "never issued"), at: 0) == false)
    #expect(store.collections.contains("Quick"))
  }

  @Test func addIgnoresTheCallersIdAndNeverReusesOne() async throws {
    let store = smallStore()
    try await store.delete(id: 5)
    let added = try await store.add(recipe(3, "Clash"))
    #expect(added.id == 6, "5 was used by a deleted recipe, 3 is taken")
    #expect(store.recipe(with: 3)?.title == "c")
  }

  @Test func addRefusesABlankTitleAndChangesNothing() async throws {
    let store = smallStore()
    let values = try await published(store) { () async throws in
      await #expect(throws: RecipeValidationError.emptyTitle) {
        try await store.add(recipe(0, " \n\t"))
      }
    }
    #expect(values.isEmpty)
    #expect(store.allRecipes.count == 5)
    do {
      try await store.add(Recipe(title: ""))
      Issue.record("an empty title was accepted")
    } catch {
      #expect("\(error)".contains("title is empty"))
    }
    // The refused recipe didn't consume an id.
    #expect(try await store.add(recipe(0, "Next")).id == 6)
  }

  @Test func addTrimsTextAndCollections() async throws {
    let store = smallStore()
    var dish = recipe(0, "  Lemon Tart  ")
    dish.collections = [" Baking", "Baking ", ""]
    let added = try await store.add(dish)
    #expect(added.title == "Lemon Tart")
    #expect(added.collections == ["Baking"])
    #expect(store.collections == ["Baking", "Quick", "Soups"])
  }

  @Test func addKeepsAKnownImageAndReplacesAnUnknownOne() async throws {
    let store = DataStore()
    let known = try #require(SampleRecipes.recipes().first?.imageName)
    var dish = Recipe(title: "Known", imageName: known)
    #expect(try await store.add(dish).imageName == known)
    dish.imageName = "no-such-picture"
    #expect(try await store.add(dish).imageName == RecipeImages.placeholderName)
    dish.imageName = "../../etc/passwd"
    #expect(try await store.add(dish).imageName == RecipeImages.placeholderName)
  }

  // MARK: Update

  @Test func updateReplacesInPlaceAndPostsTheId() async throws {
    let store = smallStore()
    var received: [Recipe.ID] = []
    let subscription = NotificationCenter.default
      .publisher(for: .recipeDidChange, object: store)
      .compactMap { $0.userInfo?[NotificationKeys.recipeId] as? Recipe.ID }
      .sink { received.append($0) }
    defer { subscription.cancel() }

    var changed = try #require(store.recipe(with: 3))
    changed.title = "c, but better"
    let values = try await published(store) { () async throws in
      #expect(try await store.update(changed) == changed)
    }

    #expect(received == [3])
    #expect(values == [[1, 2, 3, 4, 5]])
    #expect(titles(store) == ["a", "b", "c, but better", "d", "e"])
  }

  /// Regression: the edit form copied the favorite flag from the tab's copy before saving,
  /// so a favorite toggled meanwhile was undone by the edit.
  @Test func anEditKeepsTheFavoriteDateAndPictureAsStored() async throws {
    let store = smallStore()
    var fields = try #require(store.recipe(with: 1))
    try await store.toggleFavorite(id: 1)
    fields.title = "  Roast Soup "
    fields.isFavorite = false
    fields.imageName = "something else"
    fields.addedOn = nil
    let edited = try #require(try await store.edit(fields))
    #expect(edited.title == "Roast Soup")
    #expect(edited.isFavorite, "the favorite made meanwhile stays")
    #expect(edited.addedOn == recipe(1, daysAgo: 5).addedOn)
    #expect(edited.imageName == "placeholder")
    #expect(store.recipe(with: 1) == edited)
    #expect(try await store.edit(recipe(99, "ghost")) == nil)
    await #expect(throws: RecipeValidationError.emptyTitle) {
      try await store.edit(recipe(1, " "))
    }
  }

  @Test func updateOfAnUnknownIdReturnsNilAndPostsNothing() async throws {
    let store = smallStore()
    var posted = 0
    let subscription = NotificationCenter.default
      .publisher(for: .recipeDidChange, object: store)
      .sink { _ in posted += 1 }
    defer { subscription.cancel() }
    let values = try await published(store) { () async throws in
      #expect(try await store.update(recipe(99, "ghost")) == nil)
    }
    #expect(posted == 0)
    #expect(values.isEmpty)
  }

  @Test func updateRefusesABlankTitle() async throws {
    let store = smallStore()
    var changed = try #require(store.recipe(with: 2))
    changed.title = "   "
    #expect(try await store.update(changed) == nil)
    #expect(store.recipe(with: 2)?.title == "b")
  }

  @Test func toggleFavoriteGoesThroughUpdate() async throws {
    let store = smallStore()
    var received: [Recipe.ID] = []
    let subscription = NotificationCenter.default
      .publisher(for: .recipeDidChange, object: store)
      .sink { received.append($0.userInfo?[NotificationKeys.recipeId] as? Int ?? -1) }
    defer { subscription.cancel() }
    #expect(try await store.toggleFavorite(id: 1)?.isFavorite == true)
    #expect(try await store.toggleFavorite(id: 2)?.isFavorite == false)
    #expect(try await store.toggleFavorite(id: 42) == nil)
    #expect(received == [1, 2])
    #expect(store.recipes(in: .favorites) == [1, 4])
  }

  // MARK: Delete

  @Test func deleteRemovesByIdOrRecipe() async throws {
    let store = smallStore()
    let values = try await published(store) { () async throws in
      #expect(try await store.delete(id: 2)?.title == "b")
      #expect(try await store.delete(recipe(4))?.title == "d")
      #expect(try await store.delete(id: 2) == nil)
    }
    #expect(values == [[1, 3, 4, 5], [1, 3, 5]])
    #expect(store.recipe(with: 2) == nil)
    #expect(titles(store) == ["a", "c", "e"])
    #expect(store.recipe(with: 5)?.title == "e", "lookups follow the shifted positions")
  }

  // MARK: Reorder

  @Test func reorderOfTheWholeList() async throws {
    let store = smallStore()
    let values = try await published(store) { () async throws in
      #expect(try await store.reorder([5, 3, 1, 2, 4]))
    }
    #expect(values == [[5, 3, 1, 2, 4]])
    #expect(titles(store) == ["e", "c", "a", "b", "d"])
    #expect(store.recipe(with: 1)?.title == "a")
  }

  @Test func reorderOfASubsetKeepsEveryOtherRecipeWhereItWas() async throws {
    let store = smallStore()
    #expect(store.recipes(in: .favorites) == [2, 4])
    #expect(try await store.reorder([4, 2]))
    #expect(titles(store) == ["a", "d", "c", "b", "e"])

    // A three-item subset rotated: a, c, e sit at 0, 2, 4 and trade those places.
    let other = smallStore()
    #expect(try await other.reorder([5, 1, 3]))
    #expect(titles(other) == ["e", "b", "a", "d", "c"])
  }

  @Test func reorderIgnoresUnknownAndRepeatedIds() async throws {
    let store = smallStore()
    #expect(try await store.reorder([99, 4, 2, 4, 77]))
    #expect(titles(store) == ["a", "d", "c", "b", "e"])
  }

  @Test func reorderThatChangesNothingPublishesNothing() async throws {
    let store = smallStore()
    let values = try await published(store) { () async throws in
      #expect(try await store.reorder([2, 4]) == false)
      #expect(try await store.reorder([1, 2, 3, 4, 5]) == false)
      #expect(try await store.reorder([]) == false)
      #expect(try await store.reorder([42]) == false)
    }
    #expect(values.isEmpty)
  }

  @Test func moveWithinAFilter() async throws {
    let store = smallStore()
    #expect(try await store.move(3, to: 0, in: .collection("Soups")))
    #expect(titles(store) == ["c", "b", "a", "d", "e"])
    #expect(try await store.move(5, to: 1))
    #expect(titles(store) == ["c", "e", "b", "a", "d"])
    #expect(try await store.move(5, to: 9) == false, "position outside the list")
    #expect(try await store.move(5, to: 0, in: .favorites) == false, "e is not a favorite")
    #expect(try await store.move(5, to: 1) == false, "already there")
  }

  // MARK: Collections and filters

  @Test func collectionsAreSortedUniqueAndNonEmpty() async {
    let store = DataStore(recipes: [
      recipe(1, collections: ["soups", " Baking", ""]),
      recipe(2, collections: ["Apples", "Baking "]),
      recipe(3, collections: ["  "]),
    ])
    #expect(store.collections == ["Apples", "Baking", "soups"])
  }

  @Test func collectionsFollowTheRecipes() async throws {
    let store = smallStore()
    var sent: [[String]] = []
    let subscription = store.$collections.dropFirst().sink { sent.append($0) }
    defer { subscription.cancel() }

    let picnic = try await store.add(recipe(0, "Sandwich", collections: ["Picnics"]))
    #expect(store.collections == ["Picnics", "Quick", "Soups"])

    var c = try #require(store.recipe(with: 3))
    c.collections = ["Soups"]
    try await store.update(c)
    #expect(store.collections == ["Picnics", "Soups"], "Quick lost its only recipe")

    try await store.delete(picnic)
    #expect(store.collections == ["Soups"])

    try await store.toggleFavorite(id: 1)
    #expect(sent == [["Picnics", "Quick", "Soups"], ["Picnics", "Soups"], ["Soups"]])
    #expect(store.recipes(in: .collection("Quick")).isEmpty)
  }

  @Test func filtersKeepTheUsersOrder() async throws {
    let store = smallStore()
    try await store.reorder([5, 4, 3, 2, 1])
    #expect(store.recipes(in: .all) == [5, 4, 3, 2, 1])
    #expect(store.recipes(in: .favorites) == [4, 2])
    #expect(store.recipes(in: .collection("Soups")) == [3, 1])
    #expect(store.recipes(in: .collection(" Soups ")) == [3, 1])
    #expect(store.recipes(in: .collection("Nope")).isEmpty)
  }

  @Test func recentsAreTheNewestTenNewestFirst() async {
    // Recipe n was added n days ago; 12 has no date. The user's order is 12, 11, …, 1.
    let recipes = (1...11).map { recipe($0, daysAgo: Double($0)) } + [recipe(12)]
    let store = DataStore(recipes: recipes.reversed())
    #expect(DataStore.recentLimit == 10)
    #expect(store.recipes(in: .recents) == Array(1...10))
    #expect(store.recentRecipes().map(\.id) == Array(1...10))
    #expect(store.recentRecipes(limit: 2).map(\.id) == [1, 2])
    #expect(store.recentRecipes(limit: 0).isEmpty)
  }

  @Test func recentsBreakTiesByLaterId() async throws {
    let store = DataStore(recipes: (1...12).map { recipe($0, daysAgo: 1) })
    #expect(store.recentRecipes().map(\.id) == Array((3...12).reversed()))
    // Added in the same second as each other, new recipes are still the newest.
    var added: [Recipe.ID] = []
    for _ in 0..<3 { added.append(try await store.add(Recipe(title: "New")).id) }
    #expect(Set(store.recipes(in: .recents)).isSuperset(of: added))
  }

  /// "Breakfast" and "breakfast " are one collection, spelled as it was first spelled; a
  /// recipe added with another spelling joins it.
  @Test func collectionNamesCompareWithoutRegardToCase() async throws {
    let store = DataStore(recipes: [
      recipe(1, collections: ["Breakfast"]), recipe(2, collections: ["breakfast ", "Quick"]),
    ])
    #expect(store.collections == ["Breakfast", "Quick"])
    #expect(store.recipes(in: .collection("BREAKFAST")) == [1, 2])
    let added = try await store.add(
      recipe(0, "Porridge", collections: ["BREAKFAST", "quick", "Oats"]))
    #expect(added.collections == ["Breakfast", "Quick", "Oats"])
    #expect(store.collections == ["Breakfast", "Oats", "Quick"])
    #expect(
      try recipe(3, collections: ["Soup", "soup", " SOUP"]).validated().collections == ["Soup"])
  }

  @Test func filterHelperMatchesTheStore() async {
    let store = smallStore()
    for filter in [RecipeFilter.all, .favorites, .recents, .collection("Soups")] {
      #expect(filter.recipeIDs(in: store.allRecipes) == store.recipes(in: filter))
    }
  }

  // MARK: Publishing

  @Test func allRecipesPublishesOnEveryChange() async throws {
    let store = smallStore()
    let values = try await published(store) { () async throws in
      _ = try? await store.add(recipe(0, "f"))
      try await store.toggleFavorite(id: 1)
      try await store.reorder([6, 1])
      try await store.delete(id: 2)
    }
    #expect(
      values == [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [6, 2, 3, 4, 5, 1], [6, 3, 4, 5, 1]])
  }

  @Test func collectionsAreCurrentWhenAllRecipesPublishes() async throws {
    let store = smallStore()
    var seen: [[String]] = []
    let subscription = store.$allRecipes.dropFirst().sink { _ in seen.append(store.collections) }
    defer { subscription.cancel() }
    try await store.add(recipe(0, collections: ["New"]))
    #expect(seen == [["New", "Quick", "Soups"]])
  }

  @Test func inMemoryStoreNeverSaves() async {
    let store = smallStore()
    #expect(store.fileURL == nil)
    #expect(store.saveError == nil)
  }

  // MARK: Limits

  /// Expects `change` to be refused as full.
  private func expectFull(
    _ what: String, _ change: () async throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    do {
      try await change()
      Issue.record("\(what) was not refused", sourceLocation: sourceLocation)
    } catch let error as RecipeStoreError {
      #expect(error.reason == .full, "\(what): \(error)", sourceLocation: sourceLocation)
      #expect(error.summary.contains("\(RecipeList.maximumCount) recipes"))
    } catch {
      Issue.record("\(what): \(error)", sourceLocation: sourceLocation)
    }
  }

  /// Every change wrote the whole list, and the list had no bound, so each add cost more
  /// than the last. It stops at ``RecipeList/maximumCount``: an add past it, or the undo of
  /// a delete made while it was full, is refused and changes nothing.
  @Test func anAddPastTheMostRecipesIsRefusedAndChangesNothing() async throws {
    let most = (1...RecipeList.maximumCount).map { recipe($0) }
    let store = DataStore(recipes: most)
    await expectFull("an add") { try await store.add(recipe(0, "One more")) }
    #expect(store.allRecipes == most)
    #expect(store.saveError == nil)
    let deleted = try #require(try await store.delete(id: 5))
    let added = try await store.add(recipe(0, "Fits"))
    #expect(store.allRecipes.count == RecipeList.maximumCount)
    await expectFull("an undo") { _ = try await store.restore(deleted, at: 4) }
    #expect(store.allRecipes.last == added)
    #expect(!store.allRecipes.contains { $0.id == 5 })
  }

  /// The text is bounded too, by ``RecipeList/maximumTextBytes``: an add or an edit that
  /// would pass it is refused and changes nothing; one that stays under it is kept.
  @Test func aChangePastTheMostTextIsRefusedAndChangesNothing() async throws {
    let long = Recipe.maximumTextLength
    func big(_ id: Int) -> Recipe {
      var dish = recipe(id, "Big")
      dish.ingredients = String(repeating: "i", count: long)
      dish.directions = String(repeating: "d", count: long)
      return dish
    }
    let perRecipe = RecipeList.textBytes(of: big(1))
    #expect(perRecipe == 3 + 1 + 2 * long)  // title, servings "2", the two texts
    let count = RecipeList.maximumTextBytes / perRecipe
    let full = (1...count).map(big)
    let store = DataStore(recipes: full)
    let room = RecipeList.maximumTextBytes - count * perRecipe
    await expectFull("a big add") { try await store.add(big(0)) }
    // An edit that keeps the characters but not the bytes: flags of 8 bytes each.
    var flags = big(1)
    flags.ingredients = String(repeating: "\u{1F1EB}\u{1F1F7}", count: long)
    #expect(flags.ingredients.count == long && (8 - 1) * long > room)
    await expectFull("an edit that grows") { _ = try await store.edit(flags) }
    #expect(store.allRecipes == full)
    var small = recipe(0, "Small")
    small.ingredients = String(repeating: "i", count: min(room - 100, long))
    let kept = try await store.add(small)
    #expect(store.allRecipes.last == kept)
    var shorter = big(1)
    shorter.ingredients = "Less"
    #expect(try await store.edit(shorter)?.ingredients == "Less")
  }

  /// A list stored over the text limit (by an earlier build, say) still loads, and can
  /// still shrink: only a change that adds text is refused.
  @Test func aListStoredOverTheMostTextCanStillShrink() async throws {
    let long = Recipe.maximumTextLength
    var dish = recipe(1, "Big")
    dish.ingredients = String(repeating: "i", count: long)
    dish.directions = String(repeating: "d", count: long)
    // Two recipes over: still over once one of them shrinks.
    let over = RecipeList.maximumTextBytes / RecipeList.textBytes(of: dish) + 2
    let store = DataStore(
      recipes: (1...over).map { id in
        var copy = dish
        copy.id = id
        return copy
      })
    var longer = store.allRecipes[1]
    longer.servings = String(repeating: "s", count: Recipe.maximumServingsLength)
    await expectFull("an edit that grows") { _ = try await store.edit(longer) }
    #expect(store.allRecipes[1].servings == "2")
    var shorter = dish
    shorter.directions = "Less"
    #expect(try await store.edit(shorter)?.directions == "Less")
    _ = try await store.delete(id: 3)
    #expect(store.allRecipes.count == over - 1)
  }
}
