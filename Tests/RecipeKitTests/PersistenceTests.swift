import Foundation
import RecipeKit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
@Suite("Persistence")
struct PersistenceTests {
  private func fileURL(in directory: URL) -> URL {
    directory.appendingPathComponent("recipes.json")
  }

  /// Opening `directory` must fail with `reason`, naming the file, and leave the
  /// directory's contents exactly as they were.
  private func expectRefusal(
    of directory: URL, reason expected: (RecipeStoreError.Reason) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> RecipeStoreError? {
    let path = fileURL(in: directory).path
    let before = try contents(of: directory)
    let bytes = try? Data(contentsOf: fileURL(in: directory))
    var caught: RecipeStoreError?
    do {
      _ = try DataStore(directory: directory)
      Issue.record("the store opened", sourceLocation: sourceLocation)
    } catch {
      caught = error
      #expect(expected(error.reason), "\(error.reason)", sourceLocation: sourceLocation)
      #expect(error.path == path, sourceLocation: sourceLocation)
      #expect(error.description.contains(path), sourceLocation: sourceLocation)
    }
    #expect(try contents(of: directory) == before, sourceLocation: sourceLocation)
    #expect(
      (try? Data(contentsOf: fileURL(in: directory))) == bytes, "file changed",
      sourceLocation: sourceLocation)
    return caught
  }

  // MARK: First run and round trips

