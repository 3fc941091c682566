import DiffableWeb
import Foundation
import RecipeKit

/// One browser tab of the Recipes app: the sidebar and the recipe list (two collection
/// views of the page), and the detail pane and forms (app messages). Every tab shares the
/// one `DataStore`, so a change in one tab reaches the others, animated.
///
/// A tab lives on its session's actor (``WebSession/isolation``): with
/// `makeSessionOnItsOwnActor`, tabs run in parallel. The store stays on the main actor;
/// its changes reach each tab through its ``StoreFeed``, and saves wait for it.
public final class RecipesSession {
  let session: WebSession
  let dataStore: DataStore
  /// The sidebar.
  public let sidebar: SidebarController
  /// The recipe list.
  public let list: RecipeListController
  /// The last recipe deleted in this tab, with its position, for undo.
  var lastDeleted: (recipe: Recipe, index: Int)?
  var storeObservation: StoreObservation?
  /// The tab's requests, answered one after another in the order they arrived (but for
  /// those refused because too many wait: see ``maximumPendingChanges``).
  let changes: ChangeQueue

  /// The most changes one tab may have waiting to be saved, its page's requests and its
  /// list's controls together; past it, a change is answered at once as not made
  /// (`formResult` for a form, `requestFailed` for another request, a failed
  /// ``RecipeListController/ChangeOutcome`` for a control), possibly before the replies of
  /// the changes waiting ahead of it.
  public static var maximumPendingChanges: Int { ChangeQueue.maximumPending }

  /// Builds the tab's views on a session, on the session's actor.
  public init(session: WebSession, dataStore: DataStore) {
    self.session = session
    self.dataStore = dataStore
    changes = ChangeQueue(isolation: session.isolation)
    let sidebarView = session.makeListView(named: "sidebar")
    sidebarView.sectionLayoutProvider = { _, _ in
      .list(ListLayoutConfiguration(appearance: .sidebar))
    }
    sidebar = SidebarController(
      listView: sidebarView, dataStore: dataStore, isolation: session.isolation)
    sidebarView.delegate = sidebar

    let listView = session.makeListView(named: "recipes")
    list = RecipeListController(listView: listView, dataStore: dataStore, changes: changes)
    let configuration = list.layoutConfiguration()
    listView.sectionLayoutProvider = { _, _ in .list(configuration) }
    listView.delegate = list

    // Weak: a save still running when the session ends reports to a tab that is gone.
    sidebar.didSelectFilter = { [weak self] filter in
      guard let self else { return }
      self.list.show(filter)
      self.session.sendApp("filter", payload: .string(Self.describe(filter)))
    }
    list.didSelectRecipe = { [weak self] id in self?.sendDetail(id) }
    list.didFinishChange = { [weak self] outcome in self?.report(outcome) }
    // The tab's three observers (sidebar, list, this one) each get every update in order,
    // but not in a fixed order among themselves: what this one sends comes from the update
    // itself, not from the list, which may not have had it yet.
    storeObservation = dataStore.feed.observe(on: session.isolation) { [weak self] update in
      guard let self else { return }
      // A collection emptied by an edit or a delete would leave its list showing nothing:
      // the sidebar goes back to All Recipes, as the row it showed is gone.
      if let names = update.collections, case .collection(let shown) = self.list.filter,
        !names.contains(where: { RecipeFilter.sameCollection($0, shown) })
      {
        self.sidebar.select(.all)
      }
      // The detail pane follows edits made anywhere.
      if let selected = self.list.selectedRecipeID, update.changedInPlace.contains(selected) {
        self.sendDetail(recipe: update.recipes.first { $0.id == selected })
      }
    }
    for observation in [sidebar.storeObservation, storeObservation].compactMap({ $0 }) {
      changes.observations.append(observation)
    }
    session.appMessageHandler = { [weak self] name, payload in
      guard let self else { return }
      // On the tab's actor, where this object lives (see `ChangeQueue.enqueue`).
      nonisolated(unsafe) let tab = self
      let request = RecipeRequest(name: name, payload: payload)
      if !self.changes.enqueue({ _ in await tab.handle(name, request) }) {
        // Each form waits for its own answer.
        if let form = RecipeForm.form(answering: name) {
          self.sendFormResult(form, ok: false, message: ChangeQueue.busySentence)
        } else {
          self.sendFailure(name, message: ChangeQueue.busySentence, field: nil)
        }
      }
    }
  }

  /// Returns once every request this tab received so far is answered (its change saved or
  /// refused, and the reply sent).
  nonisolated(nonsending) public func waitUntilIdle() async {
    await changes.idle()
  }

  /// The filter a page names: a standard row's title or a collection's name (any case);
  /// `nil` for a name no row has.
  func filter(named name: String) -> RecipeFilter? {
    switch SidebarController.StandardSidebarItem(rawValue: name) {
    case .all: return .all
    case .favorites: return .favorites
    case .recents: return .recents
    case nil:
      return sidebar.collections.first { RecipeFilter.sameCollection($0, name) }
        .map(RecipeFilter.collection)
    }
  }

