import Foundation

/// A recipes file or data directory the store can't use.
///
/// The ``description`` names the file and the problem in a sentence an app can print
/// before it exits. Loading errors never touch the file: the store refuses to start rather
/// than replace recipes it could not read.
public struct RecipeStoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The file exists but can't be read (a directory, a dangling link, no permission).
    case unreadable
    /// The file was read but is not a recipes file this build understands.
    case corrupt
    /// The file was written by a newer build, with the given format version.
    case unsupportedVersion(Int)
    /// The data directory doesn't exist and can't be created.
    case cannotCreateDirectory
    /// Writing the file failed; the change was not made, in memory or on disk.
    case cannotSave
    /// Another process holds the data directory (its process id, when it can be found).
    case inUse(pid: Int?)
    /// Every id up to ``Recipe/maximumID`` was issued; no recipe can be added.
    case idsExhausted
    /// The storage's server (a database) can't be reached; nothing changed, and the next
    /// change tries again.
    case unavailable
    /// The change would take the list past ``RecipeList/maximumCount`` recipes or
    /// ``RecipeList/maximumTextBytes`` of text; nothing changed.
    case full
    /// The storage's server (a database) was asked to save the change and the connection was
    /// lost before it answered, so the change may or may not have been saved; if it was, it
    /// arrives like another process's change. Retrying could make it twice.
    case outcomeUnknown
  }

  /// What went wrong.
  public var reason: Reason
  /// The path of the file or directory concerned, or the database's address.
  public var path: String
  /// The specific problem, such as "Permission denied" or a JSON decoding detail.
  public var detail: String

  /// Creates an error about `path`.
  public init(_ reason: Reason, path: String, detail: String) {
    self.reason = reason
    self.path = path
    self.detail = detail
  }

  /// A sentence for a person using the app, without the server's paths: "Can't save the
  /// recipes: Permission denied. The change was not made."
  public var summary: String {
    switch reason {
    case .cannotSave: "Can't save the recipes: \(detail). The change was not made."
    case .idsExhausted: "Can't add a recipe: every id up to \(Recipe.maximumID) was used."
    case .unavailable: "Can't reach the recipe database. The change was not made."
    case .full: "\(RecipeStoreError.fullSentence) The change was not made."
    case .outcomeUnknown:
      "Lost the recipe database while it was saving the change: it may have been saved. "
        + "The list will show it if it was; check it before trying again."
    default: "The recipes can't be used: \(detail)."
    }
  }

  /// A sentence naming the path and the problem, and saying what became of the file.
  public var description: String {
    switch reason {
    case .unreadable:
      return "Can't read the recipes file \(path): \(detail). The file was left as it is."
    case .corrupt:
      return "The recipes file \(path) is corrupt: \(detail). "
        + "It was left as it is; repair it, or move it aside to start again from the samples."
    case .unsupportedVersion(let version):
      return "The recipes file \(path) has format version \(version), but this build reads "
        + "version \(RecipeFile.currentVersion) only. The file was left as it is."
    case .cannotCreateDirectory:
      return "Can't create the data directory \(path): \(detail)."
    case .cannotSave:
      return "Can't save the recipes to \(path): \(detail). The change was not made."
    case .inUse(let pid):
      let holder = pid.map { "another process (pid \($0))" } ?? "another process"
      return "The data directory \(path) is in use by \(holder). "
        + "Stop it, or choose another data directory."
    case .idsExhausted:
      return "Can't add a recipe to \(path): every id up to \(Recipe.maximumID) was used."
    case .unavailable:
      return "Can't reach the recipe database \(path): \(detail). Nothing was changed."
    case .full:
      return "Can't save the change to \(path): \(detail). Nothing was changed."
    case .outcomeUnknown:
      return "Lost the recipe database \(path) before it answered: \(detail). "
        + "The change may have been saved; if it was, it arrives like another process's change."
    }
  }

  /// What ``Reason/full`` tells a person.
  static var fullSentence: String {
    "The recipes are at their limit (\(RecipeList.maximumCount) recipes, "
      + "\(RecipeList.maximumTextBytes >> 20) MiB of text): delete some first."
  }
}
