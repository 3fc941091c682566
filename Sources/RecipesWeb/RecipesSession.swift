import DiffableWeb
import Foundation
import RecipeKit

/// One browser tab of the Recipes app: the sidebar and the recipe list (two collection
/// views of the page), and the detail pane and forms (app messages). Every tab shares the
/// one `DataStore`, so a change in one tab reaches the others, animated.
@MainActor
public final class RecipesSession {
  let session: WebSession
  let dataStore: DataStore
  /// The sidebar.
  public let sidebar: SidebarController
  /// The recipe list.
  public let list: RecipeListController
  /// The last recipe deleted in this tab, with its position, for undo.
  var lastDeleted: (recipe: Recipe, index: Int)?
  var detailSubscriber: AnyCancellable?

  /// Builds the tab's views on a session.
  public init(session: WebSession, dataStore: DataStore) {
    self.session = session
    self.dataStore = dataStore
    let sidebarView = session.makeListView(named: "sidebar")
    sidebarView.sectionLayoutProvider = { _, _ in
      .list(ListLayoutConfiguration(appearance: .sidebar))
    }
    sidebar = SidebarController(listView: sidebarView, dataStore: dataStore)
    sidebarView.delegate = sidebar

    let listView = session.makeListView(named: "recipes")
    list = RecipeListController(listView: listView, dataStore: dataStore)
    let configuration = list.layoutConfiguration()
    listView.sectionLayoutProvider = { _, _ in .list(configuration) }
    listView.delegate = list

    sidebar.didSelectFilter = { [unowned self] filter in
      self.list.show(filter)
      self.session.sendApp("filter", payload: .string(Self.describe(filter)))
    }
    list.didSelectRecipe = { [unowned self] id in self.sendDetail(id) }
    list.willDeleteRecipe = { [unowned self] recipe in
      let index = self.dataStore.allRecipes.firstIndex { $0.id == recipe.id } ?? 0
      self.lastDeleted = (recipe, index)
      self.session.sendApp(
        "deleted",
        payload: .object(["id": .number(Double(recipe.id)), "title": .string(recipe.title)]))
    }
    // The detail pane follows edits made anywhere.
    detailSubscriber = NotificationCenter.default.publisher(for: .recipeDidChange)
      .compactMap { $0.userInfo?[NotificationKeys.recipeId] as? Recipe.ID }
      .sink { [weak self] id in
        MainActor.assumeIsolated {
          guard let self, id == self.list.selectedRecipeID else { return }
          self.sendDetail(id)
        }
      }
    session.appMessageHandler = { [unowned self] name, payload in self.handle(name, payload) }
  }

  static func describe(_ filter: RecipeFilter) -> String {
    switch filter {
    case .all: "All Recipes"
    case .favorites: "Favorites"
    case .recents: "Recents"
    case .collection(let name): name
    }
  }

  func sendDetail(_ id: Recipe.ID?) {
    guard let id, let recipe = dataStore.recipe(with: id) else {
      session.sendApp("detail", payload: .null)
      return
    }
    session.sendApp("detail", encoding: RecipeDetail(recipe))
  }

  func handle(_ name: String, _ payload: JSONValue) {
    switch name {
    case "toggleFavorite":
      if let id = payload["id"].flatMap(Self.int) { _ = dataStore.toggleFavorite(id: id) }
    case "deleteRecipe":
      if let id = payload["id"].flatMap(Self.int) { list.deleteRecipe(id) }
    case "undoDelete":
      guard let deleted = lastDeleted else { return }
      lastDeleted = nil
      dataStore.restore(deleted.recipe, at: deleted.index)
    case "addRecipe", "updateRecipe":
      submit(name, payload)
    default:
      session.sendApp(
        "formResult",
        payload: .object(["ok": .bool(false), "message": .string("Unknown request \(name).")]))
    }
  }

  /// The add and edit forms. Refusals (an empty title, say) come back with a message and
  /// change nothing.
  func submit(_ name: String, _ payload: JSONValue) {
    let form = name == "addRecipe" ? "add" : "edit"
    func reply(_ ok: Bool, _ message: String? = nil, id: Recipe.ID? = nil) {
      var object: [String: JSONValue] = ["form": .string(form), "ok": .bool(ok)]
      if let message { object["message"] = .string(message) }
      if let id { object["id"] = .number(Double(id)) }
      session.sendApp("formResult", payload: .object(object))
    }
    let fields: RecipeForm
    do {
      fields = try payload.decode(RecipeForm.self)
    } catch {
      reply(false, "The form is incomplete.")
      return
    }
    do {
      if form == "add" {
        let recipe = try dataStore.add(fields.recipe(id: 0))
        reply(true, id: recipe.id)
      } else {
        guard let id = fields.id, let existing = dataStore.recipe(with: id) else {
          reply(false, "That recipe no longer exists.")
          return
        }
        var updated = fields.recipe(id: id)
        updated.isFavorite = existing.isFavorite
        updated.addedOn = existing.addedOn
        updated.imageName = existing.imageName
        guard let stored = dataStore.update(try updated.validated()) else {
          reply(false, "That recipe no longer exists.")
          return
        }
        reply(true, id: stored.id)
      }
    } catch {
      reply(false, "\(error)")
    }
  }

  static func int(_ value: JSONValue) -> Int? {
    if case .number(let number) = value, number.rounded() == number { return Int(number) }
    return nil
  }
}

/// What the add and edit forms send.
struct RecipeForm: Decodable {
  var id: Recipe.ID?
  var title: String
  var prepMinutes: Int?
  var cookMinutes: Int?
  var servings: String?
  var ingredients: String?
  var directions: String?
  var collections: String?

  func recipe(id: Recipe.ID) -> Recipe {
    Recipe(
      id: id, title: title, prepTime: max(0, prepMinutes ?? 0) * 60,
      cookTime: max(0, cookMinutes ?? 0) * 60, servings: servings ?? "",
      ingredients: ingredients ?? "", directions: directions ?? "", isFavorite: false,
      collections: (collections ?? "").split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
      addedOn: nil, imageName: "")
  }
}

/// What the detail pane shows.
struct RecipeDetail: Encodable {
  var id: Recipe.ID
  var title: String
  var subtitle: String
  var prepMinutes: Int
  var cookMinutes: Int
  var servings: String
  var ingredients: String
  var directions: String
  var isFavorite: Bool
  var collections: [String]
  var imageName: String

  init(_ recipe: Recipe) {
    id = recipe.id
    title = recipe.title
    subtitle = recipe.subtitle
    prepMinutes = recipe.prepTime / 60
    cookMinutes = recipe.cookTime / 60
    servings = recipe.servings
    ingredients = recipe.ingredients
    directions = recipe.directions
    isFavorite = recipe.isFavorite
    collections = recipe.collections
    imageName = recipe.imageName
  }
}
