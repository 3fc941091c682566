#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Messages follow UIKit's wording ("attempt to delete item 7 from section 0 …") and add the
// identifiers, which UIKit cannot know but which make a failing test easy to read.

extension BatchUpdateSimulator {
  /// `item 3 in section 0`. A batch holds two-index paths only.
  static func describe(_ path: IndexPath) -> String {
    "item \(path[1]) in section \(path[0])"
  }

  /// An identifier as Swift would write it (`"a"` for a string), so that identifiers and
  /// indexes cannot be confused.
  static func describe<Identifier>(identifier: Identifier) -> String {
    String(reflecting: identifier)
  }

  /// Whether a rule concerns sections or items, for messages shared by both.
  enum Level {
    case section
    case item

    var usedTwice: BatchUpdateError.Rule {
      self == .section ? .sectionUsedTwice : .itemUsedTwice
    }

    var reloadConflict: BatchUpdateError.Rule {
      self == .section ? .sectionReloadConflict : .itemReloadConflict
    }

    /// What two operations "share" when they collide.
    var position: String { self == .section ? "section" : "index path" }

    var noun: String { self == .section ? "section" : "item" }
  }

  /// The error for a second operation on the same old position.
  ///
  /// - Parameters:
  ///   - name: The position with its identifier, such as `section 1 (identifier "B")`.
  ///   - describeNew: Names a position of the new state (a move destination).
  static func oldConflict(
    _ previous: OldRole, _ role: OldRole, level: Level, name: String,
    describeNew: (Int) -> String
  ) -> BatchUpdateError {
    switch (previous, role) {
    case (.deleted, .deleted):
      BatchUpdateError(rule: level.usedTwice, message: "attempt to delete \(name) twice")
    case (.reloaded, .reloaded):
      BatchUpdateError(rule: level.usedTwice, message: "attempt to reload \(name) twice")
    case (.movedOut(let first), .movedOut(let second)):
      BatchUpdateError(
        rule: level.usedTwice,
        message: "attempt to move \(name) twice, to \(describeNew(first)) and to "
          + describeNew(second))
    case (.deleted, .movedOut(let to)), (.movedOut(let to), .deleted):
      BatchUpdateError(
        rule: level.usedTwice,
        message: "attempt to perform a delete and a move from the same \(level.position): "
          + "\(name) is deleted and moved to \(describeNew(to))")
    case (.deleted, .reloaded), (.reloaded, .deleted):
      BatchUpdateError(
        rule: level.reloadConflict,
        message: "attempt to delete and reload the same \(level.position): \(name)")
    case (.reloaded, .movedOut(let to)), (.movedOut(let to), .reloaded):
      BatchUpdateError(
        rule: level.reloadConflict,
        message: "attempt to reload and move the same \(level.position): \(name) is reloaded "
          + "and moved to \(describeNew(to)); a \(level.noun) that moves and must be reloaded "
          + "is deleted and inserted instead")
    case (.untouched, _), (_, .untouched):
      preconditionFailure("BatchUpdateSimulator: only a second claim on a position conflicts")
    }
  }

  /// The error for a second operation on the same new position.
  ///
  /// - Parameters:
  ///   - name: The position with the new state's identifier there.
  ///   - describeOld: Names a position of the old state (a move source).
  static func newConflict(
    _ previous: NewRole, _ role: NewRole, level: Level, name: String,
    describeOld: (Int) -> String
  ) -> BatchUpdateError {
    let message =
      switch (previous, role) {
      case (.inserted, .inserted):
        "attempt to insert \(name) twice"
      case (.movedIn(let first), .movedIn(let second)):
        "attempt to move two \(level.noun)s to the same \(level.position), \(name): "
          + "\(describeOld(first)) and \(describeOld(second))"
      case (.inserted, .movedIn(let from)), (.movedIn(let from), .inserted):
        "attempt to perform an insert and a move to the same \(level.position): \(name) is "
          + "inserted and is the destination of \(describeOld(from))"
      case (.free, _), (_, .free):
        preconditionFailure("BatchUpdateSimulator: only a second claim on a position conflicts")
      }
    return BatchUpdateError(rule: level.usedTwice, message: message)
  }

  /// An item operation of the batch, to name it in messages.
  enum ItemAction {
    case delete(IndexPath)
    case reload(IndexPath)
    case insert(IndexPath)
    case reconfigure(IndexPath)
    case move(BatchUpdate.ItemMove)

    /// `delete item 7 from section 0`, `move item 1 in section 0 to item 3 in section 2`.
    var phrase: String {
      switch self {
      case .delete(let path): Self.phrase("delete", path, "from")
      case .reload(let path): Self.phrase("reload", path, "in")
      case .insert(let path): Self.phrase("insert", path, "into")
      case .reconfigure(let path): Self.phrase("reconfigure", path, "in")
      case .move(let move):
        "move \(BatchUpdateSimulator.describe(move.from)) to "
          + BatchUpdateSimulator.describe(move.to)
      }
    }

    private static func phrase(_ verb: String, _ path: IndexPath, _ preposition: String)
      -> String
    {
      "\(verb) item \(path[1]) \(preposition) section \(path[0])"
    }
  }
}

extension BatchUpdateSimulator.Replayer {
  /// `identifier "B"`, for an old section index.
  func describeOldSection(_ section: Int) -> String {
    "identifier \(BatchUpdateSimulator.describe(identifier: oldSections[section]))"
  }

  /// `identifier "B"`, for a new section index.
  func describeNewSection(_ section: Int) -> String {
    "identifier \(BatchUpdateSimulator.describe(identifier: newSections[section]))"
  }

  /// `item 3 in section 0 (identifier "x")`, for a flattened old item index.
  func describeOldItem(_ flat: Int) -> String {
    "\(BatchUpdateSimulator.describe(oldPath(ofFlat: flat))) (identifier "
      + "\(BatchUpdateSimulator.describe(identifier: oldItems[flat])))"
  }

  /// `item 3 in section 0 (identifier "x")`, for a flattened new item index.
  func describeNewItem(_ flat: Int) -> String {
    "\(BatchUpdateSimulator.describe(newPath(ofFlat: flat))) (identifier "
      + "\(BatchUpdateSimulator.describe(identifier: newItems[flat])))"
  }
}
