import DiffableWeb
import RecipeKit

/// A page's request to its tab, decoded and checked as it arrives, before it waits for its
/// turn in the tab's ``ChangeQueue``.
///
/// A waiting request keeps only what it will use. Keeping the message's payload instead
/// (up to ``ClientMessage/maximumSize``, a megabyte of JSON that decodes to about ten)
/// with each of the ``ChangeQueue/maximumPending`` requests that may wait behind a slow
/// save would let one page make its tab hold gigabytes.
enum RecipeRequest {
  case toggleFavorite(Recipe.ID)
  case deleteRecipe(Recipe.ID)
  case undoDelete
  /// `addRecipe` or `updateRecipe`, answered with a `formResult`.
  case submit(RecipeForm)
  /// The page's place after a reload or a reconnect: a filter's name and a recipe.
  case restore(filter: String?, recipeID: Recipe.ID?)
  /// A request refused as it was decoded, answered in its turn like the others.
  case refused(WireError)

  /// Decodes the request `name` with its `payload`; one that names no request or whose
  /// fields are out of range is `refused`.
  init(name: String, payload: JSONValue) {
    do throws(WireError) {
      switch name {
      case "toggleFavorite":
        self = .toggleFavorite(try Self.recipeID(in: payload))
      case "deleteRecipe":
        self = .deleteRecipe(try Self.recipeID(in: payload))
      case "undoDelete":
        self = .undoDelete
      case "addRecipe", "updateRecipe":
        self = .submit(try RecipeForm(payload))
      case "restore":
        self = .restore(
          filter: try payload.optionalString(
            "filter", maximumLength: Recipe.maximumCollectionNameLength),
          recipeID: try payload.optionalInteger("recipeId", in: 1...Recipe.maximumID))
      default:
        throw WireError(.refused, "Unknown request \(name).")
      }
    } catch {
      self = .refused(error)
    }
  }

  static func recipeID(in payload: JSONValue) throws(WireError) -> Recipe.ID {
    try payload.integer("id", in: 1...Recipe.maximumID)
  }
}
