import DiffableTesting
import Foundation
import RecipeKit
import RecipesWeb
import Testing

@MainActor
func smallStore() -> DataStore {
  DataStore(recipes: [
    Recipe(id: 1, title: "Tomato Soup", prepTime: 600, cookTime: 1500, collections: ["Soups"]),
    Recipe(
      id: 2, title: "Pancakes", prepTime: 300, cookTime: 600, isFavorite: true,
      collections: ["Breakfast"]),
    Recipe(id: 3, title: "Lentil Stew", prepTime: 900, cookTime: 2400, collections: ["Soups"]),
  ])
}

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

extension RecordingListView {
  var batches: [BatchUpdate] {
    calls.compactMap {
      if case .performBatchUpdates(let update, _) = $0 { return update }
      return nil
    }
  }
}

@MainActor
@Suite("Recipe list controller")
struct RecipeListControllerTests {
  @Test func firstLoadUsesReloadDataAndShowsSubtitleCells() async {
    let view = RecordingListView()
    _ = RecipeListController(listView: view, dataStore: smallStore())
    #expect(view.calls == [.reloadData])
    #expect(view.rows == ["Tomato Soup", "Pancakes", "Lentil Stew"])
    // Delete and reorder controls show only while editing, as in UIKit.
    #expect(view.renderedRows[1] == "Pancakes · Prep 5 min · Cook 10 min [symbol:heart.fill]")
    view.isEditing = true
    #expect(
      view.renderedRows[1]
        == "Pancakes · Prep 5 min · Cook 10 min [symbol:heart.fill, delete, reorder]")
  }

  /// Sessions showing the same filter of the same array share one snapshot's storage
  /// (memory per idle session); each still changes only its own.
  @Test func listsOfOneStoreShareTheirSnapshotButNotTheirChanges() async throws {
    let store = smallStore()
    let (first, second) = (RecordingListView(), RecordingListView())
    let firstList = RecipeListController(listView: first, dataStore: store)
    let secondList = RecipeListController(listView: second, dataStore: store)
    secondList.show(.favorites)
    #expect(second.rows == ["Pancakes"])
    #expect(first.rows == ["Tomato Soup", "Pancakes", "Lentil Stew"])
    try await store.add(Recipe(title: "Scones", isFavorite: true, collections: ["Baking"]))
    #expect(first.rows == ["Tomato Soup", "Pancakes", "Lentil Stew", "Scones"])
    #expect(second.rows == ["Pancakes", "Scones"])
    // More filters than the shared cache keeps: each list still shows its own.
    for index in 0..<40 { secondList.show(.collection("Collection \(index)")) }
    #expect(second.rows.isEmpty)
    secondList.show(.collection("Soups"))
    firstList.show(.all)
    #expect(second.rows == ["Tomato Soup", "Lentil Stew"])
    #expect(first.rows == ["Tomato Soup", "Pancakes", "Lentil Stew", "Scones"])
    #expect(first.rejectedBatches.isEmpty && second.rejectedBatches.isEmpty)
  }

  @Test func storeChangesArriveAsAnimatedBatches() async throws {
    let view = RecordingListView()
    let store = smallStore()
    let controller = RecipeListController(listView: view, dataStore: store)
    _ = controller
    try await store.add(Recipe(title: "Scones", collections: ["Baking"]))
    #expect(view.batches.last == BatchUpdate(insertedItems: [path(0, 3)]))
    try await store.delete(id: 1)
    #expect(view.batches.last == BatchUpdate(deletedItems: [path(0, 0)]))
    #expect(view.rows == ["Pancakes", "Lentil Stew", "Scones"])
    #expect(view.rejectedBatches.isEmpty)
  }

  @Test func favoritingReconfiguresTheSameCell() async throws {
    let view = RecordingListView()
    let store = smallStore()
    let controller = RecipeListController(listView: view, dataStore: store)
    _ = controller
    let cell = view.cell(at: path(0, 0))!
    _ = try await store.toggleFavorite(id: 1)
    #expect(view.cell(at: path(0, 0)) === cell)
    #expect(view.batches.last == BatchUpdate(reconfiguredItems: [path(0, 0)]))
    #expect(view.renderedRows[0].contains("symbol:heart.fill"))
  }

  @Test func filtersAndSelection() async {
    let view = RecordingListView()
    let store = smallStore()
    let controller = RecipeListController(listView: view, dataStore: store)
    view.delegate = controller
    var selected: [Recipe.ID?] = []
    controller.didSelectRecipe = { selected.append($0) }
    view.select(path(0, 1))
    #expect(controller.selectedRecipeID == 2)
    controller.show(.collection("Soups"))
    #expect(view.rows == ["Tomato Soup", "Lentil Stew"])
    #expect(controller.selectedRecipeID == nil)  // Pancakes is filtered out
    #expect(view.selectedIndexPaths.isEmpty)
    controller.show(.favorites)
    #expect(view.rows == ["Pancakes"])
    #expect(selected == [2, nil])
  }

  @Test func reorderingPersistsThroughTheTransaction() async {
    let view = RecordingListView()
    let store = smallStore()
    let controller = RecipeListController(listView: view, dataStore: store)
    #expect(view.moveItem(from: path(0, 2), to: path(0, 0)))
    await controller.waitUntilIdle()
    #expect(store.allRecipes.map(\.id) == [3, 1, 2])
    #expect(view.rows == ["Lentil Stew", "Tomato Soup", "Pancakes"])
    // The data source already matched: the store's change sends nothing more.
    #expect(view.batches.isEmpty)
  }

  @Test func swipeAndAccessoryChangesReportTheirOutcomeAfterTheSave() async {
    let view = RecordingListView()
    let store = smallStore()
    let controller = RecipeListController(listView: view, dataStore: store)
    view.delegate = controller
    view.listConfiguration = controller.layoutConfiguration()
    var outcomes: [RecipeListController.ChangeOutcome] = []
    controller.didFinishChange = { outcome in
      // Reported after the change: the store no longer has a deleted recipe.
      if case .deleted(let recipe, _) = outcome { #expect(store.recipe(with: recipe.id) == nil) }
      outcomes.append(outcome)
    }
    // A swipe action completes once its change is saved, which is after the swipe.
    var completions: [Bool] = []
    func swipe(_ title: String) async {
      let actions = view.swipeActions(at: path(0, 0), edge: .trailing)?.actions ?? []
      let before = completions.count
      actions.first { $0.title == title }?.perform { completions.append($0) }
      #expect(completions.count == before, "completed before the save")
      await controller.waitUntilIdle()
    }
    await swipe("Delete")
    view.activateAccessory(.delete, at: path(0, 0))
    await controller.waitUntilIdle()
    #expect(view.rows == ["Lentil Stew"])
    await swipe("Favorite")
    #expect(store.recipe(with: 3)?.isFavorite == true)
    #expect(completions == [true, true])
    let titles = outcomes.map { outcome -> String in
      switch outcome {
      case .deleted(let recipe, let index): "deleted \(recipe.title) at \(index)"
      case .favoriteToggled(let recipe): "favorite \(recipe.title) \(recipe.isFavorite)"
      case .reordered: "reordered"
      case .failed(let request, _): "failed \(request)"
      }
    }
    #expect(
      titles == ["deleted Tomato Soup at 0", "deleted Pancakes at 0", "favorite Lentil Stew true"])
  }
}

