import DiffableWeb
import Foundation
import RecipeKit
import RecipesWeb
import Testing

/// A Recipes tab on a session whose output is collected, to check the detail pane and the
/// forms.
@MainActor
final class TabFixture {
  final class Box { var messages: [[String: Any]] = [] }
  let box = Box()
  let session: WebSession
  let tab: RecipesSession

  init(store: DataStore) {
    let box = self.box
    session = WebSession(id: 1) { text in
      box.messages.append(
        try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
    }
    tab = RecipesSession(session: session, dataStore: store)
    session.start()
  }

  func app(_ name: String) -> [Any?] {
    box.messages.filter { $0["type"] as? String == "app" && $0["name"] as? String == name }
      .map { $0["payload"] }
  }

  /// Delivers a message and waits until the tab has answered it.
  func send(_ text: String) async {
    session.receive(text)
    await tab.waitUntilIdle()
  }
  var recipesSeq: Int { session.listViews["recipes"]!.seq }
}

@MainActor
@Suite("Recipes tab")
struct RecipesSessionTests {
  @Test func selectingARecipeSendsItsDetail() async {
    let fixture = TabFixture(store: smallStore())
    await fixture.send(
      #"{"v":1,"type":"select","view":"recipes","seq":\#(fixture.recipesSeq),"indexPath":[0,1]}"#)
    let detail = fixture.app("detail").last as? [String: Any]
    #expect(detail?["title"] as? String == "Pancakes")
    #expect(detail?["isFavorite"] as? Bool == true)
    #expect(detail?["prepMinutes"] as? Int == 5)
  }

  @Test func addRefusesAnEmptyTitleAndAddsAValidRecipe() async {
    let store = smallStore()
    let fixture = TabFixture(store: store)
    await fixture.send(#"{"v":1,"type":"app","name":"addRecipe","payload":{"title":"   "}}"#)
    let refused = fixture.app("formResult").last as? [String: Any]
    #expect(refused?["ok"] as? Bool == false)
    #expect((refused?["message"] as? String)?.contains("title") == true)
    #expect(store.allRecipes.count == 3)
    await fixture.send(
      #"{"v":1,"type":"app","name":"addRecipe","payload":{"title":"Scones","prepMinutes":15,"cookMinutes":12,"collections":"Baking, Tea"}}"#
    )
    let accepted = fixture.app("formResult").last as? [String: Any]
    #expect(accepted?["ok"] as? Bool == true)
    #expect(store.allRecipes.last?.title == "Scones")
    #expect(store.allRecipes.last?.collections == ["Baking", "Tea"])
    #expect(store.allRecipes.last?.prepTime == 900)
  }

  @Test func editFavoriteDeleteAndUndo() async {
    let store = smallStore()
    let fixture = TabFixture(store: store)
    await fixture.send(
      #"{"v":1,"type":"select","view":"recipes","seq":\#(fixture.recipesSeq),"indexPath":[0,0]}"#)
    await fixture.send(
      #"{"v":1,"type":"app","name":"updateRecipe","payload":{"id":1,"title":"Roast Tomato Soup","servings":"6"}}"#
    )
    #expect(store.recipe(with: 1)?.title == "Roast Tomato Soup")
    #expect(
      (fixture.app("detail").last as? [String: Any])?["title"] as? String == "Roast Tomato Soup")
    await fixture.send(#"{"v":1,"type":"app","name":"toggleFavorite","payload":{"id":1}}"#)
    #expect(store.recipe(with: 1)?.isFavorite == true)
    await fixture.send(#"{"v":1,"type":"app","name":"deleteRecipe","payload":{"id":1}}"#)
    #expect(store.recipe(with: 1) == nil)
    #expect(
      (fixture.app("deleted").last as? [String: Any])?["title"] as? String == "Roast Tomato Soup")
    #expect(fixture.app("detail").last as? NSNull != nil)  // the selection went away
    await fixture.send(#"{"v":1,"type":"app","name":"undoDelete","payload":{}}"#)
    #expect(store.allRecipes.map(\.id) == [1, 2, 3])
    await fixture.send(
      #"{"v":1,"type":"app","name":"updateRecipe","payload":{"id":42,"title":"Ghost"}}"#)
    #expect((fixture.app("formResult").last as? [String: Any])?["ok"] as? Bool == false)
  }

  /// A reload or reconnect puts the page back where its URL says: filter, then recipe.
  @Test func restoreSelectsTheFilterAndTheRecipe() async {
    let store = smallStore()
    let fixture = TabFixture(store: store)
    await fixture.send(
      #"{"v":1,"type":"app","name":"restore","payload":{"filter":"soups","recipeId":3}}"#)
    #expect(fixture.app("filter").last as? String == "Soups")
    #expect(fixture.tab.list.filter == .collection("Soups"))
    #expect(fixture.tab.list.selectedRecipeID == 3)
    #expect((fixture.app("detail").last as? [String: Any])?["title"] as? String == "Lentil Stew")
    #expect((fixture.app("reveal").last as? [String: Any])?["indexPath"] as? [Int] == [0, 1])
    // A recipe the filter doesn't show, and a filter no row has, fall back gently.
    await fixture.send(
      #"{"v":1,"type":"app","name":"restore","payload":{"filter":"Favorites","recipeId":1}}"#)
    #expect(fixture.app("filter").last as? String == "Favorites")
    #expect(fixture.tab.list.selectedRecipeID == nil)
    #expect(fixture.app("detail").last is NSNull)
    await fixture.send(#"{"v":1,"type":"app","name":"restore","payload":{"filter":"Gone"}}"#)
    #expect(fixture.app("filter").last as? String == "All Recipes")
    await fixture.send(#"{"v":1,"type":"app","name":"restore","payload":{"recipeId":1e300}}"#)
    #expect(
      (fixture.app("requestFailed").last as? [String: Any])?["field"] as? String == "recipeId")
  }

  /// A recipe added in this tab is selected, shown, and its row revealed, even when the
  /// list showed a filter the new recipe is not in.
  @Test func anAddedRecipeIsSelectedAndRevealed() async {
    let store = smallStore()
    let fixture = TabFixture(store: store)
    await fixture.send(#"{"v":1,"type":"app","name":"restore","payload":{"filter":"Favorites"}}"#)
    await fixture.send(#"{"v":1,"type":"app","name":"addRecipe","payload":{"title":"Scones"}}"#)
    let reveal = fixture.app("reveal").last as? [String: Any]
    #expect(reveal?["id"] as? Int == 4)
    #expect(reveal?["indexPath"] as? [Int] == [0, 3])
    #expect(fixture.tab.list.filter == .all)
    #expect(fixture.tab.list.selectedRecipeID == 4)
    #expect((fixture.app("detail").last as? [String: Any])?["title"] as? String == "Scones")
  }

  /// Editing the last recipe out of the shown collection returns the list to All Recipes
  /// rather than leaving an empty list of a collection that no longer exists.
  @Test func aCollectionEmptiedByAnEditGivesWayToAllRecipes() async {
    let store = smallStore()
    let fixture = TabFixture(store: store)
    await fixture.send(#"{"v":1,"type":"app","name":"restore","payload":{"filter":"Breakfast"}}"#)
    #expect(fixture.tab.list.filter == .collection("Breakfast"))
    await fixture.send(
      #"{"v":1,"type":"app","name":"updateRecipe","payload":{"id":2,"title":"Pancakes","collections":"Brunch"}}"#
    )
    #expect(fixture.tab.list.filter == .all)
    #expect(fixture.app("filter").last as? String == "All Recipes")
    #expect(fixture.tab.list.recipeListDataSource.snapshot().itemIdentifiers == [1, 2, 3])
  }

  @Test func recentsCannotBeReordered() async {
    let fixture = TabFixture(store: smallStore())
    // Only recipes with a date are recent: add two.
    await fixture.send(#"{"v":1,"type":"app","name":"addRecipe","payload":{"title":"Scones"}}"#)
    await fixture.send(#"{"v":1,"type":"app","name":"addRecipe","payload":{"title":"Crumpets"}}"#)
    await fixture.send(#"{"v":1,"type":"app","name":"restore","payload":{"filter":"Recents"}}"#)
    #expect(fixture.tab.list.recipeListDataSource.snapshot().itemIdentifiers == [5, 4])
    let seq = fixture.recipesSeq
    await fixture.send(
      #"{"v":1,"type":"reorder","view":"recipes","seq":\#(seq),"from":[0,0],"to":[0,1]}"#)
    let error = fixture.box.messages.last { $0["type"] as? String == "error" }
    #expect(error?["code"] as? String == "refused")
  }

  @Test func twoTabsShareTheStore() async {
    let store = smallStore()
    let first = TabFixture(store: store)
    let second = TabFixture(store: store)
    await first.send(#"{"v":1,"type":"app","name":"addRecipe","payload":{"title":"Scones"}}"#)
    let batch = second.box.messages.last {
      $0["type"] as? String == "batch" && $0["view"] as? String == "recipes"
    }
    #expect(batch != nil)
    let update = batch?["update"] as? [String: Any]
    #expect(update?["insertedItems"] as? [[Int]] == [[0, 3]])
  }
}
