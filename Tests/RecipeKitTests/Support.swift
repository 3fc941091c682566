import Foundation
import RecipeKit

/// A fresh directory under the system's temporary directory, removed after `body`.
func withTemporaryDirectory<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T
) async throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("RecipeKitTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// The names in `directory`, sorted, including hidden ones.
func contents(of directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// A recipe for tests: only what a test cares about needs saying.
func recipe(
  _ id: Int, _ title: String = "", favorite: Bool = false, collections: [String] = [],
  daysAgo: Double? = nil
) -> Recipe {
  Recipe(
    id: id, title: title.isEmpty ? "Recipe \(id)" : title, prepTime: 600, cookTime: 1200,
    servings: "2", ingredients: "1 thing", directions: "Do it.", isFavorite: favorite,
    collections: collections,
    addedOn: daysAgo.map { Date(timeIntervalSince1970: 1_700_000_000 - $0 * 86_400) },
    imageName: "placeholder")
}

/// Ids as single letters, so that an order reads at a glance in a failure message.
let letters = ["a", "b", "c", "d", "e", "f", "g", "h"]
