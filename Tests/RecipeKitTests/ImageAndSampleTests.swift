import Foundation
import RecipeKit
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Recipe images")
struct RecipeImagesTests {
  @Test func everySampleRecipeHasAWellFormedPicture() throws {
    for recipe in SampleRecipes.recipes() {
      let svg = try #require(RecipeImages.svg(named: recipe.imageName), "\(recipe.imageName)")
      #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\""))
      #expect(svg.hasSuffix("</svg>\n"))
      let parser = XMLParser(data: Data(svg.utf8))
      #expect(parser.parse(), "\(recipe.imageName): \(String(describing: parser.parserError))")
    }
  }

  @Test func picturesAreDeterministicAndDistinct() throws {
    let names = SampleRecipes.recipes().map(\.imageName)
    #expect(Set(names).count == names.count)
    let pictures = names.compactMap(RecipeImages.svg(named:))
    #expect(Set(pictures).count == names.count)
    #expect(names.compactMap(RecipeImages.svg(named:)) == pictures)
  }

  @Test func namesListsTheSamplesAndThePlaceholder() {
    let expected = Set(SampleRecipes.recipes().map(\.imageName) + [RecipeImages.placeholderName])
    #expect(Set(RecipeImages.names) == expected)
    #expect(RecipeImages.svg(named: RecipeImages.placeholderName) != nil)
  }

  @Test(arguments: [
    "", "nope", "Buttermilk-Pancakes", "buttermilk_pancakes", "buttermilk-pancakes.svg",
    "../buttermilk-pancakes", "buttermilk pancakes", "buttermilk-pancakes/",
    "ｂuttermilk-pancakes", String(repeating: "a", count: 65),
  ])
  func unknownAndMalformedNamesHaveNoPicture(name: String) {
    #expect(RecipeImages.svg(named: name) == nil)
    #expect(!RecipeImages.hasImage(named: name))
  }

  @Test func nameRule() {
    #expect(RecipeImages.isValidName("a-1-z"))
    #expect(RecipeImages.hasImage(named: "buttermilk-pancakes"))
    #expect(!RecipeImages.isValidName("a.b"))
    #expect(!RecipeImages.isValidName("A"))
  }
}

@Suite("Sample recipes")
struct SampleRecipesTests {
  private let recipes = SampleRecipes.recipes()

  @Test func aboutThirtyRecipesInAHandfulOfCollections() {
    #expect((28...35).contains(recipes.count))
    #expect(recipes.map(\.id) == Array(1...recipes.count))
    #expect(Set(recipes.map(\.title)).count == recipes.count)
    #expect((5...6).contains(SampleRecipes.collectionNames.count))
    #expect(DataStore.collectionNames(in: recipes) == SampleRecipes.collectionNames)
    #expect(recipes.allSatisfy { !$0.collections.isEmpty })
    let favorites = recipes.filter(\.isFavorite).count
    #expect((3...10).contains(favorites))
  }

  @Test func everyRecipeIsComplete() throws {
    for recipe in recipes {
      #expect(try recipe.validated() == recipe, "\(recipe.title) is stored as validated")
      #expect(recipe.prepTime > 0, "\(recipe.title)")
      #expect(recipe.ingredientList.count >= 4, "\(recipe.title)")
      #expect(recipe.directionSteps.count >= 3, "\(recipe.title)")
      #expect(!recipe.servings.isEmpty, "\(recipe.title)")
      #expect(!recipe.subtitle.isEmpty, "\(recipe.title)")
    }
  }

  @MainActor
  @Test func datesSpreadOverRecentWeeksBeforeTheSeed() throws {
    let now = Date(timeIntervalSince1970: 1_750_000_000.75)
    let dates = try SampleRecipes.recipes(relativeTo: now).map { try #require($0.addedOn) }
    #expect(Set(dates).count == dates.count)
    for date in dates {
      let age = now.timeIntervalSince(date)
      #expect(age > 0 && age < 46 * 86_400)
      #expect(date.timeIntervalSince1970 == date.timeIntervalSince1970.rounded(.down))
    }
    let newestTen = DataStore(recipes: SampleRecipes.recipes(relativeTo: now)).recentRecipes()
    #expect(Set(newestTen.flatMap(\.collections)).count >= 3, "Recents mixes collections")
  }
}
