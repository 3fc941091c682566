import ArgumentParser
import DiffableWeb
import Foundation
import RecipeKit
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

  func run() async throws {
    let directory = URL(fileURLWithPath: dataDir, isDirectory: true)
    let dataStore: DataStore
    do {
      dataStore = try await MainActor.run { try DataStore(directory: directory) }
    } catch {
      throw ServerFailure("\(error)")
    }
    let options = server
    let web = WebServer(
      configuration: options.configuration,
      page: .init(
        indexFile: "recipes.html", folders: [RecipesPage.resourceFolder],
        generatedFile: RecipesPage.generatedFile)
    ) { session in
      RecipesSession(session: session, dataStore: dataStore)
    }
    do {
      try await web.run { port in
        printNow("Recipes: open \(options.address(port: port))  (data in \(directory.path))")
      }
    } catch let error as WebServerError {
      throw ServerFailure(error.description)
    }
  }
}