extension RecipeListControllerTests {
  /// The list's own controls (swipe actions, accessories, drags) share the tab's queue:
  /// past its most, a change is reported as failed at once, its completion learns it was
  /// not made, and a drag goes back to the stored order.
  @Test func controlsPastTheMostWaitingChangesAreRefusedAtOnce() async throws {
    let most = RecipesSession.maximumPendingChanges
    let storage = RecipesSessionReliabilityTests.GatedStorage(smallStore().allRecipes)
    let store = try await DataStore(storage: storage)
    let view = RecordingListView()
    let controller = RecipeListController(listView: view, dataStore: store)
    view.delegate = controller
    view.listConfiguration = controller.layoutConfiguration()
    var failures: [String] = []
    controller.didFinishChange = { outcome in
      if case .failed(let request, let message) = outcome, message.contains("Too many") {
        failures.append(request)
      }
    }
    var completions: [Bool] = []
    for _ in 0..<most {
      let actions = view.swipeActions(at: path(0, 0), edge: .trailing)?.actions ?? []
      actions.first { $0.title == "Favorite" }?.perform { completions.append($0) }
    }
    #expect(failures.isEmpty && completions.isEmpty)
    let actions = view.swipeActions(at: path(0, 0), edge: .trailing)?.actions ?? []
    actions.first { $0.title == "Favorite" }?.perform { completions.append($0) }
    #expect(completions == [false])
    view.activateAccessory(.delete, at: path(0, 0))
    #expect(view.moveItem(from: path(0, 2), to: path(0, 0)))
    #expect(failures == ["toggleFavorite", "deleteRecipe", "reorder"])
    #expect(view.rows == ["Tomato Soup", "Pancakes", "Lentil Stew"])
    await storage.release()
    await controller.waitUntilIdle()
    #expect(completions.filter { $0 }.count == most)
    #expect(store.allRecipes.map(\.id) == [1, 2, 3])
  }
}

@MainActor
@Suite("Sidebar controller")
struct SidebarControllerTests {
  @Test func standardItemsAndAnExpandedCollectionsGroup() async {
    let view = RecordingListView()
    let sidebar = SidebarController(listView: view, dataStore: smallStore())
    view.delegate = sidebar
    #expect(
      view.rows == ["All Recipes", "Favorites", "Recents", "Collections", "Breakfast", "Soups"])
    #expect(view.renderedRows[3] == "Collections [outline]")
    #expect(view.toggleDisclosure(at: path(1, 0)))
    #expect(view.rows.count == 4)
    #expect(view.toggleDisclosure(at: path(1, 0)))
    #expect(view.rows.count == 6)
  }

  @Test func selectingARowFilters() async {
    let view = RecordingListView()
    let sidebar = SidebarController(listView: view, dataStore: smallStore())
    view.delegate = sidebar
    var filters: [RecipeFilter] = []
    sidebar.didSelectFilter = { filters.append($0) }
    view.select(path(0, 1))
    view.select(path(1, 2))
    view.select(path(0, 2))
    #expect(filters == [.favorites, .collection("Soups"), .recents])
    view.select(path(1, 0))  // the header toggles instead
    #expect(view.rows.count == 4)
  }

  @Test func collectionsComeAndGoWithTheRecipes() async throws {
    let view = RecordingListView()
    let store = smallStore()
    let sidebar = SidebarController(listView: view, dataStore: store)
    _ = sidebar
    try await store.add(Recipe(title: "Scones", collections: ["Baking"]))
    #expect(view.rows.suffix(3) == ["Baking", "Breakfast", "Soups"])
    #expect(view.batches.last == BatchUpdate(insertedItems: [path(1, 1)]))
    try await store.delete(id: 2)
    #expect(view.rows.suffix(3) == ["Collections", "Baking", "Soups"])
    #expect(view.rejectedBatches.isEmpty)
  }
}
