import Foundation

/// One recipe: what the list, the detail pane and the recipes file hold.
///
/// The diffable data sources hold only ``id`` values; views look the full recipe up in the
/// ``DataStore`` when they configure a cell, so a change to any property here reaches the
/// screen through a reconfigure of the cell rather than a delete and insert.
///
/// Times are whole seconds, as the original sample stores them. Ingredients and directions
/// are plain text, one entry per line (see ``ingredientList`` and ``directionSteps``).
public struct Recipe: Identifiable, Codable, Hashable, Sendable {
  /// The stable identifier the data sources hold. ``DataStore/add(_:)`` assigns it, and a
  /// store never gives the same id to two recipes, even after one is deleted.
  public var id: Int
  /// The name shown in the list and as the detail pane's heading.
  public var title: String
  /// Preparation time in seconds.
  public var prepTime: Int
  /// Cooking time in seconds.
  public var cookTime: Int
  /// Free text such as "4" or "12 muffins".
  public var servings: String
  /// One ingredient per line.
  public var ingredients: String
  /// One step per line, in order.
  public var directions: String
  /// Whether the recipe shows in Favorites and carries the heart accessory.
  public var isFavorite: Bool
  /// The names of the collections the recipe belongs to; the sidebar derives its collection
  /// items from these (see ``DataStore/collections``).
  public var collections: [String]
  /// When the recipe was added to the store; `nil` for recipes that predate the field.
  /// Recents are computed from it (see ``DataStore/recentRecipes(limit:)``).
  public var addedOn: Date?
  /// The name of the picture ``RecipeImages/svg(named:)`` draws for this recipe.
  public var imageName: String

  /// Creates a recipe. The defaults suit a new, empty recipe for an "add" form.
  public init(
    id: Int = 0,
    title: String,
    prepTime: Int = 0,
    cookTime: Int = 0,
    servings: String = "",
    ingredients: String = "",
    directions: String = "",
    isFavorite: Bool = false,
    collections: [String] = [],
    addedOn: Date? = nil,
    imageName: String = ""
  ) {
    self.id = id
    self.title = title
    self.prepTime = prepTime
    self.cookTime = cookTime
    self.servings = servings
    self.ingredients = ingredients
    self.directions = directions
    self.isFavorite = isFavorite
    self.collections = collections
    self.addedOn = addedOn
    self.imageName = imageName
  }
}

// MARK: - Derived values

extension Recipe {
  /// Preparation plus cooking time, in seconds.
  public var totalTime: Int { prepTime + cookTime }

  /// The secondary line of a list cell, such as "Prep 10 min · Cook 1 hr 5 min".
  ///
  /// A zero time is left out, so a salad reads "Prep 15 min"; with both at zero the
  /// subtitle is empty.
  public var subtitle: String {
    var parts: [String] = []
    if prepTime > 0 { parts.append("Prep \(Recipe.formattedDuration(prepTime))") }
    if cookTime > 0 { parts.append("Cook \(Recipe.formattedDuration(cookTime))") }
    return parts.joined(separator: " · ")
  }

  /// The non-empty lines of ``ingredients``, trimmed.
  public var ingredientList: [String] { Recipe.lines(of: ingredients) }

  /// The non-empty lines of ``directions``, trimmed.
  public var directionSteps: [String] { Recipe.lines(of: directions) }

  /// Formats a duration in seconds as "45 min", "1 hr" or "2 hr 15 min".
  ///
  /// Rounds to the nearest minute, but never shows a positive duration as "0 min": a
  /// 20-second step still reads "1 min".
  public static func formattedDuration(_ seconds: Int) -> String {
    guard seconds > 0 else { return "0 min" }
    let minutes = max(1, (seconds + 30) / 60)
    let hours = minutes / 60
    let rest = minutes % 60
    switch (hours, rest) {
    case (0, _): return "\(rest) min"
    case (_, 0): return "\(hours) hr"
    default: return "\(hours) hr \(rest) min"
    }
  }

  private static func lines(of text: String) -> [String] {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}

// MARK: - Validation

/// Why a recipe was refused by ``DataStore/add(_:)`` or ``Recipe/validated()``.
public enum RecipeValidationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The title is empty or only whitespace.
  case emptyTitle
  /// The preparation or cooking time is below zero.
  case negativeTime

  /// A sentence an edit form can show as it is.
  public var description: String {
    switch self {
    case .emptyTitle:
      return "A recipe needs a title: the title is empty or only whitespace."
    case .negativeTime:
      return "Preparation and cooking times can't be negative."
    }
  }
}

extension Recipe {
  /// The recipe as the store keeps it: text trimmed, collection names trimmed with empty
  /// and repeated names dropped; or the reason it can't be kept.
  ///
  /// ``DataStore/add(_:)`` and ``DataStore/update(_:)`` both apply this, so an edit form
  /// can call it first to show the message before it saves.
  public func validated() throws(RecipeValidationError) -> Recipe {
    var recipe = self
    recipe.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !recipe.title.isEmpty else { throw .emptyTitle }
    guard prepTime >= 0, cookTime >= 0 else { throw .negativeTime }
    recipe.servings = servings.trimmingCharacters(in: .whitespacesAndNewlines)
    recipe.ingredients = ingredients.trimmingCharacters(in: .whitespacesAndNewlines)
    recipe.directions = directions.trimmingCharacters(in: .whitespacesAndNewlines)
    var seen = Set<String>()
    recipe.collections = collections.compactMap { name in
      let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
      return !trimmed.isEmpty && seen.insert(trimmed).inserted ? trimmed : nil
    }
    return recipe
  }
}
