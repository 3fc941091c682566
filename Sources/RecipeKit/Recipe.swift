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
  /// Preparation plus cooking time, in seconds (saturating: a recipe built in code with
  /// times past ``maximumTime`` still reads, as `Int.max` at most).
  public var totalTime: Int {
    let (sum, overflow) = prepTime.addingReportingOverflow(cookTime)
    return overflow ? (prepTime < 0 ? Int.min : Int.max) : sum
  }

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
    // Rounds without adding first, so Int.max cannot overflow.
    let minutes = max(1, seconds / 60 + (seconds % 60 >= 30 ? 1 : 0))
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
  /// The preparation or cooking time is over ``Recipe/maximumTime``; the field is
  /// `"prepTime"` or `"cookTime"`.
  case timeTooLong(field: String)
  /// A text field is longer than its limit: `limit` characters, or
  /// ``Recipe/maximumBytesPerCharacter`` times as many bytes of UTF-8 (one character can
  /// hold any number of combining marks); the field is its property name.
  case textTooLong(field: String, limit: Int)
  /// More collection names than ``Recipe/maximumCollections``.
  case tooManyCollections

  /// A sentence an edit form can show as it is.
  public var description: String {
    switch self {
    case .emptyTitle:
      return "A recipe needs a title: the title is empty or only whitespace."
    case .negativeTime:
      return "Preparation and cooking times can't be negative."
    case .timeTooLong(let field):
      let name = field == "prepTime" ? "Preparation" : "Cooking"
      return "\(name) time can be at most \(Recipe.maximumTime / 60) minutes (one week)."
    case .textTooLong(let field, let limit):
      return "The \(field) can be at most \(limit) characters long "
        + "(\(limit * Recipe.maximumBytesPerCharacter) bytes, counting each accent and symbol)."
    case .tooManyCollections:
      return "A recipe can be in at most \(Recipe.maximumCollections) collections."
    }
  }

  /// The property the error is about, when it is about one: `"title"`, `"prepTime"`…
  public var field: String? {
    switch self {
    case .emptyTitle: "title"
    case .negativeTime: nil
    case .timeTooLong(let field), .textTooLong(let field, _): field
    case .tooManyCollections: "collections"
    }
  }
}

// MARK: - Bounds

extension Recipe {
  /// The longest preparation or cooking time a recipe may be given, in seconds: one week.
  public static let maximumTime = 7 * 24 * 60 * 60
  /// The longest time a recipes file may hold, in seconds (about 68 years). Files saved
  /// before ``maximumTime`` existed may hold more than a week and still load; past this
  /// bound a value is damage, refused when the file is read.
  public static let maximumStoredTime = Int(Int32.max)
  /// The largest id a store issues or accepts from a file.
  public static let maximumID = Int(Int32.max)
  /// The longest title, in characters.
  public static let maximumTitleLength = 200
  /// The longest servings text, in characters.
  public static let maximumServingsLength = 100
  /// The longest ingredients or directions text, in characters.
  public static let maximumTextLength = 20_000
  /// The most collections a recipe belongs to.
  public static let maximumCollections = 20
  /// The longest collection name, in characters.
  public static let maximumCollectionNameLength = 60
  /// Each text limit above also allows this many bytes of UTF-8 per character, and no
  /// more: a character counts once however many combining marks are stacked on it, so a
  /// title of one letter and 300,000 accents was one character long and 600 KB large, and
  /// went out in every cell that showed it. Sixteen bytes leaves room for text in any
  /// script: a flag takes 8, a Devanagari conjunct with its vowel sign 12.
  public static let maximumBytesPerCharacter = 16

  /// Whether `text` is within `limit` characters and ``maximumBytesPerCharacter`` times as
  /// many bytes of UTF-8.
  ///
  /// - Complexity: O(*m*) for *m* bytes, counting bytes first, which bounds the rest.
  static func fits(_ text: String, limit: Int) -> Bool {
    text.utf8.count <= limit * maximumBytesPerCharacter && text.count <= limit
  }
}

extension Recipe {
  /// The recipe as the store keeps it: text trimmed, collection names trimmed with empty
  /// and repeated names dropped (names that differ only in case repeat); or the reason it
  /// can't be kept.
  ///
  /// ``DataStore/add(_:)`` and ``DataStore/update(_:)`` both apply this, so an edit form
  /// can call it first to show the message before it saves.
  public func validated() throws(RecipeValidationError) -> Recipe {
    var recipe = self
    recipe.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !recipe.title.isEmpty else { throw .emptyTitle }
    guard prepTime >= 0, cookTime >= 0 else { throw .negativeTime }
    guard prepTime <= Recipe.maximumTime else { throw .timeTooLong(field: "prepTime") }
    guard cookTime <= Recipe.maximumTime else { throw .timeTooLong(field: "cookTime") }
    recipe.servings = servings.trimmingCharacters(in: .whitespacesAndNewlines)
    recipe.ingredients = ingredients.trimmingCharacters(in: .whitespacesAndNewlines)
    recipe.directions = directions.trimmingCharacters(in: .whitespacesAndNewlines)
    var seen = Set<String>()
    recipe.collections = collections.compactMap { name in
      let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
      let key = RecipeFilter.collectionKey(trimmed)
      return !trimmed.isEmpty && seen.insert(key).inserted ? trimmed : nil
    }
    let limits: [(String, String, Int)] = [
      ("title", recipe.title, Recipe.maximumTitleLength),
      ("servings", recipe.servings, Recipe.maximumServingsLength),
      ("ingredients", recipe.ingredients, Recipe.maximumTextLength),
      ("directions", recipe.directions, Recipe.maximumTextLength),
    ]
    for (field, text, limit) in limits where !Recipe.fits(text, limit: limit) {
      throw .textTooLong(field: field, limit: limit)
    }
    guard recipe.collections.count <= Recipe.maximumCollections else {
      throw .tooManyCollections
    }
    for name in recipe.collections
    where !Recipe.fits(name, limit: Recipe.maximumCollectionNameLength) {
      throw .textTooLong(field: "collections", limit: Recipe.maximumCollectionNameLength)
    }
    return recipe
  }
}