  @Test func firstRunCreatesTheDirectoryAndSeedsTheSamples() throws {
    try withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("nested/data")
      let store = try DataStore(directory: directory)
      #expect(store.wasSeeded)
      #expect(store.fileURL == fileURL(in: directory))
      #expect(store.allRecipes.map(\.title) == SampleRecipes.recipes().map(\.title))
      #expect(try contents(of: directory) == ["recipes.json"])

      let reopened = try DataStore(directory: directory)
      #expect(!reopened.wasSeeded)
      #expect(reopened.allRecipes == store.allRecipes)
      #expect(reopened.collections == SampleRecipes.collectionNames)
    }
  }

  @Test func changesSurviveAReload() throws {
    try withTemporaryDirectory { directory in
      let store = try DataStore(directory: directory)
      let added = try store.add(
        Recipe(title: "Plum Galette", prepTime: 1200, cookTime: 2400, collections: ["Pies"]))
      #expect(store.reorder([added.id] + store.recipes(in: .all).dropLast()))
      store.toggleFavorite(id: 2)
      store.delete(id: 3)
      #expect(store.saveError == nil)

      let reopened = try DataStore(directory: directory)
      #expect(reopened.allRecipes == store.allRecipes)
      #expect(reopened.allRecipes.first?.title == "Plum Galette")
      #expect(reopened.recipe(with: 2)?.isFavorite == !SampleRecipes.recipes()[1].isFavorite)
      #expect(reopened.recipe(with: 3) == nil)
      #expect(reopened.collections == store.collections)
      #expect(reopened.collections.contains("Pies"))
      #expect(reopened.recipes(in: .recents) == store.recipes(in: .recents))
    }
  }

  @Test func idsOfDeletedRecipesAreNotReusedAfterAReload() throws {
    try withTemporaryDirectory { directory in
      let store = try DataStore(directory: directory)
      let last = try store.add(Recipe(title: "Short-lived"))
      store.delete(last)
      let reopened = try DataStore(directory: directory)
      #expect(try reopened.add(Recipe(title: "Next")).id == last.id + 1)
    }
  }

  @Test func theFileIsVersionedPrettyAndOrdered() throws {
    try withTemporaryDirectory { directory in
      let store = try DataStore(directory: directory)
      store.reorder([5, 1])
      let text = try String(contentsOf: fileURL(in: directory), encoding: .utf8)
      #expect(text.hasPrefix("{\n  \"nextId\" : \(SampleRecipes.recipes().count + 1),"))
      #expect(text.contains("\"version\" : 1"))
      let file = try RecipeFile.decode(Data(text.utf8), path: "x")
      #expect(file.recipes.map(\.id).prefix(5) == [5, 2, 3, 4, 1])
    }
  }

  // MARK: Atomic saves

  @Test func savesLeaveNoTemporaryFilesAndReplaceTheFile() throws {
    try withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("data")
      let store = try DataStore(directory: directory)
      let url = fileURL(in: directory)
      // A second name for the seeded file's inode: a save that wrote into the file in
      // place would change what this name reads; a save that renames a new file over it
      // leaves it alone.
      let original = root.appendingPathComponent("seeded.json")
      try FileManager.default.linkItem(at: url, to: original)
      let seededBytes = try Data(contentsOf: url)

      for index in 0..<5 {
        try store.add(Recipe(title: "Extra \(index)"))
      }
      store.reorder(store.recipes(in: .all).reversed())

      #expect(try contents(of: directory) == ["recipes.json"])
      #expect(try Data(contentsOf: original) == seededBytes)
      let file = try RecipeFile.decode(Data(contentsOf: url), path: url.path)
      #expect(file.recipes == store.allRecipes)
    }
  }

  @Test func aFailedSaveIsReportedAndRetried() throws {
    try withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("data")
      let store = try DataStore(directory: directory)
      var logged: [String] = []
      store.log = { logged.append($0) }
      try FileManager.default.removeItem(at: directory)

      let added = try store.add(Recipe(title: "Unsaved"))
      let error = try #require(store.saveError)
      #expect(error.reason == .cannotSave)
      #expect(error.path == fileURL(in: directory).path)
      #expect(error.description.contains(fileURL(in: directory).path))
      #expect(logged == [error.description])
      #expect(store.recipe(with: added.id) != nil, "the change is kept in memory")

      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      store.toggleFavorite(id: added.id)
      #expect(store.saveError == nil)
      #expect(try DataStore(directory: directory).allRecipes == store.allRecipes)
      #expect(try contents(of: directory) == ["recipes.json"])
    }
  }

  // MARK: Files that are refused

  @Test func aCorruptFileIsRefusedAndKept() throws {
    try withTemporaryDirectory { directory in
      try Data("{ \"version\": 1, \"recipes\": [ {".utf8).write(to: fileURL(in: directory))
      let error = try expectRefusal(of: directory) { $0 == .corrupt }
      #expect(error?.description.contains("is corrupt") == true)
      #expect(error?.description.contains("not valid JSON") == true)
    }
  }

  @Test func anEmptyFileIsRefusedAndKept() throws {
    try withTemporaryDirectory { directory in
      try Data().write(to: fileURL(in: directory))
      let error = try expectRefusal(of: directory) { $0 == .corrupt }
      #expect(error?.detail == "the file is empty")
    }
  }

  @Test func aMissingFieldIsNamed() throws {
    try withTemporaryDirectory { directory in
      let file = RecipeFile(recipes: [recipe(1), recipe(2)])
      var object = try #require(
        try JSONSerialization.jsonObject(with: file.encoded()) as? [String: Any])
      var recipes = try #require(object["recipes"] as? [[String: Any]])
      recipes[1]["title"] = nil
      object["recipes"] = recipes
      try JSONSerialization.data(withJSONObject: object).write(to: fileURL(in: directory))
      let error = try expectRefusal(of: directory) { $0 == .corrupt }
      #expect(error?.detail.contains("\"title\" is missing at recipes[1]") == true)
    }
  }

  @Test func repeatedIdsAreRefused() throws {
    try withTemporaryDirectory { directory in
      let text = String(
        decoding: RecipeFile(recipes: [recipe(1), recipe(2)]).encoded(), as: UTF8.self
      )
      .replacingOccurrences(of: "\"id\" : 2", with: "\"id\" : 1")
      try Data(text.utf8).write(to: fileURL(in: directory))
      let error = try expectRefusal(of: directory) { $0 == .corrupt }
      #expect(error?.detail == "recipes[1] repeats the id 1")
    }
  }

  @Test func aNewerFormatIsRefused() throws {
    try withTemporaryDirectory { directory in
      try Data(#"{"version": 2, "recipes": "a shape this build can't know"}"#.utf8)
        .write(to: fileURL(in: directory))
      let error = try expectRefusal(of: directory) { $0 == .unsupportedVersion(2) }
      #expect(error?.description.contains("format version 2") == true)
    }
  }

  @Test func aDirectoryInPlaceOfTheFileIsRefused() throws {
    try withTemporaryDirectory { directory in
      try FileManager.default.createDirectory(
        at: fileURL(in: directory), withIntermediateDirectories: false)
      let error = try expectRefusal(of: directory) { $0 == .unreadable }
      #expect(error?.description.contains("directory") == true)
      var isDirectory: ObjCBool = false
      #expect(
        FileManager.default.fileExists(
          atPath: fileURL(in: directory).path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue)
    }
  }

  @Test func aDanglingLinkIsRefusedRatherThanSeededOver() throws {
    try withTemporaryDirectory { directory in
      let target = directory.appendingPathComponent("elsewhere/recipes.json").path
      try FileManager.default.createSymbolicLink(
        atPath: fileURL(in: directory).path, withDestinationPath: target)
      _ = try expectRefusal(of: directory) { $0 == .unreadable }
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: fileURL(in: directory).path)
          == target)
      #expect(!FileManager.default.fileExists(atPath: target))
    }
  }

  // Root reads files whatever their mode, so this needs an ordinary user.
  @Test(.enabled(if: getuid() != 0, "root ignores file permissions"))
  func aFileWithoutReadPermissionIsRefused() throws {
    try withTemporaryDirectory { directory in
      let url = fileURL(in: directory)
      try RecipeFile(recipes: [recipe(1)]).encoded().write(to: url)
      try FileManager.default.setAttributes([.posixPermissions: 0o200], ofItemAtPath: url.path)
      defer {
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
      }
      let error = try expectRefusal(of: directory) { $0 == .unreadable }
      #expect(error?.detail == "Permission denied")
    }
  }

  @Test func aDataDirectoryThatIsAFileIsRefused() throws {
    try withTemporaryDirectory { root in
      let notADirectory = root.appendingPathComponent("data")
      try Data("hello".utf8).write(to: notADirectory)
      do throws(RecipeStoreError) {
        _ = try DataStore(directory: notADirectory)
        Issue.record("the store opened")
      } catch {
        #expect(error.reason == .cannotCreateDirectory)
        #expect(error.description.contains(notADirectory.path))
      }
      #expect(try Data(contentsOf: notADirectory) == Data("hello".utf8))
    }
  }
}
