import ArgumentParser
import DiffableWeb
import Foundation
import RecipeKit
import RecipesPostgres
import RecipesWeb

/// `swift run recipes`: Apple's Recipes sample on DiffableWeb. Open the printed address.
@main
struct RecipesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recipes",
    abstract: "Serve the Recipes sample app: a sidebar, a recipe list and a detail pane.")

  @OptionGroup var server: ServerOptions

  @Option(help: "The folder holding recipes.json; created and seeded on first run.")
  var dataDir = "recipes-data"

  @Option(
    help: ArgumentHelp(
      "Keep the recipes in PostgreSQL instead of recipes.json, shared with every recipes "
        + "process on the same database (postgres://user[:password]@host[:port]/database).",
      valueName: "url"))
  var database: String?

  func run() async throws {
    let dataStore: DataStore
    let place: String
    do {
      if let database {
        let storage = try await PostgresRecipeStorage.open(url: database)
        dataStore = try await DataStore(storage: storage)
        place = storage.location
      } else {
        let directory = URL(fileURLWithPath: dataDir, isDirectory: true)
        dataStore = try await MainActor.run { try DataStore(directory: directory) }
        place = directory.path
      }
    } catch {
      throw ServerFailure("\(error)")
    }
    let options = server
    // Each tab runs on an actor of its own, so tabs use every core; the store they share
    // stays on the main actor.
    let web = WebServer(
      configuration: options.configuration,
      page: .init(
        indexFile: "recipes.html", folders: [RecipesPage.resourceFolder],
        generatedFile: RecipesPage.generatedFile),
      makeSessionOnItsOwnActor: { session in
        RecipesSession(session: session, dataStore: dataStore)
      })
    do {
      try await web.run { port in
        printNow("Recipes: open \(options.address(port: port))  (data in \(place))")
      }
    } catch let error as WebServerError {
      throw ServerFailure(error.description)
    }
  }
}