  /// The page's place after a reload or a reconnect (from its URL): the filter, then the
  /// recipe if that filter shows it. The sidebar, list and detail follow as after taps.
  func restore(filter name: String?, recipeID id: Recipe.ID?) {
    sidebar.select(name.flatMap(filter(named:)) ?? .all)
    if let id, let path = list.select(id) {
      sendReveal(id, at: path)
    } else {
      sendDetail(nil)
    }
  }

  /// Shows a recipe this tab just added: selected, its detail sent, and the page told to
  /// scroll its row into view (switching to All Recipes if the list would not show it).
  func reveal(_ id: Recipe.ID) {
    var shown = list.select(id)
    if shown == nil {
      sidebar.select(.all)
      shown = list.select(id)
    }
    if let path = shown { sendReveal(id, at: path) }
  }

  /// `reveal`: the page scrolls the row of a recipe the server selected into view.
  func sendReveal(_ id: Recipe.ID, at path: IndexPath) {
    session.sendApp(
      "reveal",
      payload: .object([
        "id": .number(Double(id)),
        "indexPath": .array([.number(Double(path[0])), .number(Double(path[1]))]),
      ]))
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
    sendDetail(recipe: id.flatMap { list.recipe(with: $0) })
  }

  func sendDetail(recipe: Recipe?) {
    guard let recipe else {
      session.sendApp("detail", payload: .null)
      return
    }
    session.sendApp("detail", encoding: RecipeDetail(recipe))
  }

  // Every request's numbers and strings go through DiffableWeb's checked accessors
  // (`JSONValue.integer(_:in:)`, `string(_:maximumLength:)`): a refusal names its field and
  // changes nothing. Replies follow the save, never precede it.
  nonisolated(nonsending) func handle(_ name: String, _ request: RecipeRequest) async {
    do {
      switch request {
      case .toggleFavorite(let id):
        guard try await list.toggleFavorite(id) else { throw Self.noRecipe(id) }
      case .deleteRecipe(let id):
        guard try await list.deleteRecipe(id) else { throw Self.noRecipe(id) }
      case .undoDelete:
        guard let deleted = lastDeleted else {
          throw WireError(.refused, "There is no deletion to undo.")
        }
        guard try await dataStore.restore(deleted.recipe, at: deleted.index) else {
          throw WireError(.refused, "That recipe can't be restored.")
        }
        await changes.storeCaughtUp()
        lastDeleted = nil
        sendSaved("undoDelete", id: deleted.recipe.id)
      case .submit(let fields):
        await submit(name, fields)
      case .restore(let filter, let id):
        restore(filter: filter, recipeID: id)
      case .refused(let error):
        // Each form waits for its own answer.
        guard let form = RecipeForm.form(answering: name) else { throw error }
        sendFormResult(
          form, ok: false, message: RecipeForm.sentence(for: error), field: error.field)
      }
    } catch let error as WireError {
      sendFailure(name, message: error.message, field: error.field)
    } catch {
      sendFailure(name, message: RecipeListController.sentence(for: error), field: nil)
    }
  }

  func report(_ outcome: RecipeListController.ChangeOutcome) {
    switch outcome {
    case .deleted(let recipe, let index):
      lastDeleted = (recipe, index)
      session.sendApp(
        "deleted",
        payload: .object(["id": .number(Double(recipe.id)), "title": .string(recipe.title)]))
    case .favoriteToggled(let recipe):
      sendSaved("toggleFavorite", id: recipe.id, extra: ["isFavorite": .bool(recipe.isFavorite)])
    case .reordered:
      sendSaved("reorder", id: nil)
    case .failed(let request, let message):
      sendFailure(request, message: message, field: nil)
    }
  }

  /// `saved`: a change this tab asked for is on disk.
  func sendSaved(_ request: String, id: Recipe.ID?, extra: [String: JSONValue] = [:]) {
    var payload = extra
    payload["request"] = .string(request)
    if let id { payload["id"] = .number(Double(id)) }
    session.sendApp("saved", payload: .object(payload))
  }

  /// `formResult`: the answer to the add form (`form` "add") or the edit form ("edit").
  func sendFormResult(
    _ form: String, ok: Bool, message: String? = nil, field: String? = nil, id: Recipe.ID? = nil
  ) {
    var object: [String: JSONValue] = ["form": .string(form), "ok": .bool(ok)]
    if let message { object["message"] = .string(message) }
    if let field { object["field"] = .string(field) }
    if let id { object["id"] = .number(Double(id)) }
    session.sendApp("formResult", payload: .object(object))
  }

