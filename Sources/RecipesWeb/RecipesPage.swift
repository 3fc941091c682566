import DiffableWeb
import Foundation
import RecipeKit

/// The Recipes page's files: its HTML, script and style, and the generated recipe images.
public enum RecipesPage {
  /// The folder of the page's static files.
  public static var resourceFolder: String {
    Bundle.module.url(forResource: "Resources", withExtension: nil)!.path
  }

  /// Serves `/images/NAME.svg` from the recipes' generated images.
  public static let generatedFile: @Sendable (String) -> WebServer.GeneratedFile? = { path in
    guard path.hasPrefix("/images/"), path.hasSuffix(".svg") else { return nil }
    let name = String(path.dropFirst("/images/".count).dropLast(".svg".count))
    return RecipeImages.svg(named: name).map {
      WebServer.GeneratedFile(contentType: "image/svg+xml", body: $0)
    }
  }
}
