import Foundation
import RecipeKit
import Testing

@Suite("Recipe")
struct RecipeTests {
  @Test func subtitleShowsMinutesAndHours() {
    var dish = recipe(1)
    dish.prepTime = 10 * 60
    dish.cookTime = 25 * 60
    #expect(dish.subtitle == "Prep 10 min · Cook 25 min")
    dish.cookTime = 65 * 60
    #expect(dish.subtitle == "Prep 10 min · Cook 1 hr 5 min")
    dish.cookTime = 120 * 60
    #expect(dish.subtitle == "Prep 10 min · Cook 2 hr")
  }

  @Test func subtitleLeavesOutZeroTimes() {
    var dish = recipe(1)
    dish.prepTime = 15 * 60
    dish.cookTime = 0
    #expect(dish.subtitle == "Prep 15 min")
    dish.prepTime = 0
    dish.cookTime = 5 * 60
    #expect(dish.subtitle == "Cook 5 min")
    dish.cookTime = 0
    #expect(dish.subtitle == "")
  }

  @Test(arguments: [
    (0, "0 min"), (20, "1 min"), (89, "1 min"), (90, "2 min"), (59 * 60, "59 min"),
    (60 * 60, "1 hr"), (61 * 60, "1 hr 1 min"), (150 * 60, "2 hr 30 min"),
  ])
  func durationFormatting(seconds: Int, text: String) {
    #expect(Recipe.formattedDuration(seconds) == text)
  }

  @Test func totalTimeAddsBothTimes() {
    var dish = recipe(1)
    dish.prepTime = 300
    dish.cookTime = 1500
    #expect(dish.totalTime == 1800)
  }

  @Test func listsSplitLinesAndDropBlanks() {
    var dish = recipe(1)
    dish.ingredients = "  2 eggs \n\n1 cup flour\r\n  "
    dish.directions = "Mix.\nBake."
    #expect(dish.ingredientList == ["2 eggs", "1 cup flour"])
    #expect(dish.directionSteps == ["Mix.", "Bake."])
  }

  @Test func validationTrimsAndCleansCollections() throws {
    var dish = recipe(1)
    dish.title = "  Soup \n"
    dish.servings = " 4 "
    dish.collections = [" Winter ", "", "Winter", "  ", "Quick"]
    let valid = try dish.validated()
    #expect(valid.title == "Soup")
    #expect(valid.servings == "4")
    #expect(valid.collections == ["Winter", "Quick"])
  }

  @Test func validationRefusesBlankTitlesAndNegativeTimes() {
    var dish = recipe(1)
    dish.title = " \t\n "
    #expect(throws: RecipeValidationError.emptyTitle) { try dish.validated() }
    #expect(RecipeValidationError.emptyTitle.description.contains("title is empty"))
    dish.title = "Soup"
    dish.cookTime = -1
    #expect(throws: RecipeValidationError.negativeTime) { try dish.validated() }
  }

  @Test func codableRoundTripKeepsEveryField() throws {
    var dish = recipe(7, "Pie", favorite: true, collections: ["Baking"], daysAgo: 3)
    dish.ingredients = "Flour\nButter"
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let data = try encoder.encode(dish)
    #expect(try decoder.decode(Recipe.self, from: data) == dish)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "id", "title", "prepTime", "cookTime", "servings", "ingredients", "directions",
        "isFavorite", "collections", "addedOn", "imageName",
      ])
  }
}