  /// `requestFailed`: a request was refused or could not be saved; nothing changed, unless
  /// `message` says the change may have been saved (a database lost before confirming).
  func sendFailure(_ request: String, message: String, field: String?) {
    var payload: [String: JSONValue] = [
      "request": .string(request), "message": .string(message),
    ]
    if let field { payload["field"] = .string(field) }
    // An operator (and a failing browser test) can tell a refusal from a lost message. Both
    // strings are quoted: the name, and a message that repeats it, come from the page.
    session.logger.info(
      "session \(session.id): \(request.debugDescription) answered with an error: \(message.debugDescription)"
    )
    session.sendApp("requestFailed", payload: .object(payload))
  }

  static func noRecipe(_ id: Recipe.ID) -> WireError {
    var error = WireError(.refused, "No recipe has id \(id).")
    error.field = "id"
    return error
  }

  /// The add and edit forms. Refusals (an empty title, a time out of range) come back with
  /// a message and the field it is about, and change nothing.
  nonisolated(nonsending) func submit(_ name: String, _ fields: RecipeForm) async {
    let form = RecipeForm.form(answering: name) ?? "edit"
    func reply(_ ok: Bool, _ message: String? = nil, field: String? = nil, id: Recipe.ID? = nil) {
      sendFormResult(form, ok: ok, message: message, field: field, id: id)
    }
    do {
      if form == "add" {
        let recipe = try await dataStore.add(fields.recipe(id: 0))
        await changes.storeCaughtUp()
        reply(true, id: recipe.id)
        reveal(recipe.id)
      } else {
        // The favorite flag, date and picture are the stored row's when the edit is saved,
        // not this tab's copy's, which another tab may have changed meanwhile.
        guard let id = fields.id, let stored = try await dataStore.edit(fields.recipe(id: id))
        else {
          reply(false, "That recipe no longer exists.")
          return
        }
        await changes.storeCaughtUp()
        reply(true, id: stored.id)
      }
    } catch let error as RecipeValidationError {
      reply(false, error.description, field: error.field.map(RecipeForm.formField))
    } catch {
      reply(false, RecipeListController.sentence(for: error))
    }
  }
}

/// What the add and edit forms send, read through the checked accessors: every number is
/// a whole number in range before any arithmetic, every string has a length cap.
struct RecipeForm {
  var id: Recipe.ID?
  var title: String
  var prepMinutes: Int
  var cookMinutes: Int
  var servings: String
  var ingredients: String
  var directions: String
  var collections: String

  /// Strings arrive untrimmed; this cap only bounds the work, and ``Recipe/validated()``
  /// applies each field's own limit after trimming.
  static let maximumRawLength = Recipe.maximumTextLength + 1_000
  static let maximumMinutes = Recipe.maximumTime / 60

  init(_ payload: JSONValue) throws(WireError) {
    guard case .object = payload else { throw .invalidField("payload", "an object") }
    let length = Self.maximumRawLength
    id = try payload.optionalInteger("id", in: 1...Recipe.maximumID)
    title = try payload.string("title", maximumLength: length)
    prepMinutes = try payload.optionalInteger("prepMinutes", in: 0...Self.maximumMinutes) ?? 0
    cookMinutes = try payload.optionalInteger("cookMinutes", in: 0...Self.maximumMinutes) ?? 0
    servings = try payload.optionalString("servings", maximumLength: length) ?? ""
    ingredients = try payload.optionalString("ingredients", maximumLength: length) ?? ""
    directions = try payload.optionalString("directions", maximumLength: length) ?? ""
    collections = try payload.optionalString("collections", maximumLength: length) ?? ""
  }

  func recipe(id: Recipe.ID) -> Recipe {
    // In range by construction: at most 10080 minutes, so `* 60` cannot overflow.
    Recipe(
      id: id, title: title, prepTime: prepMinutes * 60, cookTime: cookMinutes * 60,
      servings: servings, ingredients: ingredients, directions: directions, isFavorite: false,
      collections: collections.split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
      addedOn: nil, imageName: "")
  }

  /// The form's name of a recipe property.
  /// The form whose `formResult` answers the request `name`: "add" for `addRecipe`,
  /// "edit" for `updateRecipe`, `nil` for a request answered otherwise.
  static func form(answering name: String) -> String? {
    switch name {
    case "addRecipe": "add"
    case "updateRecipe": "edit"
    default: nil
    }
  }

  static func formField(_ property: String) -> String {
    switch property {
    case "prepTime": "prepMinutes"
    case "cookTime": "cookMinutes"
    default: property
    }
  }

  static let labels = [
    "title": "Title", "prepMinutes": "Prep time (minutes)", "cookMinutes": "Cook time (minutes)",
    "servings": "Servings", "ingredients": "Ingredients", "directions": "Directions",
    "collections": "Collections", "id": "The recipe",
  ]

  /// A sentence for the form: the field's label instead of its wire name.
  static func sentence(for error: WireError) -> String {
    guard let field = error.field, let label = labels[field] else { return error.message }
    let text = error.message.replacingOccurrences(of: "\"\(field)\"", with: label)
    return text.hasSuffix(".") ? text : text + "."
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
